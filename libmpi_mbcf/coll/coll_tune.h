/* coll_tune.h - the model-based tuner of Bcast and Alltoall(v): every
 * algorithm has a cost t = R*L + X/B (seed 004 eq. 3; eq. 4-7 for the
 * pipelined trees, with R rounds and X bytes on the busiest link path),
 * L and B are fitted per algorithm and node shape from measurements
 * (least squares, linear in L and 1/B) and the tuner picks the algorithm
 * and segment size with the smallest predicted time. Also the Fugaku-like
 * fixed rule of seed 004 sec 4.2 for comparison. Plain C, no MPI. */
#ifndef LIBMPI_MBCF_COLL_TUNE_H
#define LIBMPI_MBCF_COLL_TUNE_H

#include <stddef.h>
#include "coll_shape.h"

enum tune_bcast {
    TB_LINEAR, TB_BINOMIAL, TB_PIPELINE, TB_BINTREE, TB_SPLIT_BINTREE,
    TB_SCATTER_ALLGATHER, TB_TRINARYX3, TB_TRINARYX6, TB_BINTREE3D, TB_BINTREE6D,
    TB_COUNT
};
enum tune_a2a { TA_LINEAR, TA_PAIRWISE, TA_BRUCK, TA_DOUBLESPREAD, TA_COUNT };

/* Names as MPI_MBCF_COLL_BCAST / _ALLTOALL(V) spell them. */
extern const char *const coll_tune_bcast_names[TB_COUNT];
extern const char *const coll_tune_a2a_names[TA_COUNT];

/* Cost terms of one run: t = R*L + X/B (+ Xs/Bc with a calibrated
 * steady-state term). M bytes (bcast) or bytes per pair (alltoall), ms
 * segment bytes (0: unsegmented), P processes. Xs: the bytes of the
 * pipeline's streaming phase (nseg*ms*c of R*ms*c) - once every level of
 * a pipelined tree is busy its flows share torus links that the filling
 * pipeline had to itself (docs/collectives.md, "The model's missing
 * term"), priced by the extra 1/Bc. */
struct tune_terms { double R, X, Xs; };
struct tune_terms coll_tune_bcast_terms(int alg, const struct coll_shape *sh, double M, double ms);
struct tune_terms coll_tune_a2a_terms(int alg, const struct coll_shape *sh, double m);
/* Number of parts (trees) an algorithm cuts the message in (1 if none),
 * and whether it takes a segment size. */
int coll_tune_bcast_parts(int alg);
int coll_tune_bcast_segmented(int alg);

/* Least-squares fit of L (s) and B (bytes/s) to n samples (t seconds);
 * returns 0, or -1 when the samples do not determine both (then L and B
 * are untouched). */
int coll_tune_fit(const struct tune_terms *x, const double *t, int n, double *L, double *B);
/* The calibrated form t = T0 + R*L + X/B (T0: a per-call constant of the
 * algorithm on the shape: the fill latency and root start-up that R*L
 * does not capture, docs/collectives.md "Calibration"); parameters the
 * samples do not resolve come out as 1e-9 s. Returns 0 or -1. */
int coll_tune_fit3(const struct tune_terms *x, const double *t, int n, double *T0, double *L,
                   double *B);
/* t = T0 + R*L + X/B + Xs/Bc: as fit3 with the steady-state term too
 * (*Bc = 0: the term is left out, the samples do not call for it). */
int coll_tune_fit4(const struct tune_terms *x, const double *t, int n, double *T0, double *L,
                   double *B, double *Bc);

/* Fitted parameters: a table of lines "<coll> <alg> <X>x<Y>x<Z> <ppn>
 * <L_us> <B_MBs> [T0_us [Bc_MBs]]" (coll = bcast or alltoall; # comments;
 * Bc 0 or absent: no steady-state term). Load replaces
 * the table; returns entries read or -1 (file missing / bad line). */
int coll_tune_load(const char *path);
/* Carry-over, the default when the table has no fit for a node count
 * (docs/collectives.md "The tuner at 3072 nodes", a2alink): a shape whose
 * node count (at its ppn) has no entry of the collective at all takes the
 * entries of the same algorithm, ppn and number of dimensions at the
 * nearest node count in the table (the 384-node fit prices 3072 and
 * 27,648 nodes). 0 turns it off (MPI_MBCF_COLL_TUNE_CARRY=0): such shapes
 * then use the built-in figures. */
extern int coll_tune_carry;
/* Whether the collective's entries for this shape are carried over; the
 * node shape they were fitted on in from[3] (1 = carried, 0 = not). */
int coll_tune_carried(const char *coll, const struct coll_shape *sh, int from[3]);
/* L, B for an algorithm on a node shape: the table's entry, exact or
 * carried over (returns 1), else def (returns 0). */
int coll_tune_params(const char *coll, const char *alg, const struct coll_shape *sh,
                      double defL, double defB, double *L, double *B);
/* T0 of an algorithm on a node shape (0 without a table entry). */
double coll_tune_t0(const char *coll, const char *alg, const struct coll_shape *sh);
/* Bc of an algorithm on a node shape (bytes/s; 0: no such term). */
double coll_tune_bc(const char *coll, const char *alg, const struct coll_shape *sh);
/* Price of terms x: R*L + X/B (+ Xs/Bc when Bc > 0). */
double coll_tune_cost(struct tune_terms x, double L, double B, double Bc);

/* A decision. */
struct tune_choice { int alg; size_t seg; double t; };
/* Cheapest bcast algorithm (among those with allowed[alg] != 0; NULL =
 * all) and its segment size for M bytes. When the table has entries for
 * this collective and shape, only algorithms with an entry compete (an
 * unmeasured one would run on the optimistic defaults). Same for a2a. */
struct tune_choice coll_tune_bcast(const struct coll_shape *sh, size_t M, double defL,
                                   double defB, const int *allowed);
/* Smallest segment the tuner considers (bytes; default 64). The SimGrid
 * study raises it (MPI_MBCF_COLL_SEG_MIN) to bound the simulated message count. */
extern size_t coll_tune_seg_min;
/* Best segment size of one algorithm (predicted time in *t). */
size_t coll_tune_bcast_seg(int alg, const struct coll_shape *sh, size_t M, double L, double B,
                           double *t);
/* Best segment size (0: unsegmented) and predicted time of one Bcast
 * algorithm with the table's entries ("alg", and "alg/seg" for its
 * pipelined regime) or defL/defB; *known (if not NULL): an entry existed. */
size_t coll_tune_bcast_alg(int alg, const struct coll_shape *sh, size_t M, double defL,
                           double defB, double *t, int *known);
/* Cheapest alltoall algorithm for m bytes per pair among those with
 * allowed[alg] != 0; coll = "alltoall" or "alltoallv" (table key). */
struct tune_choice coll_tune_a2a(const char *coll, const struct coll_shape *sh, size_t m,
                                 const int *allowed, double defL, double defB);
/* Fugaku's auto-tune as seed 004 sec 4.2 / fig. 4 reports it: Binary_tree
 * for M <= 512 B, Bintree3d up to 32 KiB, Trinaryx6 from 64 KiB; segment
 * sizes by bands (none below 64 KiB, then 16 KiB: fig. 7). */
struct tune_choice coll_tune_bcast_fugaku(size_t M);

#endif
