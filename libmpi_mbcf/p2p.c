/* p2p.c - the MPI/MBCF point-to-point protocol (seed 003 sec 2.2).
 *
 * Send (seed 003 sec 2.2, send steps 1-2):
 *   1. look at the send-requests the receiver gave us (drained from our
 *      send-request FIFO for that peer); the first one that accepts the
 *      message and is still current (match.h) gets the data by remote write
 *      straight into the receive buffer, then a W_DONE notice through the
 *      message FIFO (applied after the write: MBCF keeps order per pair);
 *   2. else, up to the eager limit (one FIFO entry), append header+data to
 *      the receiver's message FIFO for us; above it append a request-to-send
 *      (W_RTS) instead, and remote-write the data when the receiver answers
 *      with a W_CTS send-request. The FIFO never holds large data.
 * Receive (receive steps 1-3): search the unexpected list; post the receive
 *   and drain the FIFOs (entries match posted receives in order, footnote 3);
 *   if still unmatched and the source is specific, send a send-request.
 * Synchronous sends never go eager: remote write to a posted receive, or RTS.
 * Messages to self are matched locally (no MBCF).
 */
#include "mpii.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint32_t seen[MAXR];               /* FIFO messages processed, per source */
static struct mq_sreq_peer sreqs[MAXR];   /* send-requests held, per receiver */
static struct mq_list posted, unexpected;
static int issue_dirty;
static uint64_t events;
/* Arrival gate: mbcf_events() when every FIFO and the completion queue were
 * last drained; rx_left when an entry was left behind (budget, or an item
 * whose earlier request is still in the other FIFO). */
static uint32_t rx_events;
static int rx_left = 1;

static int rx_news(void)
{
    return rx_left || mbcf_events() != rx_events;
}

/* Send-requests ride in notices (README "MPI"): a new W_REQ waits in pend[p]
 * until the next doorbell; then it is attached to the not yet posted
 * W_EAGER/W_RTS/W_DONE entry for p (one FIFO entry, one frame instead of
 * two), else appended to the send-request channel. Every request-channel item
 * (W_REQ, W_CTS, W_CANCEL) carries a per-peer number (wire.pad) and the peer
 * handles them strictly in that order whichever FIFO they come through. */
#define PEND_MAX ((MBCF_FIFO_ENTRY_MAX - (int)sizeof(struct wire)) / (int)sizeof(struct wire))
static struct wire pend[MAXR][PEND_MAX];
static int npend[MAXR];
static uint32_t rq_out[MAXR], rq_in[MAXR];

/* Matched sends of at most inline_max bytes carry the data in the W_DONE
 * notice instead of a remote write before it (one frame instead of two);
 * MPI_MBCF_INLINE=n sets it (0 = always remote write). */
#define INLINE_DEFAULT 256
static int64_t inline_max = INLINE_DEFAULT;

static void inline_from_env(void)
{
    const char *e = getenv("MPI_MBCF_INLINE");
    if (!e || !*e)
        return;
    char *end;
    long v = strtol(e, &end, 10);
    if (*end || v < 0 || v > 1024) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_INLINE='%s' is not 0..1024; using %d\n", e,
                INLINE_DEFAULT);
        return;
    }
    inline_max = v;
}

static int pend_flush(int p)
{
    for (int i = 0; i < npend[p]; i++) {
        int e = chan_send(p, CH_REQ, &pend[p][i], NULL, 0);
        if (e) {
            memmove(pend[p], pend[p] + i, (size_t)(npend[p] - i) * sizeof pend[p][0]);
            npend[p] -= i;
            return e;
        }
    }
    npend[p] = 0;
    return MPI_SUCCESS;
}

/* A request-channel item that must not wait: after the pending ones. */
static int req_chan_send(int p, struct wire *w)
{
    int e = pend_flush(p);
    if (e)
        return e;
    w->pad = ++rq_out[p];
    return chan_send(p, CH_REQ, w, NULL, 0);
}

static int req_pend(int p, struct wire *w)
{
    if (npend[p] == PEND_MAX) {
        int e = pend_flush(p);
        if (e)
            return e;
    }
    w->pad = ++rq_out[p];
    pend[p][npend[p]++] = *w;
    return MPI_SUCCESS;
}

