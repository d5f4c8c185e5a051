/* pml_mprobe.c - point-to-point messaging layer: matched probes (MPI-3.1
 * sec 3.8.2-3.8.3). A matched probe finds an unexpected message as a probe
 * does and takes it off the unexpected list: from then on only the matched
 * receive (Mrecv/Imrecv) given its handle can receive it. Messages reach the
 * unexpected list only through the FIFOs (eager data or a request-to-send,
 * seed 003 sec 2.2), and their FIFO sequence numbers were counted on
 * arrival, so taking one off changes nothing in the send-request rules. */
#include "pml_internal.h"

void *pml_mprobe(int peer, int tag, uint32_t ctx, MPI_Status *st, MPI_Comm comm)
{
    if (!pml_probe(peer, tag, ctx, st, comm))
        return NULL;
    struct mq_env pat = { peer, tag, ctx };
    struct mq_msg *m = mq_find_msg(&pml_unexpected, &pat);   /* the one pml_probe saw */
    mq_remove(&m->node);
    return m;
}

void pml_mrecv_start(struct req *r, void *msg)
{
    struct umsg *u = msg;
    r->state = RS_POSTED;
    r->target = NULL;
    r->st.MPI_ERROR = MPI_SUCCESS;
    r->st.mbcf_cancelled = 0;
    r->peer = u->m.env.src;
    r->tag = u->m.env.tag;
    r->ctx = u->m.env.ctx;
    r->mr.pat = u->m.env;
    r->mr.requested = 0;
    pml_match_unexpected(r, u);
}
