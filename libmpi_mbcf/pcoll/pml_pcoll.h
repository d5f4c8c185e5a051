/* pml_pcoll.h - the pseudo-collective mode of persistent requests (seed 000
 * sec 4.1) inside libmpi_mbcf: a request set started by MPI_Startall runs as
 * the RSched plan's RDMA puts on the emulated Tofu when MPI_MBCF_RSCHED names
 * a scheduler (pml_pcoll.c; the portable core is rsched/rsched_pcoll.c, the
 * transport pml_pcoll_tofu.c in the guest build, pml_pcoll_notofu.c on the
 * host). The entry points (mpi_request.c) call in here first. */
#ifndef LIBMPI_MBCF_PML_PCOLL_H
#define LIBMPI_MBCF_PML_PCOLL_H
#include <stddef.h>
#include <stdint.h>
#include "mpi_export.h"
#include "rsched_pcoll.h"

/* MPI_Startall: 1 when the mode took the set (started: *err is the MPI error
 * code, MPI_SUCCESS normally), 0 when the caller runs the ordinary path. */
int pml_pcoll_startall(int n, MPI_Request h[], int *err);
/* Completion calls with requests h[0..n): a started set with a member among
 * them is completed (block = 1: waits; 0: only if everything has arrived,
 * then the closing barrier), its members marked done. Returns an MPI error
 * code (MPI_SUCCESS normally). */
int pml_pcoll_complete_running(int n, const MPI_Request h[], int block);
/* (inline: every wait and test asks; without a running set, no call) */
extern struct pcoll_set *pml_pcoll_running;
static inline int pml_pcoll_complete(int n, const MPI_Request h[], int block)
{
    return pml_pcoll_running ? pml_pcoll_complete_running(n, h, block) : MPI_SUCCESS;
}

/* World-wide collectives the transport needs (descriptor exchange,
 * agreement, closing barrier over MPI_COMM_WORLD), handed down by the
 * entry-point layer at MPI_Init (api/mpi_pcoll_coll.c), so that this layer
 * never calls an entry point. Each returns MPI_SUCCESS or an MPI error code. */
struct pcoll_world_coll {
    int (*alltoall_int)(const int *send, int *recv); /* one int per rank */
    int (*alltoallv_bytes)(const void *sbuf, const int *scount, const int *sdispl, void *rbuf,
                           const int *rcount, const int *rdispl);
    int (*allreduce_land)(const int *in, int *out); /* one int */
    int (*barrier)(void);
};
extern const struct pcoll_world_coll *pcoll_world_coll;
void pml_pcoll_set_world_coll(const struct pcoll_world_coll *c);

/* The transport (pml_pcoll_tofu.c or pml_pcoll_notofu.c). open: fill ops'
 * calls and rank/nranks and the planning cost; 0, or -1 with why. */
int pcoll_tr_open(struct rsched_pc_ops *ops, struct rsched_cost *cost, char *why, size_t cap);
/* Deregister what reg returned (when a set is dropped). */
void pcoll_tr_dereg(uint64_t stadd);

#endif
