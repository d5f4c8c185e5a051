/* coll_allgather.c - MPI_Allgather: gather+bcast, ring (p-1 steps),
 * recursive doubling (power-of-two p, else ring) and Bruck (ceil(lg p)
 * steps, any p; Bruck et al. 1997) on packed bytes; MPI_Allgatherv: linear
 * (everyone to everyone) and ring. MPI_IN_PLACE: own block already in
 * rbuf (MPI-3.1 sec 5.7). */
#include <stdlib.h>
#include "coll_internal.h"

static int allgather_gather_bcast(const void *sbuf, int scount, MPI_Datatype sdt,
                                  void *rbuf, int rcount, MPI_Datatype rdt,
                                  int rank, int size, const struct coll_type *r, MPI_Comm comm)
{
    int rc;
    if (sbuf == MPI_IN_PLACE && rank != 0)
        rc = coll_gather(coll_elem(rbuf, (MPI_Aint)rank * rcount, r), rcount, rdt,
                         rbuf, rcount, rdt, 0, comm);
    else
        rc = coll_gather(sbuf, scount, sdt, rbuf, rcount, rdt, 0, comm);
    if (rc == MPI_SUCCESS)
        rc = coll_bcast(rbuf, rcount * size, rdt, 0, comm);
    return rc;
}

/* Ring over typed blocks: step s passes block rank-s to the right. */
static int allgather_ring(void *rbuf, const int *counts, const int *displs, MPI_Datatype rdt,
                          int rank, int size, const struct coll_type *r, int tag, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, right = (rank + 1) % size, left = (rank - 1 + size) % size;
    for (int s = 0; s < size - 1 && rc == MPI_SUCCESS; s++) {
        int sb = (rank - s + size) % size, rb = (rank - s - 1 + size) % size;
        rc = coll_sendrecv(coll_elem(rbuf, displs[sb], r), counts[sb], rdt, right,
                           coll_elem(rbuf, displs[rb], r), counts[rb], rdt, left, tag, comm);
    }
    return rc;
}

/* Recursive doubling, p a power of two: after the step with distance m,
 * each rank holds the 2m blocks of its aligned group. */
static int allgather_recdbl(void *rbuf, int rcount, MPI_Datatype rdt, int rank, int size,
                            const struct coll_type *r, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    for (int m = 1; m < size && rc == MPI_SUCCESS; m <<= 1) {
        int peer = rank ^ m, mine = rank & ~(m - 1), theirs = peer & ~(m - 1);
        rc = coll_sendrecv(coll_elem(rbuf, (MPI_Aint)mine * rcount, r), m * rcount, rdt, peer,
                           coll_elem(rbuf, (MPI_Aint)theirs * rcount, r), m * rcount, rdt,
                           peer, TAG_ALLGATHER, comm);
    }
    return rc;
}

/* Bruck: tmp[j] ends up holding the block of rank (rank + j) mod p. */
static int allgather_bruck(void *rbuf, int rcount, MPI_Datatype rdt, int rank, int size,
                           const struct coll_type *r, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    size_t blk = (size_t)rcount * r->size;
    char *tmp = malloc(blk * (size_t)size + 1);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    TRY(coll_pack(coll_elem(rbuf, (MPI_Aint)rank * rcount, r), rcount, rdt, tmp));
    for (int k = 1; k < size; k <<= 1) {
        int n = k < size - k ? k : size - k;
        TRY(MPI_Sendrecv(tmp, (int)(blk * (size_t)n), MPI_BYTE, (rank - k + size) % size,
                         TAG_ALLGATHER, tmp + blk * (size_t)k, (int)(blk * (size_t)n),
                         MPI_BYTE, (rank + k) % size, TAG_ALLGATHER, comm, MPI_STATUS_IGNORE));
    }
    for (int j = 1; j < size; j++)
        TRY(coll_unpack(tmp + blk * (size_t)j,
                        coll_elem(rbuf, (MPI_Aint)((rank + j) % size) * rcount, r), rcount, rdt));
out:
    free(tmp);
    return rc;
}

int coll_allgather(const void *sbuf, int scount, MPI_Datatype sdt,
                   void *rbuf, int rcount, MPI_Datatype rdt, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    int *cnt = NULL, *dsp = NULL;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    struct coll_type r;
    TRY(coll_type_info(rdt, &r));
    int alg = coll_choice(COLL_ALLGATHER);
    if (alg == ALLGATHER_GATHER_BCAST)
        return allgather_gather_bcast(sbuf, scount, sdt, rbuf, rcount, rdt, rank, size, &r, comm);
    if (sbuf != MPI_IN_PLACE)
        TRY(coll_copy(sbuf, scount, sdt, coll_elem(rbuf, (MPI_Aint)rank * rcount, &r),
                      rcount, rdt));
    if (size == 1)
        return MPI_SUCCESS;
    int pow2 = (size & (size - 1)) == 0;
    if (alg == ALLGATHER_AUTO)
        alg = (size_t)rcount * r.size * size <= 8192 ? (pow2 ? ALLGATHER_RECURSIVE_DOUBLING
                                                             : ALLGATHER_BRUCK)
                                                     : ALLGATHER_RING;
    if (alg == ALLGATHER_RECURSIVE_DOUBLING && pow2)
        return allgather_recdbl(rbuf, rcount, rdt, rank, size, &r, comm);
    if (alg == ALLGATHER_BRUCK)
        return allgather_bruck(rbuf, rcount, rdt, rank, size, &r, comm);
    cnt = malloc(sizeof *cnt * (size_t)size);
    dsp = malloc(sizeof *dsp * (size_t)size);
    if (!cnt || !dsp) { rc = MPI_ERR_NO_MEM; goto out; }
    for (int i = 0; i < size; i++) {
        cnt[i] = rcount;
        dsp[i] = i * rcount;
    }
    rc = allgather_ring(rbuf, cnt, dsp, rdt, rank, size, &r, TAG_ALLGATHER, comm);
out:
    free(cnt);
    free(dsp);
    return rc;
}

static int allgatherv_linear(void *rbuf, const int *counts, const int *displs, MPI_Datatype rdt,
                             int rank, int size, const struct coll_type *r, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, k = 0;
    MPI_Request *q = malloc(sizeof *q * 2 * (size_t)size);
    if (!q)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = MPI_Irecv(coll_elem(rbuf, displs[i], r), counts[i], rdt, i, TAG_ALLGATHERV,
                           comm, &q[k++]);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = MPI_Isend(coll_elem(rbuf, displs[rank], r), counts[rank], rdt, i,
                           TAG_ALLGATHERV, comm, &q[k++]);
    int rc2 = coll_waitall(k, q);
    free(q);
    return rc != MPI_SUCCESS ? rc : rc2;
}

int coll_allgatherv(const void *sbuf, int scount, MPI_Datatype sdt,
                    void *rbuf, const int rcounts[], const int displs[],
                    MPI_Datatype rdt, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    struct coll_type r;
    TRY(coll_type_info(rdt, &r));
    if (sbuf != MPI_IN_PLACE)
        TRY(coll_copy(sbuf, scount, sdt, coll_elem(rbuf, displs[rank], &r), rcounts[rank], rdt));
    if (size == 1)
        return MPI_SUCCESS;
    if (coll_choice(COLL_ALLGATHERV) == ALLGATHERV_LINEAR)
        return allgatherv_linear(rbuf, rcounts, displs, rdt, rank, size, &r, comm);
    return allgather_ring(rbuf, rcounts, displs, rdt, rank, size, &r, TAG_ALLGATHERV, comm);
out:
    return rc;
}
