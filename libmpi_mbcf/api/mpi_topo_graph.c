/* mpi_topo_graph.c - graph and distributed-graph topologies (MPI-3.1 sec
 * 7.5.3-7.5.4): Graph_create/neighbors(_count)/dims_get/get/map,
 * Dist_graph_create_adjacent, Dist_graph_create (the edges are sent to both
 * ends with an Alltoall(v)), Dist_graph_neighbors(_count). Reorder is
 * accepted and ignored. The neighbour lists (struct comm srcs/dsts) feed the
 * neighbourhood collectives (mpi_neighbor.c). */
#include "mpi_comm.h"
#include "mpi_errhandler.h"
#include <stdlib.h>
#include <string.h>

static int *dup_ints(const int *a, int n)
{
    int *p = malloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    if (p && n > 0)
        memcpy(p, a, (size_t)n * sizeof *p);
    return p;
}

static struct comm *topo_get(MPI_Comm comm, int kind, const char *fn, int *err)
{
    struct comm *c = comm_get(comm);
    *err = MPI_SUCCESS;
    if (!c)
        *err = mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    else if (c->topo != kind)
        *err = mpi_err(comm, MPI_ERR_TOPOLOGY, fn);
    return *err ? NULL : c;
}

int PMPI_Graph_create(MPI_Comm comm, int nnodes, const int index[], const int edges[],
                      int reorder, MPI_Comm *newcomm)
{
    const char *fn = "MPI_Graph_create";
    (void)reorder;
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c || c->inter)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (nnodes < 0 || nnodes > c->size || !newcomm || (nnodes && (!index || !edges)))
        return mpi_err(comm, MPI_ERR_ARG, fn);
    int ne = nnodes ? index[nnodes - 1] : 0;
    for (int i = 0; i < nnodes; i++)
        if (index[i] < (i ? index[i - 1] : 0))
            return mpi_err(comm, MPI_ERR_ARG, fn);
    for (int i = 0; i < ne; i++)
        if (edges[i] < 0 || edges[i] >= nnodes)
            return mpi_err(comm, MPI_ERR_TOPOLOGY, fn);
    int in = c->rank < nnodes;
    int e = PMPI_Comm_split(comm, in ? 0 : MPI_UNDEFINED, c->rank, newcomm);
    if (e || !in)
        return e;
    struct comm *g = comm_get(*newcomm);
    g->topo = MPI_GRAPH;
    g->gnodes = nnodes;
    g->gindex = dup_ints(index, nnodes);
    g->gedges = dup_ints(edges, ne);
    int r = g->rank, lo = r ? index[r - 1] : 0, deg = index[r] - lo;
    g->indeg = g->outdeg = deg;
    g->srcs = dup_ints(edges + lo, deg);
    g->dsts = dup_ints(edges + lo, deg);
    if (!g->gindex || !g->gedges || !g->srcs || !g->dsts)
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    return MPI_SUCCESS;
}
MPI_ALIAS(Graph_create);

int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    int e;
    struct comm *c = topo_get(comm, MPI_GRAPH, "MPI_Graphdims_get", &e);
    if (!c)
        return e;
    *nnodes = c->gnodes;
    *nedges = c->gnodes ? c->gindex[c->gnodes - 1] : 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(Graphdims_get);

int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[])
{
    int e;
    struct comm *c = topo_get(comm, MPI_GRAPH, "MPI_Graph_get", &e);
    if (!c)
        return e;
    int ne = c->gnodes ? c->gindex[c->gnodes - 1] : 0;
    for (int i = 0; i < maxindex && i < c->gnodes; i++)
        index[i] = c->gindex[i];
    for (int i = 0; i < maxedges && i < ne; i++)
        edges[i] = c->gedges[i];
    return MPI_SUCCESS;
}
MPI_ALIAS(Graph_get);

int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *n)
{
    int e;
    struct comm *c = topo_get(comm, MPI_GRAPH, "MPI_Graph_neighbors_count", &e);
    if (!c)
        return e;
    if (rank < 0 || rank >= c->gnodes || !n)
        return mpi_err(comm, MPI_ERR_RANK, "MPI_Graph_neighbors_count");
    *n = c->gindex[rank] - (rank ? c->gindex[rank - 1] : 0);
    return MPI_SUCCESS;
}
MPI_ALIAS(Graph_neighbors_count);

int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxn, int neighbors[])
{
    int e;
    struct comm *c = topo_get(comm, MPI_GRAPH, "MPI_Graph_neighbors", &e);
    if (!c)
        return e;
    if (rank < 0 || rank >= c->gnodes)
        return mpi_err(comm, MPI_ERR_RANK, "MPI_Graph_neighbors");
    int lo = rank ? c->gindex[rank - 1] : 0;
    for (int i = 0; i < maxn && lo + i < c->gindex[rank]; i++)
        neighbors[i] = c->gedges[lo + i];
    return MPI_SUCCESS;
}
MPI_ALIAS(Graph_neighbors);

