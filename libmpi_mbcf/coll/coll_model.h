/* coll_model.h - cost models of segmented (pipelined) broadcast, seed 004
 * sec 2 eq. 3 and sec 3.3 eq. 4-7, used to pick the default bcast
 * algorithm and segment size. Plain C, no MPI: unit-tested on the host.
 * Units: L seconds per message, B bytes per second, sizes in bytes. */
#ifndef LIBMPI_MBCF_COLL_MODEL_H
#define LIBMPI_MBCF_COLL_MODEL_H

#include <stddef.h>

/* Generic segmented pipeline: t = (D + M/(k*ms)) * (L + ms/B), where D is
 * the number of extra rounds to fill the pipeline and k the number of
 * disjoint trees the message is split over (eq. 4: k=6, eq. 6: k=1). */
double coll_model_pipe_time(double L, double B, double M, double ms, double D, double k);
/* ms minimising it (d t / d ms = 0): sqrt(L*B*M / (k*D)); M if D <= 0. */
double coll_model_pipe_opt(double L, double B, double M, double D, double k);

/* seed 004 eq. 4 / eq. 5: Trinaryx6 on an nx*ny*nz torus. */
double coll_model_trinaryx6_time(double L, double B, double M, double ms, int nx, int ny, int nz);
double coll_model_trinaryx6_opt(double L, double B, double M, int nx, int ny, int nz);
/* seed 004 eq. 6 / eq. 7: Bintree3d on an nx*ny*nz torus. */
double coll_model_bintree3d_time(double L, double B, double M, double ms, int nx, int ny, int nz);
double coll_model_bintree3d_opt(double L, double B, double M, int nx, int ny, int nz);

/* Our bcast algorithms on p processes (eq. 3 style: rounds * (L + m/B)). */
double coll_model_chain_pipeline_time(double L, double B, double M, double ms, int p);
double coll_model_binomial_time(double L, double B, double M, int p);
double coll_model_scatter_allgather_time(double L, double B, double M, int p);

/* Segment size for the chain pipeline: the optimum rounded down to a
 * multiple of elem (at least one element), at most M. 0 if M == 0. */
size_t coll_model_pipeline_segsize(double L, double B, size_t M, int p, size_t elem);

enum coll_model_bcast { MODEL_BCAST_BINOMIAL, MODEL_BCAST_PIPELINE, MODEL_BCAST_SCATTER_ALLGATHER };
/* Cheapest of binomial, chain pipeline (at its optimal segment) and
 * scatter+allgather for M bytes on p processes; ties go to the simpler. */
enum coll_model_bcast coll_model_bcast_choose(double L, double B, size_t M, int p, size_t elem);

int coll_model_ceil_log2(int n);
double coll_model_sqrt(double x);

#endif
