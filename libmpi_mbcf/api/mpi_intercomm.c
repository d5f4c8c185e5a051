/* mpi_intercomm.c - intercommunicators (MPI-3.1 sec 6.6): Intercomm_create,
 * Intercomm_merge, Comm_remote_size/group, Comm_dup of an intercommunicator,
 * and Barrier/Bcast on one. An intercommunicator is a communicator whose
 * members (size, world, inv in struct comm) are the remote group, so
 * point-to-point addressing (rank = remote rank) works unchanged; its rank is
 * the local rank and `local` an intracommunicator of the local group. Its
 * context id is the maximum of both groups' next free ids: each group agrees
 * on its own maximum, the two leaders exchange theirs. Comm_split of an
 * intercommunicator (sec 6.4.2; Comm_create and Comm_split_type go through
 * it): the local group splits as an intracommunicator, the leaders swap
 * every member's (color, key, next free id), and each process pairs its new
 * local group with the remote members of its color. */
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "mpi_group.h"
#include "mpi_intercomm.h"
#include "pml.h"
#include <stdio.h>
#include <stdlib.h>

enum { TAG_X_INFO = -301,
       TAG_X_LIST = -302,
       TAG_X_BARRIER = -303,
       TAG_X_BCAST = -304,
       TAG_X_SPLIT = -305 };

int comm_inter_refuse(MPI_Comm comm, const char *fn)
{
    static int said;
    if (!said++)
        fprintf(stderr, "libmpi_mbcf rank %d: %s on an intercommunicator is not supported "
                        "(MPI_ERR_COMM)\n", mpi_world_rank, fn);
    return mpi_err(comm, MPI_ERR_COMM, fn);
}

/* Leader-to-leader exchange: over a peer communicator with the user's tag
 * (Intercomm_create) or over an intercommunicator's hidden context. */
struct xchg {
    MPI_Comm peer;
    int remote;                /* rank in peer (or remote rank 0 of the intercomm) */
    int tag;
    struct comm *ic;           /* NULL: use peer */
};

static int xsendrecv(struct xchg *x, const void *s, int sn, void *r, int rn, int tag)
{
    if (!x->ic)
        return PMPI_Sendrecv(s, sn, MPI_INT, x->remote, x->tag, r, rn, MPI_INT, x->remote,
                             x->tag, x->peer, MPI_STATUS_IGNORE);
    /* the leader with the lower world rank sends first */
    int rw = x->ic->world[0];
    uint32_t ctx = x->ic->ctx + 1;
    int e;
    if (mpi_world_rank < rw) {
        e = pml_send(s, sn, MPI_INT, rw, tag, ctx, x->ic->coll);
        if (!e)
            e = pml_recv(r, rn, MPI_INT, rw, tag, ctx, x->ic->coll, NULL);
    } else {
        e = pml_recv(r, rn, MPI_INT, rw, tag, ctx, x->ic->coll, NULL);
        if (!e)
            e = pml_send(s, sn, MPI_INT, rw, tag, ctx, x->ic->coll);
    }
    return e;
}

/* Collective over local: learn the remote group's world ranks, its `high`
 * flag and the agreed context id. *rworld is malloc'ed. */
static int exchange(MPI_Comm local, int leader, struct xchg *x, int high, int *rn,
                    int **rworld, int *rhigh, uint32_t *ctx)
{
    struct comm *lc = comm_get(local);
    int mine = (int)comm_ctx_next(), maxc;
    int e = PMPI_Allreduce(&mine, &maxc, 1, MPI_INT, MPI_MAX, local);
    if (e)
        return e;
    int info[3] = { lc->size, maxc, high }, rinfo[3] = { 0, 0, 0 };
    if (lc->rank == leader)
        e = xsendrecv(x, info, 3, rinfo, 3, TAG_X_INFO);
    if (!e)
        e = PMPI_Bcast(rinfo, 3, MPI_INT, leader, local);
    if (e)
        return e;
    *rn = rinfo[0];
    *rhigh = rinfo[2];
    *ctx = (uint32_t)(rinfo[1] > maxc ? rinfo[1] : maxc);
    *rworld = malloc((size_t)(*rn + 1) * sizeof **rworld);
    if (!*rworld)
        return MPI_ERR_NO_MEM;
    if (lc->rank == leader)
        e = xsendrecv(x, lc->world, lc->size, *rworld, *rn, TAG_X_LIST);
    if (!e)
        e = PMPI_Bcast(*rworld, *rn, MPI_INT, leader, local);
    if (e)
        free(*rworld);
    return e;
}

