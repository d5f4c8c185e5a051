/* pml_sreq.c - point-to-point messaging layer: the send-requests this rank
 * issues as a receiver (seed 003 sec 2.2, receive step 3; footnotes 2-3).
 *
 * Send-requests ride in notices (docs/mpi.md): a new W_REQ waits in the
 * peer's pend[] until the next doorbell; then it is attached to the not yet
 * posted W_EAGER/W_RTS/W_DONE entry for that peer (one FIFO entry, one frame
 * instead of two), else appended to the send-request channel. Every
 * request-channel item (W_REQ, W_CTS, W_CANCEL) carries a per-peer number
 * (wire.pad) and the peer handles them strictly in that order whichever FIFO
 * they come through (pml_incoming.c). */
#include "pml_internal.h"
#include "mpi_datatype.h"
#include <stdio.h>
#include <string.h>

int pml_pend_any;

static int pend_flush(int p)
{
    struct pml_peer *pp = &pml_peers[p];
    for (int i = 0; i < pp->npend; i++) {
        int e = chan_send(p, CH_REQ, &pp->pend[i], NULL, 0);
        if (e) {
            memmove(pp->pend, pp->pend + i, (size_t)(pp->npend - i) * sizeof pp->pend[0]);
            pp->npend -= i;
            return e;
        }
    }
    pp->npend = 0;
    return MPI_SUCCESS;
}

int pml_sreq_send_now(int p, struct wire *w)
{
    int e = pend_flush(p);
    if (e)
        return e;
    w->pad = ++pml_peers[p].rq_out;
    return chan_send(p, CH_REQ, w, NULL, 0);
}

static int sreq_pend(int p, struct wire *w)
{
    struct pml_peer *pp = &pml_peers[p];
    if (pp->npend == PEND_MAX) {
        int e = pend_flush(p);
        if (e)
            return e;
    }
    w->pad = ++pp->rq_out;
    pp->pend[pp->npend++] = *w;
    pml_pend_any = 1;
    return MPI_SUCCESS;
}

/* Out of memory while queueing send-requests: nothing sensible is left. */
void pml_sreq_flush_or_die(int p)
{
    if (pend_flush(p)) {
        fprintf(stderr, "libmpi_mbcf rank %d: out of memory for send-requests\n",
                mpi_world_rank);
        world_abort(72);
    }
}

/* mq_issue_requests callback: a send-request for the posted receive mr,
 * carrying how many FIFO messages of its source we have seen (the epoch).
 * 0 issued, 1 not wanted (pml_recv_wants_sreq), -1 failed (retry later). */
int pml_sreq_issue_one(struct mq_recv *mr, void *arg)
{
    (void)arg;
    struct req *r = (struct req *)mr;
    if (!pml_recv_wants_sreq(dt_layout(r->dt)->size * r->count))
        return 1;                      /* its messages come eager */
    if (pml_recv_target(r))
        return -1;
    return pml_sreq_pend_recv(r);
}

/* The send-request of receive r (its target and cap set) into its peer's
 * pending ones (pml_sreq_issue_one; the receive fast path posts by pml_post_recv). */
int pml_sreq_pend_recv(struct req *r)
{
    struct wire w = { .type = W_REQ, .tag = r->tag, .ctx = r->ctx,
                      .mseq = pml_peers[r->peer].seen, .rid = req_id(r),
                      .addr = (uint64_t)(uintptr_t)r->target, .maxlen = (uint64_t)r->cap };
    if (sreq_pend(r->peer, &w))
        return -1;
    pml_stats.send_requests++;
    return 0;
}
