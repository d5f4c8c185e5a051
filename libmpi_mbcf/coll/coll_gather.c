/* coll_gather.c - MPI_Gather (linear, binomial tree on packed bytes) and
 * MPI_Gatherv (linear). MPI_IN_PLACE at the root: its block already sits
 * in rbuf (MPI-3.1 sec 5.5). */
#include <stdlib.h>
#include "coll_internal.h"

/* Linear gather(v): the root receives block i from rank i. Block i is
 * rcounts[i] elements at displs[i], or rcount elements at i * rcount when
 * rcounts is NULL (MPI_Gather). */
static int gather_linear(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                         const int rcounts[], const int displs[], int rcount, MPI_Datatype rdt,
                         int root, int tag, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS, k = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (rank != root)
        return MPI_Send(sbuf, scount, sdt, root, tag, comm);
    struct coll_type r;
    TRY(coll_type_info(rdt, &r));
    MPI_Request *q = malloc(sizeof *q * (size_t)size);
    if (!q)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != root)
            rc = MPI_Irecv(coll_elem(rbuf, coll_blk_disp(rcounts, displs, rcount, i), &r),
                           coll_blk_count(rcounts, rcount, i), rdt, i, tag, comm, &q[k++]);
    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = coll_copy(sbuf, scount, sdt,
                       coll_elem(rbuf, coll_blk_disp(rcounts, displs, rcount, root), &r),
                       coll_blk_count(rcounts, rcount, root), rdt);
    int rc2 = coll_waitall(k, q);
    free(q);
    return rc != MPI_SUCCESS ? rc : rc2;
out:
    return rc;
}

/* Binomial gather: vrank v collects blocks [v, v+lowbit(v)) in a packed
 * buffer and sends them to v - lowbit(v); the root unpacks in rank order. */
static int gather_binomial(const void *sbuf, int scount, MPI_Datatype sdt,
                           void *rbuf, int rcount, MPI_Datatype rdt, int root,
                           int rank, int size, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, v = (rank - root + size) % size;
    struct coll_type s, r;
    char *tmp = NULL;
    /* only the significant type: sdt is ignored with MPI_IN_PLACE, rdt off-root */
    if (rank == root)
        TRY(coll_type_info(rdt, &r));
    else
        TRY(coll_type_info(sdt, &s));
    size_t blk = rank == root ? (size_t)rcount * r.size : (size_t)scount * s.size;
    int sub = 1;                         /* blocks in my subtree */
    while (sub < size && !(v & sub))
        sub <<= 1;
    if (v + sub > size)
        sub = size - v;
    tmp = malloc(blk * (size_t)sub + 1);
    if (!tmp) { rc = MPI_ERR_NO_MEM; goto out; }
    if (rank == root && sbuf == MPI_IN_PLACE)
        TRY(coll_pack(coll_elem(rbuf, (MPI_Aint)root * rcount, &r), rcount, rdt, tmp));
    else
        TRY(coll_pack(sbuf, scount, sdt, tmp));
    for (int mask = 1; mask < size; mask <<= 1) {
        if (v & mask) {
            TRY(MPI_Send(tmp, (int)(blk * (size_t)sub), MPI_BYTE, (rank - mask + size) % size,
                         TAG_GATHER, comm));
            break;
        }
        if (v + mask < size) {
            int n = v + 2 * mask <= size ? mask : size - v - mask;
            TRY(MPI_Recv(tmp + blk * (size_t)mask, (int)(blk * (size_t)n), MPI_BYTE,
                         (rank + mask) % size, TAG_GATHER, comm, MPI_STATUS_IGNORE));
        }
    }
    if (rank == root)
        for (int j = 0; j < size; j++)
            TRY(coll_unpack(tmp + blk * (size_t)j,
                            coll_elem(rbuf, (MPI_Aint)((j + root) % size) * rcount, &r),
                            rcount, rdt));
out:
    free(tmp);
    return rc;
}

int coll_gather(const void *sbuf, int scount, MPI_Datatype sdt,
                void *rbuf, int rcount, MPI_Datatype rdt, int root, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (coll_choice(COLL_GATHER) == GATHER_LINEAR || size == 1)
        return gather_linear(sbuf, scount, sdt, rbuf, NULL, NULL, rcount, rdt, root, TAG_GATHER,
                             comm);
    return gather_binomial(sbuf, scount, sdt, rbuf, rcount, rdt, root, rank, size, comm);
}

int coll_gatherv(const void *sbuf, int scount, MPI_Datatype sdt,
                 void *rbuf, const int rcounts[], const int displs[],
                 MPI_Datatype rdt, int root, MPI_Comm comm)
{
    (void)coll_choice(COLL_GATHERV);     /* only "linear"; validates the name */
    return gather_linear(sbuf, scount, sdt, rbuf, rcounts, displs, 0, rdt, root, TAG_GATHERV,
                         comm);
}
