/* mpi_attr_obj.h - user attributes of windows and datatypes
 * (mpi_attr_obj.c) as MPI_Win_get_attr, Win_free (mpi_win.c), Type_free
 * and Type_dup (mpi_datatype.c) use them. */
#ifndef LIBMPI_MBCF_MPI_ATTR_OBJ_H
#define LIBMPI_MBCF_MPI_ATTR_OBJ_H
#include "mpi_export.h"
int win_user_attr(MPI_Win win, int key, void *val, int *flag);
/* Delete every attribute of the object (its delete functions run): an
 * error a delete function returned, else MPI_SUCCESS. */
int win_attr_delete_all(MPI_Win win);
int type_attr_delete_all(MPI_Datatype t);
/* Copy the attributes of from to to through their copy functions. */
int type_attr_copy(MPI_Datatype from, MPI_Datatype to);
#endif
