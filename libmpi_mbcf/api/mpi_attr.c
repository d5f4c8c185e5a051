/* mpi_attr.c - MPI entry points for attributes on datatypes and windows
 * (MPI-3.1 sec 6.7.3-6.7.4): Type_create/free_keyval, Type_set/get/
 * delete_attr, Win_create/free_keyval, Win_set/delete_attr over the
 * attribute table (objects/mpi_attr_obj.c). */
#include "mpi_export.h"
#include "mpi_attr_obj.h"

int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *copy, MPI_Type_delete_attr_function *del,
                            int *k, void *extra)
{
    return attr_create_key(ATTR_OBJ_TYPE, (void (*)(void))del, extra, k, "MPI_Type_create_keyval",
                           copy);
}
MPI_ALIAS(Type_create_keyval);

int PMPI_Type_free_keyval(int *k)
{
    return attr_free_key(ATTR_OBJ_TYPE, k, "MPI_Type_free_keyval");
}
MPI_ALIAS(Type_free_keyval);

int PMPI_Type_set_attr(MPI_Datatype t, int k, void *val)
{
    return attr_set(ATTR_OBJ_TYPE, t, k, val, "MPI_Type_set_attr");
}
MPI_ALIAS(Type_set_attr);

int PMPI_Type_get_attr(MPI_Datatype t, int k, void *val, int *flag)
{
    return attr_get(ATTR_OBJ_TYPE, t, k, val, flag, "MPI_Type_get_attr");
}
MPI_ALIAS(Type_get_attr);

int PMPI_Type_delete_attr(MPI_Datatype t, int k)
{
    return attr_delete(ATTR_OBJ_TYPE, t, k, "MPI_Type_delete_attr");
}
MPI_ALIAS(Type_delete_attr);

int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *copy, MPI_Win_delete_attr_function *del,
                           int *k, void *extra)
{
    (void)copy; /* windows are never copied */
    return attr_create_key(ATTR_OBJ_WIN, (void (*)(void))del, extra, k, "MPI_Win_create_keyval",
                           NULL);
}
MPI_ALIAS(Win_create_keyval);

int PMPI_Win_free_keyval(int *k)
{
    return attr_free_key(ATTR_OBJ_WIN, k, "MPI_Win_free_keyval");
}
MPI_ALIAS(Win_free_keyval);

int PMPI_Win_set_attr(MPI_Win w, int k, void *val)
{
    return attr_set(ATTR_OBJ_WIN, w, k, val, "MPI_Win_set_attr");
}
MPI_ALIAS(Win_set_attr);

int PMPI_Win_delete_attr(MPI_Win w, int k)
{
    return attr_delete(ATTR_OBJ_WIN, w, k, "MPI_Win_delete_attr");
}
MPI_ALIAS(Win_delete_attr);