static void pend_resolve_all(void)
{
    for (int p = 0; p < mpi_world_size; p++) {
        if (!npend[p])
            continue;
        if (chan_attach_last(p, pend[p], (size_t)npend[p] * sizeof pend[p][0],
                             (uint8_t)npend[p]))
            npend[p] = 0;
        else if (pend_flush(p)) {
            fprintf(stderr, "libmpi_mbcf rank %d: out of memory for send-requests\n",
                    mpi_world_rank);
            MPI_Abort(MPI_COMM_WORLD, 72);
        }
    }
}

enum { U_EAGER, U_RTS, U_SELF_SYNC };
struct umsg {
    struct mq_msg m;
    int kind;
    int64_t len;
    uint64_t sid;
    struct req *self_send;
    unsigned char *data;
};

/* ---- exports of receive buffers: on the fly, remembered (no unexport) ---- */
#define EXP_MAX 256
static struct { uintptr_t s, e; } exp_done[EXP_MAX];
static int exp_n;

static int export_range(void *p, int64_t len)
{
    if (len <= 0)
        return 0;
    uintptr_t s = (uintptr_t)p & ~(uintptr_t)4095;
    uintptr_t e = ((uintptr_t)p + (uintptr_t)len + 4095) & ~(uintptr_t)4095;
    for (int i = 0; i < exp_n; i++)
        if (s >= exp_done[i].s && e <= exp_done[i].e)
            return 0;
    int st = mbcf_export((void *)s, e - s, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    if (st)
        return st;
    for (int i = 0; i < exp_n; i++)          /* grow a touching range */
        if (s <= exp_done[i].e && e >= exp_done[i].s) {
            if (s < exp_done[i].s) exp_done[i].s = s;
            if (e > exp_done[i].e) exp_done[i].e = e;
            return 0;
        }
    if (exp_n < EXP_MAX) {
        exp_done[exp_n].s = s;
        exp_done[exp_n].e = e;
        exp_n++;
    }
    return 0;
}

/* Where remote writes for this receive land: the buffer itself when the
 * datatype is contiguous, else a bounce buffer unpacked at completion. */
static int recv_target(struct req *r)
{
    if (r->target)
        return 0;
    struct dte *d = dt_get(r->dt);
    int64_t off;
    r->cap = d->size * r->count;
    if (dte_is_contig(d, r->count, &off)) {
        r->target = (char *)r->buf + off;
    } else {
        r->tmp = malloc(r->cap ? (size_t)r->cap : 1);
        if (!r->tmp)
            return MPI_ERR_NO_MEM;
        r->target = r->tmp;
    }
    if (r->cap == 0)
        return 0;
    return export_range(r->target, r->cap) ? MPI_ERR_OTHER : 0;
}

static void set_status(struct req *r, int src_world, int tag, int64_t len)
{
    int64_t n = len < r->cap ? len : r->cap;
    struct comm *c = comm_get(r->comm);
    r->st.MPI_SOURCE = c ? comm_rank_of_world(c, src_world) : src_world;
    r->st.MPI_TAG = tag;
    r->st.mbcf_count = n;
    r->st.mbcf_cancelled = 0;
    r->st.MPI_ERROR = len > r->cap ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
}

static void unpost(struct req *r)
{
    if (r->in_posted) {
        mq_remove(&r->mr.node);
        r->in_posted = 0;
        issue_dirty = 1;
    }
}

/* Data for r is in a contiguous stream: unpack, status, complete. */
static void recv_deliver(struct req *r, int src_world, int tag, const void *data, int64_t len)
{
    struct dte *d = dt_get(r->dt);
    r->cap = d->size * r->count;
    set_status(r, src_world, tag, len);
    dte_unpack(d, r->buf, r->count, data, 0, r->st.mbcf_count);
    req_complete(r);
}

/* r matched a request-to-send: answer with a send-request for that message. */
static void recv_send_cts(struct req *r, int src_world, int tag, int64_t len, uint64_t sid)
{
    if (recv_target(r)) {
        fprintf(stderr, "libmpi_mbcf rank %d: cannot export a receive buffer\n",
                mpi_world_rank);
        MPI_Abort(MPI_COMM_WORLD, 71);
    }
    struct wire w = { .type = W_CTS, .tag = tag, .ctx = r->ctx, .len = (uint64_t)len,
                      .sid = sid, .rid = req_id(r), .addr = (uint64_t)(uintptr_t)r->target,
                      .maxlen = (uint64_t)r->cap };
    r->state = RS_WAIT_DONE;
    r->st.MPI_TAG = tag;
    req_chan_send(src_world, &w);
}

static void match_unexpected(struct req *r, struct umsg *u)
{
    mq_remove(&u->m.node);
    if (u->kind == U_EAGER) {
        recv_deliver(r, u->m.env.src, u->m.env.tag, u->data, u->len);
    } else if (u->kind == U_RTS) {
        recv_send_cts(r, u->m.env.src, u->m.env.tag, u->len, u->sid);
    } else {
        recv_deliver(r, u->m.env.src, u->m.env.tag, u->self_send->data, u->len);
        req_complete(u->self_send);
    }
    free(u->data);
    free(u);
}

/* ---- sending ---- */
static void send_via_put(struct req *s, int peer, uint64_t addr, uint64_t maxlen, uint64_t rid)
{
    int64_t n = s->bytes < (int64_t)maxlen ? s->bytes : (int64_t)maxlen;
    /* buffered eager: a small standard/ready/buffered send completes once
     * its data sits in a bounce slot; a synchronous one waits for the
     * write's completion (it was matched: the target is a posted receive) */
    struct wire w = { .type = W_DONE, .tag = s->tag, .ctx = s->ctx,
                      .len = (uint64_t)s->bytes, .rid = rid };
    if (n > 0 && n <= inline_max && s->mode != MODE_SYNC) {
        /* a few bytes: in the notice itself (one FIFO entry, one frame);
         * the receiver copies them to the buffer it offered */
        chan_send(peer, CH_MSG, &w, s->data, (size_t)n);
        mpi_stats.bytes_fifo += (uint64_t)n;
        req_complete(s);
        return;
    }
    if (n > 0 && n <= mpi_eager_limit && s->mode != MODE_SYNC)
        put_post_bounce(peer, addr, s->data, n);
    else if (n > 0)
        put_post(peer, addr, s->data, n, s);
    mpi_stats.bytes_remote_write += (uint64_t)n;
    chan_send(peer, CH_MSG, &w, NULL, 0);
    s->state = RS_WAIT_DONE;
    if (s->puts_pending == 0)
        req_complete(s);
}

static int self_send(struct req *s)
{
    struct mq_env env = { mpi_world_rank, s->tag, s->ctx };
    struct mq_recv *mr = mq_find_recv(&posted, &env);
    if (mr) {
        struct req *r = (struct req *)mr;
        unpost(r);
        recv_deliver(r, mpi_world_rank, s->tag, s->data, s->bytes);
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
    mq_append(&unexpected, &u->m.node);
    return MPI_SUCCESS;
}

static void rx_peer(int p, int kind);
static void progress_round(int flush);

int p2p_start_send(struct req *s)
{
    s->state = RS_IDLE;
    if (s->peer == MPI_PROC_NULL) {
        req_complete(s);
        return MPI_SUCCESS;
    }
    struct dte *d = dt_get(s->dt);
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

    mpi_stats.msgs_sent++;
    mpi_stats.bytes_sent += (uint64_t)s->bytes;
    if (rx_news())
        rx_peer(s->peer, CH_REQ);        /* newest send-requests of the receiver */
    struct mq_sreq q;
    if (mq_sreq_take(&sreqs[s->peer], s->tag, s->ctx, &q)) {
        send_via_put(s, s->peer, q.addr, q.maxlen, q.rid);
    } else if (s->bytes <= mpi_eager_limit && s->mode != MODE_SYNC) {
        struct wire w = { .type = W_EAGER, .tag = s->tag, .ctx = s->ctx,
                          .len = (uint64_t)s->bytes };
        w.mseq = mq_sreq_fifo_sent(&sreqs[s->peer]);
        int e = chan_send(s->peer, CH_MSG, &w, s->data, (size_t)s->bytes);
        if (e)
            return e;
        mpi_stats.bytes_fifo += (uint64_t)s->bytes;
        req_complete(s);
    } else {
        struct wire w = { .type = W_RTS, .tag = s->tag, .ctx = s->ctx,
                          .len = (uint64_t)s->bytes, .sid = req_id(s) };
        w.mseq = mq_sreq_fifo_sent(&sreqs[s->peer]);
        s->state = RS_WAIT_CTS;
        int e = chan_send(s->peer, CH_MSG, &w, NULL, 0);
        if (e)
            return e;
    }
    progress();
    return MPI_SUCCESS;
}

/* ---- receiving ---- */
int p2p_start_recv(struct req *r)
{
    r->state = RS_POSTED;
    r->target = NULL;
    free(r->tmp);
    r->tmp = NULL;
    r->st.MPI_ERROR = MPI_SUCCESS;
    r->st.mbcf_cancelled = 0;
    if (r->peer == MPI_PROC_NULL) {
        r->st.MPI_SOURCE = MPI_PROC_NULL;
        r->st.MPI_TAG = MPI_ANY_TAG;
        r->st.mbcf_count = 0;
        req_complete(r);
        return MPI_SUCCESS;
    }
    r->mr.pat = (struct mq_env){ r->peer, r->tag, r->ctx };
    r->mr.requested = 0;
    struct mq_msg *m = mq_find_msg(&unexpected, &r->mr.pat);
    if (m) {
        match_unexpected(r, (struct umsg *)m);
        return MPI_SUCCESS;
    }
    mq_append(&posted, &r->mr.node);
    r->in_posted = 1;
    issue_dirty = 1;
    progress_round(0);
    return MPI_SUCCESS;
}

int p2p_cancel_recv(struct req *r)
{
    if (r->state != RS_POSTED)
        return MPI_SUCCESS;        /* already matched: cannot be cancelled */
    int live = mq_request_live(&r->mr, seen);
    unpost(r);
    if (live) {
        /* the sender may hold our send-request: take it back first */
        struct wire w = { .type = W_CANCEL, .rid = req_id(r) };
        r->state = RS_CANCELLING;
        req_chan_send(r->peer, &w);
        progress();
        return MPI_SUCCESS;
    }
    r->cancelled = 1;
    r->st.mbcf_cancelled = 1;
    r->st.mbcf_count = 0;
    req_complete(r);
    return MPI_SUCCESS;
}

static int issue_one(struct mq_recv *mr, void *arg)
{
    (void)arg;
    struct req *r = (struct req *)mr;
    if (recv_target(r))
        return -1;
    struct wire w = { .type = W_REQ, .tag = r->tag, .ctx = r->ctx, .mseq = seen[r->peer],
                      .rid = req_id(r), .addr = (uint64_t)(uintptr_t)r->target,
                      .maxlen = (uint64_t)r->cap };
    if (req_pend(r->peer, &w))
        return -1;
    mpi_stats.send_requests++;
    return 0;
}

/* ---- arrivals ---- */
static void on_fifo_message(int p, const struct wire *w, const void *payload, size_t plen)
{
    seen[p]++;
    if (w->mseq != seen[p])
        fprintf(stderr, "libmpi_mbcf rank %d: message number %u from %d, expected %u\n",
                mpi_world_rank, w->mseq, p, seen[p]);
    issue_dirty = 1;               /* our send-requests to p are stale now */
    struct mq_env env = { p, w->tag, w->ctx };
    struct mq_recv *mr = mq_find_recv(&posted, &env);
    if (mr) {
        struct req *r = (struct req *)mr;
        unpost(r);
        if (w->type == W_EAGER)
            recv_deliver(r, p, w->tag, payload, (int64_t)w->len);
        else
            recv_send_cts(r, p, w->tag, (int64_t)w->len, w->sid);
        return;
    }
    struct umsg *u = calloc(1, sizeof *u);
    if (!u) {
        fprintf(stderr, "libmpi_mbcf: out of memory for an unexpected message\n");
        MPI_Abort(MPI_COMM_WORLD, 72);
    }
    u->m.env = env;
    u->len = (int64_t)w->len;
    if (w->type == W_EAGER) {
        u->kind = U_EAGER;
        u->data = malloc(plen ? plen : 1);
        if (!u->data)
            MPI_Abort(MPI_COMM_WORLD, 72);
        memcpy(u->data, payload, plen);
    } else {
        u->kind = U_RTS;
        u->sid = w->sid;
    }
    mq_append(&unexpected, &u->m.node);
}

static void on_done(int p, const struct wire *w, const void *payload, size_t plen)
{
    struct req *r = req_by_id(w->rid);
    if (!r || r->kind != RK_RECV || r->state == RS_DONE)
        return;
    unpost(r);
    set_status(r, p, w->tag, (int64_t)w->len);
    if (plen && r->target)         /* data inline (send_via_put) */
        memcpy(r->target, payload, plen < (size_t)r->cap ? plen : (size_t)r->cap);
    if (r->tmp)
        dte_unpack(dt_get(r->dt), r->buf, r->count, r->tmp, 0, r->st.mbcf_count);
    req_complete(r);
}

static void handle(int kind, int p, const struct wire *w, const void *payload, size_t plen)
{
    events++;
    switch (w->type) {
    case W_EAGER:
    case W_RTS:
        if (kind == CH_MSG)
            on_fifo_message(p, w, payload, plen);
        break;
    case W_DONE:
        on_done(p, w, payload, plen);
        break;
    case W_CANCEL_ACK: {
        struct req *r = req_by_id(w->rid);
        if (r && r->state == RS_CANCELLING) {
            r->cancelled = 1;
            r->st.mbcf_cancelled = 1;
            r->st.mbcf_count = 0;
            req_complete(r);
        }
        break;
    }
    case W_ABORT:
        fprintf(stderr, "libmpi_mbcf rank %d: rank %d called MPI_Abort(%d)\n", mpi_world_rank,
                p, (int)w->len);
        _exit((int)w->len ? (int)w->len : 1);
    case W_REQ: {
        struct mq_sreq q = { w->mseq, w->tag, w->ctx, w->addr, w->maxlen, w->rid };
        if (mq_sreq_arrive(&sreqs[p], &q) < 0)
            MPI_Abort(MPI_COMM_WORLD, 72);
        break;
    }
    case W_CTS: {
        struct req *s = req_by_id(w->sid);
        if (s && s->kind == RK_SEND && s->state == RS_WAIT_CTS)
            send_via_put(s, p, w->addr, w->maxlen, w->rid);
        break;
    }
    case W_CANCEL: {
        mq_sreq_cancel(&sreqs[p], w->rid);
        struct wire a = { .type = W_CANCEL_ACK, .rid = w->rid };
        chan_send(p, CH_MSG, &a, NULL, 0);
        break;
    }
    default:
        fprintf(stderr, "libmpi_mbcf rank %d: unknown entry type %d from %d\n",
                mpi_world_rank, w->type, p);
    }
}

static void rx_peer(int p, int kind)
{
    mbcf_fifo_t *f = my_fifo(kind, p);
    const void *m;
    size_t len;
    int src, rc, budget = 128;
    while (budget-- > 0 && (rc = mbcf_fifo_peek(f, &m, &len, &src)) == 1) {
        struct wire w;
        if (len >= sizeof w && src == p) {
            memcpy(&w, m, sizeof w);
            const char *pay = (const char *)m + sizeof w;
            size_t plen = len - sizeof w, natt = kind == CH_MSG ? w.flags : 0;
            if (natt * sizeof w > plen) {
                fprintf(stderr, "libmpi_mbcf rank %d: malformed entry from %d dropped\n",
                        mpi_world_rank, p);
                mbcf_fifo_pop(f);
                continue;
            }
            plen -= natt * sizeof w;
            if (w.tseq == chan_expected(p, kind)) {
                /* request-channel items in their numbered order (pend above) */
                uint32_t first = 0;
                if (kind == CH_REQ)
                    first = w.pad;
                else if (natt)
                    memcpy(&first, pay + plen + offsetof(struct wire, pad), sizeof first);
                if (first && first != rq_in[p] + 1) {
                    rx_left = 1;       /* an earlier one is in the other FIFO */
                    return;
                }
            }
            if (chan_accept(p, kind, &w)) {
                handle(kind, p, &w, pay, plen);
                if (kind == CH_REQ)
                    rq_in[p] = w.pad;
                for (size_t i = 0; i < natt; i++) {
                    struct wire a;
                    memcpy(&a, pay + plen + i * sizeof a, sizeof a);
                    rq_in[p] = a.pad;
                    if (a.type == W_REQ)
                        handle(CH_REQ, p, &a, NULL, 0);
                }
            }
        }
        mbcf_fifo_pop(f);
    }
    if (budget > 0 && rc < 0)
        mbcf_fail("mbcf_fifo_peek", -rc);
    if (budget <= 0)
        rx_left = 1;
}

/* One progress round; flush says whether to ring the doorbell at the end.
 * Posting a receive does not ring it: its send-request then leaves with the
 * next doorbell (typically the send that follows, so request and data share
 * one doorbell and reach the peer in one receive burst), or with the
 * kernel's next tick (at most 1 ms later) if the program computes. */
static void progress_round(int flush)
{
    uint32_t ev = mbcf_events();
    if (rx_left || ev != rx_events) {
        rx_events = ev;
        rx_left = 0;
        cq_drain();
        for (int p = 0; p < mpi_world_size; p++)
            if (p != mpi_world_rank) {
                rx_peer(p, CH_REQ);
                rx_peer(p, CH_MSG);
            }
    }
    if (issue_dirty) {
        issue_dirty = 0;
        if (!mq_list_empty(&posted))
            mq_issue_requests(&posted, seen, mpi_world_rank, 512, issue_one, NULL);
    }
    if (flush)
        pend_resolve_all();
    chan_pump_all();
    if (!flush)
        return;
    mbcf_flush();
}

/* Counters kept per peer, summed for the MPI_MBCF_STATS line. */
void p2p_stats_update(void)
{
    uint64_t rej = 0;
    for (int p = 0; p < mpi_world_size; p++)
        rej += sreqs[p].rejected;
    mpi_stats.rejected_requests = rej;
}

void progress(void)
{
    progress_round(1);
}

/* Wait policy (DESIGN.md "adaptive waiting"): after spin_rounds progress
 * rounds without news, sleep in mbcf_wait (the guest arms the interrupt and
 * halts; it returns at once if anything arrived since the last look, so no
 * wake-up is lost). MPI_MBCF_SPIN=n sets the rounds, MPI_MBCF_SPIN=poll never
 * sleeps (pure polling). Default 0: a task in mbcf_wait lets the kernel
 * defer its ack onto the reply and leaves the host CPU to the peer's QEMU
 * (paired round trips 1.8-2.1x raw vs 2.2-3.4x with 64 rounds, 2026-11-22);
 * measurements: README "MPI". */
#define SPIN_DEFAULT 0
#define SPIN_POLL (-1)
static int spin_rounds = SPIN_DEFAULT;

static void spin_from_env(void)
{
    const char *e = getenv("MPI_MBCF_SPIN");
    if (!e || !*e)
        return;
    if (!strcmp(e, "poll")) {
        spin_rounds = SPIN_POLL;
        return;
    }
    char *end;
    long v = strtol(e, &end, 10);
    if (*end || v < 0 || v > 1000000) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_SPIN='%s' is not 'poll' or 0..1000000; "
                "using %d\n", e, SPIN_DEFAULT);
        return;
    }
    spin_rounds = (int)v;
}