int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[],
                   int *newrank)
{
    (void)index;
    (void)edges;
    struct comm *c = comm_get(comm);
    if (!c || !newrank)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Graph_map");
    *newrank = c->rank < nnodes ? c->rank : MPI_UNDEFINED;   /* identity mapping */
    return MPI_SUCCESS;
}
MPI_ALIAS(Graph_map);

/* A dup of comm carrying in/out lists (taken over: malloc'ed). */
static int attach_dist(MPI_Comm comm, int indeg, int *srcs, int *srcw, int outdeg, int *dsts,
                       int *dstw, int weighted, MPI_Comm *newcomm)
{
    int e = PMPI_Comm_dup(comm, newcomm);
    if (e) {
        free(srcs); free(srcw); free(dsts); free(dstw);
        return e;
    }
    struct comm *g = comm_get(*newcomm);
    /* the dup carried comm's own topology over: this one replaces it */
    free(g->dims);
    free(g->periods);
    free(g->gindex);
    free(g->gedges);
    free(g->srcs);
    free(g->srcw);
    free(g->dsts);
    free(g->dstw);
    g->dims = g->periods = g->gindex = g->gedges = NULL;
    g->ndims = g->gnodes = 0;
    g->topo = MPI_DIST_GRAPH;
    g->indeg = indeg;
    g->outdeg = outdeg;
    g->srcs = srcs;
    g->srcw = srcw;
    g->dsts = dsts;
    g->dstw = dstw;
    g->weighted = weighted;
    return MPI_SUCCESS;
}

static int weighted_arg(const int *w)
{
    return w != MPI_UNWEIGHTED;
}

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[],
                                    const int sourceweights[], int outdegree,
                                    const int dests[], const int destweights[],
                                    MPI_Info info, int reorder, MPI_Comm *newcomm)
{
    const char *fn = "MPI_Dist_graph_create_adjacent";
    (void)info;
    (void)reorder;
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c || c->inter)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (indegree < 0 || outdegree < 0 || !newcomm || (indegree && !sources) ||
        (outdegree && !dests))
        return mpi_err(comm, MPI_ERR_ARG, fn);
    for (int i = 0; i < indegree; i++)
        if (sources[i] < 0 || sources[i] >= c->size)
            return mpi_err(comm, MPI_ERR_RANK, fn);
    for (int i = 0; i < outdegree; i++)
        if (dests[i] < 0 || dests[i] >= c->size)
            return mpi_err(comm, MPI_ERR_RANK, fn);
    int w = weighted_arg(sourceweights) && weighted_arg(destweights);
    int wi = w && sourceweights != MPI_WEIGHTS_EMPTY && indegree;
    int wo = w && destweights != MPI_WEIGHTS_EMPTY && outdegree;
    int *s = dup_ints(sources, indegree), *d = dup_ints(dests, outdegree);
    int *sw = wi ? dup_ints(sourceweights, indegree) : calloc(1 + (size_t)indegree, sizeof(int));
    int *dw = wo ? dup_ints(destweights, outdegree) : calloc(1 + (size_t)outdegree, sizeof(int));
    if (!s || !d || !sw || !dw) {
        free(s); free(d); free(sw); free(dw);
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    }
    int e = attach_dist(comm, indegree, s, sw, outdegree, d, dw, w, newcomm);
    return e ? mpi_err(comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Dist_graph_create_adjacent);

/* General form: edge sources[i] -> dests[...] given by any process. Each
 * edge (src, dst, weight) goes to src (an out edge) and dst (an in edge);
 * every process then sorts what it got by (giver, order) so that the lists
 * are the same on every run. */
