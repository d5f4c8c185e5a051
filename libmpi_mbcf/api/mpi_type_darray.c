/* mpi_type_darray.c - MPI_Type_create_darray (MPI-3.1 sec 4.1.4): the part
 * of a global ndims-dimensional array of `old` that process `rank` of a
 * row-major process grid psizes[] owns under block, cyclic(darg) or no
 * distribution per dimension. Built dimension by dimension from the fastest
 * (the last for MPI_ORDER_C, the first for MPI_ORDER_FORTRAN): the local
 * blocks of that dimension as an hindexed type over the type built so far,
 * resized to the stride of one step in that dimension; the result has the
 * extent of the whole global array. */
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include <stdlib.h>

/* This process's blocks along one dimension of g elements over p processes
 * at grid coordinate c: *nb blocks (start index, length) into st[]/len[]
 * (room for g). Returns 0, or MPI_ERR_ARG for a bad distribution. */
static int dim_blocks(int g, int p, int c, int distrib, int darg, int *nb, int *st, int *len)
{
    *nb = 0;
    if (distrib == MPI_DISTRIBUTE_NONE) {
        if (p != 1)
            return MPI_ERR_ARG;
        st[0] = 0;
        len[0] = g;
        *nb = 1;
        return 0;
    }
    if (distrib == MPI_DISTRIBUTE_BLOCK) {
        int b = darg == MPI_DISTRIBUTE_DFLT_DARG ? (g + p - 1) / p : darg;
        if (b <= 0 || (int64_t)b * p < g)
            return MPI_ERR_ARG;     /* the blocks must cover the dimension */
        int64_t s = (int64_t)c * b;
        if (s < g) {
            st[0] = (int)s;
            len[0] = (int)(g - s < b ? g - s : b);
            *nb = 1;
        }
        return 0;
    }
    if (distrib != MPI_DISTRIBUTE_CYCLIC)
        return MPI_ERR_ARG;
    int k = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
    if (k <= 0)
        return MPI_ERR_ARG;
    for (int64_t s = (int64_t)c * k; s < g; s += (int64_t)p * k) {
        st[*nb] = (int)s;
        len[*nb] = (int)(g - s < k ? g - s : k);
        (*nb)++;
    }
    return 0;
}

/* One dimension: the blocks of cur (stride bytes apart) as a new type. */
static int dim_type(MPI_Datatype cur, MPI_Aint stride, int nb, const int *st, const int *len,
                    MPI_Datatype *out)
{
    MPI_Datatype step;
    int e = PMPI_Type_create_resized(cur, 0, stride, &step);
    if (e)
        return e;
    MPI_Aint *disp = malloc((size_t)(nb ? nb : 1) * sizeof *disp);
    if (!disp) {
        PMPI_Type_free(&step);
        return MPI_ERR_NO_MEM;
    }
    for (int i = 0; i < nb; i++)
        disp[i] = (MPI_Aint)st[i] * stride;
    e = PMPI_Type_create_hindexed(nb, len, disp, step, out);
    free(disp);
    PMPI_Type_free(&step);
    return e;
}

static void record_darray(MPI_Datatype t, int size, int rank, int ndims, const int gsizes[],
                          const int distribs[], const int dargs[], const int psizes[],
                          int order, MPI_Datatype old)
{
    struct dt_contents *k = dt_record(t, MPI_COMBINER_DARRAY, 4 * ndims + 4, 0, 1);
    if (!k)
        return;
    k->ints[0] = size;
    k->ints[1] = rank;
    k->ints[2] = ndims;
    for (int i = 0; i < ndims; i++) {
        k->ints[3 + i] = gsizes[i];
        k->ints[3 + ndims + i] = distribs[i];
        k->ints[3 + 2 * ndims + i] = dargs[i];
        k->ints[3 + 3 * ndims + i] = psizes[i];
    }
    k->ints[3 + 4 * ndims] = order;
    k->types[0] = old;
    dtc_retain(k);
}

int PMPI_Type_create_darray(int size, int rank, int ndims, const int gsizes[],
                            const int distribs[], const int dargs[], const int psizes[],
                            int order, MPI_Datatype old, MPI_Datatype *newtype)
{
    static const char fn[] = "MPI_Type_create_darray";
    struct dte *o = dt_get(old);
    if (!o)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    if (size <= 0 || rank < 0 || rank >= size || ndims <= 0 || !gsizes || !distribs ||
        !dargs || !psizes || !newtype || (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    int64_t procs = 1, gmax = 1;
    for (int i = 0; i < ndims; i++) {
        if (gsizes[i] <= 0 || psizes[i] <= 0)
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
        procs *= psizes[i];
        if (gsizes[i] > gmax)
            gmax = gsizes[i];
    }
    if (procs != size)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);   /* the grid is not size processes */
    int *coord = malloc((size_t)ndims * sizeof *coord);
    int *st = malloc((size_t)gmax * sizeof *st), *len = malloc((size_t)gmax * sizeof *len);
    if (!coord || !st || !len) {
        free(coord);
        free(st);
        free(len);
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    }
    for (int i = ndims - 1, r = rank; i >= 0; i--) {   /* row-major process grid */
        coord[i] = r % psizes[i];
        r /= psizes[i];
    }
    MPI_Aint stride = dte_extent(o);
    MPI_Datatype cur = old, next;
    int e = 0;
    for (int k = 0; k < ndims; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k, nb;
        e = dim_blocks(gsizes[d], psizes[d], coord[d], distribs[d], dargs[d], &nb, st, len);
        if (!e)
            e = dim_type(cur, stride, nb, st, len, &next);
        if (e)
            break;
        if (cur != old)
            PMPI_Type_free(&cur);
        cur = next;
        stride *= gsizes[d];
    }
    free(coord);
    free(st);
    free(len);
    if (!e)
        e = PMPI_Type_create_resized(cur, 0, stride, newtype);
    if (cur != old)
        PMPI_Type_free(&cur);
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, fn);
    record_darray(*newtype, size, rank, ndims, gsizes, distribs, dargs, psizes, order, old);
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_create_darray);
