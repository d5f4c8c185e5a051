/* coll_bcast_tofu.c - the TofuD broadcasts of seed 004 sec 3.2.2 (after
 * Adachi et al., seed ref. [1]) on the node shape of coll_shape.h:
 *   Trinaryx3  3 trees, message cut in 3, chains along +X,+Y,+Z;
 *   Trinaryx6  6 trees, cut in 6, chains along +-X, +-Y, +-Z;
 *   Bintree3d  1 tree: binary tree along X from the root, from each of
 *              those along Y, from each of those along Z;
 *   Bintree6d  6 such binary trees, cut in 6, over +-X, +-Y, +-Z.
 * Tree i uses dimension order (i, i+1, i+2) mod 3 and sign + for i < 3,
 * - for i >= 3, so the trees start on different links of the root and the
 * + and - trees use opposite link directions. In the trinary trees a node
 * forwards along its own chain and starts the chains of the later
 * dimensions (at most 3 children), so the depth is Nx+Ny+Nz-3 (eq. 4); in
 * the binary ones (range trees, see line_bintree) the depth is sum
 * ceil(lg N) (eq. 6). All trees stream
 * segments of seg bytes (seed 004 sec 3.3) concurrently, one segment per
 * tree in flight (coll_tree_stream.c). Our trees are
 * edge-disjoint between the + and - families; within a family they share
 * the links of the last dimension at the nodes of the other trees' first
 * chains (about 1/N of them), a simplification of ref. [1]. */
#include <stdlib.h>
#include "coll_internal.h"
#include "coll_shape.h"

/* Binary tree over the line 0..n-1 (relative coordinates) in which every
 * subtree is a contiguous range: the node at lo with range [lo, hi) has
 * children lo+1 (range [lo+1, mid)) and mid (range [mid, hi)), mid =
 * lo+1+ceil((hi-lo-1)/2). Depth ceil(lg n) as eq. 6 counts; unlike the
 * heap numbering (2r+1, 2r+2) the transfers of one level cover disjoint
 * stretches of the line, so they share no link on a torus. Finds r's
 * parent (-1 at 0) and children by walking down from the root. */
static void line_bintree(int n, int r, int *parent, int ch[2], int *nch)
{
    int lo = 0, hi = n;
    *parent = -1;
    while (lo != r) {
        int mid = lo + 1 + (hi - lo) / 2;
        *parent = lo;
        if (r < mid) {
            lo = lo + 1;
            hi = mid;
        } else {
            lo = mid;
        }
    }
    int mid = lo + 1 + (hi - lo) / 2;
    *nch = 0;
    if (lo + 1 < hi)
        ch[(*nch)++] = lo + 1;
    if (mid < hi && mid != lo + 1)
        ch[(*nch)++] = mid;
}

/* Parent and children of relative position r on a line of n: chains
 * (r-1; r+1) or the range binary tree. */
static void line_tree(int bin, int n, int r, int *parent, int ch[2], int *nch)
{
    if (bin) {
        line_bintree(n, r, parent, ch, nch);
        return;
    }
    *parent = r - 1;
    *nch = 0;
    if (r + 1 < n)
        ch[(*nch)++] = r + 1;
}

/* Build tree `t` (order rotation t%3, sign by t<3) for rank me. */
static void tree_build(const struct coll_shape *sh, int me, int root, int t, int bin,
                       struct coll_tree *tr)
{
    int cm[3], cr[3], r[3], ord[3], par, ch[2], nch;
    int sign = t < 3 ? 1 : -1;
    coll_shape_coords(sh, me, cm);
    coll_shape_coords(sh, root, cr);
    for (int i = 0; i < 3; i++) {
        ord[i] = (t + i) % 3;
        int n = sh->n[i];
        r[i] = (((cm[i] - cr[i]) * sign) % n + n) % n;
    }
    tr->parent = -1;
    tr->nchild = 0;
    /* the last dimension (in order) with r != 0 holds the parent link */
    for (int i = 2; i >= 0; i--) {
        int d = ord[i];
        if (r[d] == 0)
            continue;
        line_tree(bin, sh->n[d], r[d], &par, ch, &nch);
        tr->parent = coll_shape_step(sh, me, d, sign * (par - r[d]));
        break;
    }
    /* a node is in the dim-i tree of its line if later dims are all 0 */
    for (int i = 0; i < 3; i++) {
        int d = ord[i], later0 = 1;
        for (int j = i + 1; j < 3; j++)
            later0 &= r[ord[j]] == 0;
        if (!later0)
            continue;
        line_tree(bin, sh->n[d], r[d], &par, ch, &nch);
        for (int c = 0; c < nch; c++)
            tr->child[tr->nchild++] = coll_shape_step(sh, me, d, sign * (ch[c] - r[d]));
    }
}

int coll_bcast_tofu(char *p, size_t n, size_t seg, int root, int ntree, int bin,
                    const struct coll_shape *sh, MPI_Comm comm)
{
    int rank;
    struct coll_tree tr[6];
    MPI_Comm_rank(comm, &rank);
    if (ntree < 1 || ntree > 6)
        return MPI_ERR_ARG;
    size_t part = n / (size_t)ntree, extra = n % (size_t)ntree, off = 0;
    for (int t = 0; t < ntree; t++) {
        tree_build(sh, rank, root, t, bin, &tr[t]);
        tr[t].off = off;
        tr[t].len = part + ((size_t)t < extra);
        off += tr[t].len;
    }
    return coll_tree_stream(p, tr, ntree, seg, TAG_BCAST_TREE0, comm);
}