void progress_wait(void)
{
    static uint64_t last_events;
    static int idle;
    progress();
    if (events != last_events) {
        last_events = events;
        idle = 0;
        return;
    }
    if (spin_rounds != SPIN_POLL && ++idle > spin_rounds)
        mbcf_wait(1000000);
}

int p2p_probe(int peer, int tag, uint32_t ctx, MPI_Status *st, MPI_Comm comm)
{
    progress();
    struct mq_env pat = { peer, tag, ctx };
    struct umsg *u = (struct umsg *)mq_find_msg(&unexpected, &pat);
    if (!u)
        return 0;
    if (st != MPI_STATUS_IGNORE) {
        struct comm *c = comm_get(comm);
        st->MPI_SOURCE = c ? comm_rank_of_world(c, u->m.env.src) : u->m.env.src;
        st->MPI_TAG = u->m.env.tag;
        st->MPI_ERROR = MPI_SUCCESS;
        st->mbcf_count = u->len;
        st->mbcf_cancelled = 0;
    }
    return 1;
}

void p2p_abort_peers(int code)
{
    if (!mpi_initialized)
        return;
    struct wire w = { .type = W_ABORT, .len = (uint64_t)code };
    for (int p = 0; p < mpi_world_size; p++)
        if (p != mpi_world_rank)
            chan_send(p, CH_MSG, &w, NULL, 0);
    uint64_t until = mbcf_now_ns() + 200000000ull;
    while (!chan_idle() && mbcf_now_ns() < until) {
        cq_drain();
        chan_pump_all();
        mbcf_flush();
        mbcf_wait(1000000);
    }
}

