/* coll_shape.h - the node shape the Tofu-aware collectives work on (seed
 * 004 sec 3.1: jobs are placed on 1-D, 2-D or 3-D shapes, Nx, Ny, Nz),
 * and rank <-> coordinate arithmetic on it. Plain C, no MPI: unit-tested
 * on the host. */
#ifndef LIBMPI_MBCF_COLL_SHAPE_H
#define LIBMPI_MBCF_COLL_SHAPE_H

struct coll_shape {
    int n[3];       /* ranks along X, Y, Z; n[0]*n[1]*n[2] == ranks */
    int ndims;      /* dimensions longer than 1 (0 for one rank) */
    int ppn;        /* ranks per node folded into X (1 when none) */
};

/* Parse "X", "XxY" or "XxYxZ" (positive integers) into n[3] (missing
 * ones are 1). Returns 0, or -1 on malformed text. */
int coll_shape_parse(const char *s, int n[3]);
/* The shape of `size` ranks from a node shape text (NULL or empty: none).
 * If size is a multiple k of the node count, the k ranks of a node are
 * consecutive (block placement) and fold into X: (k*Nx, Ny, Nz), which is
 * exactly rank = x + Nx'*(y + Ny*z). Otherwise (or bad text) 1-D: (size,1,1).
 * Returns 1 when the text was used, 0 for the 1-D fallback. */
int coll_shape_make(const char *text, int size, struct coll_shape *sh);
/* Coordinates of a rank and back (row-major, X fastest). */
void coll_shape_coords(const struct coll_shape *sh, int rank, int c[3]);
int coll_shape_rank(const struct coll_shape *sh, const int c[3]);
/* The rank at offset d (may be negative) along dim from rank, wrapping. */
int coll_shape_step(const struct coll_shape *sh, int rank, int dim, int d);

#endif
