/* coll_shim.c - host test glue: defines the MPI_<collective> entry points
 * over our coll_* algorithms, on a hidden duplicate of each communicator
 * (cached as an attribute, freed with it), so standard MPI programs built
 * against MPICH run their collectives through libmpi_mbcf/coll. The
 * point-to-point calls the algorithms make stay MPICH's. */
#include <stdlib.h>
#include "coll.h"

static int keyval = MPI_KEYVAL_INVALID;

static int free_hidden(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)comm; (void)key; (void)extra;
    MPI_Comm h = *(MPI_Comm *)val;
    free(val);
    return MPI_Comm_free(&h);
}

static MPI_Comm hidden(MPI_Comm comm)
{
    void *val;
    int found = 0;
    if (keyval == MPI_KEYVAL_INVALID)
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_hidden, &keyval, NULL);
    MPI_Comm_get_attr(comm, keyval, &val, &found);
    if (found)
        return *(MPI_Comm *)val;
    MPI_Comm *h = malloc(sizeof *h);
    MPI_Comm_dup(comm, h);
    MPI_Comm_set_attr(comm, keyval, h);
    return *h;
}

int MPI_Barrier(MPI_Comm c) { return coll_barrier(hidden(c)); }
int MPI_Bcast(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{ return coll_bcast(b, n, t, root, hidden(c)); }
int MPI_Reduce(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{ return coll_reduce(s, r, n, t, op, root, hidden(c)); }
int MPI_Allreduce(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{ return coll_allreduce(s, r, n, t, op, hidden(c)); }
int MPI_Gather(const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt,
               int root, MPI_Comm c)
{ return coll_gather(s, sn, st, r, rn, rt, root, hidden(c)); }
int MPI_Gatherv(const void *s, int sn, MPI_Datatype st, void *r, const int *rn, const int *d,
                MPI_Datatype rt, int root, MPI_Comm c)
{ return coll_gatherv(s, sn, st, r, rn, d, rt, root, hidden(c)); }
int MPI_Scatter(const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt,
                int root, MPI_Comm c)
{ return coll_scatter(s, sn, st, r, rn, rt, root, hidden(c)); }
int MPI_Scatterv(const void *s, const int *sn, const int *d, MPI_Datatype st, void *r, int rn,
                 MPI_Datatype rt, int root, MPI_Comm c)
{ return coll_scatterv(s, sn, d, st, r, rn, rt, root, hidden(c)); }
int MPI_Allgather(const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt,
                  MPI_Comm c)
{ return coll_allgather(s, sn, st, r, rn, rt, hidden(c)); }
int MPI_Allgatherv(const void *s, int sn, MPI_Datatype st, void *r, const int *rn,
                   const int *d, MPI_Datatype rt, MPI_Comm c)
{ return coll_allgatherv(s, sn, st, r, rn, d, rt, hidden(c)); }
int MPI_Alltoall(const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt,
                 MPI_Comm c)
{ return coll_alltoall(s, sn, st, r, rn, rt, hidden(c)); }
int MPI_Alltoallv(const void *s, const int *sn, const int *sd, MPI_Datatype st, void *r,
                  const int *rn, const int *rd, MPI_Datatype rt, MPI_Comm c)
{ return coll_alltoallv(s, sn, sd, st, r, rn, rd, rt, hidden(c)); }
int MPI_Reduce_scatter(const void *s, void *r, const int *rn, MPI_Datatype t, MPI_Op op,
                       MPI_Comm c)
{ return coll_reduce_scatter(s, r, rn, t, op, hidden(c)); }
int MPI_Reduce_scatter_block(const void *s, void *r, int rn, MPI_Datatype t, MPI_Op op,
                             MPI_Comm c)
{ return coll_reduce_scatter_block(s, r, rn, t, op, hidden(c)); }
int MPI_Scan(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{ return coll_scan(s, r, n, t, op, hidden(c)); }
int MPI_Exscan(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{ return coll_exscan(s, r, n, t, op, hidden(c)); }
