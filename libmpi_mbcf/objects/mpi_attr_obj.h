/* mpi_attr_obj.h - the attribute table of datatypes and windows
 * (mpi_attr_obj.c): keyvals and (kind, object, keyval) -> value, for the
 * entry points (api/mpi_attr.c) and MPI_Win_get_attr (mpi_win.c). Each call
 * returns an MPI error code, raised through the error handler with fn. */
#ifndef LIBMPI_MBCF_MPI_ATTR_OBJ_H
#define LIBMPI_MBCF_MPI_ATTR_OBJ_H
#include "mpi_export.h"
enum { ATTR_OBJ_TYPE = 1,
       ATTR_OBJ_WIN };
int attr_create_key(int kind, void (*del)(void), void *extra, int *k, const char *fn,
                    MPI_Type_copy_attr_function *copy);
int attr_free_key(int kind, int *k, const char *fn);
int attr_set(int kind, int obj, int k, void *val, const char *fn);
int attr_get(int kind, int obj, int k, void *val, int *flag, const char *fn);
int attr_delete(int kind, int obj, int k, const char *fn);
int win_user_attr(MPI_Win win, int key, void *val, int *flag);
/* Delete every attribute of the object (its delete functions run): an
 * error a delete function returned, else MPI_SUCCESS. */
int win_attr_delete_all(MPI_Win win);
int type_attr_delete_all(MPI_Datatype t);
/* Copy the attributes of from to to through their copy functions. */
int type_attr_copy(MPI_Datatype from, MPI_Datatype to);
#endif
