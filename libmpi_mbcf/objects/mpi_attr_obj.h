/* mpi_attr_obj.h - user attributes of windows (mpi_attr_obj.c) for
 * MPI_Win_get_attr (mpi_win.c). */
#ifndef LIBMPI_MBCF_MPI_ATTR_OBJ_H
#define LIBMPI_MBCF_MPI_ATTR_OBJ_H
#include "mpi_export.h"
int win_user_attr(MPI_Win win, int key, void *val, int *flag);
#endif
