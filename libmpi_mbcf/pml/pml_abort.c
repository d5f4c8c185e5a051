/* pml_abort.c - point-to-point messaging layer, abort: MPI_Abort's W_ABORT
 * notice to every peer (waiting up to 200 ms for the appends to be applied)
 * and what a rank does when one arrives: exit with the same code. */
#include "pml_internal.h"
#include <stdio.h>
#include <unistd.h>

void pml_abort_peers(int code)
{
    if (!mpi_initialized)
        return;
    struct wire w = { .type = W_ABORT, .len = (uint64_t)code };
    for (int p = 0; p < mpi_world_size; p++)
        if (p != mpi_world_rank && !pml_peer_dead(p))
            chan_send(p, CH_MSG, &w, NULL, 0);
    uint64_t until = mbcf_now_ns() + 200000000ull;
    while (!chan_idle() && mbcf_now_ns() < until) {
        btl_cq_drain();
        chan_pump_all();
        mbcf_flush();
        mbcf_wait(1000000);
    }
}

void pml_on_abort(int p, int code)
{
    pml_fail_report_known("the wait that another rank's MPI_Abort ended");
    fprintf(stderr, "libmpi_mbcf rank %d: rank %d called MPI_Abort(%d)\n", mpi_world_rank,
            p, code);
    _exit(code ? code : 1);
}
