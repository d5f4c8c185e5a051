/* mpi_nbc.c - MPI entry points of the non-blocking collectives (MPI-3.1
 * sec 5.12): argument checks as the blocking ones (mpi_coll_check.h), then a
 * schedule (mpi_nbc.h) of the algorithm:
 *   Ibarrier              dissemination, ceil(log2 p) rounds
 *   Ibcast                the blocking Bcast's tree (mpi_nbc_tree.c)
 *   Ireduce, Iallreduce   binomial tree (rooted at 0 and then sent to the root
 *                         for a non-commutative op, so operands stay in rank
 *                         order); Iallreduce: recursive doubling when the
 *                         blocking one would, else reduce to 0 + Ibcast's tree
 *   Igather(v), Iscatter(v)            direct, one round
 *   Iallgather(v), Ialltoall(v,w)      direct exchange with every member
 *   Ireduce_scatter(_block)            reduce to 0, then scatter
 *   Iscan, Iexscan                     chain through the ranks
 * MPI_IN_PLACE as for the blocking calls. */
#include "mpi_nbc.h"
#include "mpi_coll_check.h"
#include <stdlib.h>

static MPI_Aint ext_of(MPI_Datatype dt)
{
    MPI_Aint lb, ext;
    PMPI_Type_get_extent(dt, &lb, &ext);
    return ext;
}

static void *at(const void *buf, MPI_Aint off)
{
    return (char *)buf + off;
}

/* Start s, or drop it and report e when building failed (e != 0); fn
 * names the call. */
static int launch(struct nbc_sched *s, int e, MPI_Comm comm, MPI_Request *req, const char *fn)
{
    if (e)
        nbc_discard(s);
    else
        e = nbc_start(s, req);
    return e ? mpi_err(comm, e, fn) : MPI_SUCCESS;
}

/* Every entry point has one shape: the checks (ENTER and the argument
 * shape's coll_check_*, shared with the blocking call, mpi_coll_check.h),
 * a new schedule s, its building, launch. NBC_BEGIN is the first part. */
#define NBC_BEGIN(fn, check)                                    \
    ENTER(fn);                                                  \
    TRY(check);                                                 \
    if (!req)                                                   \
        return mpi_err(comm, MPI_ERR_REQUEST, fn);              \
    struct nbc_sched *s = nbc_new(c);                           \
    if (!s)                                                     \
        return mpi_err(comm, MPI_ERR_NO_MEM, fn)

/* ---- building blocks ---- */

/* Binomial reduction: acc holds this rank's operand; at the end the root's
 * acc holds the result (other ranks' acc is scratch). Children with higher
 * virtual ranks are combined on the right (acc op child), so with root 0 the
 * order is rank order, as a non-commutative op needs. */
static void build_reduce(struct nbc_sched *s, void *acc, int count, MPI_Datatype dt, MPI_Op op,
                         int root, int rank, int p)
{
    int vr = (rank - root + p) % p;
    for (int mask = 1; mask < p; mask <<= 1) {
        if (vr & mask) {
            nbc_send(s, acc, count, dt, (vr - mask + root) % p);
            nbc_round(s);
            return;
        }
        if (vr + mask < p) {
            void *t = nbc_tmp(s, count, dt);
            if (!t)
                return;
            nbc_recv(s, t, count, dt, (vr + mask + root) % p);
            nbc_round(s);
            nbc_op(s, acc, t, count, dt, op);           /* t = acc op t */
            nbc_copy(s, t, count, dt, acc, count, dt);
        }
    }
    nbc_round(s);
}

/* Reduce acc (this rank's operand) to root's out (may be acc itself). */
static void build_reduce_to(struct nbc_sched *s, void *acc, void *out, int count,
                            MPI_Datatype dt, MPI_Op op, int root, int rank, int p)
{
    int commute = 1;
    PMPI_Op_commutative(op, &commute);
    int tree_root = commute ? root : 0;
    build_reduce(s, acc, count, dt, op, tree_root, rank, p);
    if (tree_root != root) {
        if (rank == 0)
            nbc_send(s, acc, count, dt, root);
        if (rank == root)
            nbc_recv(s, out, count, dt, 0);
        nbc_round(s);
    } else if (rank == root && acc != out) {
        nbc_copy(s, acc, count, dt, out, count, dt);
        nbc_round(s);
    }
}

