/* mbcf_engine.c - MBCF protocol engine: per-pair sequence numbers, cumulative
 * acks with per-frame refusal status, selective retransmission (the target
 * holds frames beyond a gap and reports them in SACK masks; the sender resends
 * only the frames neither acknowledged nor held) with backoff, TCP's loss
 * recovery timers (RTO from the measured round trip, RFC 6298; tail-loss
 * probe, RFC 8985), in-order exactly-once application at the target,
 * FIFO-full backpressure.
 * Design notes in mbcf_engine.h, wire format in mbcf_wire.h. Portable C. */
#include "mbcf_engine.h"
#include "mbcf_abi.h"
#include <string.h>

/* One posted operation (sender side). */
struct txop {
    uint8_t op;         /* MBCF_OP_* */
    uint8_t status;     /* first refusal seen for its frames (0 = none yet) */
    uint8_t all_built;  /* no more frames will be built for it */
    uint16_t task;
    uint32_t len, off;  /* length, bytes already put into frames */
    uint32_t built, acked; /* frames built / acknowledged */
    uint64_t raddr, src, cookie;
};

/* A built frame kept until acknowledged: its header and where its data is in
 * the source (no copy of the data: send_data reads it at each transmission). */
struct slot {
    uint32_t opi;       /* its operation (index counter) */
    uint64_t src;       /* local address of its data */
    uint64_t sent_ns;   /* first transmission (0: retransmitted, no RTT sample) */
    uint64_t xmit_ns;   /* latest transmission (RACK's "sent after", RFC 8985 sec. 6.2) */
    uint64_t first_ns;  /* first transmission (min_rtt samples) */
    uint8_t sacked;     /* the target holds it (SACK): never resent */
    struct mbcf_wire_hdr h;
};

/* Sender state towards one peer (allocated on first use). Sequence numbers:
 * [base, nxt) sent and unacked, [nxt, top) built and (re)sendable, max = one
 * past the highest ever sent. Operation counters: [op_head, op_frag) fully
 * built, op_frag possibly partly built, [op_frag, op_tail) waiting. */
struct tx {
    uint32_t base, nxt, top, max;
    uint32_t op_head, op_frag, op_tail;
    uint64_t rto_cur, rto_deadline;
    uint64_t rto_base;            /* from the RTT estimate: srtt + 4 rttvar, >= cfg.rto_ns */
    uint64_t srtt, rttvar;        /* RFC 6298 style estimator, Karn's rule */
    uint64_t min_rtt;             /* lower envelope of first-transmission samples */
    uint64_t busy_cur, busy_until;
    uint8_t rto_armed, busy, probing, fast_valid;
    uint8_t rto_recovery;         /* after a timeout: only the oldest frame goes out
                                     until an ack shows progress (see mbcf_tick) */
    uint8_t sweeping;             /* resending the holes below sweep_end, then nxt = resume */
    uint32_t fast_base;
    uint64_t fast_ns;           /* when the last fast retransmit went out */
    uint64_t pto_deadline;      /* tail-loss probe due (RFC 8985 sec. 7) */
    uint8_t pto_armed, tlp_out; /* probe timer running / probes sent since the last progress */
    uint8_t rto_count;          /* timeouts since the last progress */
    uint8_t redundant;          /* short flights' frames go out 2-3 times (late_sample) */
    uint16_t late_est;          /* share of acks that came late, in 1/65536 (late_sample) */
    uint32_t sweep_end, resume;
    struct txop ops[MBCF_OPQ];
    struct slot slots[MBCF_WINDOW];
};

/* Frames from one peer held beyond a gap (allocated on the first one): the
 * frame seq sits at [seq % MBCF_WINDOW], for nxt < seq < nxt + MBCF_WINDOW. */
struct held {
    uint32_t seq;
    uint16_t len;
    uint8_t used;
    uint8_t frame[MBCF_WIRE_MAX];
};
struct rxhold { struct held h[MBCF_WINDOW]; };

/* Receiver state for frames from one peer. */
struct rx {
    struct rxhold *hold;        /* NULL until needed (or alloc failed: frames dropped) */
    uint32_t nheld;             /* frames held */
    uint32_t nxt;               /* next sequence number expected */
    uint32_t pending;           /* frames taken since our last ack */
    uint8_t status[MBCF_ACK_SPAN_WIDE]; /* status of frame s at [s % 128] */
    uint32_t nrefused;          /* nonzero entries of status[] */
    uint32_t wide_ack;          /* nxt when we last sent a wide (pure) ack */
    uint8_t want_pure;          /* a duplicate came: the sender missed our acks */
    uint8_t gap, busy;          /* flags for the next ack */
    uint64_t busy_since;        /* when frame nxt first found its FIFO full */
    /* Remote write in progress (its fragments arrive in order). */
    uint8_t put_active, put_status;
    uint16_t put_task;
    uint32_t put_total, put_off;
    uint64_t put_base;
};

struct mbcf_engine {
    struct mbcf_config cfg;
    struct mbcf_callbacks cb;
    struct mbcf_stats_eng st;
    uint64_t want_ack;          /* bit p: peer p is owed an ack */
    uint64_t dead, left;        /* bit p: peer p declared dead / said BYE */
    uint64_t heard_ns[MBCF_MAX_NODES];  /* a valid frame from p by then (init: engine start) */
    uint32_t rx_seen[MBCF_MAX_NODES];   /* valid frames from p (the receive path only counts: */
    uint32_t rx_mark[MBCF_MAX_NODES];   /* the tick turns a change into heard_ns, no clock read) */
    uint64_t probed_ns[MBCF_MAX_NODES]; /* last probe sent to p */
    uint64_t dead_ns[MBCF_MAX_NODES];   /* when p was declared dead */
    uint64_t checked_ns;        /* the last liveness check (check_peers) */
    uint32_t outstanding;
    uint8_t scratch[MBCF_WIRE_MAX]; /* a voided frame (send_slot) */
    struct rx rx[MBCF_MAX_NODES];
    struct tx *tx[MBCF_MAX_NODES];
};

static int seq_lt(uint32_t a, uint32_t b) { return (int32_t)(a - b) < 0; }
static uint64_t umin(uint64_t a, uint64_t b) { return a < b ? a : b; }

