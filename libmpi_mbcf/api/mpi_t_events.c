/* mpi_t_events.c - MPI_T events and event sources (MPI-4.0 sec 15.3.8):
 * libmpi_mbcf defines none. The counts are 0, an index is always invalid
 * (MPI_T_ERR_INVALID_INDEX) and no registration or instance handle can
 * exist (MPI_T_ERR_INVALID_HANDLE), which is a conforming implementation
 * of the interface (sec 15.3.8: "an MPI implementation may define no
 * events"). */
#include "mpi_export.h"

int PMPI_T_event_get_num(int *n)
{
    if (!n)
        return MPI_T_ERR_INVALID;
    *n = 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_event_get_num);

int PMPI_T_source_get_num(int *n)
{
    if (!n)
        return MPI_T_ERR_INVALID;
    *n = 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_source_get_num);

int PMPI_T_category_get_num_events(int cat, int *n)
{
    int ncat = 0;
    if (!n)
        return MPI_T_ERR_INVALID;
    int e = PMPI_T_category_get_num(&ncat);
    if (e)
        return e;
    if (cat < 0 || cat >= ncat)
        return MPI_T_ERR_INVALID_INDEX;
    *n = 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_category_get_num_events);

int PMPI_T_category_get_events(int cat, int len, int indices[])
{
    int n = 0;
    (void)indices;
    if (len < 0)
        return MPI_T_ERR_INVALID;
    return PMPI_T_category_get_num_events(cat, &n);
}
MPI_ALIAS(T_category_get_events);

int PMPI_T_event_get_index(const char *name, int *index)
{
    (void)name;
    (void)index;
    return MPI_T_ERR_INVALID_NAME;
}
MPI_ALIAS(T_event_get_index);

int PMPI_T_event_get_info(int event_index, char *name, int *name_len, int *verbosity,
                          MPI_Datatype array_of_datatypes[], MPI_Aint array_of_displacements[],
                          int *num_elements, MPI_T_enum *enumtype, MPI_Info *info, char *desc,
                          int *desc_len, int *bind)
{
    (void)event_index;
    (void)name;
    (void)name_len;
    (void)verbosity;
    (void)array_of_datatypes;
    (void)array_of_displacements;
    (void)num_elements;
    (void)enumtype;
    (void)info;
    (void)desc;
    (void)desc_len;
    (void)bind;
    return MPI_T_ERR_INVALID_INDEX;
}
MPI_ALIAS(T_event_get_info);

int PMPI_T_event_handle_alloc(int event_index, void *obj_handle, MPI_Info info,
                              MPI_T_event_registration *reg)
{
    (void)event_index;
    (void)obj_handle;
    (void)info;
    (void)reg;
    return MPI_T_ERR_INVALID_INDEX;
}
MPI_ALIAS(T_event_handle_alloc);

int PMPI_T_source_get_info(int source_index, char *name, int *name_len, char *desc,
                           int *desc_len, MPI_T_source_order *ordering,
                           MPI_Count *ticks_per_second, MPI_Count *max_ticks, MPI_Info *info)
{
    (void)source_index;
    (void)name;
    (void)name_len;
    (void)desc;
    (void)desc_len;
    (void)ordering;
    (void)ticks_per_second;
    (void)max_ticks;
    (void)info;
    return MPI_T_ERR_INVALID_INDEX;
}
MPI_ALIAS(T_source_get_info);

int PMPI_T_source_get_timestamp(int source_index, MPI_Count *timestamp)
{
    (void)source_index;
    (void)timestamp;
    return MPI_T_ERR_INVALID_INDEX;
}
MPI_ALIAS(T_source_get_timestamp);

/* no registration or event instance exists */
int PMPI_T_event_handle_free(MPI_T_event_registration reg, void *user_data,
                             MPI_T_event_free_cb_function free_cb_function)
{
    (void)reg;
    (void)user_data;
    (void)free_cb_function;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_handle_free);

int PMPI_T_event_handle_get_info(MPI_T_event_registration reg, MPI_Info *info)
{
    (void)reg;
    (void)info;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_handle_get_info);

int PMPI_T_event_handle_set_info(MPI_T_event_registration reg, MPI_Info info)
{
    (void)reg;
    (void)info;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_handle_set_info);

int PMPI_T_event_register_callback(MPI_T_event_registration reg, MPI_T_cb_safety cb_safety,
                                   MPI_Info info, void *user_data,
                                   MPI_T_event_cb_function event_cb_function)
{
    (void)reg;
    (void)cb_safety;
    (void)info;
    (void)user_data;
    (void)event_cb_function;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_register_callback);

int PMPI_T_event_callback_get_info(MPI_T_event_registration reg, MPI_T_cb_safety cb_safety,
                                   MPI_Info *info)
{
    (void)reg;
    (void)cb_safety;
    (void)info;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_callback_get_info);

int PMPI_T_event_callback_set_info(MPI_T_event_registration reg, MPI_T_cb_safety cb_safety,
                                   MPI_Info info)
{
    (void)reg;
    (void)cb_safety;
    (void)info;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_callback_set_info);

int PMPI_T_event_set_dropped_handler(MPI_T_event_registration reg,
                                     MPI_T_event_dropped_cb_function dropped_cb_function)
{
    (void)reg;
    (void)dropped_cb_function;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_set_dropped_handler);

int PMPI_T_event_read(MPI_T_event_instance ev, int element_index, void *buffer)
{
    (void)ev;
    (void)element_index;
    (void)buffer;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_read);

int PMPI_T_event_copy(MPI_T_event_instance ev, void *buffer)
{
    (void)ev;
    (void)buffer;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_copy);

int PMPI_T_event_get_timestamp(MPI_T_event_instance ev, MPI_Count *ts)
{
    (void)ev;
    (void)ts;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_get_timestamp);

int PMPI_T_event_get_source(MPI_T_event_instance ev, int *source_index)
{
    (void)ev;
    (void)source_index;
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_event_get_source);