static int make_inter(MPI_Comm local, int rn, const int *rworld, uint32_t ctx, MPI_Comm *out)
{
    int e = comm_make_with_ctx(rn, rworld, ctx, out);
    if (e)
        return e;
    struct comm *c = comm_get(*out), *k = comm_get(c->coll);
    struct comm *lc = comm_get(local);
    c->inter = 1;                  /* the hidden twin only carries the context */
    c->rank = k->rank = lc->rank;
    c->local = local;
    return MPI_SUCCESS;
}

int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                          int remote_leader, int tag, MPI_Comm *newcomm)
{
    const char *fn = "MPI_Intercomm_create";
    CHECK_INIT(fn);
    struct comm *lc = comm_get(local_comm);
    if (!lc || lc->inter)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (local_leader < 0 || local_leader >= lc->size || !newcomm)
        return mpi_err(local_comm, local_leader < 0 || local_leader >= lc->size ? MPI_ERR_RANK
                                                                                : MPI_ERR_ARG,
                       fn);
    if (lc->rank == local_leader) {
        struct comm *pc = comm_get(peer_comm);
        if (!pc)
            return mpi_err(local_comm, MPI_ERR_COMM, fn);
        if (remote_leader < 0 || remote_leader >= pc->size)
            return mpi_err(local_comm, MPI_ERR_RANK, fn);
    }
    MPI_Comm local;
    int e = PMPI_Comm_dup(local_comm, &local);
    if (e)
        return e;
    struct xchg x = { peer_comm, remote_leader, tag, NULL };
    int rn, rhigh;
    int *rw;
    uint32_t ctx;
    e = exchange(local, local_leader, &x, 0, &rn, &rw, &rhigh, &ctx);
    if (!e) {
        e = make_inter(local, rn, rw, ctx, newcomm);
        free(rw);
    }
    if (e) {
        PMPI_Comm_free(&local);
        return mpi_err(local_comm, e, fn);
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Intercomm_create);

int comm_inter_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    struct comm *c = comm_get(comm);
    MPI_Comm local;
    int e = PMPI_Comm_dup(c->local, &local);
    if (e)
        return e;
    struct xchg x = { MPI_COMM_NULL, 0, 0, c };
    int rn, rhigh;
    int *rw;
    uint32_t ctx;
    e = exchange(local, 0, &x, 0, &rn, &rw, &rhigh, &ctx);
    if (!e) {
        e = make_inter(local, rn, rw, ctx, newcomm);
        free(rw);
    }
    if (e) {
        PMPI_Comm_free(&local);
        return mpi_err(comm, e, "MPI_Comm_dup");
    }
    e = comm_dup_props(comm, *newcomm);
    return e ? mpi_err(comm, e, "MPI_Comm_dup") : MPI_SUCCESS;
}

int PMPI_Intercomm_merge(MPI_Comm inter, int high, MPI_Comm *newcomm)
{
    const char *fn = "MPI_Intercomm_merge";
    CHECK_INIT(fn);
    struct comm *c = comm_get(inter);
    if (!c || !c->inter)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (!newcomm)
        return mpi_err(inter, MPI_ERR_ARG, fn);
    struct xchg x = { MPI_COMM_NULL, 0, 0, c };
    int rn, rhigh;
    int *rw;
    uint32_t ctx;
    high = !!high;
    int e = exchange(c->local, 0, &x, high, &rn, &rw, &rhigh, &ctx);
    if (e)
        return mpi_err(inter, e, fn);
    struct comm *lc = comm_get(c->local);
    /* low group first; equal flags: the group of the lower leader world rank */
    int first = high != rhigh ? !high : lc->world[0] < rw[0];
    int n = lc->size + rn;
    int *all = malloc((size_t)n * sizeof *all);
    if (!all) {
        free(rw);
        return mpi_err(inter, MPI_ERR_NO_MEM, fn);
    }
    const int *a = first ? lc->world : rw, *b = first ? rw : lc->world;
    int na = first ? lc->size : rn;
    for (int i = 0; i < n; i++)
        all[i] = i < na ? a[i] : b[i - na];
    e = comm_make_with_ctx(n, all, ctx, newcomm);
    free(all);
    free(rw);
    return e ? mpi_err(inter, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Intercomm_merge);

int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    struct comm *c = comm_get(comm);
    if (!c || !c->inter)
        return mpi_err(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_remote_size");
    if (!size)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_remote_size");
    *size = c->size;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_remote_size);

int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *g)
{
    struct comm *c = comm_get(comm);
    if (!c || !c->inter)
        return mpi_err(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_remote_group");
    if (!g)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_remote_group");
    int e = group_new(c->size, c->world, g);
    return e ? mpi_err(comm, e, "MPI_Comm_remote_group") : MPI_SUCCESS;
}
MPI_ALIAS(Comm_remote_group);

/* Barrier: each group synchronizes, the leaders swap a token, each group
 * learns it from its leader. */
int inter_barrier(MPI_Comm comm)
{
    struct comm *c = comm_get(comm);
    int e = PMPI_Barrier(c->local);
    if (e)
        return e;
    int t = 0, r = 0;
    if (c->rank == 0) {
        struct xchg x = { MPI_COMM_NULL, 0, 0, c };
        e = xsendrecv(&x, &t, 1, &r, 1, TAG_X_BARRIER);
    }
    return e ? e : PMPI_Bcast(&r, 1, MPI_INT, 0, c->local);
}

/* Bcast: root is MPI_ROOT at the root, MPI_PROC_NULL in the rest of its
 * group, the root's rank in the remote group for the receiving group; the
 * root sends to the receiving group's rank 0, which broadcasts locally. */
int inter_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    struct comm *c = comm_get(comm);
    if (root == MPI_PROC_NULL)
        return MPI_SUCCESS;
    if (root == MPI_ROOT)
        return pml_send(buf, count, dt, c->world[0], TAG_X_BCAST, c->ctx + 1, c->coll);
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    int e = MPI_SUCCESS;
    if (c->rank == 0)
        e = pml_recv(buf, count, dt, c->world[root], TAG_X_BCAST, c->ctx + 1, c->coll, NULL);
    return e ? e : PMPI_Bcast(buf, count, dt, 0, c->local);
}

