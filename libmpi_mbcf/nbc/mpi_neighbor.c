/* mpi_neighbor.c - neighbourhood collectives (MPI-3.1 sec 7.6):
 * Neighbor_allgather(v), Neighbor_alltoall(v,w) and their non-blocking
 * Ineighbor_* forms on Cartesian, graph and distributed-graph
 * communicators, as one-round schedules of the non-blocking collectives
 * (mpi_nbc.h); a blocking call is the non-blocking one and MPI_Wait.
 * Cartesian neighbours are, per dimension, the -1 then the +1 neighbour
 * (MPI_PROC_NULL ones are skipped, their blocks untouched); the data a rank
 * sends in direction -1 arrives in its -1 neighbour's "+1 source" block,
 * told apart by sub-tag when both neighbours are the same rank. */
#include "mpi_nbc.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include <stdlib.h>

struct nbrs {
    int nin, nout;
    int *in, *out;             /* comm ranks or MPI_PROC_NULL */
    int *insub, *outsub;       /* sub-tags */
};

static void nbrs_free(struct nbrs *nb)
{
    free(nb->in);
    free(nb->out);
    free(nb->insub);
    free(nb->outsub);
}

static int nbrs_of(MPI_Comm comm, struct comm *c, struct nbrs *nb)
{
    int nin, nout;
    if (c->topo == MPI_CART)
        nin = nout = 2 * c->ndims;
    else if (c->topo == MPI_GRAPH || c->topo == MPI_DIST_GRAPH)
        nin = c->indeg, nout = c->outdeg;
    else
        return MPI_ERR_TOPOLOGY;
    nb->nin = nin;
    nb->nout = nout;
    nb->in = malloc((size_t)(nin + 1) * sizeof(int));
    nb->out = malloc((size_t)(nout + 1) * sizeof(int));
    nb->insub = calloc((size_t)nin + 1, sizeof(int));
    nb->outsub = calloc((size_t)nout + 1, sizeof(int));
    if (!nb->in || !nb->out || !nb->insub || !nb->outsub) {
        nbrs_free(nb);
        return MPI_ERR_NO_MEM;
    }
    if (c->topo != MPI_CART) {
        for (int i = 0; i < nin; i++)
            nb->in[i] = c->srcs[i];
        for (int i = 0; i < nout; i++)
            nb->out[i] = c->dsts[i];
        return MPI_SUCCESS;
    }
    for (int d = 0; d < c->ndims; d++) {
        int lo, hi;
        PMPI_Cart_shift(comm, d, 1, &lo, &hi);
        nb->in[2 * d] = nb->out[2 * d] = lo;
        nb->in[2 * d + 1] = nb->out[2 * d + 1] = hi;
        nb->outsub[2 * d] = 2 * d;          /* sent towards -1 ... */
        nb->insub[2 * d + 1] = 2 * d;       /* ... arrives from +1 */
        nb->outsub[2 * d + 1] = 2 * d + 1;
        nb->insub[2 * d] = 2 * d + 1;
    }
    return MPI_SUCCESS;
}

/* The general form: per out-neighbour i, scounts[i] of sdts[i] at byte
 * offset sd[i]; per in-neighbour j likewise. */
static void build(struct nbc_sched *s, const struct nbrs *nb, const void *sbuf,
                  const int *sc, const MPI_Aint *sd, const MPI_Datatype *st, void *rbuf,
                  const int *rc, const MPI_Aint *rd, const MPI_Datatype *rt)
{
    for (int j = 0; j < nb->nin; j++)
        if (nb->in[j] != MPI_PROC_NULL)
            nbc_recv_t(s, (char *)rbuf + rd[j], rc[j], rt[j], nb->in[j], nb->insub[j]);
    for (int i = 0; i < nb->nout; i++)
        if (nb->out[i] != MPI_PROC_NULL)
            nbc_send_t(s, (const char *)sbuf + sd[i], sc[i], st[i], nb->out[i], nb->outsub[i]);
}

static MPI_Aint ext_of(MPI_Datatype dt)
{
    MPI_Aint lb, ext = 0;
    PMPI_Type_get_extent(dt, &lb, &ext);
    return ext;
}

enum { F_ALLGATHER, F_ALLGATHERV, F_ALLTOALL, F_ALLTOALLV, F_ALLTOALLW };

