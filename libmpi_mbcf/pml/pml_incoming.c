/* pml_incoming.c - point-to-point messaging layer: incoming entries. Drains
 * this process's FIFOs of one peer, checks channel order (btl_chan.c) and
 * the order of request-channel items (pml_sreq.c), and dispatches each
 * entry by type: messages and notices to the receive side (pml_recv.c),
 * send-requests are held for the next send to that peer, a W_CTS starts a
 * rendezvous write (pml_send.c), cancels and aborts. */
#include "pml_internal.h"
#include "mbcf_fifo_inline.h"
#include <stdio.h>
#include <string.h>

/* A send-request of the receiver p arrived: held for our next send to it. */
static void sreq_arrive(int p, const struct wire *w)
{
    struct mq_sreq q = { w->mseq, w->tag, w->ctx, w->addr, w->maxlen, w->rid };
    if (mq_sreq_arrive(&pml_peers[p].sreqs, &q) < 0)
        world_abort(72);
}

/* Complete the posted receive r (posted with this source, contiguous, no
 * bounce buffer, the message fits) with a message of len bytes, plen of
 * them here: what the fast cases below share. */
PATH_INLINE void complete_fast(struct req *r, int tag, int64_t len, const void *payload,
                               size_t plen)
{
    if (r->in_posted) {
        mq_remove(&r->mr.node);
        r->in_posted = 0;
        pml_issue_dirty = 1;
    }
    r->st.MPI_SOURCE = r->peer_rank1 - 1;
    r->st.MPI_TAG = tag;
    r->st.mbcf_count = len;
    r->st.mbcf_cancelled = 0;
    r->st.MPI_ERROR = MPI_SUCCESS;
    if (plen)                          /* data inline: the message's last plen bytes */
        memcpy((char *)r->target + (len - (int64_t)plen), payload, plen);
    req_complete(r);
}

/* The fast header (docs/fastpath.md): a W_DONE whose receive
 * was posted with this source, into its own contiguous buffer (no bounce
 * buffer), that fits, is completed here without the generic dispatch
 * (handle, pml_recv_on_done, set_status's communicator case). Anything
 * else (released or cancelled request, ANY_SOURCE, truncation, a
 * non-contiguous type) takes pml_recv_on_done. Same result either way. */
PATH_INLINE void done_fast(int p, const struct wire *w, const void *payload, size_t plen)
{
    pml_handled++;
    struct req *r = req_by_id(w->rid);
    if (!r || r->kind != RK_RECV || r->state != RS_POSTED || r->tmp || r->peer != p ||
        !r->peer_rank1 || (int64_t)w->len > r->cap || plen > w->len || (plen && !r->target)) {
        pml_recv_on_done(p, w, payload, plen);
        return;
    }
    complete_fast(r, w->tag, (int64_t)w->len, payload, plen);
}

/* The eager entry for the first posted receive (docs/fastpath.md: a receive of less capacity than sreq_min asks for no send-request,
 * so its messages come this way): a W_EAGER in sequence whose match is the
 * receive posted first, posted with this source, contiguous, no bounce
 * buffer, that fits, is delivered here without the list search and
 * pml_recv_deliver. Anything else (a later receive, ANY_SOURCE,
 * truncation, a non-contiguous type, no receive: unexpected) takes
 * pml_recv_on_message. Same result either way. */
PATH_INLINE void eager_fast(int p, const struct wire *w, const void *payload, size_t plen)
{
    struct pml_peer *pp = &pml_peers[p];
    struct mq_node *n = pml_posted.head.next;
    struct req *r = (struct req *)(void *)n;      /* the node comes first (pml_request.h) */
    pml_handled++;
    /* r->peer == p stands for the pattern's source (a receive's pattern
     * source is its peer: pml_recv.c); tag and context as mq_env_match */
    if (n == &pml_posted.head || r->peer != p || r->mr.pat.ctx != w->ctx ||
        (r->mr.pat.tag != w->tag && (r->mr.pat.tag != MQ_ANY_TAG || w->tag < 0)) ||
        !r->peer_rank1 || r->tmp || w->mseq != pp->seen + 1 || (int64_t)w->len > r->cap ||
        plen != w->len || (plen && !r->target)) {
        pml_recv_on_message(p, w, payload, plen);
        return;
    }
    pp->seen++;
    pml_issue_dirty = 1;               /* our send-requests to p are stale now */
    complete_fast(r, w->tag, (int64_t)w->len, payload, plen);
}