int p2p_init(void)
{
    spin_from_env();
    inline_from_env();
    mq_list_init(&posted);
    mq_list_init(&unexpected);
    for (int p = 0; p < MAXR; p++) {
        seen[p] = 0;
        npend[p] = 0;
        rq_out[p] = rq_in[p] = 0;
        mq_sreq_peer_init(&sreqs[p]);
    }
    chan_init_all();
    return 0;
}

/* Blocking helpers for the library itself (finalize barrier, comm setup):
 * one request of `kind`, started and waited for. */
static int p2p_blocking(int kind, void *buf, int count, MPI_Datatype dt, int peer_world,
                        int tag, uint32_t ctx, MPI_Comm comm, MPI_Status *st)
{
    struct req *r = req_new(kind);
    if (!r)
        return MPI_ERR_NO_MEM;
    r->buf = buf;
    r->count = count;
    r->dt = dt;
    r->peer = peer_world;
    r->tag = tag;
    r->ctx = ctx;
    r->comm = comm;
    r->active = 1;
    int e = kind == RK_SEND ? p2p_start_send(r) : p2p_start_recv(r);
    while (!e && r->state != RS_DONE)
        progress_wait();
    if (kind == RK_RECV && st && st != MPI_STATUS_IGNORE)
        *st = r->st;
    e = e ? e : kind == RK_SEND ? r->err : r->st.MPI_ERROR;
    req_release(r);
    return e;
}

