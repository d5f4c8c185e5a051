/* mpi_nbc_tree.c - the tree of a non-blocking broadcast (MPI_Ibcast, and the
 * broadcast half of MPI_Iallreduce) is the one the blocking MPI_Bcast would
 * use for the same size: coll_decide_bcast (coll/coll_decide.c, seed 004
 * eq. 3-7, or MPI_MBCF_COLL_BCAST / _SEGSIZE when forced) picks the
 * algorithm and segment size. Linear, binomial, chain, pipeline and binary
 * tree are built as schedules (mpi_nbc.h) over the same parent/children as
 * coll_bcast.c and coll_bcast_pipe.c; segmented ones stream: in round k a
 * rank receives segment k from its parent and forwards segment k-1 to its
 * children. The algorithms that need other steps (split binary tree,
 * scatter+allgather, the TofuD trees) are built as the binomial tree.
 * Iallreduce likewise follows the blocking choice (coll_allreduce_choice):
 * recursive doubling as a schedule, else reduce to 0 + this broadcast. */
#include "mpi_nbc.h"
#include "mpi_datatype.h"
#include "coll_internal.h"
#include "coll_shape.h"
#include <stdlib.h>

/* Parent (-1 at the root) and children of vrank v (rank - root mod p). */
static int tree_of(int alg, int v, int p, int *children, int *nc)
{
    *nc = 0;
    switch (alg) {
    case BCAST_LINEAR:
        if (v == 0)
            for (int i = 1; i < p; i++)
                children[(*nc)++] = i;
        return v ? 0 : -1;
    case BCAST_CHAIN:
    case BCAST_PIPELINE:
        if (v + 1 < p)
            children[(*nc)++] = v + 1;
        return v ? v - 1 : -1;
    case BCAST_BINTREE:
        for (int k = 1; k <= 2; k++)
            if (2 * v + k < p)
                children[(*nc)++] = 2 * v + k;
        return v ? (v - 1) / 2 : -1;
    default: {                  /* binomial: from v - lowbit(v), to v + 2^j < lowbit(v) */
        int mask = 1, parent = -1;
        while (mask < p && !(v & mask))
            mask <<= 1;
        if (mask < p)
            parent = v - mask;
        for (mask >>= 1; mask > 0; mask >>= 1)
            if (v + mask < p)
                children[(*nc)++] = v + mask;
        return parent;
    }
    }
}

int nbc_build_bcast(struct nbc_sched *s, struct comm *c, void *buf, int count,
                    MPI_Datatype dt, int root)
{
    int p = c->size, v = (c->rank - root + p) % p;
    struct dte *d = dt_layout(dt);
    size_t n = (size_t)(d->size * count), seg = coll_segsize_env(COLL_BCAST);
    int alg = coll_choice(COLL_BCAST);
    struct coll_shape sh;
    coll_comm_shape(c->coll, &sh);
    coll_decide_bcast(c->coll, &sh, n, &alg, &seg);
    int *children = malloc((size_t)p * sizeof *children), nc;
    if (!children)
        return MPI_ERR_NO_MEM;
    int parent = tree_of(alg, v, p, children, &nc);
    for (int i = 0; i < nc; i++)
        children[i] = (children[i] + root) % p;
    if (parent >= 0)
        parent = (parent + root) % p;
    int64_t off;
    int segmented = (alg == BCAST_PIPELINE || alg == BCAST_BINTREE) && seg > 0 && seg < n &&
                    dte_is_contig(d, count, &off);
    if (!segmented) {
        if (parent >= 0)
            nbc_recv(s, buf, count, dt, parent);
        nbc_round(s);
        for (int i = 0; i < nc; i++)
            nbc_send(s, buf, count, dt, children[i]);
        nbc_round(s);
    } else {
        char *base = (char *)buf + off;
        size_t nseg = (n + seg - 1) / seg;
        for (size_t k = 0; k <= nseg; k++) {
            if (parent >= 0 && k < nseg)
                nbc_recv(s, base + k * seg, (int)(n - k * seg < seg ? n - k * seg : seg),
                         MPI_BYTE, parent);
            if (k > 0)
                for (int i = 0; i < nc; i++)
                    nbc_send(s, base + (k - 1) * seg,
                             (int)(n - (k - 1) * seg < seg ? n - (k - 1) * seg : seg),
                             MPI_BYTE, children[i]);
            nbc_round(s);
        }
    }
    free(children);
    return MPI_SUCCESS;
}

/* Recursive doubling (coll_allreduce.c's, as a schedule): with p = 2^k + rem,
 * ranks 2i < 2 rem first hand their operand to 2i + 1 and get the result
 * back at the end; the others exchange with newrank ^ mask, the lower range
 * always the left operand (non-commutative ops keep rank order). */
static void build_rdb(struct nbc_sched *s, struct comm *c, void *acc, void *tmp, int count,
                      MPI_Datatype dt, MPI_Op op)
{
    int rank = c->rank, pof2 = coll_pow2_floor(c->size), rem = c->size - pof2, nr;
    if (rank < 2 * rem && rank % 2 == 0) {
        nbc_send(s, acc, count, dt, rank + 1);
        nbc_round(s);
        nbc_recv(s, acc, count, dt, rank + 1);
        nbc_round(s);
        return;
    }
    if (rank < 2 * rem) {
        nbc_recv(s, tmp, count, dt, rank - 1);
        nbc_round(s);
        nbc_op(s, tmp, acc, count, dt, op);          /* acc = theirs op acc */
        nr = rank / 2;
    } else {
        nr = rank - rem;
    }
    for (int mask = 1; mask < pof2; mask <<= 1) {
        int nd = nr ^ mask, dst = nd < rem ? 2 * nd + 1 : nd + rem;
        nbc_send(s, acc, count, dt, dst);
        nbc_recv(s, tmp, count, dt, dst);
        nbc_round(s);
        if (nd < nr) {
            nbc_op(s, tmp, acc, count, dt, op);      /* acc = theirs op acc */
        } else {
            nbc_op(s, acc, tmp, count, dt, op);      /* tmp = acc op theirs */
            nbc_copy(s, tmp, count, dt, acc, count, dt);
        }
    }
    if (rank < 2 * rem)
        nbc_send(s, acc, count, dt, rank - 1);
    nbc_round(s);
}

int nbc_build_allreduce_rdb(struct nbc_sched *s, struct comm *c, void *rbuf, int count,
                            MPI_Datatype dt, MPI_Op op)
{
    struct dte *d = dt_layout(dt);
    if (c->size < 2 ||
        coll_allreduce_choice(count, (size_t)d->size, c->size) != ALLREDUCE_RECURSIVE_DOUBLING)
        return NBC_NOT_CHOSEN;
    void *tmp = nbc_tmp(s, count, dt);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    build_rdb(s, c, rbuf, tmp, count, dt, op);
    return MPI_SUCCESS;
}