/* Gather(v) to root: rcounts/displs NULL for the fixed-count form. */
static void build_gather(struct nbc_sched *s, struct comm *c, const void *sbuf, int scount,
                         MPI_Datatype sdt, void *rbuf, int rcount, const int *rcounts,
                         const int *displs, MPI_Datatype rdt, int root)
{
    if (c->rank != root) {
        nbc_send(s, sbuf, scount, sdt, root);
        return;
    }
    MPI_Aint ext = ext_of(rdt);
    for (int i = 0; i < c->size; i++) {
        int n = rcounts ? rcounts[i] : rcount;
        void *dst = at(rbuf, (MPI_Aint)(displs ? displs[i] : i * rcount) * ext);
        if (i != root)
            nbc_recv(s, dst, n, rdt, i);
        else if (sbuf != MPI_IN_PLACE)
            nbc_copy(s, sbuf, scount, sdt, dst, n, rdt);
    }
}

/* Scatter(v) from root: the mirror of build_gather. */
static void build_scatter(struct nbc_sched *s, struct comm *c, const void *sbuf, int scount,
                          const int *scounts, const int *displs, MPI_Datatype sdt,
                          void *rbuf, int rcount, MPI_Datatype rdt, int root)
{
    if (c->rank != root) {
        nbc_recv(s, rbuf, rcount, rdt, root);
        return;
    }
    MPI_Aint ext = ext_of(sdt);
    for (int i = 0; i < c->size; i++) {
        int n = scounts ? scounts[i] : scount;
        const void *src = at(sbuf, (MPI_Aint)(displs ? displs[i] : i * scount) * ext);
        if (i != root)
            nbc_send(s, src, n, sdt, i);
        else if (rbuf != MPI_IN_PLACE)
            nbc_copy(s, src, n, sdt, rbuf, rcount, rdt);
    }
}

/* ---- entry points ---- */

int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Ibarrier";
    NBC_BEGIN(fn, MPI_SUCCESS);
    for (int k = 1; k < c->size; k <<= 1) {
        nbc_send(s, NULL, 0, MPI_BYTE, (c->rank + k) % c->size);
        nbc_recv(s, NULL, 0, MPI_BYTE, (c->rank - k + c->size) % c->size);
        nbc_round(s);
    }
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Ibarrier);

int PMPI_Ibcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm,
                MPI_Request *req)
{
    const char *fn = "MPI_Ibcast";
    NBC_BEGIN(fn, coll_check_bcast(comm, c, count, dt, root, fn));
    return launch(s, nbc_build_bcast(s, c, buf, count, dt, root), comm, req, fn);
}
MPI_ALIAS(Ibcast);

int PMPI_Ireduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op, int root,
                 MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Ireduce";
    NBC_BEGIN(fn, coll_check_reduce(comm, c, count, dt, op, root, fn));
    void *acc;
    if (c->rank == root && sbuf == MPI_IN_PLACE) {
        acc = rbuf;
    } else {
        acc = c->rank == root ? rbuf : nbc_tmp(s, count, dt);
        if (acc)
            nbc_copy(s, sbuf, count, dt, acc, count, dt);
    }
    if (acc)
        build_reduce_to(s, acc, rbuf, count, dt, op, root, c->rank, c->size);
    return launch(s, acc ? 0 : MPI_ERR_NO_MEM, comm, req, fn);
}
MPI_ALIAS(Ireduce);

