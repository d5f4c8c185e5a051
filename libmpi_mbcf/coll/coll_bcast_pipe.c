/* coll_bcast_pipe.c - segmented broadcasts of seed 004 sec 3.2.2/3.3:
 * Chain (one segment), Pipeline (chain cut in segments), Binary_tree and
 * Split_binary_tree (two trees each carrying half, then a pairwise swap of
 * halves). Everything on dense bytes; seg = segment size in bytes. */
#include <stdlib.h>
#include "coll_internal.h"

int coll_bcast_chain(char *p, size_t n, size_t seg, int root, MPI_Comm comm);
int coll_bcast_bintree(char *p, size_t n, size_t seg, int root, MPI_Comm comm);
int coll_bcast_split_bintree(char *p, size_t n, size_t seg, int root, MPI_Comm comm);

int coll_tree_pipe(char *p, size_t n, size_t seg, int parent,
                   const int *children, int nchild, int tag, MPI_Comm comm)
{
    struct coll_tree t = { .off = 0, .len = n, .parent = parent, .nchild = nchild };
    if (n == 0)
        return MPI_SUCCESS;
    if (nchild < 0 || nchild > COLL_TREE_MAXCHILD)
        return MPI_ERR_ARG;
    for (int c = 0; c < nchild; c++)
        t.child[c] = children[c];
    return coll_tree_stream(p, &t, 1, seg, tag, comm);
}

/* seed 004: Chain - rank R-1 sends to rank R (relative to the root);
 * Pipeline - the same with the message cut in segments. */
int coll_bcast_chain(char *p, size_t n, size_t seg, int root, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int v = (rank - root + size) % size;
    int parent = v > 0 ? (rank - 1 + size) % size : -1;
    int child = (rank + 1) % size;
    return coll_tree_pipe(p, n, seg, parent, &child, v < size - 1, TAG_BCAST, comm);
}

/* seed 004: Binary_tree - vrank v gets from (v-1)/2, sends to 2v+1, 2v+2. */
int coll_bcast_bintree(char *p, size_t n, size_t seg, int root, MPI_Comm comm)
{
    int rank, size, ch[2], nc = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int v = (rank - root + size) % size;
    int parent = v > 0 ? ((v - 1) / 2 + root) % size : -1;
    for (int c = 2 * v + 1; c <= 2 * v + 2; c++)
        if (c < size)
            ch[nc++] = (c + root) % size;
    return coll_tree_pipe(p, n, seg, parent, ch, nc, TAG_BCAST, comm);
}

/* seed 004: Split_binary_tree - vranks 1..h form tree L carrying the
 * first half, h+1..size-1 tree R carrying the second; then L's j-th and
 * R's j-th swap halves (a leftover L member gets its half from the root). */
int coll_bcast_split_bintree(char *p, size_t n, size_t seg, int root, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (size < 3 || n < 2)
        return coll_bcast_bintree(p, n, seg, root, comm);
    int v = (rank - root + size) % size;
    int h = size / 2, nl = h, nr = size - 1 - h;   /* nl == nr or nr + 1 */
    size_t n1 = n / 2, len[2] = { n1, n - n1 };
    char *half[2] = { p, p + n1 };
#define RANK_OF(vr) (((vr) + root) % size)
    if (v == 0) {
        int lroot = RANK_OF(1), rroot = RANK_OF(1 + h);
        size_t s = seg ? seg : n;
        size_t nseg = (len[1] + s - 1) / s, k = 0;  /* len[1] >= len[0] */
        MPI_Request *r = malloc(sizeof *r * (2 * nseg + 1));
        if (!r)
            return MPI_ERR_NO_MEM;
        for (size_t i = 0; i < nseg && rc == MPI_SUCCESS; i++)
            for (int t = 0; t < 2 && rc == MPI_SUCCESS; t++)
                if (i * s < len[t]) {
                    size_t l = len[t] - i * s < s ? len[t] - i * s : s;
                    rc = MPI_Isend(half[t] + i * s, (int)l, MPI_BYTE, t ? rroot : lroot,
                                   TAG_BCAST, comm, &r[k++]);
                }
        if (rc == MPI_SUCCESS && nl > nr)           /* leftover L member */
            rc = MPI_Isend(half[1], (int)len[1], MPI_BYTE, RANK_OF(h), TAG_BCAST, comm, &r[k++]);
        int rc2 = coll_waitall((int)k, r);
        free(r);
        return rc != MPI_SUCCESS ? rc : rc2;
    }
    int t = v > h;                       /* which tree / half */
    int base = t ? 1 + h : 1, g = t ? nr : nl, j = v - base;
    int parent = j > 0 ? RANK_OF(base + (j - 1) / 2) : root;
    int ch[2], nc = 0;
    for (int c = 2 * j + 1; c <= 2 * j + 2; c++)
        if (c < g)
            ch[nc++] = RANK_OF(base + c);
    rc = coll_tree_pipe(half[t], len[t], seg, parent, ch, nc, TAG_BCAST, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    if (j < nr) {                        /* swap with the j-th of the other tree */
        int peer = RANK_OF(t ? 1 + j : 1 + h + j);
        rc = MPI_Sendrecv(half[t], (int)len[t], MPI_BYTE, peer, TAG_BCAST,
                          half[!t], (int)len[!t], MPI_BYTE, peer, TAG_BCAST, comm,
                          MPI_STATUS_IGNORE);
    } else {                             /* leftover L member */
        rc = MPI_Recv(half[1], (int)len[1], MPI_BYTE, root, TAG_BCAST, comm, MPI_STATUS_IGNORE);
    }
#undef RANK_OF
    return rc;
}
