/* coll_a2a_sched.h - the communication schedules of the Alltoall(v)
 * algorithms, as plain C with no MPI: which peer each rank sends to and
 * receives from in each step. The algorithms (coll_alltoall.c,
 * coll_alltoall_ds.c) and the link-load model of the study
 * (scripts/sim/a2a_link.c) both take their steps from here, so the model
 * prices exactly the schedule the library runs. */
#ifndef LIBMPI_MBCF_COLL_A2A_SCHED_H
#define LIBMPI_MBCF_COLL_A2A_SCHED_H

#include "coll_shape.h"

/* Doublespread keeps this many steps in flight (2 offsets each -> 6
 * transfers: on a 3-D shape the first window is +-X, +-Y, +-Z). */
#define COLL_DS_WINDOW 3

/* Doublespread's step order on a shape (seed 004 sec 3.2.1, our reading):
 * one offset index o per pair {o, -o} (the smaller of the two), sorted by
 * torus hop distance on the shape, then by o. *out gets a malloc'd array
 * of the step count; returns the count (0 for one rank), -1 without memory. */
int coll_ds_steps(const struct coll_shape *sh, int **out);
/* The offset index of -o on the shape. */
int coll_ds_neg(const struct coll_shape *sh, int o);
/* The rank at offset index o from rank (sign +1), or at -o (sign -1). */
int coll_ds_shift(const struct coll_shape *sh, int rank, int o, int sign);

/* Pairwise round r (1 <= r < size): rank sends to the return value and
 * receives from *src (seed 004 sec 3.2.1: P - R and P + R). */
int coll_pairwise_peer(int rank, int size, int r, int *src);

#endif