void mbcf_config_default(struct mbcf_config *c, int self, int nodes)
{
    memset(c, 0, sizeof *c);
    c->self = self;
    c->nodes = nodes;
    c->rto_ns = 10000000; /* before a sample: TCG round trips of a full window reach ms */
    /* Round trips between our guests measure 0.1-0.5 ms and acks wait at most
     * one 1 kHz tick, so srtt + 4 rttvar is a few ms; a floor of 2 ticks keeps
     * a timer from firing within the ack delay alone (RFC 6298 sec. 2.4 asks
     * for 1 s on the Internet; this is one switch). */
    c->rto_min_ns = 2000000;
    c->rto_max_ns = 320000000;
    /* Our glue defers an ack only until the woken task's next system call
     * (it usually carries the answer) or the next tick; a probe sent before
     * such an ack costs one frame and one pure ACK, waiting a tick more per
     * lost tail cost more (the host test of test_mbcf_recovery.c: 2.7x the
     * clean time at 10% loss with 0, 3.8x with 1 ms). */
    c->ack_delay_ns = 0;
    c->busy_ns = 100000;
    c->busy_max_ns = 5000000;
    c->fifo_full_timeout_ns = 2000000000ull;
    c->window = MBCF_WINDOW;
    c->ack_every = 0;
    c->selective = 1;
}

size_t mbcf_engine_size(void) { return sizeof(struct mbcf_engine); }

struct mbcf_engine *mbcf_engine_init(void *mem, const struct mbcf_config *cfg,
                                     const struct mbcf_callbacks *cb)
{
    if (!mem || cfg->nodes < 1 || cfg->nodes > MBCF_MAX_NODES || cfg->self < 0 ||
        cfg->self >= cfg->nodes || cfg->window < 1 || cfg->window > MBCF_WINDOW ||
        !cfg->rto_ns || cfg->rto_max_ns < cfg->rto_ns || cfg->rto_max_ns < cfg->rto_min_ns ||
        !cfg->busy_ns ||
        cfg->busy_max_ns < cfg->busy_ns)
        return NULL;
    struct mbcf_engine *e = mem;
    memset(e, 0, sizeof *e);
    e->cfg = *cfg;
    e->cb = *cb;
    if (!e->cfg.rto_min_ns)
        e->cfg.rto_min_ns = e->cfg.rto_ns;
    if (e->cfg.dead_ns) {   /* every peer counts as heard at engine start */
        if (!e->cfg.probe_ns)
            e->cfg.probe_ns = e->cfg.dead_ns / 16 ? e->cfg.dead_ns / 16 : 1;
        uint64_t now = e->cb.now_ns(e->cb.ctx);
        for (int p = 0; p < MBCF_MAX_NODES; p++)
            e->heard_ns[p] = e->probed_ns[p] = now;
        e->checked_ns = now;
    }
    return e;
}

void mbcf_engine_fini(struct mbcf_engine *e, void (*release)(void *ctx, void *p))
{
    for (int i = 0; i < MBCF_MAX_NODES; i++) {
        if (e->tx[i])
            release(e->cb.ctx, e->tx[i]);
        e->tx[i] = NULL;
        if (e->rx[i].hold)
            release(e->cb.ctx, e->rx[i].hold);
        e->rx[i].hold = NULL;
    }
}

const struct mbcf_stats_eng *mbcf_engine_stats(const struct mbcf_engine *e) { return &e->st; }
uint32_t mbcf_outstanding(const struct mbcf_engine *e) { return e->outstanding; }

/* ---------- acknowledgements ---------- */

/* Put our ack for frames from peer p into header h, status bytes at out
 * (room bytes available); wide (pure ACK/BYE only): the status of 128 frames
 * (MBCF_F_WIDE, err_hi in total/offset), else of 64. Returns 1 when it fit. */
static int fill_ack(struct mbcf_engine *e, int p, struct mbcf_wire_hdr *h,
                    uint8_t *out, uint32_t room, int wide)
{
    struct rx *r = &e->rx[p];
    uint32_t span = wide ? MBCF_ACK_SPAN_WIDE : MBCF_ACK_SPAN, lo = span - MBCF_ACK_SPAN;
    uint64_t mask = 0, hi = 0;
    uint32_t n = 0;
    for (uint32_t i = 0; r->nrefused && i < span; i++) {   /* usually none */
        uint8_t s = r->status[(r->nxt - span + i) % MBCF_ACK_SPAN_WIDE];
        if (s) {
            if (n == room)
                return 0;
            if (i < lo)
                hi |= (uint64_t)1 << i;
            else
                mask |= (uint64_t)1 << (i - lo);
            out[n++] = s;
        }
    }
    h->flags |= MBCF_F_ACK | (r->gap ? MBCF_F_GAP : 0) | (r->busy ? MBCF_F_BUSY : 0) |
                (wide ? MBCF_F_WIDE : 0);
    h->ack = r->nxt;
    h->err_mask = mask;
    if (wide)
        mbcf_wire_set_err_hi(h, hi);
    h->nstat = (uint8_t)n;
    return 1;
}

/* SACK mask of the frames held from peer p (bit i: frame nxt + 1 + i). */
static uint64_t sack_mask(const struct rx *r)
{
    uint64_t m = 0;
    for (uint32_t i = 1; r->nheld && i < MBCF_ACK_SPAN; i++) {
        const struct held *h = &r->hold->h[(r->nxt + i) % MBCF_WINDOW];
        if (h->used && h->seq == r->nxt + i)
            m |= (uint64_t)1 << (i - 1);
    }
    return m;
}

/* An ack went to p; pure: a pure ACK (wide status, SACK mask). An ack
 * piggybacked on data has neither: while frames are held, once 32 frames came
 * since the last wide ack (the sender takes a narrow ack only if it covers all
 * it would count as done: mbcf_wire.h), or after a duplicate (the sender
 * missed our acks: it may be more than 64 frames behind), a pure ACK still
 * follows. */
static void ack_sent(struct mbcf_engine *e, int p, int pure)
{
    struct rx *r = &e->rx[p];
    r->gap = 0;
    r->pending = 0;
    if (pure) {
        r->wide_ack = r->nxt;
        r->want_pure = 0;
    }
    if (pure || (!r->nheld && !r->want_pure && r->nxt - r->wide_ack <= MBCF_ACK_SPAN / 2))
        e->want_ack &= ~((uint64_t)1 << p);
}

/* A frame without data to p: our ack, as a pure ACK (type MBCF_T_ACK, flags 0
 * or MBCF_F_PROBE) or a BYE. Returns 0, or <0 when it could not be queued. */
