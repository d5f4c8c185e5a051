/* mpi_errhandler.h - reporting an error from an MPI entry point
 * (mpi_errhandler.c): through the communicator's error handler. */
#ifndef LIBMPI_MBCF_MPI_ERRHANDLER_H
#define LIBMPI_MBCF_MPI_ERRHANDLER_H
#include "mpi_export.h"
#include "world.h"

/* Report code on comm (fatal unless the handler returns); returns code. */
int mpi_err(MPI_Comm comm, int code, const char *fn);

#define CHECK_INIT(fn) \
    do { if (!mpi_initialized || mpi_finalized) return mpi_err(MPI_COMM_WORLD, MPI_ERR_OTHER, fn); } while (0)

#endif
