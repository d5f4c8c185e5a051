/* neighbor.c - conformance: graph and distributed-graph topologies and the
 * neighbourhood collectives (MPI-3.1 sec 7.5-7.6): Cartesian rings periodic
 * (the -1/+1 block order, also when both neighbours are one rank) and not
 * (MPI_PROC_NULL blocks untouched), a 2-D torus, Graph_create with its
 * queries, Dist_graph_create_adjacent and Dist_graph_create with weights,
 * blocking and non-blocking forms (v and w included).
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int left = (me + n - 1) % n, right = (me + 1) % n;
    int st;

    /* periodic ring */
    MPI_Comm ring;
    int dims[2] = { n, 0 }, per[2] = { 1, 1 };
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, per, 0, &ring);
    int got[4] = { -1, -1, -1, -1 };
    MPI_Neighbor_allgather(&me, 1, MPI_INT, got, 1, MPI_INT, ring);
    CHECK(got[0] == left && got[1] == right, "periodic ring: Neighbor_allgather [%d %d]", got[0],
          got[1]);
    int out[2] = { me * 10 + 0, me * 10 + 1 };   /* to -1, to +1 */
    MPI_Neighbor_alltoall(out, 1, MPI_INT, got, 1, MPI_INT, ring);
    CHECK(got[0] == left * 10 + 1 && got[1] == right * 10 + 0,
          "periodic ring (n=%d): Neighbor_alltoall blocks by direction [%d %d]", n, got[0],
          got[1]);
    MPI_Request rq;
    got[0] = got[1] = -1;
    MPI_Ineighbor_alltoall(out, 1, MPI_INT, got, 1, MPI_INT, ring, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    CHECK(got[0] == left * 10 + 1 && got[1] == right * 10 + 0, "periodic ring: Ineighbor_alltoall");
    MPI_Comm_free(&ring);

    /* open chain: end blocks stay untouched */
    MPI_Comm chain;
    per[0] = 0;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, per, 0, &chain);
    got[0] = got[1] = -7;
    MPI_Neighbor_allgather(&me, 1, MPI_INT, got, 1, MPI_INT, chain);
    CHECK(got[0] == (me > 0 ? me - 1 : -7) && got[1] == (me < n - 1 ? me + 1 : -7),
          "open chain: MPI_PROC_NULL neighbours leave their blocks alone [%d %d]", got[0], got[1]);
    MPI_Comm_free(&chain);

    /* 2-D torus */
    int d2[2] = { 0, 0 };
    MPI_Dims_create(n, 2, d2);
    per[0] = per[1] = 1;
    MPI_Comm torus;
    MPI_Cart_create(MPI_COMM_WORLD, 2, d2, per, 0, &torus);
    int g4[4], ok = 1;
    MPI_Neighbor_allgather(&me, 1, MPI_INT, g4, 1, MPI_INT, torus);
    for (int d = 0; d < 2; d++) {
        int lo, hi;
        MPI_Cart_shift(torus, d, 1, &lo, &hi);
        ok &= g4[2 * d] == lo && g4[2 * d + 1] == hi;
    }
    CHECK(ok, "%dx%d torus: Neighbor_allgather in (dim, -1/+1) order", d2[0], d2[1]);
    MPI_Comm_free(&torus);

    /* graph: ring with edges to +1 and -1 */
    int *index = malloc(sizeof(int) * n), *edges = malloc(sizeof(int) * 2 * n);
    for (int i = 0; i < n; i++) {
        index[i] = 2 * (i + 1);
        edges[2 * i] = (i + 1) % n;
        edges[2 * i + 1] = (i + n - 1) % n;
    }
    MPI_Comm gr;
    MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &gr);
    MPI_Topo_test(gr, &st);
    int nn, ne, cnt, nbr[2];
    MPI_Graphdims_get(gr, &nn, &ne);
    MPI_Graph_neighbors_count(gr, me, &cnt);
    MPI_Graph_neighbors(gr, me, 2, nbr);
    CHECK(st == MPI_GRAPH && nn == n && ne == 2 * n && cnt == 2 && nbr[0] == right &&
              nbr[1] == left,
          "Graph_create: Topo_test, Graphdims_get, Graph_neighbors(_count)");
    int gout[2] = { me * 10 + 1, me * 10 + 2 };  /* to right, to left */
    got[0] = got[1] = -1;
    MPI_Neighbor_alltoall(gout, 1, MPI_INT, got, 1, MPI_INT, gr);
    if (n >= 3)
        CHECK(got[0] == right * 10 + 2 && got[1] == left * 10 + 1,
              "graph ring: Neighbor_alltoall [%d %d]", got[0], got[1]);
    else
        CHECK(got[0] >= 0 && got[1] >= 0, "graph ring (n=%d): Neighbor_alltoall delivers", n);
    MPI_Comm_free(&gr);

    /* distributed graph, adjacent: in from left (weight left), out to right */
    MPI_Comm dg;
    int sw = left, dw = me;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, &sw, 1, &right, &dw, MPI_INFO_NULL,
                                   0, &dg);
    int indeg, outdeg, wtd, s1, s1w, d1, d1w;
    MPI_Dist_graph_neighbors_count(dg, &indeg, &outdeg, &wtd);
    MPI_Dist_graph_neighbors(dg, 1, &s1, &s1w, 1, &d1, &d1w);
    MPI_Topo_test(dg, &st);
    CHECK(st == MPI_DIST_GRAPH && indeg == 1 && outdeg == 1 && wtd && s1 == left &&
              s1w == left && d1 == right && d1w == me,
          "Dist_graph_create_adjacent: neighbours and weights");
    int vs[3] = { me, me + 1, me + 2 }, vr[3] = { -1, -1, -1 };
    int sc = 3, sd = 0, rc = 3, rd = 0;
    MPI_Neighbor_alltoallv(vs, &sc, &sd, MPI_INT, vr, &rc, &rd, MPI_INT, dg);
    CHECK(vr[0] == left && vr[2] == left + 2, "dist graph: Neighbor_alltoallv from the left");
    MPI_Aint sdw = 0, rdw = sizeof(int);
    MPI_Datatype ty = MPI_INT;
    int w4[4] = { -1, -1, -1, -1 };
    MPI_Ineighbor_alltoallw(vs, &sc, &sdw, &ty, w4, &rc, &rdw, &ty, dg, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    CHECK(w4[0] == -1 && w4[1] == left && w4[3] == left + 2,
          "dist graph: Ineighbor_alltoallw with byte displacements");
    int agv[2] = { -1, -1 }, rcs = 1, dsp = 1;
    MPI_Neighbor_allgatherv(&me, 1, MPI_INT, agv, &rcs, &dsp, MPI_INT, dg);
    CHECK(agv[0] == -1 && agv[1] == left, "dist graph: Neighbor_allgatherv");
    MPI_Comm_free(&dg);

    /* distributed graph, general: rank 0 gives every edge i -> i+1 (weight 100+i) */
    int *srcs = malloc(sizeof(int) * n), *degs = malloc(sizeof(int) * n);
    int *dsts = malloc(sizeof(int) * n), *wts = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++) {
        srcs[i] = i;
        degs[i] = 1;
        dsts[i] = (i + 1) % n;
        wts[i] = 100 + i;
    }
    MPI_Dist_graph_create(MPI_COMM_WORLD, me == 0 ? n : 0, srcs, degs, dsts, wts, MPI_INFO_NULL,
                          0, &dg);
    MPI_Dist_graph_neighbors_count(dg, &indeg, &outdeg, &wtd);
    s1 = d1 = s1w = d1w = -1;
    MPI_Dist_graph_neighbors(dg, 1, &s1, &s1w, 1, &d1, &d1w);
    CHECK(indeg == 1 && outdeg == 1 && s1 == left && s1w == 100 + left && d1 == right &&
              d1w == 100 + me,
          "Dist_graph_create: edges given by rank 0 reach both ends (in %d w %d, out %d w %d)",
          s1, s1w, d1, d1w);
    int x = -1;
    MPI_Ineighbor_allgather(&me, 1, MPI_INT, &x, 1, MPI_INT, dg, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    CHECK(x == left, "dist graph: Ineighbor_allgather");
    MPI_Comm_free(&dg);
    free(index); free(edges); free(srcs); free(degs); free(dsts); free(wts);
    int rcode = tap_finish();
    MPI_Finalize();
    return rcode;
}
