/* pml_send.c - point-to-point messaging layer: starting a send (seed 003
 * sec 2.2, send steps 1-2).
 *   1. look at the send-requests the receiver gave us (drained from our
 *      send-request FIFO for that peer); the first one that accepts the
 *      message and is still current (match.h) gets the data by remote write
 *      straight into the receive buffer, then a W_DONE notice through the
 *      message FIFO (applied after the write: MBCF keeps order per pair);
 *   2. else, up to the eager limit (one FIFO entry), append header+data to
 *      the receiver's message FIFO for us; above it append a request-to-send
 *      (W_RTS) instead, and remote-write the data when the receiver answers
 *      with a W_CTS send-request (pml_incoming.c). The FIFO never holds
 *      large data.
 * Synchronous sends never go eager: remote write to a posted receive, or RTS.
 * Messages to self are matched locally (no MBCF). */
#include "pml_internal.h"
#include "pml_bsend.h"
#include "mpi_datatype.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A send's message entry (header w, len bytes of data). now: built with
 * our pending send-requests to peer attached and posted at once
 * (chan_send_post: no attach nor pump walk later), unless send-requests are
 * still to be issued (pml_issue_dirty: the round's walk attaches them to a
 * queued entry) or they do not fit; else queued for the next pump. */
PATH_INLINE int msg_out(int peer, struct wire *w, const void *data, size_t len, int now)
{
    struct pml_peer *pp = &pml_peers[peer];
    if (!now || pml_issue_dirty)
        return chan_send(peer, CH_MSG, w, data, len);
    size_t x = (size_t)pp->npend * sizeof pp->pend[0];
    if (!x || sizeof *w + len + x > MBCF_FIFO_ENTRY_MAX)
        return chan_send_post(peer, w, data, len, NULL, 0);   /* none, or they take the
                                                                 request channel */
    w->flags = (uint8_t)pp->npend;
    int e = chan_send_post(peer, w, data, len, pp->pend, x);
    if (!e)
        pp->npend = 0;
    return e;
}

/* The W_DONE notice of a matched message whose n bytes need no request:
 * inline in the notice (a few bytes: one FIFO entry, one frame; the
 * receiver copies them to the buffer it offered), or remote-written from a
 * bounce slot (buffered eager: a small non-synchronous send completes once
 * its data sits in a bounce slot). 1 sent (the send is complete), 0 the
 * caller must write the data from its own buffer. */
PATH_INLINE int done_now(int peer, struct wire *w, uint64_t addr, const void *data, int64_t n,
                    int sync, int now)
{
    if (sync || n > mpi_params.eager_limit)
        return 0;
    if (n > 0 && n <= mpi_params.inline_max) {
        msg_out(peer, w, data, (size_t)n, now);
        pml_stats.bytes_fifo += (uint64_t)n;
        return 1;
    }
    if (n > 0)
        btl_put_bounce(peer, addr, data, n);
    pml_stats.bytes_remote_write += (uint64_t)n;
    msg_out(peer, w, NULL, 0, now);
    return 1;
}

void pml_send_to_buffer(struct req *s, int peer, uint64_t addr, uint64_t maxlen, uint64_t rid)
{
    int64_t n = s->bytes < (int64_t)maxlen ? s->bytes : (int64_t)maxlen;
    struct wire w = { .type = W_DONE, .tag = s->tag, .ctx = s->ctx,
                      .len = (uint64_t)s->bytes, .rid = rid };
    if (done_now(peer, &w, addr, s->data, n, s->mode == MODE_SYNC, 0)) {
        req_complete(s);
        return;
    }
    /* large or synchronous: written from the user's buffer; a synchronous
     * send waits for the write's completion (the target is a posted receive).
     * A large one's last EAGER_MAX bytes ride in the notice instead (the
     * receiver copies them behind the written part): one frame fewer. */
    int64_t tail = s->mode == MODE_SYNC ? 0 : (n < EAGER_MAX ? n : EAGER_MAX);
    if (n > tail)
        btl_put(peer, addr, s->data, n - tail, req_id(s), &s->puts_pending);
    pml_stats.bytes_remote_write += (uint64_t)(n - tail);
    pml_stats.bytes_fifo += (uint64_t)tail;
    chan_send(peer, CH_MSG, &w, (const char *)s->data + (n - tail), (size_t)tail);
    s->state = RS_WAIT_DONE;
    if (s->puts_pending == 0)
        req_complete(s);
}

/* send_small's way through a send-request the receiver gave us (the
 * newest ones drained first when news came): 1 sent as the W_DONE notice
 * of a matching one (done_now), 0 none matches. Out of line: the eager
 * path keeps fewer registers (docs/fastpath.md). */
static __attribute__((noinline)) int send_to_held(int peer, struct wire *w, const void *data,
                                                  int news)
{
    if (news)
        pml_rx_peer_ready(peer, CH_REQ);   /* newest send-requests of the receiver */
    struct pml_peer *pp = &pml_peers[peer];
    struct mq_sreq q;
    if (!pp->sreqs.n || !mq_sreq_take(&pp->sreqs, w->tag, w->ctx, &q))
        return 0;
    w->type = W_DONE;
    w->rid = q.rid;
    int64_t n = (int64_t)w->len < (int64_t)q.maxlen ? (int64_t)w->len : (int64_t)q.maxlen;
    done_now(peer, w, q.addr, data, n, 0, 1);
    return 1;
}

/* A message of at most the eager limit, not synchronous, to another live
 * rank: a held send-request of the receiver takes it (send_to_held), else
 * it goes eagerly into the receiver's message FIFO. Either way the send is
 * complete at return: no request is needed (send-immediate). */