static int send_ctl(struct mbcf_engine *e, int p, uint8_t type, uint8_t flags)
{
    uint8_t buf[MBCF_WIRE_HDR + MBCF_ACK_SPAN_WIDE];
    struct mbcf_wire_hdr h;
    memset(&h, 0, sizeof h);
    h.type = type;
    h.flags = flags;
    fill_ack(e, p, &h, buf + MBCF_WIRE_HDR, MBCF_ACK_SPAN_WIDE, 1);
    if (type == MBCF_T_ACK && e->rx[p].nheld) {
        h.addr = sack_mask(&e->rx[p]);
        h.flags |= MBCF_F_SACK;
    }
    memcpy(buf, &h, sizeof h);
    if (e->cb.send_frame(e->cb.ctx, p, buf, MBCF_WIRE_HDR + h.nstat) < 0) {
        e->st.tx_blocked++;
        return -1;
    }
    /* a path on which our own frames to p go out twice (late_sample) loses
     * acks as often: a pure ACK goes twice too */
    if (type == MBCF_T_ACK && e->tx[p] && e->tx[p]->redundant &&
        e->cb.send_frame(e->cb.ctx, p, buf, MBCF_WIRE_HDR + h.nstat) == 0)
        e->st.tx_redundant++;
    if (h.flags & MBCF_F_SACK)
        e->st.tx_sack++;
    ack_sent(e, p, 1);
    return 0;
}

static void send_ack(struct mbcf_engine *e, int p)
{
    if (e->dead & ((uint64_t)1 << p)) {       /* nobody to tell */
        e->want_ack &= ~((uint64_t)1 << p);
        return;
    }
    if (send_ctl(e, p, MBCF_T_ACK, 0) == 0)   /* else want_ack stays set: the tick retries */
        e->st.tx_ack++;
}

/* ---------- sender ---------- */

static struct tx *tx_get(struct mbcf_engine *e, int node)
{
    if (!e->tx[node]) {
        struct tx *t = e->cb.alloc(e->cb.ctx, sizeof(struct tx));
        if (!t)
            return NULL;
        memset(t, 0, sizeof *t);
        t->rto_cur = t->rto_base = e->cfg.rto_ns;
        t->busy_cur = e->cfg.busy_ns;
        e->tx[node] = t;
    }
    return e->tx[node];
}

/* Complete operations at the head whose frames are all acknowledged. */
static void complete_ops(struct mbcf_engine *e, int p, struct tx *t)
{
    while (t->op_head != t->op_tail) {
        struct txop *o = &t->ops[t->op_head % MBCF_OPQ];
        if (!o->all_built || o->acked != o->built)
            break;
        t->op_head++;
        e->outstanding--;
        e->st.ops_completed++;
        e->cb.complete(e->cb.ctx, o->cookie, p, o->status);
    }
}

/* Turn waiting operations into frames while the window has room. */
static void build_frames(struct mbcf_engine *e, struct tx *t)
{
    while (t->op_frag != t->op_tail && t->top - t->base < e->cfg.window) {
        struct txop *o = &t->ops[t->op_frag % MBCF_OPQ];
        if (o->all_built) {
            t->op_frag++;
            continue;
        }
        struct slot *s = &t->slots[t->top % MBCF_WINDOW];
        uint32_t chunk = o->len - o->off;
        if (chunk > MBCF_FRAG_MAX)
            chunk = MBCF_FRAG_MAX;
        struct mbcf_wire_hdr h;
        memset(&h, 0, sizeof h);
        h.type = MBCF_T_DATA;
        h.op = o->op;
        h.seq = t->top;
        h.task = o->task;
        h.len = (uint16_t)chunk;
        h.addr = o->op == MBCF_OP_PUT ? o->raddr + o->off : o->raddr;
        h.total = o->len;
        h.offset = o->op == MBCF_OP_PUT ? o->off : 0;
        h.flags = (o->off == 0 ? MBCF_F_FIRST : 0) |
                  (o->off + chunk == o->len ? MBCF_F_LAST : 0);
        s->h = h;
        s->sacked = 0;
        s->src = o->src + o->off;
        s->opi = t->op_frag;
        o->off += chunk;
        o->built++;
        t->top++;
        if (o->off == o->len) {
            o->all_built = 1;
            t->op_frag++;
        }
    }
}

/* Transmit slot s once: its header with our current ack, the data read from
 * the source by send_data. A source that cannot be read any more (the task
 * broke the contract of mbcf.h) voids the frame (MBCF_TASK_VOID: the target
 * refuses it and writes nothing more of that operation) and fails the
 * operation with send_data's status. <0: nothing queued, try again later. */
static int send_slot(struct mbcf_engine *e, int p, struct tx *t, struct slot *s)
{
    struct mbcf_wire_hdr h = s->h;
    uint8_t stat[MBCF_ACK_SPAN];
    int acked = fill_ack(e, p, &h, stat, MBCF_WIRE_MAX - MBCF_WIRE_HDR - h.len, 0);
    int r = e->cb.send_data(e->cb.ctx, p, &h, s->src, stat);
    if (r > 0) {
        struct txop *o = &t->ops[s->opi % MBCF_OPQ];
        if (!o->status)
            o->status = (uint8_t)r;
        memset(e->scratch, 0, MBCF_WIRE_HDR + h.len);
        h.task = MBCF_TASK_VOID;
        memcpy(e->scratch, &h, sizeof h);
        memcpy(e->scratch + MBCF_WIRE_HDR + h.len, stat, h.nstat);
        r = e->cb.send_frame(e->cb.ctx, p, e->scratch, MBCF_WIRE_HDR + h.len + h.nstat);
    }
    if (r < 0)
        return -1;
    if (acked)
        ack_sent(e, p, 0);
    return 0;
}

/* A flight with fewer frames out that the target lacks is thin: one eager
 * message of up to 7 frames (9.8 KB). Linux calls a stream of fewer than 4
 * packets thin; the host test of test_mbcf_recovery.c on the harsh link with
 * 8000-byte messages: 5.4x the lossless time with 4, 2.3x with 8. */
#define THIN_FRAMES 8
#define THIN_LINEAR 6 /* timeouts without backoff on a thin stream (Linux: 6) */
/* A thin flight not acknowledged after this share of the round trip goes
 * out again (rto_timeout). Host test, harsh link, 4000/8000-byte messages:
 * times the lossless time, 1/3: 1.7x/1.9x, 1/2: 2.1x/2.3x, 3/4: 2.4x/2.7x,
 * 1: 3.1x/3.6x; srtt + 4 rttvar and 2 srtt probes of one frame: 6.1x/14x. */
#define THIN_RTO_NUM 1
#define THIN_RTO_DEN 2

/* Is the flight thin: fewer than THIN_FRAMES frames out that the target
 * does not hold (frames it reported in a SACK are never resent, so only the
 * others count: a larger flight whose holes are few is thin too)? */
static int lacking_under(const struct tx *t, uint32_t limit)
{
    uint32_t n = 0;
    for (uint32_t q = t->base; q != t->max; q++)
        if (!t->slots[q % MBCF_WINDOW].sacked && ++n >= limit)
            return 0;
    return 1;
}

static int thin(const struct tx *t)
{
    return lacking_under(t, THIN_FRAMES);
}

