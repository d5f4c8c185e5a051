/* tofu_k_net.c - transport of the emulated Tofu controller: a second instance
 * of MBCF's reliable, ordered, exactly-once engine (mbcf/mbcf_engine.c) on
 * CLUSTER_KIND_TOFU frames (tofu_wire.h), its callbacks, and a FIFO of
 * operations waiting for room in the engine (it keeps MBCF_OPQ per peer).
 * Engine callbacks only record; posting happens in tofu_k_pump, outside them
 * (the engine is not reentrant). */
#include "kapi.h"
#include "net/net.h"
#include "mbcf_engine.h"
#include "mbcf_abi.h"
#include "mbcf_kernel.h"
#include "mbcf_khost.h"
#include "tofu_k.h"
#include "tofu_k_seam.h"

static struct mbcf_engine *eng;
static int cur_src;        /* node whose frame the engine is processing (callbacks) */
static int rx_done_seen;   /* the network layer calls tofu_k_net_rx_done per burst */
static uint64_t ticks, last_tick_ns;   /* diagnostics: is the tick alive? */

/* ---- message buffers (stable until their operation completes) ---- */
#define MSG_POOL 1024
static struct tofu_msg msg_pool[MSG_POOL];
static uint16_t msg_free[MSG_POOL];
static unsigned msg_nfree;
static int msg_init_done;

static void msg_init(void)
{
    for (unsigned i = 0; i < MSG_POOL; i++)
        msg_free[i] = (uint16_t)(MSG_POOL - 1 - i);
    msg_nfree = MSG_POOL;
    msg_init_done = 1;
}

/* ---- operations waiting for the engine, in order ---- */
#define POSTQ 2048
struct postop {
    int node;
    uint8_t fifo;          /* 1: message (FIFO entry), 0: put */
    uint16_t task;         /* put: TOFU_WT of the target VCQ */
    uint32_t len;
    uint64_t raddr, src, cookie;
};
static struct postop postq[POSTQ];
static unsigned pq_n;      /* entries postq[0..pq_n) */

int tofu_k_post_room(unsigned n)
{
    if (!msg_init_done)
        msg_init();
    return pq_n + n <= POSTQ && msg_nfree >= n;
}

int tofu_k_post_put(int node, uint16_t task, uint64_t stadd, uint64_t src, uint32_t len,
                    uint32_t slot1)
{
    if (pq_n >= POSTQ)
        return -1;
    postq[pq_n++] = (struct postop){ node, 0, task, len, stadd, src, TOFU_COOKIE(slot1, 0) };
    return 0;
}

int tofu_k_post_msg(int node, const struct tofu_msg *m, uint32_t slot1)
{
    if (!msg_init_done)
        msg_init();
    if (pq_n >= POSTQ || msg_nfree == 0)
        return -1;
    unsigned b = msg_free[--msg_nfree];
    msg_pool[b] = *m;
    postq[pq_n++] = (struct postop){ node, 1, 0, sizeof *m, 0, TOFU_KSRC_MSG | (uint64_t)b << 32,
                                     TOFU_COOKIE(slot1, b + 1) };
    return 0;
}

/* ---- engine callbacks (the hosting ones are mbcf_khost.c's) ---- */
static int cb_check(void *ctx, uint16_t task, uint64_t stadd, uint64_t len)
{
    (void)ctx;
    return tofu_k_ops.check_range(cur_src, task, stadd, len);
}

static int cb_write(void *ctx, uint16_t task, uint64_t stadd, const void *d, uint32_t len)
{
    (void)ctx;
    return tofu_k_ops.check_and_write(cur_src, task, stadd, d, len);
}

static int cb_fifo(void *ctx, uint16_t task, uint64_t addr, int src, const void *d, uint32_t len)
{
    (void)ctx;
    (void)addr;
    if (task || len != sizeof(struct tofu_msg))
        return MBCF_E_INVAL;
    struct tofu_msg m;
    memcpy(&m, d, sizeof m);
    return tofu_k_ops.message(src, &m);
}