int PMPI_Dist_graph_create(MPI_Comm comm, int n, const int sources[], const int degrees[],
                           const int dests[], const int weights[], MPI_Info info,
                           int reorder, MPI_Comm *newcomm)
{
    const char *fn = "MPI_Dist_graph_create";
    (void)info;
    (void)reorder;
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c || c->inter)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (n < 0 || !newcomm || (n && (!sources || !degrees)))
        return mpi_err(comm, MPI_ERR_ARG, fn);
    int p = c->size, ne = 0;
    for (int i = 0; i < n; i++) {
        if (sources[i] < 0 || sources[i] >= p || degrees[i] < 0)
            return mpi_err(comm, MPI_ERR_ARG, fn);
        ne += degrees[i];
    }
    for (int i = 0; i < ne; i++)
        if (dests[i] < 0 || dests[i] >= p)
            return mpi_err(comm, MPI_ERR_RANK, fn);
    int w = weighted_arg(weights) && weights != MPI_WEIGHTS_EMPTY;
    /* records of 4 ints: kind (0 out at src, 1 in at dst), peer, weight, pad */
    int *cnt = calloc((size_t)p, sizeof *cnt), *rcnt = calloc((size_t)p, sizeof *rcnt);
    int *sd = calloc((size_t)p, sizeof *sd), *rd = calloc((size_t)p, sizeof *rd);
    int *fill = calloc((size_t)p, sizeof *fill);
    int *buf = malloc((size_t)(8 * ne + 1) * sizeof *buf);
    if (!cnt || !rcnt || !sd || !rd || !fill || !buf)
        goto nomem;
    for (int i = 0, k = 0; i < n; i++)
        for (int j = 0; j < degrees[i]; j++, k++) {
            cnt[sources[i]] += 4;
            cnt[dests[k]] += 4;
        }
    for (int q = 1; q < p; q++)
        sd[q] = sd[q - 1] + cnt[q - 1];
    for (int i = 0, k = 0; i < n; i++)
        for (int j = 0; j < degrees[i]; j++, k++) {
            int s = sources[i], d = dests[k], wt = w ? weights[k] : 0;
            int *o = buf + sd[s] + fill[s];
            o[0] = 0, o[1] = d, o[2] = wt, o[3] = 0;
            fill[s] += 4;
            o = buf + sd[d] + fill[d];
            o[0] = 1, o[1] = s, o[2] = wt, o[3] = 0;
            fill[d] += 4;
        }
    int e = PMPI_Alltoall(cnt, 1, MPI_INT, rcnt, 1, MPI_INT, comm);
    int tot = 0;
    for (int q = 0; q < p; q++) {
        rd[q] = tot;
        tot += rcnt[q];
    }
    int *in = malloc((size_t)(tot + 1) * sizeof *in);
    if (!in)
        goto nomem;
    if (!e)
        e = PMPI_Alltoallv(buf, cnt, sd, MPI_INT, in, rcnt, rd, MPI_INT, comm);
    int indeg = 0, outdeg = 0;
    for (int i = 0; i < tot; i += 4)
        in[i] ? indeg++ : outdeg++;
    int *s = malloc((size_t)(indeg + 1) * sizeof *s), *sw = calloc((size_t)indeg + 1, sizeof *sw);
    int *d = malloc((size_t)(outdeg + 1) * sizeof *d), *dw = calloc((size_t)outdeg + 1, sizeof *dw);
    if (!s || !sw || !d || !dw) {
        free(s); free(sw); free(d); free(dw); free(in);
        goto nomem;
    }
    for (int i = 0, a = 0, b = 0; i < tot; i += 4)
        if (in[i]) {
            s[a] = in[i + 1];
            sw[a++] = in[i + 2];
        } else {
            d[b] = in[i + 1];
            dw[b++] = in[i + 2];
        }
    free(in);
    free(cnt); free(rcnt); free(sd); free(rd); free(fill); free(buf);
    if (e) {
        free(s); free(sw); free(d); free(dw);
        return e;
    }
    e = attach_dist(comm, indeg, s, sw, outdeg, d, dw, w, newcomm);
    return e ? mpi_err(comm, e, fn) : MPI_SUCCESS;
nomem:
    free(cnt); free(rcnt); free(sd); free(rd); free(fill); free(buf);
    return mpi_err(comm, MPI_ERR_NO_MEM, fn);
}
MPI_ALIAS(Dist_graph_create);

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indeg, int *outdeg, int *weighted)
{
    int e;
    struct comm *c = topo_get(comm, MPI_DIST_GRAPH, "MPI_Dist_graph_neighbors_count", &e);
    if (!c)
        return e;
    *indeg = c->indeg;
    *outdeg = c->outdeg;
    *weighted = c->weighted;
    return MPI_SUCCESS;
}
MPI_ALIAS(Dist_graph_neighbors_count);

int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxin, int sources[], int sourceweights[],
                              int maxout, int dests[], int destweights[])
{
    int e;
    struct comm *c = topo_get(comm, MPI_DIST_GRAPH, "MPI_Dist_graph_neighbors", &e);
    if (!c)
        return e;
    for (int i = 0; i < maxin && i < c->indeg; i++) {
        sources[i] = c->srcs[i];
        if (c->weighted && sourceweights != MPI_UNWEIGHTED)
            sourceweights[i] = c->srcw[i];
    }
    for (int i = 0; i < maxout && i < c->outdeg; i++) {
        dests[i] = c->dsts[i];
        if (c->weighted && destweights != MPI_UNWEIGHTED)
            destweights[i] = c->dstw[i];
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Dist_graph_neighbors);