/* Frames go out twice (late_sample) while fewer than this many are out that
 * the target lacks: a collective step or a ring exchange of mpicheck has
 * 8-15 frames out to one peer at 20 ms round trips (bench_lossy, harsh
 * link: with the thin limit of 8, 40% of new frames went out once); a bulk
 * stream fills its window of MBCF_WINDOW frames and sends them once. */
#define REDUNDANT_FRAMES 16
/* share of late acks (late_sample) that turns redundancy on / off again */
#define REDUNDANT_ON (65536 * 20 / 100)
#define REDUNDANT_OFF (65536 * 4 / 100)
/* Extra copies of a frame now (late_sample): none, one, or two while the
 * share of late acks is at least REDUNDANT_ON. */
static unsigned redundant(const struct tx *t)
{
    if (!t->redundant || !lacking_under(t, REDUNDANT_FRAMES))
        return 0;
    return t->late_est >= REDUNDANT_ON ? 2 : 1;
}

/* Send slot s again as many times as redundant(t) says. */
static void send_copies(struct mbcf_engine *e, int p, struct tx *t, struct slot *s)
{
    for (unsigned n = redundant(t); n; n--) {
        if (send_slot(e, p, t, s) < 0)
            break;
        e->st.tx_redundant++;
    }
}

/* The retransmission timeout of the flight now out. A thin flight's first
 * THIN_LINEAR timeouts come after THIN_RTO_NUM / THIN_RTO_DEN of the path's
 * round trip (min_rtt; not below rto_min_ns, not above the RTO): it goes out
 * about twice per round trip until acknowledged, as redundant transmission
 * for thin streams does (Petlund et al.; Linux's thin-stream work). Waiting
 * for srtt + 4 rttvar or 2 srtt instead costs two round trips per loss, and
 * on a link losing a third of its frames most small messages lose one; a
 * few frames resent cannot congest the link. On our guests' links (round
 * trips of 0.1-0.5 ms) rto_min_ns decides, as before. */
static uint64_t rto_timeout(const struct mbcf_engine *e, const struct tx *t)
{
    if (!t->min_rtt || t->rto_count >= THIN_LINEAR || !thin(t))
        return t->rto_cur;
    uint64_t thin = t->min_rtt * THIN_RTO_NUM / THIN_RTO_DEN;
    return umin(thin < e->cfg.rto_min_ns ? e->cfg.rto_min_ns : thin, t->rto_cur);
}

/* Tail-loss probe timeout (RFC 8985 sec. 7.2): 2 srtt, plus the time the
 * peer may hold back its ack; not before an RTT sample (the RTO serves). */
static void arm_pto(struct mbcf_engine *e, struct tx *t, uint64_t now)
{
    t->pto_armed = t->srtt != 0;
    t->pto_deadline = now + umin(2 * t->srtt + e->cfg.ack_delay_ns, t->rto_cur);
}

/* Probes per loss episode: one (RFC 8985 sec. 7.3); a thin stream, whose
 * RTO does not back off for its first THIN_LINEAR timeouts either, probes up
 * to THIN_LINEAR times, 2 srtt apart, before its RTO (which srtt + 4 rttvar
 * puts far above 2 srtt on a noisy host) takes over. */
static unsigned tlp_limit(const struct tx *t)
{
    return thin(t) ? THIN_LINEAR : 1;
}

/* The probe: the last frame sent goes once more (RFC 8985 sec. 7.3). If the
 * frames before it arrived, its ack completes them; if some were lost, the
 * target holds it and answers with a SACK that starts a fast retransmit; if
 * only the ack was lost, the duplicate makes the target ack again. The RTO
 * restarts from now. One probe until an ack shows progress. */
static void send_tlp(struct mbcf_engine *e, int p, struct tx *t, uint64_t now)
{
    /* the first probe: the last frame; a thin stream's later ones: the
     * oldest frame the target does not hold (what its RTO would resend) */
    uint32_t q = t->max - 1, first = q;
    if (thin(t))
        first = t->base;   /* a thin flight: every frame the target lacks */
    else if (t->tlp_out && !t->slots[t->base % MBCF_WINDOW].sacked)
        q = first = t->base;
    t->pto_armed = 0;
    int sent = 0;
    for (uint32_t i = first; i != q + 1; i++) {
        struct slot *s = &t->slots[i % MBCF_WINDOW];
        if (i != q && s->sacked)
            continue;
        if (send_slot(e, p, t, s) < 0) {
            e->st.tx_blocked++;
            break;
        }
        s->sent_ns = 0;
        s->xmit_ns = now;
        e->st.tx_retrans++;
        sent++;
    }
    if (!sent) {
        t->pto_armed = 1; /* the next tick tries again */
        return;
    }
    t->tlp_out++;
    if (t->tlp_out < tlp_limit(t)) /* a thin stream probes again after as long */
        arm_pto(e, t, now);
    e->st.tlp_probes++;
    t->rto_armed = 1;
    t->rto_deadline = now + rto_timeout(e, t);
}

/* Frames resent after a timeout until an ack shows progress: the oldest
 * (a loss window of one segment, RFC 5681 sec. 3.1), or the whole flight of
 * a thin stream, which cannot congest the link. */
static uint32_t rto_flight(const struct tx *t)
{
    return thin(t) ? t->max - t->base : 1;
}

/* Send built frames from nxt as far as the window (or a probe) allows.
 * Frames sent before are resent only if the target does not hold them
 * (sacked); a sweep (fast retransmit) resends the holes below sweep_end,
 * then goes on from where it left (resume). */
static void pump(struct mbcf_engine *e, int p, struct tx *t)
{
    build_frames(e, t);
    uint32_t limit = t->base + e->cfg.window;
    if (t->busy)
        limit = t->base + (t->probing ? 1 : 0);
    else if (t->rto_recovery)
        limit = t->base + rto_flight(t);
    for (;;) {
        if (t->sweeping && !seq_lt(t->nxt, t->sweep_end)) {
            t->sweeping = 0;
            if (seq_lt(t->nxt, t->resume))
                t->nxt = t->resume;
        }
        if (t->nxt == t->top || !seq_lt(t->nxt, limit))
            break;
        struct slot *s = &t->slots[t->nxt % MBCF_WINDOW];
        /* the frame at base is always resent: held there means its FIFO was
         * full, and a resend (probe) is what makes the target try again */
        if (s->sacked && t->nxt != t->base && seq_lt(t->nxt, t->max)) {
            e->st.tx_sack_skipped++;
            t->nxt++;
            continue;
        }
        if (send_slot(e, p, t, s) < 0) {
            e->st.tx_blocked++;
            break;   /* try again on the next tick or ack */
        }
        uint64_t now = e->cb.now_ns(e->cb.ctx);
        s->xmit_ns = now;
        if (seq_lt(t->nxt, t->max)) {
            e->st.tx_retrans++;
            s->sent_ns = 0;           /* ambiguous: no RTT sample from it */
            send_copies(e, p, t, s);
        } else {
            e->st.tx_data++;
            s->sent_ns = s->first_ns = now;
            if (!t->tlp_out && !t->rto_recovery) /* new data (re)arms the probe */
                arm_pto(e, t, now);
            /* the copies leave within microseconds: an ack of any
             * still gives an RTT sample (sent_ns stays) */
            send_copies(e, p, t, s);
        }
        t->nxt++;
        if (seq_lt(t->max, t->nxt))
            t->max = t->nxt;
        if (!t->rto_armed) {
            t->rto_armed = 1;
            t->rto_deadline = now + rto_timeout(e, t);
        }
    }
}

