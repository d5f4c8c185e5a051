/* coll_allreduce.c - MPI_Allreduce: reduce+bcast, recursive doubling
 * (short messages) and Rabenseifner's reduce-scatter + allgather (long
 * messages; Rabenseifner 2004, Thakur/Rabenseifner/Gropp 2005). A
 * non-power-of-two p first folds ranks 2i into 2i+1 (i < p - 2^k).
 * Every partial result covers a contiguous rank range and a lower range is
 * always the left operand, so non-commutative ops keep the canonical order. */
#include <stdlib.h>
#include "coll_internal.h"

/* acc (count elements, at element offset 0 of both) becomes
 * lower op upper, where the received part is tmp; `theirs_lower` says
 * which side the partner's data belongs on. */
static int combine(char *acc, char *tmp, int n, MPI_Datatype dt, MPI_Op op,
                   int theirs_lower)
{
    if (theirs_lower)
        return coll_op(tmp, acc, n, dt, op);          /* acc = tmp op acc */
    int rc = coll_op(acc, tmp, n, dt, op);            /* tmp = acc op tmp */
    return rc == MPI_SUCCESS ? coll_copy(tmp, n, dt, acc, n, dt) : rc;
}

/* Fold to a power of two: returns the new rank, or -1 for ranks that sit
 * out (even ranks below 2*rem, whose data went to rank+1). */
static int fold_in(char *acc, char *tmp, int count, MPI_Datatype dt, MPI_Op op,
                   int rank, int rem, MPI_Comm comm, int *rc)
{
    if (rank >= 2 * rem)
        return rank - rem;
    if (rank % 2 == 0) {
        *rc = coll_send(acc, count, dt, rank + 1, TAG_ALLREDUCE, comm);
        return -1;
    }
    *rc = coll_recv(tmp, count, dt, rank - 1, TAG_ALLREDUCE, comm);
    if (*rc == MPI_SUCCESS)
        *rc = combine(acc, tmp, count, dt, op, 1);
    return rank / 2;
}

static int fold_out(char *acc, int count, MPI_Datatype dt, int rank, int rem, MPI_Comm comm)
{
    if (rank >= 2 * rem)
        return MPI_SUCCESS;
    if (rank % 2)
        return coll_send(acc, count, dt, rank - 1, TAG_ALLREDUCE, comm);
    return coll_recv(acc, count, dt, rank + 1, TAG_ALLREDUCE, comm);
}

static int real_rank(int newrank, int rem)
{
    return newrank < rem ? 2 * newrank + 1 : newrank + rem;
}

static int allreduce_recursive_doubling(char *acc, char *tmp, int count, MPI_Datatype dt,
                                        MPI_Op op, int rank, int size, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, pof2 = coll_pow2_floor(size), rem = size - pof2;
    int nr = fold_in(acc, tmp, count, dt, op, rank, rem, comm, &rc);
    if (rc != MPI_SUCCESS)
        return rc;
    for (int mask = 1; nr >= 0 && mask < pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        int nd = nr ^ mask, dst = real_rank(nd, rem);
        rc = coll_sendrecv(acc, count, dt, dst, tmp, count, dt, dst, TAG_ALLREDUCE, comm);
        if (rc == MPI_SUCCESS)
            rc = combine(acc, tmp, count, dt, op, nd < nr);
    }
    return rc == MPI_SUCCESS ? fold_out(acc, count, dt, rank, rem, comm) : rc;
}

/* Block b of count elements cut into pof2 blocks starts at element: */
static int blk(int b, int count, int pof2)
{
    int q = count / pof2, r = count % pof2;
    return b * q + (b < r ? b : r);
}