/* Copy len bytes of an operation's source into the frame (mbcf_khost.h). */
static int read_source(uint64_t src, void *dst, uint32_t len)
{
    uint8_t *d = dst;
    uint64_t tag = src & (0xFull << 60);
    uint32_t idx = (uint32_t)(src >> 32) & 0xffff, off = (uint32_t)src;
    if (tag == TOFU_KSRC_MSG) {
        if (idx >= MSG_POOL || off + len > sizeof(struct tofu_msg))
            return MBCF_E_INVAL;
        memcpy(d, (const uint8_t *)&msg_pool[idx] + off, len);
        return 0;
    }
    if (tag == TOFU_KSRC_PIGGY)
        return tofu_k_ops.piggy_copy(d, idx, off, len) ? MBCF_E_INVAL : 0;
    /* user memory of its process, through that process's page tables */
    return mbcf_k_read(TOFU_KSRC_T(src), TOFU_KSRC_VA(src), d, len) ? MBCF_E_INVAL : 0;
}

static void cb_complete(void *ctx, uint64_t cookie, int node, int status)
{
    (void)ctx;
    (void)node;
    uint32_t msg1 = (uint32_t)(cookie & 0xffff), slot1 = (uint32_t)(cookie >> 16) & 0xffff;
    if (msg1)
        msg_free[msg_nfree++] = (uint16_t)(msg1 - 1);
    if (slot1)
        tofu_k_ops.op_done(slot1, status);
}

static const struct mbcf_khost host = { CLUSTER_KIND_TOFU, read_source };

static struct mbcf_engine *engine(void)
{
    if (eng || !net_up())
        return eng;
    if (!msg_init_done)
        msg_init();
    struct mbcf_config c;
    mbcf_config_default(&c, net_rank(), net_nodes());
    c.ack_every = 16;
    /* no dead-peer detection on this transport (dead_ns stays 0): peer_dead unused */
    struct mbcf_callbacks cb = { (void *)&host, mbcf_khost_send_frame, mbcf_khost_now, cb_check,
                                 cb_write, cb_fifo, mbcf_khost_send_data, cb_complete,
                                 mbcf_khost_alloc, 0 };
    eng = mbcf_khost_engine("tofu", &c, &cb);
    return eng;
}

int tofu_k_net_up(void)
{
    return engine() != 0;
}

/* Post queued operations in order; an operation to a peer whose engine queue
 * is full waits, and so do the later ones to that peer (order per pair). */
void tofu_k_pump(void)
{
    if (!engine() || pq_n == 0)
        return;
    uint64_t blocked[(MBCF_MAX_NODES + 63) / 64] = { 0 };
    unsigned k = 0;
    for (unsigned i = 0; i < pq_n; i++) {
        struct postop *o = &postq[i];
        int b = o->node >= 0 && o->node < MBCF_MAX_NODES &&
                (blocked[o->node / 64] >> (o->node % 64) & 1);
        int r = -MBCF_E_AGAIN;
        if (!b)
            r = o->fifo ? mbcf_post_fifo(eng, o->node, 0, 0, o->src, o->len, o->cookie)
                        : mbcf_post_put(eng, o->node, o->task, o->raddr, o->src, o->len, o->cookie);
        if (r == -MBCF_E_AGAIN) {
            if (o->node >= 0 && o->node < MBCF_MAX_NODES)
                blocked[o->node / 64] |= 1ull << (o->node % 64);
            postq[k++] = *o;          /* keep it, in order */
        } else if (r < 0) {
            cb_complete(0, o->cookie, o->node, -r);   /* refused locally */
        }
    }
    pq_n = k;
}

/* ---- network hooks ---- */
void tofu_k_net_rx(int src, const void *payload, uint32_t len)
{
    if (!engine())
        return;
    cur_src = src;
    mbcf_rx(eng, src, payload, len);
    if (!rx_done_seen) {           /* no burst-end hook: acknowledge at once */
        mbcf_rx_done(eng);
        tofu_k_pump();
    }
}

/* End of a receive burst: one cumulative ack per peer, then post the replies
 * the burst queued (get data, atomic results). */
void tofu_k_net_rx_done(void)
{
    rx_done_seen = 1;
    if (!eng)
        return;
    mbcf_rx_done(eng);
    tofu_k_pump();
}