static int post(struct mbcf_engine *e, int node, int op, uint16_t task, uint64_t raddr,
                uint64_t src, uint32_t len, uint64_t cookie)
{
    if (node < 0 || node >= e->cfg.nodes)   /* self is fine: loopback */
        return -MBCF_E_NODE;
    if (e->dead & ((uint64_t)1 << node))
        return -MBCF_E_PEER_DEAD;
    if (len > (op == MBCF_OP_PUT ? MBCF_WIRE_PUT_MAX : MBCF_WIRE_FIFO_MAX))
        return -MBCF_E_TOOLONG;
    struct tx *t = tx_get(e, node);
    if (!t)
        return -MBCF_E_AGAIN;
    if (t->op_tail - t->op_head >= MBCF_OPQ)
        return -MBCF_E_AGAIN;
    struct txop *o = &t->ops[t->op_tail % MBCF_OPQ];
    memset(o, 0, sizeof *o);
    o->op = (uint8_t)op;
    o->task = task;
    o->len = len;
    o->raddr = raddr;
    o->src = src;
    o->cookie = cookie;
    t->op_tail++;
    e->outstanding++;
    e->st.ops_posted++;
    pump(e, node, t);
    return 0;
}

int mbcf_post_put(struct mbcf_engine *e, int node, uint16_t task, uint64_t raddr,
                  uint64_t src, uint32_t len, uint64_t cookie)
{
    if (raddr + len < raddr)
        return -MBCF_E_INVAL;
    return post(e, node, MBCF_OP_PUT, task, raddr, src, len, cookie);
}

int mbcf_post_fifo(struct mbcf_engine *e, int node, uint16_t task, uint64_t fifo_raddr,
                   uint64_t src, uint32_t len, uint64_t cookie)
{
    return post(e, node, MBCF_OP_FIFO, task, fifo_raddr, src, len, cookie);
}

int mbcf_can_post(struct mbcf_engine *e, int node)
{
    if (node < 0 || node >= e->cfg.nodes)
        return 0;
    struct tx *t = e->tx[node];
    return !t || t->op_tail - t->op_head < MBCF_OPQ ||
           (e->dead & ((uint64_t)1 << node));   /* a post fails at once */
}

/* Loss estimate for proactive redundancy. An ack whose newest frame first
 * went out more than min_rtt + max(min_rtt / 4, 3/4 rto_min_ns) ago came
 * late: that frame or its ack was lost (or the path stalled). late_est is
 * the moving share of late acks (gain 1/16). From REDUNDANT_ON (20%) on,
 * every frame of a short flight (redundant()) goes out three times, and
 * pure acks twice (send_ctl); once on, between REDUNDANT_OFF (4%) and 20%
 * twice; below 4% once again. Over a path losing a share p of frames, k
 * copies arrive with 1 - p^k (36% loss: 64%, 87%, 95% for k = 1, 2, 3); a
 * short flight cannot congest the link (Petlund et al., redundant data
 * bundling for thin streams). Host test on the harsh link: 2 copies 1.33x
 * the lossless time, 3 copies from 20% late on 1.25x. With redundancy on,
 * late acks stay above REDUNDANT_OFF while the loss lasts; a clean link's
 * late acks (host stalls) stay under REDUNDANT_ON. */
static int late_sample(const struct mbcf_engine *e, struct tx *t, uint64_t r)
{
    if (!t->min_rtt)
        return 0;
    uint64_t slack = t->min_rtt / 4, floor = e->cfg.rto_min_ns * 3 / 4;
    int late = r > t->min_rtt + (slack > floor ? slack : floor);
    int32_t est = t->late_est;
    est += ((late ? 65535 : 0) - est) / 16;
    t->late_est = (uint16_t)est;
    if (!t->redundant && t->late_est >= REDUNDANT_ON)
        t->redundant = 1;
    else if (t->redundant && t->late_est < REDUNDANT_OFF)
        t->redundant = 0;
    return late;
}

/* After a fast retransmit at the same position: is the resent frame lost too?
 * As RACK (RFC 8985 sec. 6.2): the target holds a frame sent after it, and
 * a reordering window (srtt / 4) has passed since it went out. */
static int resent_lost(const struct tx *t, uint64_t sack_xmit, uint64_t now)
{
    return t->srtt && sack_xmit > t->fast_ns && now - t->fast_ns >= t->srtt / 4;
}