/* Every entry point: check, turn its arguments into the general form, start. */
static int neighbor(int form, const void *sbuf, int scount, const int *scounts,
                    const int *sdispls, const MPI_Aint *sdispls_w, MPI_Datatype sdt,
                    const MPI_Datatype *sdts, void *rbuf, int rcount, const int *rcounts,
                    const int *rdispls, const MPI_Aint *rdispls_w, MPI_Datatype rdt,
                    const MPI_Datatype *rdts, MPI_Comm comm, MPI_Request *req, int blocking,
                    const char *fn)
{
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c || c->inter)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (!blocking && !req)
        return mpi_err(comm, MPI_ERR_REQUEST, fn);
    struct nbrs nb;
    int e = nbrs_of(comm, c, &nb);
    if (e)
        return mpi_err(comm, e, fn);
    int no = nb.nout, ni = nb.nin;
    int *sc = malloc((size_t)(no + 1) * sizeof *sc), *rc = malloc((size_t)(ni + 1) * sizeof *rc);
    MPI_Aint *sd = malloc((size_t)(no + 1) * sizeof *sd), *rd = malloc((size_t)(ni + 1) * sizeof *rd);
    MPI_Datatype *st = malloc((size_t)(no + 1) * sizeof *st), *rt = malloc((size_t)(ni + 1) * sizeof *rt);
    struct nbc_sched *s = NULL;
    if (!sc || !rc || !sd || !rd || !st || !rt) {
        e = MPI_ERR_NO_MEM;
        goto out;
    }
    e = MPI_ERR_ARG;
    if ((form == F_ALLGATHERV || form == F_ALLTOALLV || form == F_ALLTOALLW) &&
        (!rcounts || !(rdispls || rdispls_w)))
        goto out;
    if ((form == F_ALLTOALLV || form == F_ALLTOALLW) && !(scounts && (sdispls || sdispls_w)))
        goto out;
    if (form == F_ALLTOALLW && (!sdts || !rdts))
        goto out;
    MPI_Aint sext = form == F_ALLTOALLW ? 0 : ext_of(sdt);
    MPI_Aint rext = form == F_ALLTOALLW ? 0 : ext_of(rdt);
    for (int i = 0; i < no; i++) {
        int all = form == F_ALLGATHER || form == F_ALLGATHERV;
        sc[i] = form == F_ALLTOALLV || form == F_ALLTOALLW ? scounts[i] : scount;
        sd[i] = all ? 0 : form == F_ALLTOALL ? (MPI_Aint)i * scount * sext
                : form == F_ALLTOALLV ? (MPI_Aint)sdispls[i] * sext : sdispls_w[i];
        st[i] = form == F_ALLTOALLW ? sdts[i] : sdt;
    }
    for (int j = 0; j < ni; j++) {
        int v = form == F_ALLGATHERV || form == F_ALLTOALLV || form == F_ALLTOALLW;
        rc[j] = v ? rcounts[j] : rcount;
        rd[j] = form == F_ALLTOALLW ? rdispls_w[j]
                : v ? (MPI_Aint)rdispls[j] * rext : (MPI_Aint)j * rcount * rext;
        rt[j] = form == F_ALLTOALLW ? rdts[j] : rdt;
    }
    e = MPI_SUCCESS;
    for (int i = 0; i < no && !e; i++)
        if (sc[i] < 0 || !dt_get(st[i]) || !dt_committed(st[i]))
            e = sc[i] < 0 ? MPI_ERR_COUNT : MPI_ERR_TYPE;
    for (int j = 0; j < ni && !e; j++)
        if (rc[j] < 0 || !dt_get(rt[j]) || !dt_committed(rt[j]))
            e = rc[j] < 0 ? MPI_ERR_COUNT : MPI_ERR_TYPE;
    if (e)
        goto out;
    s = nbc_new(c);
    if (!s) {
        e = MPI_ERR_NO_MEM;
        goto out;
    }
    build(s, &nb, sbuf, sc, sd, st, rbuf, rc, rd, rt);
    MPI_Request r;
    e = nbc_start(s, &r);
    if (!e && blocking)
        e = PMPI_Wait(&r, MPI_STATUS_IGNORE);
    else if (!e)
        *req = r;
out:
    nbrs_free(&nb);
    free(sc); free(rc); free(sd); free(rd); free(st); free(rt);
    return e ? mpi_err(comm, e, fn) : MPI_SUCCESS;
}

int PMPI_Neighbor_allgather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                            int rcount, MPI_Datatype rdt, MPI_Comm comm)
{
    return neighbor(F_ALLGATHER, sbuf, scount, NULL, NULL, NULL, sdt, NULL, rbuf, rcount, NULL,
                    NULL, NULL, rdt, NULL, comm, NULL, 1, "MPI_Neighbor_allgather");
}
MPI_ALIAS(Neighbor_allgather);

