/* mpi_unsupported.h - the one report of an MPI call libmpi_mbcf does not
 * implement (mpi_unsupported.c): prints "<fn> is not supported
 * (MPI_ERR_UNSUPPORTED_OPERATION)" with the rank, returns that code, does not
 * call the error handler (a program may test for it). */
#ifndef LIBMPI_MBCF_MPI_UNSUPPORTED_H
#define LIBMPI_MBCF_MPI_UNSUPPORTED_H
int unsupported(const char *fn);
#endif
