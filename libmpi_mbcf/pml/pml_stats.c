/* pml_stats.c - point-to-point messaging layer, counters: per process,
 * printed at MPI_Finalize when MPI_MBCF_STATS=1 (bytes_remote_write /
 * bytes_sent is seed 003 Table 3's remote-write share). */
#include "pml_internal.h"
#include <stdio.h>

struct pml_stats pml_stats;
struct pml_pcoll_stats pml_pcoll_stats;

void pml_stats_print(double elapsed_s)
{
    uint64_t rej = 0;                 /* kept per peer, summed here */
    for (int p = 0; p < mpi_world_size; p++)
        rej += pml_peers[p].sreqs.rejected;
    pml_stats.rejected_requests = rej;
    printf("mpi_mbcf_stats rank=%d msgs_sent=%llu bytes_sent=%llu bytes_remote_write=%llu "
           "bytes_fifo=%llu send_requests=%llu rejected_requests=%llu pcoll_starts=%llu "
           "pcoll_sets=%llu pcoll_fallbacks=%llu elapsed_s=%.6f\n",
           mpi_world_rank, (unsigned long long)pml_stats.msgs_sent,
           (unsigned long long)pml_stats.bytes_sent,
           (unsigned long long)pml_stats.bytes_remote_write,
           (unsigned long long)pml_stats.bytes_fifo,
           (unsigned long long)pml_stats.send_requests,
           (unsigned long long)pml_stats.rejected_requests,
           (unsigned long long)pml_pcoll_stats.starts, (unsigned long long)pml_pcoll_stats.sets,
           (unsigned long long)pml_pcoll_stats.fallbacks, elapsed_s);
    fflush(stdout);
}