int PMPI_Ineighbor_allgather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                             int rcount, MPI_Datatype rdt, MPI_Comm comm, MPI_Request *req)
{
    return neighbor(F_ALLGATHER, sbuf, scount, NULL, NULL, NULL, sdt, NULL, rbuf, rcount, NULL,
                    NULL, NULL, rdt, NULL, comm, req, 0, "MPI_Ineighbor_allgather");
}
MPI_ALIAS(Ineighbor_allgather);

int PMPI_Neighbor_allgatherv(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                             const int rcounts[], const int displs[], MPI_Datatype rdt,
                             MPI_Comm comm)
{
    return neighbor(F_ALLGATHERV, sbuf, scount, NULL, NULL, NULL, sdt, NULL, rbuf, 0, rcounts,
                    displs, NULL, rdt, NULL, comm, NULL, 1, "MPI_Neighbor_allgatherv");
}
MPI_ALIAS(Neighbor_allgatherv);

int PMPI_Ineighbor_allgatherv(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                              const int rcounts[], const int displs[], MPI_Datatype rdt,
                              MPI_Comm comm, MPI_Request *req)
{
    return neighbor(F_ALLGATHERV, sbuf, scount, NULL, NULL, NULL, sdt, NULL, rbuf, 0, rcounts,
                    displs, NULL, rdt, NULL, comm, req, 0, "MPI_Ineighbor_allgatherv");
}
MPI_ALIAS(Ineighbor_allgatherv);

int PMPI_Neighbor_alltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                           int rcount, MPI_Datatype rdt, MPI_Comm comm)
{
    return neighbor(F_ALLTOALL, sbuf, scount, NULL, NULL, NULL, sdt, NULL, rbuf, rcount, NULL,
                    NULL, NULL, rdt, NULL, comm, NULL, 1, "MPI_Neighbor_alltoall");
}
MPI_ALIAS(Neighbor_alltoall);

int PMPI_Ineighbor_alltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                            int rcount, MPI_Datatype rdt, MPI_Comm comm, MPI_Request *req)
{
    return neighbor(F_ALLTOALL, sbuf, scount, NULL, NULL, NULL, sdt, NULL, rbuf, rcount, NULL,
                    NULL, NULL, rdt, NULL, comm, req, 0, "MPI_Ineighbor_alltoall");
}
MPI_ALIAS(Ineighbor_alltoall);

int PMPI_Neighbor_alltoallv(const void *sbuf, const int scounts[], const int sdispls[],
                            MPI_Datatype sdt, void *rbuf, const int rcounts[],
                            const int rdispls[], MPI_Datatype rdt, MPI_Comm comm)
{
    return neighbor(F_ALLTOALLV, sbuf, 0, scounts, sdispls, NULL, sdt, NULL, rbuf, 0, rcounts,
                    rdispls, NULL, rdt, NULL, comm, NULL, 1, "MPI_Neighbor_alltoallv");
}
MPI_ALIAS(Neighbor_alltoallv);

int PMPI_Ineighbor_alltoallv(const void *sbuf, const int scounts[], const int sdispls[],
                             MPI_Datatype sdt, void *rbuf, const int rcounts[],
                             const int rdispls[], MPI_Datatype rdt, MPI_Comm comm,
                             MPI_Request *req)
{
    return neighbor(F_ALLTOALLV, sbuf, 0, scounts, sdispls, NULL, sdt, NULL, rbuf, 0, rcounts,
                    rdispls, NULL, rdt, NULL, comm, req, 0, "MPI_Ineighbor_alltoallv");
}
MPI_ALIAS(Ineighbor_alltoallv);

int PMPI_Neighbor_alltoallw(const void *sbuf, const int scounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sdts[], void *rbuf, const int rcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype rdts[], MPI_Comm comm)
{
    return neighbor(F_ALLTOALLW, sbuf, 0, scounts, NULL, sdispls, MPI_DATATYPE_NULL, sdts, rbuf,
                    0, rcounts, NULL, rdispls, MPI_DATATYPE_NULL, rdts, comm, NULL, 1,
                    "MPI_Neighbor_alltoallw");
}
MPI_ALIAS(Neighbor_alltoallw);

int PMPI_Ineighbor_alltoallw(const void *sbuf, const int scounts[], const MPI_Aint sdispls[],
                             const MPI_Datatype sdts[], void *rbuf, const int rcounts[],
                             const MPI_Aint rdispls[], const MPI_Datatype rdts[], MPI_Comm comm,
                             MPI_Request *req)
{
    return neighbor(F_ALLTOALLW, sbuf, 0, scounts, NULL, sdispls, MPI_DATATYPE_NULL, sdts, rbuf,
                    0, rcounts, NULL, rdispls, MPI_DATATYPE_NULL, rdts, comm, req, 0,
                    "MPI_Ineighbor_alltoallw");
}
MPI_ALIAS(Ineighbor_alltoallw);
