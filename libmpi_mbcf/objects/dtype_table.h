/* dtype_table.h - one entry of the datatype table (dtype_table.c), for the
 * datatype entry points (api/mpi_datatype.c); other layers use the handle
 * calls of mpi_datatype.h. */
#ifndef LIBMPI_MBCF_DTYPE_TABLE_H
#define LIBMPI_MBCF_DTYPE_TABLE_H
#include "mpi_datatype.h"

/* A derived type freed by the user while pending operations still use it
 * stays allocated (freed = 1, handle invalid to the user) until the last of
 * them ends (refs = 0): MPI-3.1 sec 4.1.9. */
struct dtype {
    int used, committed, predefined;
    int freed, refs;
    int combiner;
    struct dt_contents *contents; /* constructor arguments (mpi_type_contents.c) */
    struct dte d;
    char name[MPI_MAX_OBJECT_NAME];
};

struct dtype *dt_entry(MPI_Datatype dt); /* the entry of a valid handle */
int dt_new(MPI_Datatype *out);           /* a free entry; 0 or MPI_ERR_NO_MEM; may move the table */
void dt_destroy(struct dtype *t);

#endif
