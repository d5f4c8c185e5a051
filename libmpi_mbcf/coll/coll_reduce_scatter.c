/* coll_reduce_scatter.c - MPI_Reduce_scatter and MPI_Reduce_scatter_block:
 * reduce to rank 0 + scatterv (any op, canonical order), and recursive
 * halving (commutative ops; p folded to a power of two first: even rank
 * 2i < 2*rem hands its data to 2i+1 and gets its block back at the end).
 * MPI_IN_PLACE: the input is in rbuf (MPI-3.1 sec 5.10). */
#include <stdlib.h>
#include "coll_internal.h"

static int rs_reduce_scatterv(const void *in, void *rbuf, const int *cnt, const int *dsp,
                              int total, MPI_Datatype dt, MPI_Op op, int rank,
                              const struct coll_type *t, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    void *b = NULL;
    char *tmp = NULL;
    if (rank == 0) {
        tmp = coll_tmp_alloc(total, t, &b);
        if (!tmp)
            return MPI_ERR_NO_MEM;
    }
    TRY(coll_reduce(in, tmp, total, dt, op, 0, comm));
    TRY(coll_scatterv(tmp, cnt, dsp, dt, rbuf, cnt[rank], dt, 0, comm));
out:
    free(b);
    return rc;
}

static int rs_halving(const void *in, void *rbuf, const int *cnt, const int *dsp, int total,
                      MPI_Datatype dt, MPI_Op op, int rank, int size,
                      const struct coll_type *t, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, pof2 = coll_pow2_floor(size), rem = size - pof2, nr;
    void *b1 = NULL, *b2 = NULL;
    char *acc = coll_tmp_alloc(total, t, &b1), *tmp = coll_tmp_alloc(total, t, &b2);
    if (!acc || !tmp) { rc = MPI_ERR_NO_MEM; goto out; }
    TRY(coll_copy(in, total, dt, acc, total, dt));
    if (rank < 2 * rem && rank % 2 == 0) {
        TRY(MPI_Send(acc, total, dt, rank + 1, TAG_REDSCAT, comm));
        TRY(MPI_Recv(rbuf, cnt[rank], dt, rank + 1, TAG_REDSCAT, comm, MPI_STATUS_IGNORE));
        goto out;
    }
    if (rank < 2 * rem) {
        TRY(MPI_Recv(tmp, total, dt, rank - 1, TAG_REDSCAT, comm, MPI_STATUS_IGNORE));
        TRY(coll_op(tmp, acc, total, dt, op));          /* acc = lower op acc */
        nr = rank / 2;
    } else {
        nr = rank - rem;
    }
    /* newrank n owns original ranks from first(n); its elements start at
     * dsp[first(n)]; windows of newranks halve, high bit first, so the last
     * window is [nr, nr+1). Blocks are contiguous: dsp is the prefix sum. */
#define FIRST(n) ((n) < rem ? 2 * (n) : (n) + rem)
#define START(n) ((n) >= pof2 ? total : dsp[FIRST(n)])
    int lo = 0, hi = pof2;
    for (int mask = pof2 / 2; mask > 0; mask >>= 1) {
        int nd = nr ^ mask, dst = nd < rem ? 2 * nd + 1 : nd + rem, mid = lo + mask;
        int klo = (nr & mask) ? mid : lo, khi = (nr & mask) ? hi : mid;
        int slo = (nr & mask) ? lo : mid, shi = (nr & mask) ? mid : hi;
        int ko = START(klo), kn = START(khi) - ko, so = START(slo), sn = START(shi) - so;
        TRY(MPI_Sendrecv(coll_elem(acc, so, t), sn, dt, dst, TAG_REDSCAT,
                         coll_elem(tmp, ko, t), kn, dt, dst, TAG_REDSCAT, comm,
                         MPI_STATUS_IGNORE));
        TRY(coll_op(coll_elem(tmp, ko, t), coll_elem(acc, ko, t), kn, dt, op));
        lo = klo;
        hi = khi;
    }
    if (nr < rem)                        /* give rank 2nr its block */
        TRY(MPI_Send(coll_elem(acc, dsp[rank - 1], t), cnt[rank - 1], dt, rank - 1,
                     TAG_REDSCAT, comm));
    TRY(coll_copy(coll_elem(acc, dsp[rank], t), cnt[rank], dt, rbuf, cnt[rank], dt));
#undef FIRST
#undef START
out:
    free(b1);
    free(b2);
    return rc;
}

static int reduce_scatter_any(const void *sbuf, void *rbuf, const int *cnt, MPI_Datatype dt,
                              MPI_Op op, MPI_Comm comm, enum coll_id id)
{
    int rank, size, rc = MPI_SUCCESS, total = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const void *in = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
    struct coll_type t;
    int *dsp = malloc(sizeof *dsp * (size_t)size);
    if (!dsp)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < size; i++) {
        dsp[i] = total;
        total += cnt[i];
    }
    TRY(coll_type_info(dt, &t));
    if (total == 0)
        goto out;
    if (size == 1) {
        rc = coll_copy(in, cnt[0], dt, rbuf, cnt[0], dt);
        goto out;
    }
    int alg = coll_choice(id);
    int comm_op = coll_commutative(op);
    if (alg == REDSCAT_AUTO)
        alg = comm_op ? REDSCAT_HALVING : REDSCAT_REDUCE_SCATTERV;
    if (alg == REDSCAT_HALVING && comm_op)
        rc = rs_halving(in, rbuf, cnt, dsp, total, dt, op, rank, size, &t, comm);
    else                                 /* halving reorders operands */
        rc = rs_reduce_scatterv(in, rbuf, cnt, dsp, total, dt, op, rank, &t, comm);
out:
    free(dsp);
    return rc;
}

int coll_reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[],
                        MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    return reduce_scatter_any(sbuf, rbuf, rcounts, dt, op, comm, COLL_REDUCE_SCATTER);
}

int coll_reduce_scatter_block(const void *sbuf, void *rbuf, int rcount,
                              MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    int size, rc;
    MPI_Comm_size(comm, &size);
    int *cnt = malloc(sizeof *cnt * (size_t)size);
    if (!cnt)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < size; i++)
        cnt[i] = rcount;
    rc = reduce_scatter_any(sbuf, rbuf, cnt, dt, op, comm, COLL_REDUCE_SCATTER_BLOCK);
    free(cnt);
    return rc;
}