static void handle(int kind, int p, const struct wire *w, const void *payload, size_t plen)
{
    pml_handled++;
    switch (w->type) {
    case W_EAGER:
    case W_RTS:
        if (kind == CH_MSG)
            pml_recv_on_message(p, w, payload, plen);
        break;
    case W_DONE:
        pml_recv_on_done(p, w, payload, plen);
        break;
    case W_MORE:
        if (kind == CH_MSG)
            pml_multi_more(p, payload, plen);
        break;
    case W_CANCEL_ACK: {
        struct req *r = req_by_id(w->rid);
        if (r && r->state == RS_CANCELLING)
            pml_recv_cancelled(r);
        break;
    }
    case W_ABORT:
        pml_on_abort(p, (int)w->len);
    case W_REQ:
        sreq_arrive(p, w);
        break;
    case W_CTS: {
        struct req *s = req_by_id(w->sid);
        if (s && s->kind == RK_SEND && s->state == RS_WAIT_CTS)
            pml_send_to_buffer(s, p, w->addr, w->maxlen, w->rid);
        break;
    }
    case W_CANCEL: {
        mq_sreq_cancel(&pml_peers[p].sreqs, w->rid);
        struct wire a = { .type = W_CANCEL_ACK, .rid = w->rid };
        chan_send(p, CH_MSG, &a, NULL, 0);
        break;
    }
    default:
        fprintf(stderr, "libmpi_mbcf rank %d: unknown entry type %d from %d\n",
                mpi_world_rank, w->type, p);
    }
}

/* A request-channel item of p (W_REQ, W_CTS, W_CANCEL; numbered in
 * wire.pad, pml_sreq.c): handled now if it is the next one, with the kept
 * ones that follow it, else kept (pml_rqorder.h): neither FIFO waits for
 * the other. */
static void rq_item(int p, const struct wire *w)
{
    struct rq_order *o = &pml_peers[p].rq_in;
    int r = rq_order_arrive(o, w);
    if (r < 0) {
        fprintf(stderr, "libmpi_mbcf rank %d: out of memory for send-requests\n",
                mpi_world_rank);
        world_abort(72);
    }
    if (r == 0)
        return;
    handle(CH_REQ, p, w, NULL, 0);
    struct wire k;
    while (rq_order_next(o, &k))
        handle(CH_REQ, p, &k, NULL, 0);
}

/* Attached send-requests follow an entry's data: not 8-byte aligned, so each
 * is copied out before use (out of line: the drain's frame stays small). */
static __attribute__((noinline)) void rx_attached(int p, const char *attp, size_t natt)
{
    for (size_t i = 0; i < natt; i++) {
        struct wire a;
        memcpy(&a, attp + i * sizeof a, sizeof a);
        if (a.type == W_REQ)
            rq_item(p, &a);
    }
}

/* Drain FIFO `kind` of peer p (kind a constant at each use below, so each
 * drain is compiled for its own FIFO). budget counts the entries taken. */
PATH_INLINE void rx_drain(int p, int kind)
{
    struct pml_peer *pp = &pml_peers[p];
    mbcf_fifo_t *f = pp->fifo[kind];
    uint32_t *expect = pp->expect[kind];           /* next channel sequence accepted */
    for (int budget = 128; budget > 0; budget--) {
        /* the inline peek: an entry or an empty FIFO costs no call */
        struct mbcf_fifo_entry e = mbcf_fifo_peek_inline(f);
        if (e.rc != 1) {
            if (e.rc < 0)
                btl_fail("mbcf_fifo_peek", -e.rc);
            return;
        }
        /* the header is read in place: entries are 8-byte aligned in the
         * ring and stay until the pop (mbcf_fifo_ring.h) */
        const struct wire *w = e.msg;
        if (e.len >= sizeof *w && e.src == p) {
            const char *pay = (const char *)e.msg + sizeof *w;
            size_t plen = e.len - sizeof *w, natt = kind == CH_MSG ? w->flags : 0;
            if (natt * sizeof *w > plen) {
                fprintf(stderr, "libmpi_mbcf rank %d: malformed entry from %d dropped\n",
                        mpi_world_rank, p);
                mbcf_fifo_pop_inline(f);
                continue;
            }
            plen -= natt * sizeof *w;
            const char *attp = pay + plen;
            /* a duplicate or an entry after a gap is dropped: the sender
             * goes back (btl_chan.c) */
            if (w->tseq == *expect) {
                ++*expect;
                if (kind == CH_REQ)
                    rq_item(p, w); /* in their numbered order (pml_rqorder.h) */
                else if (w->type == W_DONE)
                    done_fast(p, w, pay, plen);
                else if (w->type == W_EAGER)
                    eager_fast(p, w, pay, plen);
                else
                    handle(kind, p, w, pay, plen);
                if (natt)
                    rx_attached(p, attp, natt);
            }
        }
        mbcf_fifo_pop_inline(f);
    }
    if (mbcf_fifo_ready(f))
        pml_rx.left = 1;                   /* the budget ran out: the next round goes on */
}

void pml_rx_peer(int p, int kind)
{
    if (kind == CH_MSG)
        rx_drain(p, CH_MSG);
    else
        rx_drain(p, CH_REQ);
}