int p2p_send(const void *buf, int count, MPI_Datatype dt, int peer_world, int tag,
             uint32_t ctx, MPI_Comm comm)
{
    return p2p_blocking(RK_SEND, (void *)buf, count, dt, peer_world, tag, ctx, comm, NULL);
}

int p2p_recv(void *buf, int count, MPI_Datatype dt, int peer_world, int tag, uint32_t ctx,
             MPI_Comm comm, MPI_Status *st)
{
    return p2p_blocking(RK_RECV, buf, count, dt, peer_world, tag, ctx, comm, st);
}

void p2p_finalize(void)
{
    /* dissemination barrier on the world's hidden context, then wait until
     * every FIFO entry we sent was applied (peers may exit afterwards) */
    struct comm *w = comm_get(MPI_COMM_WORLD);
    int n = mpi_world_size, me = mpi_world_rank;
    for (int k = 1, round = 0; k < n; k <<= 1, round++) {
        p2p_send(NULL, 0, MPI_BYTE, (me + k) % n, -100 - round, w->ctx + 1, MPI_COMM_WORLD);
        p2p_recv(NULL, 0, MPI_BYTE, (me - k + n) % n, -100 - round, w->ctx + 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    progress();                       /* pending send-requests leave */
    p2p_set_finalizing();
    uint64_t until = mbcf_now_ns() + 10000000000ull;
    while (!chan_idle() && mbcf_now_ns() < until)
        progress_wait();
    mbcf_finalize();
}