void tofu_k_net_tick(void)
{
    ticks++;
    last_tick_ns = time_ns();
    if (!eng)
        return;
    tofu_k_ops.reap();
    mbcf_tick(eng);
    tofu_k_pump();
    net_tx_flush();
}

/* At power-off: answer peers' retransmissions for a while (as MBCF does), so
 * a peer does not wait forever for the ack of our last received frames. */
void tofu_k_net_shutdown(void)
{
    if (eng)
        mbcf_khost_linger(eng, 700000000ull, 3000000000ull, 0, 0);
}

void tofu_k_net_stats(struct tofu_stats *s)
{
    if (!eng)
        return;
    const struct mbcf_stats_eng *e = mbcf_engine_stats(eng);
    s->tx_data = e->tx_data;
    s->tx_retrans = e->tx_retrans;
    s->rx_dup = e->rx_dup;
    s->rx_ooo = e->rx_ooo;
}

/* Diagnostics (SYS_tofu_dump): the transport's state on the console, one
 * line per peer, so a stalled transfer's log says which side holds what. */
void tofu_k_net_dump(void)
{
    struct net_stats ns;
    net_get_stats(&ns);
    kprintf("tofu-dump: net rx %llu tx %llu irqs %llu rx_missed %llu drops runt %llu big %llu "
            "type %llu src %llu hdr %llu; ticks %llu (last %lld us ago); postq %u msg_free %u\n",
            (unsigned long long)ns.rx_frames, (unsigned long long)ns.tx_frames,
            (unsigned long long)ns.irqs, (unsigned long long)ns.rx_missed,
            (unsigned long long)ns.drop_runt, (unsigned long long)ns.drop_oversize,
            (unsigned long long)ns.drop_ethertype, (unsigned long long)ns.drop_unknown_src,
            (unsigned long long)ns.drop_bad_header, (unsigned long long)ticks,
            (long long)(time_ns() - last_tick_ns) / 1000, pq_n, msg_nfree);
    if (!eng)
        return;
    const struct mbcf_stats_eng *e = mbcf_engine_stats(eng);
    kprintf("tofu-dump: engine tx_data %llu retrans %llu acks %llu blocked %llu timeouts %llu "
            "fast %llu busy_rx %llu; rx %llu data %llu ack %llu dup %llu ooo %llu stale %llu "
            "bad %llu; applied %llu refused %llu fifo_busy %llu; ops %llu/%llu\n",
            (unsigned long long)e->tx_data, (unsigned long long)e->tx_retrans,
            (unsigned long long)e->tx_ack, (unsigned long long)e->tx_blocked,
            (unsigned long long)e->timeouts, (unsigned long long)e->fast_retrans,
            (unsigned long long)e->busy_acks_rx, (unsigned long long)e->rx_frames,
            (unsigned long long)e->rx_data, (unsigned long long)e->rx_ack,
            (unsigned long long)e->rx_dup, (unsigned long long)e->rx_ooo,
            (unsigned long long)e->rx_stale_ack, (unsigned long long)e->rx_malformed,
            (unsigned long long)e->applied, (unsigned long long)e->refused,
            (unsigned long long)e->fifo_busy, (unsigned long long)e->ops_completed,
            (unsigned long long)e->ops_posted);
    for (int p = 0; p < net_nodes(); p++) {
        struct mbcf_peer_state s;
        mbcf_peer_state(eng, p, &s);
        kprintf("tofu-dump: peer %d: tx base %u nxt %u top %u max %u ops %u rto %s %llu us "
                "due %lld us busy %u probing %u | rx nxt %u pending %u gap %u busy %u ack_owed %u\n",
                p, s.tx_base, s.tx_nxt, s.tx_top, s.tx_max, s.ops_queued,
                s.rto_armed ? "armed" : "off", (unsigned long long)s.rto_cur_ns / 1000,
                (long long)s.rto_due_ns / 1000, s.busy, s.probing, s.rx_nxt, s.rx_pending,
                s.rx_gap, s.rx_busy, s.ack_owed);
    }
}
