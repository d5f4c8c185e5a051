/* mpi_errhandler.h - reporting an error from an MPI entry point
 * (mpi_errhandler.c): through the communicator's error handler. */
#ifndef LIBMPI_MBCF_MPI_ERRHANDLER_H
#define LIBMPI_MBCF_MPI_ERRHANDLER_H
#include "mpi_export.h"
#include "world.h"

/* Report code on comm (fatal unless the handler returns); returns code. */
int mpi_err(MPI_Comm comm, int code, const char *fn);
/* Report code through handler eh; a user handler gets obj (the handle of
 * the communicator, window or file), a fatal one aborts comm. */
int mpi_err_eh(MPI_Errhandler eh, MPI_Comm comm, int *obj, int code, const char *fn);
int eh_valid(MPI_Errhandler eh);   /* predefined or a live user handler */

/* The program's own classes and codes (mpi_error_user.c): the class of
 * code or -1, its string or NULL, the largest code given out. */
int err_user_class(int code);
const char *err_user_string(int code);
int err_user_last(void);

#define CHECK_INIT(fn) \
    do { if (!mpi_initialized || mpi_finalized) return mpi_err(MPI_COMM_WORLD, MPI_ERR_OTHER, fn); } while (0)

#endif