/* An ack from peer p about the frames we sent it. */
static void take_ack(struct mbcf_engine *e, int p, const struct mbcf_frame *f)
{
    struct tx *t = e->tx[p];
    uint32_t n = f->h.ack;
    if (!t) {
        if (n != 0)
            e->st.rx_stale_ack++;
        return;
    }
    if (seq_lt(n, t->base) || seq_lt(t->max, n)) {
        e->st.rx_stale_ack++;
        return;
    }
    if (n - t->base > mbcf_wire_span(f)) {   /* would count frames as done whose */
        e->st.rx_narrow_ack++;               /* status it does not give: wait for */
        return;                              /* the wide ack that follows */
    }
    int progress = t->base != n;
    uint64_t now = e->cb.now_ns(e->cb.ctx);
    if (progress) {               /* RTT sample from the newest frame acked */
        struct slot *s = &t->slots[(n - 1) % MBCF_WINDOW];
        /* Its first transmission went out at least one round trip before
         * this ack, whichever copy arrived: such samples are never below
         * the path's round trip, retransmitted or not (Karn's ambiguity only
         * makes them larger), so their lower envelope is the round trip. */
        if (s->first_ns && now > s->first_ns) {
            uint64_t r = now - s->first_ns;
            int late = late_sample(e, t, r);
            if (!t->min_rtt || r < t->min_rtt)
                t->min_rtt = r;
            else /* follows a slower path; a late sample (a loss) barely moves it */
                t->min_rtt += (r - t->min_rtt) / (late ? 256 : 16);
            /* No sample Karn's rule accepts yet: the path is slower than
             * the initial RTO (each frame was resent before its ack came),
             * so let the RTO cover two round trips until one is taken. */
            if (!t->srtt && 2 * t->min_rtt > t->rto_base)
                t->rto_base = umin(2 * t->min_rtt, e->cfg.rto_max_ns);
        }
        if (s->sent_ns && now > s->sent_ns) {
            uint64_t r = now - s->sent_ns;
            if (!t->srtt) {
                t->srtt = r;
                t->rttvar = r / 2;
            } else {
                uint64_t d = r > t->srtt ? r - t->srtt : t->srtt - r;
                t->rttvar = (3 * t->rttvar + d) / 4;
                t->srtt = (7 * t->srtt + r) / 8;
            }
            uint64_t rto = t->srtt + 4 * t->rttvar;
            t->rto_base = rto < e->cfg.rto_min_ns ? e->cfg.rto_min_ns : umin(rto, e->cfg.rto_max_ns);
        }
    }
    while (t->base != n) {
        struct slot *s = &t->slots[t->base % MBCF_WINDOW];
        struct txop *o = &t->ops[s->opi % MBCF_OPQ];
        int st = mbcf_wire_status_of(f, t->base);
        if (st && !o->status) {
            o->status = (uint8_t)st;
            if (!o->all_built) {   /* refused: do not send the rest */
                o->all_built = 1;
                t->op_frag++;
            }
        }
        o->acked++;
        t->base++;
    }
    uint32_t hi = n;              /* one past the highest frame the target holds */
    uint64_t sack_xmit = 0;       /* latest transmission of a frame it holds */
    if (f->h.flags & MBCF_F_SACK) {
        e->st.rx_sack++;
        for (uint32_t i = 0; i < MBCF_ACK_SPAN - 1; i++) {
            uint32_t q = n + 1 + i;
            if (!((f->h.addr >> i) & 1) || !seq_lt(q, t->max))
                continue;
            struct slot *s = &t->slots[q % MBCF_WINDOW];
            s->sacked = 1;
            s->sent_ns = 0;       /* delivered some time before this ack: no RTT sample */
            if (s->xmit_ns > sack_xmit)
                sack_xmit = s->xmit_ns;
            hi = q + 1;
        }
    }
    if (progress) {
        if (seq_lt(t->nxt, t->base))
            t->nxt = t->base;
        if (seq_lt(t->resume, t->base))
            t->resume = t->base;
        t->rto_cur = t->rto_base;
        t->rto_count = 0;
        t->rto_recovery = 0;
        t->rto_armed = t->nxt != t->base;
        t->rto_deadline = now + rto_timeout(e, t);
        t->busy = t->probing = 0;
        t->busy_cur = e->cfg.busy_ns;
        t->fast_valid = 0;
        t->tlp_out = 0;
        t->pto_armed = 0;
        if (t->nxt != t->base) /* frames still out: probe if no ack comes for 2 srtt */
            arm_pto(e, t, now);
        complete_ops(e, p, t);
    }
    if ((f->h.flags & MBCF_F_BUSY) && n == t->base && t->top != t->base) {
        e->st.busy_acks_rx++;
        t->busy = 1;
        t->probing = 0;
        t->rto_armed = 0;
        t->nxt = t->base;     /* the frames behind it were dropped */
        t->busy_until = now + t->busy_cur;
        t->busy_cur = umin(2 * t->busy_cur, e->cfg.busy_max_ns);
        t->sweeping = 0;
        t->pto_armed = 0;
    } else if ((f->h.flags & (MBCF_F_GAP | MBCF_F_SACK)) && n == t->base && t->nxt != t->base &&
               (!(t->fast_valid && t->fast_base == t->base) ||
                resent_lost(t, sack_xmit, now)) &&
               !t->busy) {
        e->st.fast_retrans++;
        /* the holes go out now: their timer runs from here (a thin rest
         * gets the thin timeout, rto_timeout) */
        t->rto_armed = 1;
        t->rto_deadline = now + rto_timeout(e, t);
        t->fast_valid = 1;
        t->fast_base = t->base;
        t->fast_ns = now;
        if (hi != n) {            /* SACK: resend only the holes below the held frames */
            if (!t->sweeping || seq_lt(t->resume, t->nxt))
                t->resume = t->nxt;
            t->sweeping = 1;
            t->sweep_end = hi;
        }
        t->nxt = t->base;
    }
    pump(e, p, t);
}

/* ---------- receiver ---------- */

static int apply_put(struct mbcf_engine *e, struct rx *r, const struct mbcf_frame *f)
{
    const struct mbcf_wire_hdr *h = &f->h;
    if (h->flags & MBCF_F_FIRST) {
        r->put_active = 1;
        r->put_task = h->task;
        r->put_base = h->addr;
        r->put_total = h->total;
        r->put_off = 0;
        /* Whole range first: a refused write leaves memory untouched. A write
         * that fits in this one frame is checked whole by check_and_write
         * itself (its contract), so the separate check would only repeat it. */
        int one_frame = (h->flags & MBCF_F_LAST) && h->len && h->len == h->total;
        r->put_status = one_frame ? MBCF_OK :
            (uint8_t)e->cb.check_range(e->cb.ctx, h->task, h->addr, h->total);
    } else if (!r->put_active || h->task != r->put_task || h->total != r->put_total ||
               h->offset != r->put_off || h->addr != r->put_base + r->put_off) {
        e->st.rx_bad_sequence++;
        return MBCF_E_INVAL;
    }
    if (!r->put_status && h->len)
        r->put_status = (uint8_t)e->cb.check_and_write(e->cb.ctx, h->task, h->addr,
                                                        f->data, h->len);
    r->put_off += h->len;
    if (h->flags & MBCF_F_LAST)
        r->put_active = 0;
    return r->put_status;
}

/* Keep frame seq (d ahead of the one expected) until its turn. 0 when it
 * cannot be kept (too far ahead, no memory): dropped, resent later. */
static int hold_frame(struct mbcf_engine *e, struct rx *r, uint32_t seq, int32_t d,
                      const void *frame, uint32_t len)
{
    if (d >= MBCF_WINDOW || !e->cfg.selective)
        return 0;
    if (!r->hold) {
        r->hold = e->cb.alloc(e->cb.ctx, sizeof(struct rxhold));
        if (!r->hold) {
            e->st.rx_no_memory++;
            return 0;
        }
        memset(r->hold, 0, sizeof *r->hold);
    }
    struct held *h = &r->hold->h[seq % MBCF_WINDOW];
    if (h->used && h->seq == seq) {
        e->st.rx_dup++;           /* held already */
        return 1;
    }
    h->seq = seq;
    h->len = (uint16_t)len;
    h->used = 1;
    memcpy(h->frame, frame, len);
    r->nheld++;
    e->st.rx_held++;
    return 1;
}

