/* rsched_topo.c - directions on a communicator's own process grid
 * (rsched_topo.h). */
#include "rsched_topo.h"
#include "rsched.h"

#include <string.h>

int rsched_topo_cart(struct rsched_topo *t, int me, int ndims, const int *dims,
                     const int *periods)
{
    memset(t, 0, sizeof *t);
    if (ndims < 1 || ndims > 2)
        return -1;
    for (int i = 0; i < ndims; i++) {
        if (dims[i] < 1)
            return -1;
        t->dims[i] = dims[i];
        t->periods[i] = periods[i] != 0;
    }
    t->kind = RSCHED_TOPO_CART;
    t->me = me;
    t->ndims = ndims;
    return 0;
}

int rsched_topo_graph(struct rsched_topo *t, int me, const int *nb, int n)
{
    memset(t, 0, sizeof *t);
    t->kind = RSCHED_TOPO_GRAPH;
    t->me = me;
    for (int i = 0; i < n; i++) {
        int seen = nb[i] == me;
        for (int k = 0; k < t->nnb && !seen; k++)
            seen = t->nb[k] == nb[i];
        if (seen)
            continue;
        if (t->nnb == RSCHED_TOPO_NB) {
            t->kind = RSCHED_TOPO_NONE;
            return -1;
        }
        t->nb[t->nnb++] = nb[i];
    }
    return 0;
}

/* -1, 0, +1 steps from a to b in a dimension of n (a periodic one wraps;
 * on a ring of 2 the one neighbour counts as +1), 2 when farther */
static int step(int a, int b, int n, int periodic)
{
    int d = b - a;
    if (periodic) {
        d = ((d % n) + n) % n;
        return d == 0 ? 0 : d == 1   ? 1
                        : d == n - 1 ? -1
                                     : 2;
    }
    return d >= -1 && d <= 1 ? d : 2;
}

int rsched_topo_dir(const struct rsched_topo *t, int peer)
{
    if (peer == t->me || peer < 0)
        return -1;
    if (t->kind == RSCHED_TOPO_GRAPH) {
        for (int k = 0; k < t->nnb; k++)
            if (t->nb[k] == peer)
                return k; /* RSCHED_E + k: a link of its own */
        return -1;
    }
    if (t->kind != RSCHED_TOPO_CART)
        return -1;
    int nx = t->dims[t->ndims - 1], ny = t->ndims == 2 ? t->dims[0] : 1;
    int px = t->periods[t->ndims - 1], py = t->ndims == 2 ? t->periods[0] : 0;
    if (peer >= nx * ny)
        return -1;
    int dx = step(t->me % nx, peer % nx, nx, px), dy = step(t->me / nx, peer / nx, ny, py);
    if (dx == 2 || dy == 2)
        return -1;
    return rsched_dir_from_offset(dx, dy);
}