PATH_INLINE int send_small(int peer, int tag, uint32_t ctx, const void *data, int64_t bytes)
{
    /* the header first: across the calls only peer, data and w stay live
     * (fewer register saves; docs/fastpath.md) */
    struct wire w = { .type = W_EAGER, .tag = tag, .ctx = ctx, .len = (uint64_t)bytes };
    pml_stats.msgs_sent++;
    pml_stats.bytes_sent += w.len;
    int news = pml_rx_news();
    struct pml_peer *pp = &pml_peers[peer];
    if ((news || pp->sreqs.n) && send_to_held(peer, &w, data, news))
        return MPI_SUCCESS;
    w.mseq = mq_sreq_fifo_sent(&pp->sreqs);
    int e = msg_out(peer, &w, data, (size_t)w.len, 1);
    if (!e)
        pml_stats.bytes_fifo += w.len;
    return e;
}

int pml_send_immediate(const void *data, int64_t bytes, int peer, int tag, uint32_t ctx)
{
    int e = send_small(peer, tag, ctx, data, bytes);
    if (e)
        return e;
    pml_progress_send();
    return MPI_SUCCESS;
}

static int self_send(struct req *s)
{
    struct mq_env env = { mpi_world_rank, s->tag, s->ctx };
    struct mq_recv *mr = mq_find_recv(&pml_posted, &env);
    if (mr) {
        struct req *r = (struct req *)mr;
        pml_unpost(r);
        pml_recv_deliver(r, mpi_world_rank, s->tag, s->data, s->bytes);
        req_complete(s);
        return MPI_SUCCESS;
    }
    struct umsg *u = calloc(1, sizeof *u);
    if (!u)
        return MPI_ERR_NO_MEM;
    u->m.env = env;
    u->len = s->bytes;
    if (s->mode == MODE_SYNC) {
        u->kind = U_SELF_SYNC;
        u->self_send = s;
        s->state = RS_WAIT_CTS;
    } else {
        u->kind = U_EAGER;
        u->data = malloc(s->bytes ? (size_t)s->bytes : 1);
        if (!u->data) {
            free(u);
            return MPI_ERR_NO_MEM;
        }
        memcpy(u->data, s->data, (size_t)s->bytes);
        req_complete(s);
    }
    mq_append(&pml_unexpected, &u->m.node);
    return MPI_SUCCESS;
}

int pml_start_send(struct req *s)
{
    s->state = RS_IDLE;
    if (s->peer == MPI_PROC_NULL) {
        req_complete(s);
        return MPI_SUCCESS;
    }
    if (pml_peer_dead(s->peer))
        return pml_fail_code(s->peer);
    struct dte *d = dt_layout(s->dt);
    int64_t off;
    s->bytes = d->size * s->count;
    if (dte_is_contig(d, s->count, &off)) {
        s->data = (const char *)s->buf + off;
    } else {
        free(s->tmp);
        s->tmp = malloc(s->bytes ? (size_t)s->bytes : 1);
        if (!s->tmp)
            return MPI_ERR_NO_MEM;
        dte_pack(d, s->buf, s->count, s->tmp, 0, s->bytes);
        s->data = s->tmp;
    }
    if (s->mode == MODE_BUF) {
        void *b = bsend_alloc(s->bytes);
        if (!b)
            return MPI_ERR_BUFFER;
        memcpy(b, s->data, (size_t)s->bytes);
        free(s->tmp);
        s->tmp = NULL;
        s->bsend_block = b;
        s->data = b;
    }
    if (s->peer == mpi_world_rank)
        return self_send(s);

    if (s->bytes <= mpi_params.eager_limit && s->mode != MODE_SYNC) {
        int e = send_small(s->peer, s->tag, s->ctx, s->data, s->bytes);
        if (e)
            return e;
        req_complete(s);
        pml_progress();
        return MPI_SUCCESS;
    }
    pml_stats.msgs_sent++;
    pml_stats.bytes_sent += (uint64_t)s->bytes;
    if (pml_rx_news())
        pml_rx_peer(s->peer, CH_REQ);    /* newest send-requests of the receiver */
    struct pml_peer *pp = &pml_peers[s->peer];
    struct mq_sreq q;
    if (mq_sreq_take(&pp->sreqs, s->tag, s->ctx, &q)) {
        pml_send_to_buffer(s, s->peer, q.addr, q.maxlen, q.rid);
    } else if (s->bytes <= mpi_params.eager_multi && s->mode != MODE_SYNC) {
        int e = pml_send_multi(s); /* no round trip: several FIFO entries */
        if (e)
            return e;
        req_complete(s);
    } else {
        struct wire w = { .type = W_RTS, .tag = s->tag, .ctx = s->ctx,
                          .len = (uint64_t)s->bytes, .sid = req_id(s) };
        w.mseq = mq_sreq_fifo_sent(&pp->sreqs);
        s->state = RS_WAIT_CTS;
        int e = chan_send(s->peer, CH_MSG, &w, NULL, 0);
        if (e)
            return e;
    }
    pml_progress();
    return MPI_SUCCESS;
}

/* btl_put completion of a piece of s's data (btl_init callback). */
void pml_send_put_done(uint64_t owner, int status)
{
    struct req *r = req_by_id(owner);
    if (!r)
        return;
    if (status == MBCF_E_PEER_DEAD) {
        r->err = pml_fail_code(r->peer);
    } else if (status != MBCF_OK) {
        fprintf(stderr, "libmpi_mbcf rank %d: remote write refused: %s\n", mpi_world_rank,
                mbcf_strerror(status));
        r->err = MPI_ERR_OTHER;
    }
    if (--r->puts_pending == 0 && r->state == RS_WAIT_DONE)
        req_complete(r);
}