static int deliver(struct mbcf_engine *e, int p, struct rx *r, const struct mbcf_frame *f);

/* Apply the held frames that are next in order. */
static void drain_held(struct mbcf_engine *e, int p, struct rx *r)
{
    while (r->nheld) {
        struct held *h = &r->hold->h[r->nxt % MBCF_WINDOW];
        if (!h->used || h->seq != r->nxt)
            return;
        struct mbcf_frame f;
        if (mbcf_wire_parse(h->frame, h->len, &f) != MBCF_WIRE_OK || !deliver(e, p, r, &f))
            return;               /* (parsed when it came) FIFO full: stays held */
        h->used = 0;
        r->nheld--;
    }
}

static void take_data(struct mbcf_engine *e, int p, const struct mbcf_frame *f,
                      const void *frame, uint32_t len)
{
    struct rx *r = &e->rx[p];
    int32_t d = (int32_t)(f->h.seq - r->nxt);
    e->want_ack |= (uint64_t)1 << p;
    if (d < 0) {
        e->st.rx_dup++;
        r->want_pure = 1;
        return;
    }
    if (d > 0) {
        e->st.rx_ooo++;
        r->gap = 1;
        hold_frame(e, r, f->h.seq, d, frame, len);
        return;
    }
    if (r->nheld) {               /* a held copy of this one (resent while held back) */
        struct held *h = &r->hold->h[r->nxt % MBCF_WINDOW];
        if (h->used && h->seq == r->nxt) {
            h->used = 0;
            r->nheld--;
        }
    }
    if (deliver(e, p, r, f))
        drain_held(e, p, r);
}

/* Apply frame nxt: 1, or 0 when its FIFO is full and it is held back. */
static int deliver(struct mbcf_engine *e, int p, struct rx *r, const struct mbcf_frame *f)
{
    int st;
    if (f->h.op == MBCF_OP_FIFO) {
        st = e->cb.fifo_append(e->cb.ctx, f->h.task, f->h.addr, p, f->data, f->h.len);
        if (st == MBCF_E_FIFO_FULL) {
            uint64_t now = e->cb.now_ns(e->cb.ctx);
            if (!r->busy) {
                r->busy = 1;
                r->busy_since = now;
            }
            if (!e->cfg.fifo_full_timeout_ns || now - r->busy_since < e->cfg.fifo_full_timeout_ns) {
                e->st.fifo_busy++;   /* hold it: the sender probes again later */
                return 0;
            }
            e->st.fifo_full_refused++;
        }
        r->busy = 0;
    } else {
        st = apply_put(e, r, f);
    }
    if (st)
        e->st.refused++;
    else
        e->st.applied++;
    uint8_t *sp = &r->status[r->nxt % MBCF_ACK_SPAN_WIDE];
    r->nrefused += (st != 0) - (*sp != 0);
    *sp = (uint8_t)st;
    r->nxt++;
    r->pending++;
    if (e->cfg.ack_every && r->pending >= e->cfg.ack_every)
        send_ack(e, p);
    return 1;
}

/* ---------- dead peers ---------- */

/* Declare p dead: every operation posted to it completes with
 * MBCF_E_PEER_DEAD (or the refusal its frames already got), its send state
 * empties (sequence numbers kept), and it is never sent to again. */
static void declare_dead(struct mbcf_engine *e, int p, int why)
{
    uint64_t bit = (uint64_t)1 << p;
    if (p == e->cfg.self || (e->dead & bit))
        return;
    e->dead |= bit;
    if (why == MBCF_DEAD_LEFT)
        e->left |= bit;
    e->dead_ns[p] = e->cb.now_ns(e->cb.ctx);
    e->want_ack &= ~bit;
    e->st.dead_peers++;
    struct tx *t = e->tx[p];
    if (t) {
        /* empty the window first: complete() may post again (to a dead node: refused) */
        uint32_t head = t->op_head, tail = t->op_tail;
        t->op_head = t->op_frag = t->op_tail;
        t->base = t->nxt = t->top = t->max;
        t->rto_armed = t->busy = t->probing = t->fast_valid = t->pto_armed = 0;
        for (; head != tail; head++) {
            struct txop *o = &t->ops[head % MBCF_OPQ];
            e->outstanding--;
            e->st.ops_completed++;
            e->cb.complete(e->cb.ctx, o->cookie, p, o->status ? o->status : MBCF_E_PEER_DEAD);
        }
    }
    if (e->cb.peer_dead)
        e->cb.peer_dead(e->cb.ctx, p, why);
}

void mbcf_leave(struct mbcf_engine *e)
{
    for (int p = 0; p < e->cfg.nodes; p++)
        if (p != e->cfg.self && !(e->dead & ((uint64_t)1 << p)) &&
            send_ctl(e, p, MBCF_T_BYE, 0) == 0)
            e->st.tx_bye++;
}

uint64_t mbcf_dead_ns_oversub(uint64_t dead_ns, uint32_t oversub_pct)
{
    if (oversub_pct <= 200 || dead_ns > UINT64_MAX / oversub_pct)
        return dead_ns;
    return dead_ns * oversub_pct / 200;
}

uint64_t mbcf_dead_mask(const struct mbcf_engine *e, uint64_t *left)
{
    if (left)
        *left = e->left;
    return e->dead;
}

uint64_t mbcf_dead_since(const struct mbcf_engine *e, int node)
{
    return node >= 0 && node < MBCF_MAX_NODES ? e->dead_ns[node] : 0;
}

uint64_t mbcf_heard_ns(const struct mbcf_engine *e, int node)
{
    return node >= 0 && node < MBCF_MAX_NODES ? e->heard_ns[node] : 0;
}

/* Liveness (tick): probe peers silent for probe_ns, declare those silent for
 * dead_ns dead. Only when dead_ns is set.
 * Silence counts only while this node was running. Ticks come every
 * millisecond in the guest, so two checks more than probe_ns apart mean that
 * this node was not running in between: its emulator, or the whole host,
 * was descheduled. The peers' frames of that time are still in our receive
 * queue, and the peers could not be probed. Seen on a loaded host: every node
 * of a 3-node cluster declared every other dead within 0.3 s of one 4 s
 * stall. The gap is added to every peer's last-heard time, so a peer is
 * declared dead only after dead_ns of silence observed while running. */