struct xsplit {
    int color, key, rank;
};

static int cmp_xsplit(const void *a, const void *b)
{
    const struct xsplit *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank;
}

int comm_inter_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm, const char *fn)
{
    struct comm *c = comm_get(comm);
    MPI_Comm local = c->local, nl = MPI_COMM_NULL;
    int e = PMPI_Comm_split(local, color, key, &nl);
    if (e)
        return mpi_err(comm, e, fn);
    struct comm *lc = comm_get(local);
    int ln = lc->size, rn = comm_get(comm)->size;
    int mine[3] = { color, key, (int)comm_ctx_next() };
    int *lt = malloc((size_t)ln * 3 * sizeof *lt), *rt = malloc((size_t)rn * 3 * sizeof *rt);
    struct xsplit *v = malloc((size_t)rn * sizeof *v);
    int *rw = malloc((size_t)rn * sizeof *rw);
    if (!lt || !rt || !v || !rw)
        e = MPI_ERR_NO_MEM;
    if (!e)
        e = PMPI_Allgather(mine, 3, MPI_INT, lt, 3, MPI_INT, local);
    if (!e && lc->rank == 0) {
        struct xchg x = { MPI_COMM_NULL, 0, 0, comm_get(comm) };
        e = xsendrecv(&x, lt, 3 * ln, rt, 3 * rn, TAG_X_SPLIT);
    }
    if (!e)
        e = PMPI_Bcast(rt, 3 * rn, MPI_INT, 0, local);
    int n = 0;
    if (!e) {
        c = comm_get(comm);
        int ctx = 0;
        for (int i = 0; i < ln; i++)
            ctx = lt[3 * i + 2] > ctx ? lt[3 * i + 2] : ctx;
        for (int j = 0; j < rn; j++) {
            ctx = rt[3 * j + 2] > ctx ? rt[3 * j + 2] : ctx;
            if (color != MPI_UNDEFINED && rt[3 * j] == color)
                v[n++] = (struct xsplit){ color, rt[3 * j + 1], j };
        }
        qsort(v, (size_t)n, sizeof *v, cmp_xsplit);
        for (int i = 0; i < n; i++)
            rw[i] = c->world[v[i].rank];
        *newcomm = MPI_COMM_NULL;
        /* every member of both groups agrees on ctx; a color with no remote
         * member gives MPI_COMM_NULL on its local members */
        if (nl != MPI_COMM_NULL && n > 0)
            e = make_inter(nl, n, rw, (uint32_t)ctx, newcomm);
        else if (ctx + 2 > (int)comm_ctx_next())
            comm_ctx_reserve((uint32_t)ctx);
    }
    if ((e || n == 0) && nl != MPI_COMM_NULL)
        PMPI_Comm_free(&nl);
    free(lt);
    free(rt);
    free(v);
    free(rw);
    return e ? mpi_err(comm, e, fn) : MPI_SUCCESS;
}