int PMPI_Iallreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                    MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Iallreduce";
    NBC_BEGIN(fn, coll_check_reduce(comm, c, count, dt, op, -1, fn));
    if (sbuf != MPI_IN_PLACE)
        nbc_copy(s, sbuf, count, dt, rbuf, count, dt);
    int e = nbc_build_allreduce_rdb(s, c, rbuf, count, dt, op);
    if (e == NBC_NOT_CHOSEN) {
        build_reduce(s, rbuf, count, dt, op, 0, c->rank, c->size);
        e = nbc_build_bcast(s, c, rbuf, count, dt, 0);
    }
    return launch(s, e, comm, req, fn);
}
MPI_ALIAS(Iallreduce);

int PMPI_Igather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                 MPI_Datatype rdt, int root, MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Igather";
    NBC_BEGIN(fn, coll_check_gather(comm, c, sbuf, scount, sdt, rcount, NULL, NULL, rdt, root,
                                    0, fn));
    build_gather(s, c, sbuf, scount, sdt, rbuf, rcount, NULL, NULL, rdt, root);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Igather);

int PMPI_Igatherv(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                  const int rcounts[], const int displs[], MPI_Datatype rdt, int root,
                  MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Igatherv";
    NBC_BEGIN(fn, coll_check_gather(comm, c, sbuf, scount, sdt, 0, rcounts, displs, rdt, root,
                                    1, fn));
    build_gather(s, c, sbuf, scount, sdt, rbuf, 0, rcounts, displs, rdt, root);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Igatherv);

int PMPI_Iscatter(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                  MPI_Datatype rdt, int root, MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Iscatter";
    NBC_BEGIN(fn, coll_check_scatter(comm, c, scount, NULL, NULL, sdt, rbuf, rcount, rdt, root,
                                     0, fn));
    build_scatter(s, c, sbuf, scount, NULL, NULL, sdt, rbuf, rcount, rdt, root);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Iscatter);

int PMPI_Iscatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype sdt,
                   void *rbuf, int rcount, MPI_Datatype rdt, int root, MPI_Comm comm,
                   MPI_Request *req)
{
    const char *fn = "MPI_Iscatterv";
    NBC_BEGIN(fn, coll_check_scatter(comm, c, 0, scounts, displs, sdt, rbuf, rcount, rdt, root,
                                     1, fn));
    build_scatter(s, c, sbuf, 0, scounts, displs, sdt, rbuf, rcount, rdt, root);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Iscatterv);

/* Allgather(v): every member's block to every other member, directly. */
static void build_allgatherv(struct nbc_sched *s, struct comm *c, const void *sbuf, int scount,
                             MPI_Datatype sdt, void *rbuf, const int *rcounts,
                             const int *displs, int rcount, MPI_Datatype rdt)
{
    MPI_Aint ext = ext_of(rdt);
    int me = c->rank;
    MPI_Aint mine = (MPI_Aint)(displs ? displs[me] : me * rcount) * ext;
    int mycount = rcounts ? rcounts[me] : rcount;
    if (sbuf != MPI_IN_PLACE)
        nbc_copy(s, sbuf, scount, sdt, at(rbuf, mine), mycount, rdt);
    for (int i = 0; i < c->size; i++) {
        if (i == me)
            continue;
        nbc_send(s, at(rbuf, mine), mycount, rdt, i);
        MPI_Aint off = (MPI_Aint)(displs ? displs[i] : i * rcount) * ext;
        nbc_recv(s, at(rbuf, off), rcounts ? rcounts[i] : rcount, rdt, i);
    }
}

int PMPI_Iallgather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                    MPI_Datatype rdt, MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Iallgather";
    NBC_BEGIN(fn, coll_check_allgather(comm, c, sbuf, scount, sdt, rcount, NULL, NULL, rdt, 0,
                                       fn));
    build_allgatherv(s, c, sbuf, scount, sdt, rbuf, NULL, NULL, rcount, rdt);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Iallgather);

int PMPI_Iallgatherv(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                     const int rcounts[], const int displs[], MPI_Datatype rdt, MPI_Comm comm,
                     MPI_Request *req)
{
    const char *fn = "MPI_Iallgatherv";
    NBC_BEGIN(fn, coll_check_allgather(comm, c, sbuf, scount, sdt, 0, rcounts, displs, rdt, 1,
                                       fn));
    build_allgatherv(s, c, sbuf, scount, sdt, rbuf, rcounts, displs, 0, rdt);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Iallgatherv);

