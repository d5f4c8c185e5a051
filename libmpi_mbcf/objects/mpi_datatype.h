/* mpi_datatype.h - datatype handles (mpi_datatype.c) as the other layers
 * see them: the engine's layout (dte.h) of a handle. */
#ifndef LIBMPI_MBCF_MPI_DATATYPE_H
#define LIBMPI_MBCF_MPI_DATATYPE_H
#include "mpi_export.h"
#include "dte.h"

struct dte *dt_get(MPI_Datatype dt);       /* NULL if invalid or freed */
struct dte *dt_layout(MPI_Datatype dt);    /* also a freed type that pending operations hold */
void dt_retain(MPI_Datatype dt);           /* a pending operation uses the type ... */
void dt_release(MPI_Datatype dt);          /* ... and is done with it (MPI-3.1 sec 4.1.9) */
int dt_committed(MPI_Datatype dt);
/* valid, not freed, committed; else NULL (inline for the predefined types:
 * every call checks its type; dt_predef is kept by mpi_datatype.c) */
extern struct dte *dt_predef[MPI_FIRST_DERIVED_TYPE_MBCF];
struct dte *dt_usable_slow(MPI_Datatype dt);
static inline struct dte *dt_usable(MPI_Datatype dt)
{
    if (dt > 0 && dt < MPI_FIRST_DERIVED_TYPE_MBCF)
        return dt_predef[dt];
    return dt_usable_slow(dt);
}
void dt_init_predefined(void);
const char *dt_name(MPI_Datatype dt);

/* Constructor arguments of a derived type, for MPI_Type_get_envelope/
 * get_contents (mpi_type_contents.c, MPI-3.1 sec 4.1.13). The types it
 * names are retained (dt_retain) while it lives. */
struct dt_contents {
    int ni, na, nt;
    int *ints;
    MPI_Aint *addrs;
    MPI_Datatype *types;
};
/* Give dt the combiner and new contents with room for ni ints, na
 * addresses and nt types (replacing earlier ones); the caller fills them
 * and calls dtc_retain. NULL when out of memory (dt then has no contents). */
struct dt_contents *dt_record(MPI_Datatype dt, int combiner, int ni, int na, int nt);
void dtc_retain(struct dt_contents *k);     /* retain the types named */
void dtc_free(struct dt_contents *k);       /* release them, free k */
int dt_combiner(MPI_Datatype dt);
const struct dt_contents *dt_contents(MPI_Datatype dt);
/* A new handle with the same layout, combiner, contents and commit state. */
int dt_clone(MPI_Datatype dt, MPI_Datatype *out);

#endif
