/* rsched_topo.h - the halo direction of a peer on the process grid of a
 * communicator's own virtual topology (MPI-3.1 chapter 7), for the
 * pseudo-collective mode (rsched_pcoll.h, dir_of): a Cartesian grid of 1
 * or 2 dimensions (MPI_Cart_create's row-major numbering: the last
 * dimension varies fastest and is x, the first is y; a periodic dimension
 * wraps), or a graph whose neighbours each get a direction of their own.
 * A direction names a link for RSched (seed 000 fig. 1: two puts of one
 * direction never overlap); the labels are the sender's alone. Portable C
 * (tests/host/test_rsched_topo.c). */
#ifndef LIBMPI_MBCF_RSCHED_TOPO_H
#define LIBMPI_MBCF_RSCHED_TOPO_H

#define RSCHED_TOPO_NB 8 /* graph: neighbours that get a direction */

enum { RSCHED_TOPO_NONE = 0,
       RSCHED_TOPO_CART,
       RSCHED_TOPO_GRAPH };

struct rsched_topo {
    int kind;
    int me;                         /* this process's rank in the communicator */
    int ndims, dims[2], periods[2]; /* Cartesian */
    int nnb, nb[RSCHED_TOPO_NB];    /* graph: distinct neighbours in their order */
};

/* A Cartesian grid of ndims (1 or 2) dimensions; -1 for another count or a
 * dimension < 1. */
int rsched_topo_cart(struct rsched_topo *t, int me, int ndims, const int *dims,
                     const int *periods);
/* A graph: this process's neighbours (n of them, duplicates allowed); -1
 * when more than RSCHED_TOPO_NB are distinct. */
int rsched_topo_graph(struct rsched_topo *t, int me, const int *nb, int n);
/* The direction (RSCHED_E..RSCHED_SW) of peer, a rank of the communicator,
 * or -1 when it is no neighbour (farther than one step in a dimension, or
 * the process itself). */
int rsched_topo_dir(const struct rsched_topo *t, int peer);

#endif