static void check_peers(struct mbcf_engine *e, uint64_t now)
{
    if (!e->cfg.dead_ns)
        return;
    if (now > e->checked_ns && now - e->checked_ns > e->cfg.probe_ns) {
        uint64_t gap = now - e->checked_ns;
        e->st.self_stalls++;
        for (int p = 0; p < e->cfg.nodes; p++) {
            e->heard_ns[p] = e->heard_ns[p] + gap < now ? e->heard_ns[p] + gap : now;
            e->probed_ns[p] = now - e->cfg.probe_ns;   /* probe at once if still silent */
        }
    }
    e->checked_ns = now;
    for (int p = 0; p < e->cfg.nodes; p++) {
        if (p == e->cfg.self || (e->dead & ((uint64_t)1 << p)))
            continue;
        if (e->rx_seen[p] != e->rx_mark[p]) {
            e->rx_mark[p] = e->rx_seen[p];
            e->heard_ns[p] = now;
        }
        uint64_t quiet = now - e->heard_ns[p];
        if (now < e->heard_ns[p])
            quiet = 0;
        if (quiet >= e->cfg.dead_ns) {
            declare_dead(e, p, MBCF_DEAD_SILENT);
        } else if (quiet >= e->cfg.probe_ns && now - e->probed_ns[p] >= e->cfg.probe_ns) {
            if (send_ctl(e, p, MBCF_T_ACK, MBCF_F_PROBE) == 0) {
                e->st.tx_probe++;
                e->probed_ns[p] = now;
            }
        }
    }
}

void mbcf_rx(struct mbcf_engine *e, int src, const void *frame, uint32_t len)
{
    struct mbcf_frame f;
    e->st.rx_frames++;
    if (src < 0 || src >= e->cfg.nodes) {
        e->st.rx_bad_src++;
        return;
    }
    if (e->dead & ((uint64_t)1 << src)) {   /* dead stays dead (its state is gone) */
        e->st.rx_from_dead++;
        return;
    }
    int err = mbcf_wire_parse(frame, len, &f);
    if (err) {
        e->st.rx_malformed++;
        e->st.malformed_by_reason[err]++;
        return;
    }
    e->rx_seen[src]++;
    if (f.h.type == MBCF_T_DATA) {
        e->st.rx_data++;
        take_data(e, src, &f, frame, len);
    } else if (f.h.type == MBCF_T_BYE) {
        e->st.rx_bye++;
    } else {
        e->st.rx_ack++;
        if (f.h.flags & MBCF_F_PROBE) {
            e->st.rx_probe++;
            e->want_ack |= (uint64_t)1 << src;   /* answered at the end of the batch */
        }
    }
    if (f.h.flags & MBCF_F_ACK)
        take_ack(e, src, &f);   /* may piggyback our pending ack on data it sends */
    if (f.h.type == MBCF_T_BYE)
        declare_dead(e, src, MBCF_DEAD_LEFT);   /* after its last ack completed what it took */
}

int mbcf_ack_owed(const struct mbcf_engine *e) { return e->want_ack != 0; }

void mbcf_peer_state(const struct mbcf_engine *e, int node, struct mbcf_peer_state *out)
{
    memset(out, 0, sizeof *out);
    if (node < 0 || node >= MBCF_MAX_NODES)
        return;
    const struct tx *t = e->tx[node];
    if (t) {
        out->tx_base = t->base;
        out->tx_nxt = t->nxt;
        out->tx_top = t->top;
        out->tx_max = t->max;
        out->ops_queued = t->op_tail - t->op_head;
        out->rto_armed = t->rto_armed;
        out->busy = t->busy;
        out->probing = t->probing;
        out->rto_cur_ns = t->rto_cur;
        out->srtt_ns = t->srtt;
        out->min_rtt_ns = t->min_rtt;
        out->late_pm = (uint32_t)((uint64_t)t->late_est * 1000 / 65536);
        out->redundant = t->redundant;
        out->rto_due_ns = (int64_t)(t->rto_deadline - e->cb.now_ns(e->cb.ctx));
    }
    const struct rx *r = &e->rx[node];
    out->rx_nxt = r->nxt;
    out->rx_pending = r->pending;
    out->rx_gap = r->gap;
    out->rx_busy = r->busy;
    out->ack_owed = (e->want_ack >> node) & 1;
    out->dead = (e->dead >> node) & 1;
}

void mbcf_rx_done(struct mbcf_engine *e)
{
    uint64_t m = e->want_ack;
    for (int p = 0; m; p++, m >>= 1)
        if (m & 1)
            send_ack(e, p);
}

void mbcf_tick(struct mbcf_engine *e)
{
    uint64_t now = e->cb.now_ns(e->cb.ctx);
    check_peers(e, now);
    for (int p = 0; p < e->cfg.nodes; p++) {
        struct tx *t = e->tx[p];
        if (!t || (e->dead & ((uint64_t)1 << p)))
            continue;
        if (t->busy && !t->probing && now >= t->busy_until) {
            t->probing = 1;          /* send the held frame once more */
            t->nxt = t->base;
            t->sweeping = 0;
            t->rto_armed = 0;
        } else if (t->rto_armed && t->nxt != t->base && now >= t->rto_deadline &&
                   (!t->busy || t->probing)) {
            e->st.timeouts++;
            t->nxt = t->base;        /* back to the oldest unacknowledged frame (held ones skipped) */
            /* ... and resend only it until an ack shows progress (TCP's loss
             * window of one segment after a timeout, RFC 5681 sec. 3.1): a
             * timeout may mean the path is slow, not lossy, and resending
             * the whole window each time queued ~7 copies of every frame in
             * front of the acks (congestion collapse, docs/tofu.md). */
            t->rto_recovery = 1;
            t->sweeping = 0;
            t->fast_valid = 0;
            /* Exponential backoff (RFC 6298 sec. 5.5), except for a thin
             * stream: with fewer than THIN_FRAMES frames out, the first
             * THIN_LINEAR timeouts keep the RTO (Linux tcp_thin_linear_timeouts,
             * Petlund et al.): a few frames cannot congest the link, and
             * doubling at 20% loss made one small exchange wait 100s of ms. */
            if (!thin(t) || t->rto_count >= THIN_LINEAR)
                t->rto_cur = umin(2 * t->rto_cur, e->cfg.rto_max_ns);
            if (t->rto_count < 255)
                t->rto_count++;
            t->rto_armed = 0;
            t->pto_armed = 0;
        } else if (t->pto_armed && now >= t->pto_deadline && t->nxt != t->base &&
                   !t->busy && !t->rto_recovery && t->tlp_out < tlp_limit(t)) {
            send_tlp(e, p, t, now);
        }
        pump(e, p, t);
    }
    mbcf_rx_done(e);
}
