/* coll_bcast.c - MPI_Bcast: basic linear, binomial tree, scatter+allgather
 * (binomial scatter then ring allgather, for long messages) and the
 * dispatch to the others: chain, pipeline and binary trees in
 * coll_bcast_pipe.c, the TofuD trees in coll_bcast_tofu.c; the default
 * comes from the tuner (coll_decide.c, seed 004 eq. 3-7).
 * All variants move dense bytes (see coll_bytes_begin). */
#include <stdlib.h>
#include "coll_internal.h"
#include "coll_shape.h"

int coll_bcast_chain(char *p, size_t n, size_t seg, int root, MPI_Comm comm);
int coll_bcast_bintree(char *p, size_t n, size_t seg, int root, MPI_Comm comm);
int coll_bcast_split_bintree(char *p, size_t n, size_t seg, int root, MPI_Comm comm);

/* seed 004 3.2.2 Basic Linear: the root sends to everyone, non-blocking. */
static int bcast_linear(char *p, size_t n, int root, MPI_Comm comm)
{
    int rank, size, rc, k = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (rank != root)
        return MPI_Recv(p, (int)n, MPI_BYTE, root, TAG_BCAST, comm, MPI_STATUS_IGNORE);
    MPI_Request *r = malloc(sizeof *r * (size_t)size);
    if (!r)
        return MPI_ERR_NO_MEM;
    rc = MPI_SUCCESS;
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != root)
            rc = MPI_Isend(p, (int)n, MPI_BYTE, i, TAG_BCAST, comm, &r[k++]);
    int rc2 = coll_waitall(k, r);
    free(r);
    return rc != MPI_SUCCESS ? rc : rc2;
}

/* Binomial tree on ranks relative to the root: vrank v gets the message
 * from v - lowbit(v), then sends to v + 2^j for 2^j < lowbit(v). */
int coll_bcast_binomial_bytes(char *p, size_t n, int root, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS, mask = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int v = (rank - root + size) % size;
    while (mask < size) {
        if (v & mask) {
            rc = coll_recv(p, (int)n, MPI_BYTE, (rank - mask + size) % size, TAG_BCAST, comm);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (v + mask < size)
            rc = coll_send(p, (int)n, MPI_BYTE, (rank + mask) % size, TAG_BCAST, comm);
    return rc;
}

/* Chunk c of n bytes cut in size pieces: [off, off+len). */
static void chunk(size_t n, int size, int c, size_t *off, size_t *len)
{
    size_t cs = (n + (size_t)size - 1) / (size_t)size;
    size_t a = (size_t)c * cs, b = a + cs;
    if (a > n) a = n;
    if (b > n) b = n;
    *off = a;
    *len = b - a;
}

/* Bytes of chunks [c0, c1) (clamped to size). */
static void chunks(size_t n, int size, int c0, int c1, size_t *off, size_t *len)
{
    size_t o1, l1;
    if (c1 > size) c1 = size;
    chunk(n, size, c0, off, len);
    if (c1 - 1 > c0) {
        chunk(n, size, c1 - 1, &o1, &l1);
        *len = o1 + l1 - *off;
    }
}

/* Long-message bcast (van de Geijn): binomial scatter of size chunks
 * then ring allgather, about 2 M/B instead of lg(p) M/B. */
static int bcast_scatter_allgather(char *p, size_t n, int root, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS, mask = 1;
    size_t off, len;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int v = (rank - root + size) % size;
    /* scatter: v receives chunks [v, v + lowbit(v)) from v - lowbit(v) */
    while (mask < size) {
        if (v & mask) {
            chunks(n, size, v, v + mask, &off, &len);
            rc = MPI_Recv(p + off, (int)len, MPI_BYTE, (rank - mask + size) % size,
                          TAG_BCAST, comm, MPI_STATUS_IGNORE);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        if (v + mask < size) {
            chunks(n, size, v + mask, v + 2 * mask, &off, &len);
            rc = MPI_Send(p + off, (int)len, MPI_BYTE, (rank + mask) % size, TAG_BCAST, comm);
        }
    }
    /* ring allgather in vrank order: step s passes chunk v-s to v+1 */
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
    for (int s = 0; s < size - 1 && rc == MPI_SUCCESS; s++) {
        size_t so, sl, ro, rl;
        chunk(n, size, (v - s + size) % size, &so, &sl);
        chunk(n, size, (v - s - 1 + 2 * size) % size, &ro, &rl);
        rc = MPI_Sendrecv(p + so, (int)sl, MPI_BYTE, right, TAG_BCAST,
                          p + ro, (int)rl, MPI_BYTE, left, TAG_BCAST, comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

int coll_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    int rank, size, rc;
    struct coll_bytes bv;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (size == 1 || count == 0)
        return MPI_SUCCESS;
    rc = coll_bytes_begin(buf, count, dt, rank == root, &bv);
    if (rc != MPI_SUCCESS)
        return rc;
    if (bv.n == 0)
        return coll_bytes_end(&bv, buf, count, dt, 0, rc);
    struct coll_shape sh;
    coll_comm_shape(comm, &sh);
    size_t seg = coll_segsize_env(COLL_BCAST);
    int alg = coll_choice(COLL_BCAST);
    /* forced or model/rule choice; seg 0 = unsegmented (coll_decide.c) */
    coll_decide_bcast(comm, &sh, bv.n, &alg, &seg);
    switch (alg) {
    case BCAST_LINEAR:
        rc = bcast_linear(bv.p, bv.n, root, comm);
        break;
    case BCAST_CHAIN:               /* seed 004: chain = unsegmented pipeline */
        rc = coll_bcast_chain(bv.p, bv.n, bv.n, root, comm);
        break;
    case BCAST_PIPELINE:
        rc = coll_bcast_chain(bv.p, bv.n, seg, root, comm);
        break;
    case BCAST_BINTREE:
    case BCAST_SPLIT_BINTREE:
        rc = alg == BCAST_BINTREE ? coll_bcast_bintree(bv.p, bv.n, seg, root, comm)
                                  : coll_bcast_split_bintree(bv.p, bv.n, seg, root, comm);
        break;
    case BCAST_TRINARYX3:           /* seed 004 sec 3.2.2, coll_bcast_tofu.c */
    case BCAST_TRINARYX6:
        rc = coll_bcast_tofu(bv.p, bv.n, seg, root, alg == BCAST_TRINARYX3 ? 3 : 6, 0, &sh, comm);
        break;
    case BCAST_BINTREE3D:
    case BCAST_BINTREE6D:
        rc = coll_bcast_tofu(bv.p, bv.n, seg, root, alg == BCAST_BINTREE3D ? 1 : 6, 1, &sh, comm);
        break;
    case BCAST_SCATTER_ALLGATHER:
        rc = bcast_scatter_allgather(bv.p, bv.n, root, comm);
        break;
    default:
        rc = coll_bcast_binomial_bytes(bv.p, bv.n, root, comm);
        break;
    }
    return coll_bytes_end(&bv, buf, count, dt, rank != root, rc);
}
