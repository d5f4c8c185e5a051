/* coll_scatter.c - MPI_Scatter (linear, binomial tree on packed bytes) and
 * MPI_Scatterv (linear). MPI_IN_PLACE as rbuf at the root: the root's
 * block stays where it is in sbuf (MPI-3.1 sec 5.6). */
#include <stdlib.h>
#include "coll_internal.h"

/* Linear scatter(v): the root sends block i to rank i. Block i is
 * scounts[i] elements at displs[i], or scount elements at i * scount when
 * scounts is NULL (MPI_Scatter). */
static int scatter_linear(const void *sbuf, const int scounts[], const int displs[], int scount,
                          MPI_Datatype sdt, void *rbuf, int rcount, MPI_Datatype rdt, int root,
                          int tag, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS, k = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (rank != root)
        return MPI_Recv(rbuf, rcount, rdt, root, tag, comm, MPI_STATUS_IGNORE);
    struct coll_type s;
    TRY(coll_type_info(sdt, &s));
    MPI_Request *q = malloc(sizeof *q * (size_t)size);
    if (!q)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != root)
            rc = MPI_Isend(coll_elem(sbuf, coll_blk_disp(scounts, displs, scount, i), &s),
                           coll_blk_count(scounts, scount, i), sdt, i, tag, comm, &q[k++]);
    if (rc == MPI_SUCCESS && rbuf != MPI_IN_PLACE)
        rc = coll_copy(coll_elem(sbuf, coll_blk_disp(scounts, displs, scount, root), &s),
                       coll_blk_count(scounts, scount, root), sdt, rbuf, rcount, rdt);
    int rc2 = coll_waitall(k, q);
    free(q);
    return rc != MPI_SUCCESS ? rc : rc2;
out:
    return rc;
}

/* Binomial scatter: vrank v receives blocks [v, v+lowbit(v)) packed from
 * v - lowbit(v) and passes [v+m, v+2m) on to v+m for m = lowbit(v)/2..1. */
static int scatter_binomial(const void *sbuf, int scount, MPI_Datatype sdt,
                            void *rbuf, int rcount, MPI_Datatype rdt, int root,
                            int rank, int size, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, v = (rank - root + size) % size, mask = 1;
    struct coll_type s, r;
    char *tmp = NULL;
    /* only the significant type: rdt is ignored with MPI_IN_PLACE, sdt off-root */
    if (rank == root)
        TRY(coll_type_info(sdt, &s));
    else
        TRY(coll_type_info(rdt, &r));
    size_t blk = rank == root ? (size_t)scount * s.size : (size_t)rcount * r.size;
    int sub = 1;
    while (sub < size && !(v & sub))
        sub <<= 1;
    if (v + sub > size)
        sub = size - v;
    tmp = malloc(blk * (size_t)sub + 1);
    if (!tmp) { rc = MPI_ERR_NO_MEM; goto out; }
    if (rank == root) {
        for (int j = 0; j < size; j++)
            TRY(coll_pack(coll_elem(sbuf, (MPI_Aint)((j + root) % size) * scount, &s),
                          scount, sdt, tmp + blk * (size_t)j));
        mask = 1;
        while (mask < size)
            mask <<= 1;
    } else {
        while (!(v & mask))
            mask <<= 1;
        TRY(MPI_Recv(tmp, (int)(blk * (size_t)sub), MPI_BYTE, (rank - mask + size) % size,
                     TAG_SCATTER, comm, MPI_STATUS_IGNORE));
    }
    for (mask >>= 1; mask > 0; mask >>= 1)
        if (v + mask < size) {
            int n = v + 2 * mask <= size ? mask : size - v - mask;
            TRY(MPI_Send(tmp + blk * (size_t)mask, (int)(blk * (size_t)n), MPI_BYTE,
                         (rank + mask) % size, TAG_SCATTER, comm));
        }
    if (!(rank == root && rbuf == MPI_IN_PLACE))
        TRY(coll_unpack(tmp, rbuf, rcount, rdt));
out:
    free(tmp);
    return rc;
}

int coll_scatter(const void *sbuf, int scount, MPI_Datatype sdt,
                 void *rbuf, int rcount, MPI_Datatype rdt, int root, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (coll_choice(COLL_SCATTER) == SCATTER_LINEAR || size == 1)
        return scatter_linear(sbuf, NULL, NULL, scount, sdt, rbuf, rcount, rdt, root, TAG_SCATTER,
                              comm);
    return scatter_binomial(sbuf, scount, sdt, rbuf, rcount, rdt, root, rank, size, comm);
}

int coll_scatterv(const void *sbuf, const int scounts[], const int displs[],
                  MPI_Datatype sdt, void *rbuf, int rcount, MPI_Datatype rdt,
                  int root, MPI_Comm comm)
{
    (void)coll_choice(COLL_SCATTERV);    /* only "linear"; validates the name */
    return scatter_linear(sbuf, scounts, displs, 0, sdt, rbuf, rcount, rdt, root, TAG_SCATTERV,
                          comm);
}
