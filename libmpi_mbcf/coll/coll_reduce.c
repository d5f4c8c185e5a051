/* coll_reduce.c - MPI_Reduce: linear (root combines in rank order) and
 * binomial tree. Both give the canonical order v0 op v1 op ... op v(p-1)
 * (MPI-3.1 sec 5.9.1): a commutative op uses a tree rooted at the root;
 * a non-commutative one a tree on real ranks rooted at 0, whose subtrees
 * are contiguous rank ranges, then rank 0 hands the result to the root. */
#include <stdlib.h>
#include "coll_internal.h"

/* Root walks ranks p-1 .. 0 doing acc = v_i op acc (Reduce_local order). */
static int reduce_linear(const void *in, void *rbuf, int count, MPI_Datatype dt,
                         MPI_Op op, int root, int rank, int size, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    void *b1 = NULL, *b2 = NULL;
    if (rank != root)
        return MPI_Send(in, count, dt, root, TAG_REDUCE, comm);
    struct coll_type t;
    TRY(coll_type_info(dt, &t));
    char *acc = coll_tmp_alloc(count, &t, &b1), *tmp = coll_tmp_alloc(count, &t, &b2);
    if (!acc || !tmp) { rc = MPI_ERR_NO_MEM; goto out; }
    for (int i = size - 1; i >= 0; i--) {
        const void *v = in;
        if (i != root) {
            TRY(MPI_Recv(i == size - 1 ? acc : tmp, count, dt, i, TAG_REDUCE, comm,
                         MPI_STATUS_IGNORE));
            v = tmp;
        }
        if (i == size - 1) {
            if (i == root)
                TRY(coll_copy(in, count, dt, acc, count, dt));
        } else {
            TRY(coll_op(v, acc, count, dt, op));
        }
    }
    TRY(coll_copy(acc, count, dt, rbuf, count, dt));
out:
    free(b1);
    free(b2);
    return rc;
}

/* Binomial reduction to tree root troot (v = position relative to it);
 * the result lands in rbuf of troot. Each node holds the reduction of
 * positions [v, v+mask) and appends [v+mask, v+2mask) on the right. */
int coll_reduce_binomial(const void *in, void *rbuf, int count, MPI_Datatype dt,
                         MPI_Op op, int troot, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    void *b1 = NULL, *b2 = NULL;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    struct coll_type t;
    TRY(coll_type_info(dt, &t));
    char *acc = coll_tmp_alloc(count, &t, &b1), *tmp = coll_tmp_alloc(count, &t, &b2);
    if (!acc || !tmp) { rc = MPI_ERR_NO_MEM; goto out; }
    TRY(coll_copy(in, count, dt, acc, count, dt));
    int v = (rank - troot + size) % size;
    for (int mask = 1; mask < size; mask <<= 1) {
        if (v & mask) {
            TRY(coll_send(acc, count, dt, (rank - mask + size) % size, TAG_REDUCE, comm));
            break;
        }
        if (v + mask < size) {
            TRY(coll_recv(tmp, count, dt, (rank + mask) % size, TAG_REDUCE, comm));
            TRY(coll_op(acc, tmp, count, dt, op));      /* tmp = acc op tmp */
            char *x = acc; acc = tmp; tmp = x;
        }
    }
    if (v == 0)
        TRY(coll_copy(acc, count, dt, rbuf, count, dt));
out:
    free(b1);
    free(b2);
    return rc;
}

int coll_reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
                MPI_Op op, int root, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const void *in = sbuf == MPI_IN_PLACE ? rbuf : sbuf;   /* IN_PLACE: root only */
    if (count == 0)
        return MPI_SUCCESS;
    if (size == 1)
        return coll_copy(in, count, dt, rbuf, count, dt);
    if (coll_choice(COLL_REDUCE) == REDUCE_LINEAR)
        return reduce_linear(in, rbuf, count, dt, op, root, rank, size, comm);
    if (coll_commutative(op) || root == 0)
        return coll_reduce_binomial(in, rbuf, count, dt, op, root, comm);
    /* ordered: tree on real ranks to 0, then 0 -> root */
    void *b = NULL;
    struct coll_type t;
    TRY(coll_type_info(dt, &t));
    char *tmp = rank == 0 ? coll_tmp_alloc(count, &t, &b) : NULL;
    if (rank == 0 && !tmp) { rc = MPI_ERR_NO_MEM; goto out; }
    TRY(coll_reduce_binomial(in, tmp, count, dt, op, 0, comm));
    if (rank == 0)
        TRY(MPI_Send(tmp, count, dt, root, TAG_REDUCE, comm));
    else if (rank == root)
        TRY(MPI_Recv(rbuf, count, dt, 0, TAG_REDUCE, comm, MPI_STATUS_IGNORE));
out:
    free(b);
    return rc;
}