static int allreduce_rabenseifner(char *acc, char *tmp, int count, MPI_Datatype dt,
                                  MPI_Op op, int rank, int size, MPI_Comm comm,
                                  const struct coll_type *t)
{
    int rc = MPI_SUCCESS, pof2 = coll_pow2_floor(size), rem = size - pof2;
    int lo_s[32], hi_s[32], steps = 0;
    int nr = fold_in(acc, tmp, count, dt, op, rank, rem, comm, &rc);
    if (rc != MPI_SUCCESS || nr < 0)
        goto fold;
    /* reduce-scatter, distance doubling: windows of blocks halve and the
     * partner (same window) covers the neighbouring rank range. */
    int lo = 0, hi = pof2;
    for (int mask = 1; mask < pof2; mask <<= 1, steps++) {
        int nd = nr ^ mask, dst = real_rank(nd, rem), mid = (lo + hi) / 2;
        int klo = (nr & mask) ? mid : lo, khi = (nr & mask) ? hi : mid;   /* keep */
        int slo = (nr & mask) ? lo : mid, shi = (nr & mask) ? mid : hi;   /* send */
        int ko = blk(klo, count, pof2), kn = blk(khi, count, pof2) - ko;
        int so = blk(slo, count, pof2), sn = blk(shi, count, pof2) - so;
        lo_s[steps] = lo;
        hi_s[steps] = hi;
        rc = coll_sendrecv(coll_elem(acc, so, t), sn, dt, dst, coll_elem(tmp, ko, t), kn, dt,
                           dst, TAG_ALLREDUCE, comm);
        if (rc == MPI_SUCCESS)
            rc = combine(coll_elem(acc, ko, t), coll_elem(tmp, ko, t), kn, dt, op, nd < nr);
        if (rc != MPI_SUCCESS)
            return rc;
        lo = klo;
        hi = khi;
    }
    /* allgather: undo the halvings, last first */
    for (int s = steps - 1; s >= 0; s--) {
        int mask = 1 << s, nd = nr ^ mask, dst = real_rank(nd, rem);
        int wlo = lo_s[s], whi = hi_s[s];
        int olo = lo == wlo ? hi : wlo, ohi = lo == wlo ? whi : lo;       /* other half */
        int mo = blk(lo, count, pof2), mn = blk(hi, count, pof2) - mo;
        int oo = blk(olo, count, pof2), on = blk(ohi, count, pof2) - oo;
        rc = coll_sendrecv(coll_elem(acc, mo, t), mn, dt, dst, coll_elem(acc, oo, t), on, dt,
                           dst, TAG_ALLREDUCE, comm);
        if (rc != MPI_SUCCESS)
            return rc;
        lo = wlo;
        hi = whi;
    }
fold:
    return rc == MPI_SUCCESS ? fold_out(acc, count, dt, rank, rem, comm) : rc;
}

/* On q = 2^k ranks recursive doubling takes k steps of n bytes, time
 * k (L + n/B); Rabenseifner 2k steps that move 2n(q-1)/q bytes, time
 * 2k L + 2n(q-1)/(qB) (Thakur/Rabenseifner/Gropp 2005 sec 4). Recursive
 * doubling wins while n (k - 2(q-1)/q) < k L B, with the link model's L
 * and B (coll_model_params; every rank reads the same figures, so all
 * choose alike). */
int coll_allreduce_choice(int count, size_t tsize, int size)
{
    int alg = coll_choice(COLL_ALLREDUCE);
    if (alg != ALLREDUCE_AUTO)
        return alg;
    int q = coll_pow2_floor(size), k = coll_ceil_log2(q);
    if (count < q)
        return ALLREDUCE_RECURSIVE_DOUBLING;
    double L, B, n = (double)count * (double)tsize;
    coll_model_params(&L, &B);
    return n * (k - 2.0 * (q - 1) / q) < k * L * B ? ALLREDUCE_RECURSIVE_DOUBLING
                                                   : ALLREDUCE_RABENSEIFNER;
}

int coll_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
                   MPI_Op op, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    void *b = NULL;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (count == 0)
        return MPI_SUCCESS;
    if (sbuf != MPI_IN_PLACE)
        TRY(coll_copy(sbuf, count, dt, rbuf, count, dt));
    if (size == 1)
        return MPI_SUCCESS;
    struct coll_type t;
    TRY(coll_type_info(dt, &t));
    int alg = coll_allreduce_choice(count, (size_t)t.size, size);
    if (alg == ALLREDUCE_REDUCE_BCAST) {
        char *tmp = coll_tmp_alloc(count, &t, &b);
        if (!tmp) { rc = MPI_ERR_NO_MEM; goto out; }
        TRY(coll_copy(rbuf, count, dt, tmp, count, dt));
        /* a tree rooted at rank 0 keeps the rank order for any op */
        TRY(coll_reduce_binomial(tmp, rbuf, count, dt, op, 0, comm));
        TRY(coll_bcast(rbuf, count, dt, 0, comm));
        goto out;
    }
    char *tmp = coll_tmp_alloc(count, &t, &b);
    if (!tmp) { rc = MPI_ERR_NO_MEM; goto out; }
    if (alg == ALLREDUCE_RABENSEIFNER)
        rc = allreduce_rabenseifner(rbuf, tmp, count, dt, op, rank, size, comm, &t);
    else
        rc = allreduce_recursive_doubling(rbuf, tmp, count, dt, op, rank, size, comm);
out:
    free(b);
    return rc;
}
