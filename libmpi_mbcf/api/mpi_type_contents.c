/* mpi_type_contents.c - MPI_Type_get_envelope and MPI_Type_get_contents
 * (MPI-3.1 sec 4.1.13): the constructors (mpi_datatype.c, the darray one in
 * mpi_type_darray.c) record their arguments with dt_record; here they are
 * handed back. The types named in the contents are retained while the type
 * lives, so a program may free them first; a derived type handed out by
 * Type_get_contents is a new handle (dt_clone) the caller frees, a
 * predefined one is itself. */
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include <stdlib.h>

void dtc_retain(struct dt_contents *k)
{
    for (int i = 0; i < k->nt; i++)
        dt_retain(k->types[i]);
}

void dtc_free(struct dt_contents *k)
{
    if (!k)
        return;
    for (int i = 0; i < k->nt; i++)
        dt_release(k->types[i]);
    free(k->ints);
    free(k->addrs);
    free(k->types);
    free(k);
}

int PMPI_Type_get_envelope(MPI_Datatype dt, int *nints, int *naddrs, int *ntypes,
                           int *combiner)
{
    static const char fn[] = "MPI_Type_get_envelope";
    if (!dt_get(dt))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    if (!nints || !naddrs || !ntypes || !combiner)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    const struct dt_contents *k = dt_contents(dt);
    *combiner = dt_combiner(dt);
    *nints = k ? k->ni : 0;
    *naddrs = k ? k->na : 0;
    *ntypes = k ? k->nt : 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_get_envelope);

int PMPI_Type_get_contents(MPI_Datatype dt, int maxints, int maxaddrs, int maxtypes,
                           int ints[], MPI_Aint addrs[], MPI_Datatype types[])
{
    static const char fn[] = "MPI_Type_get_contents";
    if (!dt_get(dt))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    const struct dt_contents *k = dt_contents(dt);
    if (dt_combiner(dt) == MPI_COMBINER_NAMED || !k)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);   /* predefined: no contents */
    if (maxints < k->ni || maxaddrs < k->na || maxtypes < k->nt ||
        (k->ni && !ints) || (k->na && !addrs) || (k->nt && !types))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    for (int i = 0; i < k->ni; i++)
        ints[i] = k->ints[i];
    for (int i = 0; i < k->na; i++)
        addrs[i] = k->addrs[i];
    for (int i = 0; i < k->nt; i++) {
        types[i] = k->types[i];
        if (types[i] >= MPI_FIRST_DERIVED_TYPE_MBCF && dt_clone(k->types[i], &types[i])) {
            while (i-- > 0)
                if (types[i] >= MPI_FIRST_DERIVED_TYPE_MBCF)
                    PMPI_Type_free(&types[i]);
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
        }
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_get_contents);
