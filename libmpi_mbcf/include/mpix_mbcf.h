/* mpix_mbcf.h - libmpi_mbcf's extensions beyond MPI (not in MPICH or Open
 * MPI): what the pseudo-collective mode of persistent requests did (seed 000
 * sec 4.1, docs/rsched.md). Include after <mpi.h>. A program that also builds
 * with another MPI tests `#if __has_include(<mpix_mbcf.h>)`. */
#ifndef MPIX_MBCF_H
#define MPIX_MBCF_H

/* MPI_Startall calls of this process that ran in the pseudo-collective mode
 * (scheduled RDMA puts on the emulated Tofu), since MPI_Init. */
long long MPIX_Mbcf_pcoll_starts(void);
/* Why the last request set started by MPI_Startall did not take the mode
 * ("" if it did, or if MPI_MBCF_RSCHED is off). */
const char *MPIX_Mbcf_pcoll_why(void);

#endif
