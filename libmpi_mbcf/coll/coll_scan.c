/* coll_scan.c - MPI_Scan and MPI_Exscan: linear chain (rank r gets the
 * prefix of 0..r-1 from r-1) and recursive doubling (ceil(lg p) rounds;
 * the partial sum of an aligned rank group is combined with the lower
 * group always on the left, so non-commutative ops stay in rank order).
 * MPI_IN_PLACE: input in rbuf. Exscan leaves rank 0's rbuf untouched
 * (undefined by MPI-3.1 sec 5.11.2). */
#include <stdlib.h>
#include "coll_internal.h"

static int scan_linear(const void *in, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                       int rank, int size, int excl, const struct coll_type *t, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, tag = excl ? TAG_EXSCAN : TAG_SCAN;
    void *b1 = NULL, *b2 = NULL;
    char *pre = coll_tmp_alloc(count, t, &b1), *acc = coll_tmp_alloc(count, t, &b2);
    if (!pre || !acc) { rc = MPI_ERR_NO_MEM; goto out; }
    TRY(coll_copy(in, count, dt, acc, count, dt));
    if (rank > 0) {
        TRY(MPI_Recv(pre, count, dt, rank - 1, tag, comm, MPI_STATUS_IGNORE));
        TRY(coll_op(pre, acc, count, dt, op));          /* acc = prefix op mine */
    }
    if (rank < size - 1)
        TRY(MPI_Send(acc, count, dt, rank + 1, tag, comm));
    if (!excl)
        TRY(coll_copy(acc, count, dt, rbuf, count, dt));
    else if (rank > 0)
        TRY(coll_copy(pre, count, dt, rbuf, count, dt));
out:
    free(b1);
    free(b2);
    return rc;
}

static int scan_recdbl(const void *in, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                       int rank, int size, int excl, const struct coll_type *t, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, tag = excl ? TAG_EXSCAN : TAG_SCAN, have = 0;
    void *b1 = NULL, *b2 = NULL, *b3 = NULL;
    char *part = coll_tmp_alloc(count, t, &b1), *tmp = coll_tmp_alloc(count, t, &b2);
    char *res = coll_tmp_alloc(count, t, &b3);
    if (!part || !tmp || !res) { rc = MPI_ERR_NO_MEM; goto out; }
    TRY(coll_copy(in, count, dt, part, count, dt));
    if (!excl) {
        TRY(coll_copy(in, count, dt, res, count, dt));
        have = 1;
    }
    for (int mask = 1; mask < size; mask <<= 1) {
        int peer = rank ^ mask;
        if (peer >= size)
            continue;
        TRY(MPI_Sendrecv(part, count, dt, peer, tag, tmp, count, dt, peer, tag, comm,
                         MPI_STATUS_IGNORE));
        if (peer < rank) {
            if (have)
                TRY(coll_op(tmp, res, count, dt, op));  /* res = lower op res */
            else
                TRY(coll_copy(tmp, count, dt, res, count, dt));
            have = 1;
            TRY(coll_op(tmp, part, count, dt, op));     /* part = lower op part */
        } else {
            TRY(coll_op(part, tmp, count, dt, op));     /* tmp = part op upper */
            char *x = part; part = tmp; tmp = x;
        }
    }
    if (have)
        TRY(coll_copy(res, count, dt, rbuf, count, dt));
out:
    free(b1);
    free(b2);
    free(b3);
    return rc;
}

static int scan_any(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                    MPI_Comm comm, int excl)
{
    int rank, size, rc;
    struct coll_type t;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const void *in = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
    if ((rc = coll_type_info(dt, &t)) != MPI_SUCCESS || count == 0)
        return rc;
    int alg = coll_choice(excl ? COLL_EXSCAN : COLL_SCAN);
    if (alg == SCAN_LINEAR)
        return scan_linear(in, rbuf, count, dt, op, rank, size, excl, &t, comm);
    return scan_recdbl(in, rbuf, count, dt, op, rank, size, excl, &t, comm);
}

int coll_scan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
              MPI_Op op, MPI_Comm comm)
{
    return scan_any(sbuf, rbuf, count, dt, op, comm, 0);
}

int coll_exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
                MPI_Op op, MPI_Comm comm)
{
    return scan_any(sbuf, rbuf, count, dt, op, comm, 1);
}