/* Alltoallw, the general form of the three: block i of the send side is
 * scounts[i] of sdts[i] at byte offset sdispls[i]. In place (sbuf ==
 * MPI_IN_PLACE), the send blocks are copied out of rbuf first. */
static void build_alltoallw(struct nbc_sched *s, struct comm *c, const void *sbuf,
                            const int *scounts, const MPI_Aint *sdispls,
                            const MPI_Datatype *sdts, void *rbuf, const int *rcounts,
                            const MPI_Aint *rdispls, const MPI_Datatype *rdts)
{
    int me = c->rank;
    for (int i = 0; i < c->size; i++) {
        void *dst = at(rbuf, rdispls[i]);
        const void *src;
        if (sbuf == MPI_IN_PLACE) {
            void *t = nbc_tmp(s, rcounts[i], rdts[i]);
            if (!t)
                return;
            nbc_copy(s, dst, rcounts[i], rdts[i], t, rcounts[i], rdts[i]);
            src = t;
        } else {
            src = at(sbuf, sdispls[i]);
        }
        if (i == me) {
            if (sbuf != MPI_IN_PLACE)
                nbc_copy(s, src, scounts[i], sdts[i], dst, rcounts[i], rdts[i]);
            continue;
        }
        if (sbuf == MPI_IN_PLACE)
            nbc_send(s, src, rcounts[i], rdts[i], i);
        else
            nbc_send(s, src, scounts[i], sdts[i], i);
        nbc_recv(s, dst, rcounts[i], rdts[i], i);
    }
}

/* Alltoall and Alltoallv expressed as Alltoallw's arrays. */
static int alltoall_arrays(struct comm *c, const int *scounts, const int *sdispls, int scount,
                           MPI_Datatype sdt, const int *rcounts, const int *rdispls,
                           int rcount, MPI_Datatype rdt, const void *sbuf, void *rbuf,
                           struct nbc_sched *s)
{
    int p = c->size;
    int *sc = malloc(2 * (size_t)p * sizeof *sc);
    MPI_Aint *sd = malloc(2 * (size_t)p * sizeof *sd);
    MPI_Datatype *ty = malloc(2 * (size_t)p * sizeof *ty);
    if (!sc || !sd || !ty) {
        free(sc);
        free(sd);
        free(ty);
        return MPI_ERR_NO_MEM;
    }
    MPI_Aint sext = sbuf == MPI_IN_PLACE ? 0 : ext_of(sdt), rext = ext_of(rdt);
    for (int i = 0; i < p; i++) {
        sc[i] = scounts ? scounts[i] : scount;
        sd[i] = (MPI_Aint)(sdispls ? sdispls[i] : i * scount) * sext;
        ty[i] = sdt;
        sc[p + i] = rcounts ? rcounts[i] : rcount;
        sd[p + i] = (MPI_Aint)(rdispls ? rdispls[i] : i * rcount) * rext;
        ty[p + i] = rdt;
    }
    build_alltoallw(s, c, sbuf, sc, sd, ty, rbuf, sc + p, sd + p, ty + p);
    free(sc);
    free(sd);
    free(ty);
    return MPI_SUCCESS;
}

int PMPI_Ialltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                   MPI_Datatype rdt, MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Ialltoall";
    NBC_BEGIN(fn, coll_check_alltoall(comm, c, sbuf, scount, NULL, NULL, sdt, rcount, NULL, NULL,
                                      rdt, 0, fn));
    int e = alltoall_arrays(c, NULL, NULL, scount, sdt, NULL, NULL, rcount, rdt, sbuf, rbuf, s);
    return launch(s, e, comm, req, fn);
}
MPI_ALIAS(Ialltoall);

