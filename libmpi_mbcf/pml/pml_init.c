/* pml_init.c - point-to-point messaging layer: the per-peer protocol state
 * (struct pml_peer, pml_internal.h), the posted and unexpected lists, start
 * at MPI_Init and the orderly end at MPI_Finalize. */
#include "pml_internal.h"
#include "mpi_comm.h"

struct pml_peer pml_peers[MAXR];
struct mq_list pml_posted, pml_unexpected;

int pml_init(void)
{
    mq_list_init(&pml_posted);
    mq_list_init(&pml_unexpected);
    for (int p = 0; p < MAXR; p++) {
        struct pml_peer *pp = &pml_peers[p];
        pp->seen = 0;
        pp->npend = 0;
        pp->rq_out = 0;
        rq_order_destroy(&pp->rq_in);
        mq_sreq_peer_init(&pp->sreqs);
    }
    world_abort_notify = pml_abort_peers; /* MPI_Abort and fatal errors tell the peers */
    btl_init(pml_send_put_done);
    for (int p = 0; p < MAXR; p++) {
        pml_peers[p].fifo[CH_MSG] = btl_fifo(CH_MSG, p);
        pml_peers[p].fifo[CH_REQ] = btl_fifo(CH_REQ, p);
        pml_peers[p].expect[CH_MSG] = chan_expect_word(p, CH_MSG);
        pml_peers[p].expect[CH_REQ] = chan_expect_word(p, CH_REQ);
    }
    return 0;
}

void pml_finalize(void)
{
    /* dissemination barrier on the world's hidden context, then wait until
     * every FIFO entry we sent was applied (peers may exit afterwards) */
    struct comm *w = comm_get(MPI_COMM_WORLD);
    int n = mpi_world_size, me = mpi_world_rank;
    for (int k = 1, round = 0; k < n; k <<= 1, round++) {
        pml_send(NULL, 0, MPI_BYTE, (me + k) % n, -100 - round, w->ctx + 1, MPI_COMM_WORLD);
        pml_recv(NULL, 0, MPI_BYTE, (me - k + n) % n, -100 - round, w->ctx + 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    pml_progress();                   /* pending send-requests leave */
    btl_set_finalizing();
    uint64_t until = mbcf_now_ns() + 10000000000ull;
    while (!chan_idle() && mbcf_now_ns() < until)
        pml_progress_wait();
    mbcf_finalize();
    btl_fini();
}
