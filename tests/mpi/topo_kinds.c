/* topo_kinds.c - conformance: MPI_Topo_test names the topology a
 * communicator got (MPI-3.1 sec 7.5.5): MPI_DIST_GRAPH for
 * Dist_graph_create_adjacent and Dist_graph_create (weighted, unweighted,
 * a rank without edges), MPI_GRAPH, MPI_CART, MPI_UNDEFINED for a plain
 * one; and Comm_dup keeps it (sec 6.4.2, "topology information"), with the
 * neighbour lists of a distributed graph.
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
/* MPI_UNWEIGHTED is a sentinel pointer: gcc 12 takes it for an empty array */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif

static int topo(MPI_Comm c)
{
    int t = -1;
    MPI_Topo_test(c, &t);
    return t;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int right = (me + 1) % n, left = (me + n - 1) % n, w1 = 3, w2 = 4;
    MPI_Comm a, au, g, gn, d, c, gr;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, &w1, 1, &right, &w2,
                                   MPI_INFO_NULL, 0, &a);
    CHECK(topo(a) == MPI_DIST_GRAPH, "Dist_graph_create_adjacent: Topo_test %d (DIST_GRAPH %d)",
          topo(a), MPI_DIST_GRAPH);
    int none[1] = { 0 };
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, none, MPI_UNWEIGHTED, 0, none,
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 1, &au);
    CHECK(topo(au) == MPI_DIST_GRAPH, "Dist_graph_create_adjacent, no edges: Topo_test %d",
          topo(au));
    int deg = 1;
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &me, &deg, &right, MPI_UNWEIGHTED,
                          MPI_INFO_NULL, 0, &g);
    CHECK(topo(g) == MPI_DIST_GRAPH, "Dist_graph_create: Topo_test %d", topo(g));
    /* only rank 0 gives edges, weighted */
    int zero = 0, all = n, *dst = (int[64]){ 0 }, *wt = (int[64]){ 0 };
    for (int i = 0; i < n && i < 64; i++)
        dst[i] = i, wt[i] = i + 1;
    MPI_Dist_graph_create(MPI_COMM_WORLD, me == 0 ? 1 : 0, &zero, &all, dst,
                          me == 0 ? wt : MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &gn);
    CHECK(topo(gn) == MPI_DIST_GRAPH, "Dist_graph_create, edges from rank 0 only: Topo_test %d",
          topo(gn));
    MPI_Comm_dup(a, &d);
    int in = -1, out = -1, wd = -1, src = -1, dstn = -1, sw = -1, dw = -1;
    MPI_Dist_graph_neighbors_count(d, &in, &out, &wd);
    MPI_Dist_graph_neighbors(d, 1, &src, &sw, 1, &dstn, &dw);
    CHECK(topo(d) == MPI_DIST_GRAPH && in == 1 && out == 1 && wd && src == left &&
              dstn == right && sw == 3 && dw == 4,
          "Comm_dup of a distributed graph: Topo_test %d, degrees %d/%d, neighbours %d/%d",
          topo(d), in, out, src, dstn);
    MPI_Comm_free(&d);
    int dims[1] = { n }, per[1] = { 1 };
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, per, 0, &c);
    MPI_Comm_dup(c, &d);
    CHECK(topo(c) == MPI_CART && topo(d) == MPI_CART, "Cart_create and its dup: MPI_CART");
    MPI_Comm_free(&d);
    int index[64], edges[64];
    for (int i = 0; i < n && i < 64; i++)
        index[i] = i + 1, edges[i] = (i + 1) % n;
    MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &gr);
    MPI_Comm_dup(gr, &d);
    int nn = -1, ne = -1;
    MPI_Graphdims_get(d, &nn, &ne);
    CHECK(topo(gr) == MPI_GRAPH && topo(d) == MPI_GRAPH && nn == n && ne == n,
          "Graph_create and its dup: MPI_GRAPH, dims %d %d", nn, ne);
    MPI_Comm_free(&d);
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    CHECK(topo(d) == MPI_UNDEFINED, "a plain communicator: MPI_UNDEFINED");
    MPI_Comm_free(&d);
    MPI_Comm_free(&a);
    MPI_Comm_free(&au);
    MPI_Comm_free(&g);
    MPI_Comm_free(&gn);
    MPI_Comm_free(&c);
    MPI_Comm_free(&gr);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