int PMPI_Ialltoallv(const void *sbuf, const int scounts[], const int sdispls[],
                    MPI_Datatype sdt, void *rbuf, const int rcounts[], const int rdispls[],
                    MPI_Datatype rdt, MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Ialltoallv";
    NBC_BEGIN(fn, coll_check_alltoall(comm, c, sbuf, 0, scounts, sdispls, sdt, 0, rcounts,
                                      rdispls, rdt, 1, fn));
    int e = alltoall_arrays(c, sbuf == MPI_IN_PLACE ? NULL : scounts,
                            sbuf == MPI_IN_PLACE ? NULL : sdispls, 0, sdt, rcounts, rdispls, 0,
                            rdt, sbuf, rbuf, s);
    return launch(s, e, comm, req, fn);
}
MPI_ALIAS(Ialltoallv);

static int check_alltoallw(MPI_Comm comm, struct comm *c, const void *sbuf, const int *scounts,
                           const int *sdispls, const MPI_Datatype *sdts, const int *rcounts,
                           const int *rdispls, const MPI_Datatype *rdts, const char *fn)
{
    if (!rcounts || !rdispls || !rdts ||
        (sbuf != MPI_IN_PLACE && (!scounts || !sdispls || !sdts)))
        return mpi_err(comm, MPI_ERR_ARG, fn);
    for (int i = 0; i < c->size; i++) {
        TRY(chk_buf(comm, rcounts[i], rdts[i], fn));
        if (sbuf != MPI_IN_PLACE)
            TRY(chk_buf(comm, scounts[i], sdts[i], fn));
    }
    return MPI_SUCCESS;
}

int PMPI_Ialltoallw(const void *sbuf, const int scounts[], const int sdispls[],
                    const MPI_Datatype sdts[], void *rbuf, const int rcounts[],
                    const int rdispls[], const MPI_Datatype rdts[], MPI_Comm comm,
                    MPI_Request *req)
{
    const char *fn = "MPI_Ialltoallw";
    NBC_BEGIN(fn, check_alltoallw(comm, c, sbuf, scounts, sdispls, sdts, rcounts, rdispls, rdts,
                                  fn));
    int p = c->size;
    MPI_Aint *d = malloc(2 * (size_t)p * sizeof *d);
    if (d) {
        for (int i = 0; i < p; i++) {
            d[i] = sbuf == MPI_IN_PLACE ? 0 : sdispls[i];
            d[p + i] = rdispls[i];
        }
        build_alltoallw(s, c, sbuf, scounts, d, sdts, rbuf, rcounts, d + p, rdts);
        free(d);
    }
    return launch(s, d ? 0 : MPI_ERR_NO_MEM, comm, req, fn);
}
MPI_ALIAS(Ialltoallw);

/* Reduce_scatter: the whole vector reduced to rank 0 (in rank order), then
 * rcounts[i] elements scattered to rank i. */
static void build_reduce_scatter(struct nbc_sched *s, struct comm *c, const void *sbuf,
                                 void *rbuf, const int *rcounts, int rcount, MPI_Datatype dt,
                                 MPI_Op op)
{
    int p = c->size, total = 0;
    for (int i = 0; i < p; i++)
        total += rcounts ? rcounts[i] : rcount;
    void *acc = nbc_tmp(s, total, dt);
    if (!acc)
        return;
    nbc_copy(s, sbuf == MPI_IN_PLACE ? rbuf : sbuf, total, dt, acc, total, dt);
    build_reduce(s, acc, total, dt, op, 0, c->rank, p);
    MPI_Aint ext = ext_of(dt), off = 0;
    for (int i = 0; i < p; i++) {
        int n = rcounts ? rcounts[i] : rcount;
        if (c->rank == 0 && i == 0)
            nbc_copy(s, acc, n, dt, rbuf, n, dt);
        else if (c->rank == 0)
            nbc_send(s, at(acc, off), n, dt, i);
        else if (c->rank == i)
            nbc_recv(s, rbuf, n, dt, 0);
        off += (MPI_Aint)n * ext;
    }
}

int PMPI_Ireduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype dt,
                         MPI_Op op, MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Ireduce_scatter";
    NBC_BEGIN(fn, coll_check_reduce_scatter(comm, c, 0, rcounts, dt, op, fn));
    build_reduce_scatter(s, c, sbuf, rbuf, rcounts, 0, dt, op);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Ireduce_scatter);

int PMPI_Ireduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype dt,
                               MPI_Op op, MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Ireduce_scatter_block";
    NBC_BEGIN(fn, coll_check_reduce_scatter(comm, c, rcount, NULL, dt, op, fn));
    build_reduce_scatter(s, c, sbuf, rbuf, NULL, rcount, dt, op);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Ireduce_scatter_block);

/* Scan chain: rank r gets the prefix of ranks 0..r-1 from r-1. inclusive:
 * rbuf = prefix op own; exclusive: rbuf = prefix (rank 0's rbuf untouched). */
static void build_scan(struct nbc_sched *s, struct comm *c, const void *sbuf, void *rbuf,
                       int count, MPI_Datatype dt, MPI_Op op, int inclusive)
{
    int r = c->rank, p = c->size;
    const void *own = sbuf;
    if (sbuf == MPI_IN_PLACE) {          /* the operand is in rbuf */
        void *t = nbc_tmp(s, count, dt);
        if (!t)
            return;
        nbc_copy(s, rbuf, count, dt, t, count, dt);
        own = t;
    }
    void *out = nbc_tmp(s, count, dt);   /* what goes to r + 1 */
    void *pre = r > 0 ? nbc_tmp(s, count, dt) : NULL;
    if (!out || (r > 0 && !pre))
        return;
    nbc_copy(s, own, count, dt, out, count, dt);
    if (r > 0)
        nbc_recv(s, pre, count, dt, r - 1);
    nbc_round(s);
    if (r > 0) {
        nbc_op(s, pre, out, count, dt, op);      /* out = prefix op own */
        nbc_copy(s, inclusive ? out : pre, count, dt, rbuf, count, dt);
    } else if (inclusive) {
        nbc_copy(s, out, count, dt, rbuf, count, dt);
    }
    if (r + 1 < p)
        nbc_send(s, out, count, dt, r + 1);
}

int PMPI_Iscan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
               MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Iscan";
    NBC_BEGIN(fn, coll_check_reduce(comm, c, count, dt, op, -1, fn));
    build_scan(s, c, sbuf, rbuf, count, dt, op, 1);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Iscan);

int PMPI_Iexscan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                 MPI_Comm comm, MPI_Request *req)
{
    const char *fn = "MPI_Iexscan";
    NBC_BEGIN(fn, coll_check_reduce(comm, c, count, dt, op, -1, fn));
    build_scan(s, c, sbuf, rbuf, count, dt, op, 0);
    return launch(s, 0, comm, req, fn);
}
MPI_ALIAS(Iexscan);

/* The blocking Alltoallw: its schedule, waited for. */
int PMPI_Alltoallw(const void *sbuf, const int scounts[], const int sdispls[],
                   const MPI_Datatype sdts[], void *rbuf, const int rcounts[],
                   const int rdispls[], const MPI_Datatype rdts[], MPI_Comm comm)
{
    MPI_Request r;
    int e = PMPI_Ialltoallw(sbuf, scounts, sdispls, sdts, rbuf, rcounts, rdispls, rdts, comm,
                            &r);
    return e ? e : PMPI_Wait(&r, MPI_STATUS_IGNORE);
}
MPI_ALIAS(Alltoallw);

/* Every member's *v becomes the maximum of all members' (reduced to rank 0,
 * then the blocking Bcast's tree): two rounds of the schedule. */
int nbc_build_allmax(struct nbc_sched *s, struct comm *c, int *v)
{
    build_reduce_to(s, v, v, 1, MPI_INT, MPI_MAX, 0, c->rank, c->size);
    nbc_round(s);
    int e = nbc_build_bcast(s, c, v, 1, MPI_INT, 0);
    nbc_round(s);
    return e;
}
