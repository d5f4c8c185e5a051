/* mbcf_kernel.c - MBCF kernel glue: one protocol engine per node (mbcf_engine.c)
 * fed by the network layer through its CLUSTER_KIND_MBCF handlers (registered
 * in kernel/net/net_proto.h's table: mbcf_net_rx from the NIC interrupt,
 * mbcf_net_tick at 1 kHz), the task's submission/completion rings (struct
 * mbcf_rings in cluster_abi.h), and the system calls SYS_mbcf_* (its range of
 * kernel/syscall_table.h).
 *
 * System calls per message: the receiving side makes none (the interrupt
 * applies writes and FIFO appends into the task's memory, which the task
 * polls); the sending side makes at most one SYS_mbcf_doorbell per batch of
 * commands; SYS_mbcf_wait only when the task has nothing to do.
 *
 * Dead peers: at power-off the node tells its peers it is leaving
 * (mbcf_leave, BYE), and a peer silent for peer_dead_ms (fw_cfg
 * opt/cluster/peer_dead_ms, default PEER_DEAD_MS_DEFAULT scaled by the host's
 * oversubscription in opt/cluster/oversub, 0 = never) is
 * declared dead; the task sees it in ctrl.dead/dead_left, in MBCF_E_PEER_DEAD
 * completions, and a SYS_mbcf_wait wakes up.
 *
 * Several processes per node (--ppn, docs/ppn.md): each attached
 * process t (its local index, the MBCF task id) has its own rings, indices
 * and event count (struct ktask below); the one engine serves them all.
 * A command's source process travels with it through the engine in the top
 * byte of its source address (SRC_TAG) and its completion finds the process
 * again through a table of in-flight commands (struct inflight). Commands to
 * this node never enter the engine: mbcf_kernel_local.c applies them. */
#include "kapi.h"
#include "net/net.h"
#include "net/net_proto.h"
#include "fwcfg.h"
#include "nodecfg.h"
#include "mbcf_kernel.h"
#include "mbcf_khost.h"
#include "mbcf_kernel_trace.h"
#include "mbcf_abi.h"
#include "syscall_table.h"
#include "subsys.h"

/* One attached process (local index t). */
struct ktask {
    int ready;                     /* SYS_mbcf_setup done */
    struct mbcf_rings r;           /* validated at setup */
    uint32_t sq_head, cq_tail;     /* our own indices (never read back) */
    uint32_t events;
    uint32_t news;                 /* events without the MBCF_OK completions (mbcf_abi.h) */
    uint32_t refused;              /* completions with a status other than MBCF_OK */
    uint32_t outstanding;          /* commands in the engine, not completed */
    int events_dirty;
    int sq_blocked;                /* pull_sq stopped with commands left (window/CQ full) */
    int dead_dirty;                /* ctrl.dead/dead_left to be written */
    int refused_dirty;             /* ctrl.refused to be written */
    int in_wait;                   /* in SYS_mbcf_wait: 1 net_wait, 2 kwait_block */
    uint32_t wait_seen;            /* ... waiting for events (or news) to differ from this */
    int wait_news;                 /* ... news: MBCF_WAIT_NEWS */
};
static struct ktask kt[MBCF_K_TASKS];

static struct {
    struct mbcf_engine *eng;
    int rx_done_hook_seen;         /* the network layer calls mbcf_net_rx_done */
    uint64_t acks_deferred;        /* receive bursts whose pure ack was left to the task */
    uint64_t doorbells, waits, wait_sleeps, sq_errors;
} mk;

/* Source process of an engine command: bits 48-55 of its source address
 * (user addresses end below USER_TOP = 2^47; the engine only adds offsets). */
#define SRC_TAG(t, va) ((va) | (uint64_t)(t) << 48)
#define SRC_T(a)       ((int)((a) >> 48) & 0xff)
#define SRC_VA(a)      ((a) & ((1ull << 48) - 1))

/* In-flight engine commands: the engine's cookie is a slot index here, the
 * slot keeps the process and its own cookie. As many as the engine can hold. */
#define INFLIGHT_N (MBCF_MAX_NODES * MBCF_OPQ)
struct inflight { uint64_t cookie; int16_t t; uint8_t target; };
static struct inflight *infl;      /* INFLIGHT_N slots */
static uint16_t *infl_free;        /* stack of free slot numbers */
static uint32_t infl_nfree;

static int inflight_init(void)
{
    infl = page_alloc((INFLIGHT_N * sizeof *infl + PAGE_SIZE - 1) / PAGE_SIZE);
    infl_free = page_alloc((INFLIGHT_N * sizeof *infl_free + PAGE_SIZE - 1) / PAGE_SIZE);
    if (!infl || !infl_free)
        return -1;
    for (uint32_t i = 0; i < INFLIGHT_N; i++)
        infl_free[i] = (uint16_t)(INFLIGHT_N - 1 - i);
    infl_nfree = INFLIGHT_N;
    return 0;
}

int mbcf_k_endpoint(int node, int t)
{
    int ppn = node_info()->ppn > 0 ? node_info()->ppn : 1;
    return node * ppn + t;
}

/* Attached and still running: a process that ended (without detaching)
 * receives nothing more, MBCF_E_NOTASK as for a detached one. */
int mbcf_k_task_ready(int t)
{
    return t >= 0 && t < MBCF_K_TASKS && kt[t].ready && task_local_alive(t);
}

/* Has what task t waits for in SYS_mbcf_wait changed? */
static int k_wait_changed(const struct ktask *k, uint32_t seen, int news)
{
    return (news ? k->news : k->events) != seen;
}

/* events +1, and news +1 unless it is an MBCF_OK completion or commands taken */
static void k_bump(int t, int news)
{
    if (t < 0 || t >= MBCF_K_TASKS)
        return;
    kt[t].events++;
    kt[t].news += (uint32_t)news;
    kt[t].events_dirty = 1;
    if (kt[t].in_wait == 2 && k_wait_changed(&kt[t], kt[t].wait_seen, kt[t].wait_news))
        kwait_wake(&kt[t]);        /* blocked in SYS_mbcf_wait (several processes) */
}

void mbcf_k_event(int t)
{
    k_bump(t, 1);
}


/* ---- completions and ring publishing ---- */
static void publish_one(int t)
{
    struct ktask *k = &kt[t];
    if (!k->ready || !k->events_dirty)
        return;
    k->events_dirty = 0;
    if (k->refused_dirty &&        /* rare: written before news moves with it */
        !mbcf_k_put_user(t, k->r.ctrl + offsetof(struct mbcf_ctrl, refused), &k->refused,
                         sizeof k->refused))
        k->refused_dirty = 0;
    /* sq_head, cq_tail, events, news are adjacent: one copy (one page check).
     * One CPU and interrupts off in the kernel: the task never sees a half update. */
    uint32_t v[4] = { k->sq_head, k->cq_tail, k->events, k->news };
    _Static_assert(offsetof(struct mbcf_ctrl, cq_tail) == 4 &&
                   offsetof(struct mbcf_ctrl, events) == 8 &&
                   offsetof(struct mbcf_ctrl, news) == 12, "mbcf_ctrl layout");
    uint32_t *u = mbcf_k_uptr(t, k->r.ctrl, sizeof v, 1);
    if (u)
        memcpy(u, v, sizeof v);     /* inline (-fbuiltin), cached translation */
    else
        (void)mbcf_k_put_user(t, k->r.ctrl, v, sizeof v);
    if (k->dead_dirty && mk.eng) {  /* rare: a peer died */
        uint64_t d[2];
        d[0] = mbcf_dead_mask(mk.eng, &d[1]);
        if (!mbcf_k_put_user(t, k->r.ctrl + offsetof(struct mbcf_ctrl, dead), d, sizeof d))
            k->dead_dirty = 0;
    }
}

static void publish(void)
{
    for (int t = 0; t < MBCF_K_TASKS; t++)
        if (kt[t].events_dirty)
            publish_one(t);
}

void mbcf_k_complete(int t, uint64_t cookie, int node, int status)
{
    if (!mbcf_k_task_ready(t))
        return;
    struct ktask *k = &kt[t];
    struct mbcf_kcqe c = { cookie, status, node };
    uint64_t ua = k->r.cq + (uint64_t)(k->cq_tail % k->r.cq_entries) * sizeof c;
    void *u = mbcf_k_uptr(t, ua, sizeof c, 1);
    if (u)
        memcpy(u, &c, sizeof c);
    else
        (void)mbcf_k_put_user(t, ua, &c, sizeof c);
    k->cq_tail++;
    if (status != MBCF_OK) {
        k->refused++;
        k->refused_dirty = 1;
    }
    k_bump(t, status != MBCF_OK);
}

/* ---- engine callbacks ---- */
/* Sources of engine commands are user memory of the process in SRC_T,
 * read page by page through its page tables (a frame spans at most 2 pages). */
static int read_src(uint64_t src, void *d, uint32_t len)
{
    return mbcf_k_read(SRC_T(src), SRC_VA(src), d, len) ? MBCF_E_INVAL : 0;
}
static const struct mbcf_khost host = { CLUSTER_KIND_MBCF, read_src };

static int cb_send(void *ctx, int dst, const void *frame, uint32_t len)
{
    if (len && ((const uint8_t *)frame)[0] == MBCF_T_ACK)
        mbcf_tr(TR_TX_ACK, 0);
    return mbcf_khost_send_frame(ctx, dst, frame, len);
}
/* The engine hands on the wire's task field: target and source process (MBCF_WT). */
static int cb_check(void *ctx, uint16_t task, uint64_t va, uint64_t len)
{
    (void)ctx;
    return mbcf_k_check_range(MBCF_WT_TARGET(task), va, len);
}
static int cb_write(void *ctx, uint16_t task, uint64_t va, const void *d, uint32_t len)
{
    (void)ctx;
    return mbcf_k_write(MBCF_WT_TARGET(task), va, d, len);
}
static int cb_fifo(void *ctx, uint16_t task, uint64_t fifo, int src, const void *d, uint32_t len)
{
    (void)ctx;
    return mbcf_k_fifo_append(MBCF_WT_TARGET(task), fifo, mbcf_k_endpoint(src, MBCF_WT_SOURCE(task)),
                              d, len);
}
static void cb_complete(void *ctx, uint64_t slot, int node, int status)
{
    (void)ctx;
    if (slot >= INFLIGHT_N)
        return;
    struct inflight f = infl[slot];
    infl_free[infl_nfree++] = (uint16_t)slot;
    if (f.t >= 0 && f.t < MBCF_K_TASKS && kt[f.t].outstanding)
        kt[f.t].outstanding--;
    mbcf_k_complete(f.t, f.cookie, mbcf_k_endpoint(node, f.target), status);
}
/* The console line carries this node's clock: detection time = this t minus
 * the last frame's t (silent peer), or the leaving node's own BYE line. */
static void cb_peer_dead(void *ctx, int node, int why)
{
    (void)ctx;
    uint64_t now = time_ns(), heard = mbcf_heard_ns(mk.eng, node);
    if (why == MBCF_DEAD_LEFT)
        kprintf("mbcf: t=%lu ms peer node %d left (its task ended, node powering off)\n",
                now / 1000000, node);
    else
        kprintf("mbcf: t=%lu ms peer node %d dead: no answer for %lu ms (last frame from it "
                "at t=%lu ms, later by %lu stall(s) of this node)\n", now / 1000000, node,
                (now - heard) / 1000000, heard / 1000000,
                (unsigned long)mbcf_engine_stats(mk.eng)->self_stalls);
    for (int t = 0; t < MBCF_K_TASKS; t++) {
        kt[t].dead_dirty = 1;
        mbcf_k_event(t);           /* wakes SYS_mbcf_wait */
    }
}

#define PEER_DEAD_MS_DEFAULT 4000
#define PEER_DEAD_MS_MAX 3600000          /* an hour */
#define OVERSUB_PCT_MAX 1000000

/* The default silence threshold: PEER_DEAD_MS_DEFAULT, longer when the host
 * runs more vCPUs than it has cores (fw_cfg opt/cluster/oversub: vCPUs per
 * core x 100, written by the launcher; mbcf_dead_ns_oversub), at most
 * PEER_DEAD_MS_MAX. */
static uint64_t peer_dead_default_ns(void)
{
    char b[16];
    int64_t pct = 0;
    long n = fwcfg_read_file("opt/cluster/oversub", b, sizeof b);
    if (n > 0 && (n > (long)sizeof b ||
                  nodecfg_parse_uint(b, (size_t)n, OVERSUB_PCT_MAX, &pct))) {
        kprintf("mbcf: fw_cfg oversub is not a percentage in 0..%d; ignored\n", OVERSUB_PCT_MAX);
        pct = 0;
    }
    uint64_t ns = mbcf_dead_ns_oversub(PEER_DEAD_MS_DEFAULT * 1000000ull, (uint32_t)pct);
    if (ns > PEER_DEAD_MS_MAX * 1000000ull)
        ns = PEER_DEAD_MS_MAX * 1000000ull;
    if (ns != PEER_DEAD_MS_DEFAULT * 1000000ull)
        kprintf("mbcf: a peer silent for %lu ms is dead (%d ms for a host %ld%% oversubscribed)\n",
                ns / 1000000, PEER_DEAD_MS_DEFAULT, (long)pct);
    return ns;
}

/* fw_cfg opt/cluster/peer_dead_ms: decimal milliseconds (launcher --fw-cfg),
 * 0..PEER_DEAD_MS_MAX, parsed by nodecfg_parse_uint; anything else is
 * reported and the default kept. Given, it is taken as it is (not scaled). */
static uint64_t peer_dead_ns(void)
{
    char b[16];
    int64_t ms;
    long n = fwcfg_read_file("opt/cluster/peer_dead_ms", b, sizeof b);
    if (n <= 0)
        return peer_dead_default_ns();
    if (n > (long)sizeof b || nodecfg_parse_uint(b, (size_t)n, PEER_DEAD_MS_MAX, &ms)) {
        kprintf("mbcf: fw_cfg peer_dead_ms is not a number of ms in 0..%d; using the default\n",
                PEER_DEAD_MS_MAX);
        return peer_dead_default_ns();
    }
    return (uint64_t)ms * 1000000ull;
}

/* fw_cfg opt/cluster/mbcf_gbn=1 (launcher --fw-cfg mbcf_gbn=1): go-back-N
 * instead of selective retransmission, for the comparison in docs/fastpath.md. */
static int go_back_n(void)
{
    char b[4];
    return fwcfg_read_file("opt/cluster/mbcf_gbn", b, sizeof b - 1) > 0 && b[0] == '1';
}

/* Frames in flight per peer on this link. The engine allows up to MBCF_WINDOW (128,
 * chosen for lossy links), but the smallest queue on the path is on the host: the
 * vde_switch-to-QEMU socket holds 93 max-size frames (libraw raw.h
 * RAW_LINK_QUEUE_FRAMES), so a window of 128 that finds the receiving QEMU
 * descheduled loses frames on a clean link. 64 (the paced raw reference's window,
 * RAW_PACED_WINDOW) resent about 1 frame per clean 1 MiB round where 128 resent ~800,
 * and moved as much under 5% loss (docs/fastpath.md). */
#define MBCF_LINK_WINDOW 64

/* fw_cfg opt/cluster/mbcf_window=N (launcher --fw-cfg mbcf_window=N), 1..MBCF_WINDOW
 * frames in flight per peer; 0 = MBCF_LINK_WINDOW. For the study of the host's
 * 93-frame switch queue (docs/fastpath.md). */
static int window_from_fwcfg(void)
{
    char b[8];
    int64_t w;
    long n = fwcfg_read_file("opt/cluster/mbcf_window", b, sizeof b);
    if (n <= 0 || n > (long)sizeof b || nodecfg_parse_uint(b, (size_t)n, MBCF_WINDOW, &w) || w < 1)
        return 0;
    return (int)w;
}

static struct mbcf_engine *engine(void)
{
    if (mk.eng || !net_up())
        return mk.eng;
    if (!infl && inflight_init())
        return 0;
    struct mbcf_config c;
    mbcf_config_default(&c, net_rank(), net_nodes());
    c.ack_every = 16;
    c.dead_ns = peer_dead_ns();
    c.selective = !go_back_n();
    int window = window_from_fwcfg();
    c.window = window ? window : MBCF_LINK_WINDOW;
    struct mbcf_callbacks cb = { (void *)&host, cb_send, mbcf_khost_now, cb_check, cb_write,
                                 cb_fifo, mbcf_khost_send_data, cb_complete, mbcf_khost_alloc,
                                 cb_peer_dead };
    mk.eng = mbcf_khost_engine("mbcf", &c, &cb);
    return mk.eng;
}

/* ---- submission ring ---- */
static void sq_complete_now(int t, uint64_t cookie, int node, int status)
{
    mk.sq_errors++;
    mbcf_k_complete(t, cookie, node, status);
}

/* Hand command q of process t to the engine (its cookie becomes a slot). */
static int post_remote(int t, const struct mbcf_sqe *q)
{
    if (!infl_nfree)
        return -MBCF_E_AGAIN;
    uint16_t slot = infl_free[infl_nfree - 1];
    uint64_t src = SRC_TAG(t, q->src);
    uint16_t wt = MBCF_WT(q->task, t);
    int r = q->op == MBCF_SQE_PUT
        ? mbcf_post_put(mk.eng, q->node, wt, q->raddr, src, q->len, slot)
        : mbcf_post_fifo(mk.eng, q->node, wt, q->raddr, src, q->len, slot);
    if (r == 0) {
        infl_nfree--;
        infl[slot].cookie = q->cookie;
        infl[slot].t = (int16_t)t;
        infl[slot].target = q->task;
        kt[t].outstanding++;
    }
    return r;
}

/* Take process t's commands while the engine and its completion ring have room. */
static uint32_t pull_sq_one(int t)
{
    struct ktask *k = &kt[t];
    if (!k->ready || !engine())
        return 0;
    struct mbcf_ctrl c;
    const struct mbcf_ctrl *uc = mbcf_k_uptr(t, k->r.ctrl, sizeof c, 0);
    if (uc)
        memcpy(&c, uc, sizeof c);
    else if (mbcf_k_read(t, k->r.ctrl, &c, sizeof c))
        return 0;
    uint32_t taken = 0;
    k->sq_blocked = 0;
    while (k->sq_head != c.sq_tail) {
        /* every admitted command has a completion slot waiting for it */
        uint32_t pending = k->cq_tail - c.cq_head;
        if (pending > k->r.cq_entries || pending + k->outstanding >= k->r.cq_entries) {
            k->sq_blocked = 1;
            break;
        }
        struct mbcf_sqe q;
        uint64_t ua = k->r.sq + (uint64_t)(k->sq_head % k->r.sq_entries) * sizeof q;
        const struct mbcf_sqe *uq = mbcf_k_uptr(t, ua, sizeof q, 0);
        if (uq)
            memcpy(&q, uq, sizeof q);
        else if (mbcf_k_read(t, ua, &q, sizeof q))
            break;
        int r;
        if (q.op != MBCF_SQE_PUT && q.op != MBCF_SQE_FIFO)
            r = -MBCF_E_INVAL;
        else if (!mbcf_k_user_readable(t, q.src, q.len))
            r = -MBCF_E_INVAL;
        else if (q.node == net_rank()) {   /* this node: memory to memory */
            if (!mbcf_k_local_apply(t, &q)) {
                k->sq_blocked = 1;         /* target FIFO full: stays at the head */
                break;
            }
            r = 0;
        } else
            r = post_remote(t, &q);
        if (r == -MBCF_E_AGAIN) {
            k->sq_blocked = 1;
            break;                 /* that peer's queue is full: retry later */
        }
        if (r < 0)
            sq_complete_now(t, q.cookie, mbcf_k_endpoint(q.node, q.task), -r);
        k->sq_head++;
        taken++;
    }
    if (taken)
        k_bump(t, 0);              /* sq_head moved: not news */
    return taken;
}

/* All processes; the caller's own first when it is one (its doorbell). */
static uint32_t pull_sq(void)
{
    int me = task_local_current();
    uint32_t n = me >= 0 && me < MBCF_K_TASKS ? pull_sq_one(me) : 0;
    for (int t = 0; t < MBCF_K_TASKS; t++)
        if (t != me && kt[t].ready)
            pull_sq_one(t);
    return n;
}

static int any_sq_blocked(void)
{
    for (int t = 0; t < MBCF_K_TASKS; t++)
        if (kt[t].ready && kt[t].sq_blocked)
            return 1;
    return 0;
}

/* ---- CLUSTER_KIND_MBCF handlers (net/net_proto.h) ---- */
static void mbcf_net_rx(int src_rank, const void *payload, uint32_t len)
{
    if (!engine())
        return;
    int data = len && ((const uint8_t *)payload)[0] == MBCF_T_DATA;
    int me = task_local_current();
    mbcf_tr(data ? TR_RX_DATA : TR_RX_ACK, (uint32_t)(me >= 0 && me < MBCF_K_TASKS && kt[me].in_wait));
    mbcf_rx(mk.eng, src_rank, payload, len);
    if (data)
        mbcf_tr(TR_APPLIED, 0);
    if (!mk.rx_done_hook_seen)
        mbcf_rx_done(mk.eng);      /* no batch-end hook: acknowledge at once */
    if (any_sq_blocked())
        pull_sq();                 /* acks may have opened the window */
    publish();
}

/* Delayed acknowledgement: when the burst wakes the task from SYS_mbcf_wait,
 * the task is about to run and typically answers (ping-pong, request/reply),
 * so the pure ack is left for its next system call: SYS_mbcf_doorbell carries
 * it piggybacked on the answer (or sends it), SYS_mbcf_wait sends it before
 * sleeping, and the 1 kHz tick sends it in any case (mbcf_tick). Otherwise
 * (the task computes, or nothing woke it) the ack leaves at once. Measured:
 * an immediate pure ack costs a second NIC transmit on the critical path of
 * both nodes and an extra wake-up of the sender (README, MBCF). */
static void mbcf_net_rx_done(void)
{
    mk.rx_done_hook_seen = 1;
    if (!mk.eng)
        return;
    int me = task_local_current();
    struct ktask *k = me >= 0 && me < MBCF_K_TASKS ? &kt[me] : 0;
    if (k && k->in_wait && k->ready && k_wait_changed(k, k->wait_seen, k->wait_news))
        mk.acks_deferred++;
    else
        mbcf_rx_done(mk.eng);
    publish();
}

static void mbcf_net_tick(void)
{
    if (!mk.eng)
        return;
    mbcf_tick(mk.eng);
    pull_sq();
    publish();
    net_tx_flush();
}

/* Power-off linger. A node that exits right after its last receive may still
 * owe acks (deferred ones above, or ones lost on the wire); a peer would then
 * retransmit into a powered-off node forever and never see its send complete
 * (seen: NPB FT, rank 0 stuck in MPI_Finalize after rank 1 exited). So at
 * power-off: send the pending ack now, then keep answering (re-acking
 * retransmitted frames) until the link has been quiet for LINGER_QUIET_NS, at
 * most LINGER_MAX_NS. The peer's retransmission timeout backs off up to
 * 320 ms (mbcf_config_default), so the quiet window spans two of its
 * retransmissions (seen: a 150 ms window let a peer under 3% loss hang in
 * MPI_Finalize, tests/cluster/mpi_conformance.sh np=3).
 * Once our own operations are all acknowledged (so every peer has what we
 * sent), or after BYE_AFTER_NS in any case, we say BYE (BYE_TIMES times,
 * BYE_GAP_NS apart: frames can be lost): the peers then fail what they still
 * send us at once instead of waiting. */
#define LINGER_QUIET_NS 700000000ull   /* > 2 x the engine's rto_max_ns (320 ms) */
#define LINGER_MAX_NS  3000000000ull
#define BYE_AFTER_NS   1000000000ull
#define BYE_TIMES      3
#define BYE_GAP_NS     20000000ull
/* One turn of the linger: BYE once every operation is acknowledged (or after
 * BYE_AFTER_NS), BYE_TIMES times; 1 while BYEs are still to be said. */
struct bye_state {
    uint64_t start, bye_at;
    int byes;
};
static int linger_bye(void *arg)
{
    struct bye_state *b = arg;
    if (b->byes < BYE_TIMES && (b->byes ? time_ns() - b->bye_at >= BYE_GAP_NS : !mbcf_outstanding(mk.eng) || time_ns() - b->start >= BYE_AFTER_NS)) {
        if (!b->byes)
            kprintf("mbcf: t=%lu ms leaving: BYE to the peers %lu ms after the task ended "
                    "(%u operation(s) unacknowledged)\n",
                    time_ns() / 1000000,
                    (time_ns() - b->start) / 1000000, mbcf_outstanding(mk.eng));
        mbcf_leave(mk.eng);
        net_tx_flush();
        b->byes++;
        b->bye_at = time_ns();
    }
    return b->byes < BYE_TIMES;
}

/* With --net-stats (fw_cfg opt/cluster/net_stats=1): how the engine recovered
 * from loss over the run (timeouts vs. tail-loss probes vs. fast retransmits). */
static void print_recovery_stats(void)
{
    char b[4];
    if (fwcfg_read_file("opt/cluster/net_stats", b, sizeof b - 1) <= 0 || b[0] != '1')
        return;
    const struct mbcf_stats_eng *e = mbcf_engine_stats(mk.eng);
    kprintf("mbcf-stats: tx_data=%llu tx_retrans=%llu tx_redundant=%llu timeouts=%llu "
            "tlp_probes=%llu fast_retrans=%llu tx_ack=%llu rx_dup=%llu rx_ooo=%llu "
            "busy_acks_rx=%llu\n",
            (unsigned long long)e->tx_data, (unsigned long long)e->tx_retrans,
            (unsigned long long)e->tx_redundant,
            (unsigned long long)e->timeouts, (unsigned long long)e->tlp_probes,
            (unsigned long long)e->fast_retrans, (unsigned long long)e->tx_ack,
            (unsigned long long)e->rx_dup, (unsigned long long)e->rx_ooo,
            (unsigned long long)e->busy_acks_rx);
    for (int p = 0; p < net_nodes(); p++) {
        struct mbcf_peer_state ps;
        mbcf_peer_state(mk.eng, p, &ps);
        if (p != net_rank())
            kprintf("mbcf-stats: peer %d rto %lu us srtt %lu us min_rtt %lu us late %u/1000%s\n",
                    p, ps.rto_cur_ns / 1000, ps.srtt_ns / 1000, ps.min_rtt_ns / 1000,
                    ps.late_pm, ps.redundant ? " redundant" : "");
    }
}

static void mbcf_net_shutdown(void)
{
    if (!mk.eng)
        return;
    print_recovery_stats();
    for (int t = 0; t < MBCF_K_TASKS; t++)
        kt[t].ready = 0;              /* the tasks are gone: no more ring writes */
    mbcf_k_ptc_reset();
    struct bye_state b = { time_ns(), 0, 0 };
    mbcf_khost_linger(mk.eng, LINGER_QUIET_NS, LINGER_MAX_NS, linger_bye, &b);
}

/* ---- system calls ---- */
static int pow2_in(uint32_t v, uint32_t max) { return v && v <= max && !(v & (v - 1)); }

/* The calling process's local index, or -1. */
static int caller(void)
{
    int t = task_local_current();
    return t >= 0 && t < MBCF_K_TASKS ? t : -1;
}

static long sys_setup(uint64_t urings)
{
    int t = caller();
    if (t < 0)
        return -EINVAL;
    struct ktask *k = &kt[t];
    mbcf_k_ptc_reset();
    if (!urings) {                 /* detach: remote nodes now get MBCF_E_NOTASK */
        k->ready = 0;
        mbcf_k_fifo_reset(t);
        return 0;
    }
    if (!engine())
        return -ENODEV;
    struct mbcf_rings r;
    if (copy_from_user(&r, urings, sizeof r))
        return -EFAULT;
    if (!pow2_in(r.sq_entries, 4096) || !pow2_in(r.cq_entries, 65536) ||
        (r.ctrl & 7) || (r.sq & 7) || (r.cq & 7))
        return -EINVAL;
    struct mbcf_ctrl zero;
    memset(&zero, 0, sizeof zero);
    if (copy_to_user(r.ctrl, &zero, sizeof zero) ||
        !mbcf_k_user_readable(t, r.sq, (uint64_t)r.sq_entries * sizeof(struct mbcf_sqe)) ||
        !mbcf_k_user_writable(t, r.cq, (uint64_t)r.cq_entries * sizeof(struct mbcf_kcqe)))
        return -EFAULT;
    memset(k, 0, sizeof *k);
    k->r = r;
    k->ready = 1;
    k->dead_dirty = 1;             /* peers may have died before the task attached */
    k->events_dirty = 1;
    publish_one(t);
    return 0;
}

static long sys_doorbell(void)
{
    if (!mbcf_k_task_ready(caller()))
        return -EINVAL;
    mk.doorbells++;
    mbcf_tr(TR_DB, 0);
    uint32_t n = pull_sq();        /* data frames piggyback the pending acks */
    if (mbcf_ack_owed(mk.eng)) {
        mbcf_rx_done(mk.eng);      /* pure acks to the other peers: same burst */
        publish();
        mbcf_tr(TR_PULLED, n);
        net_tx_flush();
        mbcf_tr(TR_TX, n);
        return n;
    }
    /* Nothing else to send: the frames leave first, the ring indices after
     * (the task cannot look at them before the call returns anyway). */
    mbcf_tr(TR_PULLED, n);
    net_tx_flush();
    mbcf_tr(TR_TX, n);
    publish();
    return n;
}

struct wait_arg { int t; uint32_t seen; int news; };
static int event_changed(void *arg)
{
    const struct wait_arg *w = arg;
    return k_wait_changed(&kt[w->t], w->seen, w->news);
}

static long sys_wait(int64_t timeout_ns, uint32_t seen, uint64_t flags)
{
    int t = caller();
    if (!mbcf_k_task_ready(t))
        return -EINVAL;
    struct wait_arg w = { t, seen, (flags & MBCF_WAIT_NEWS) != 0 };
    mk.waits++;
    pull_sq();
    mbcf_rx_done(mk.eng);          /* deferred acks leave before we sleep */
    publish();
    net_tx_flush();
    if (event_changed(&w)) {
        mbcf_tr(TR_WAIT_NOW, 0);
        return 0;
    }
    mk.wait_sleeps++;
    mbcf_tr(TR_SLEEP, 0);
    kt[t].wait_seen = seen;
    kt[t].wait_news = w.news;
    int r = -EBUSY;
    if (task_local_count() > 1 && node_info()->wait_mode != 1) {
        /* Several processes share the CPU: block (the CPU runs the others or
         * halts; the NIC interrupt or a local write wakes us through
         * mbcf_k_event). net_wait would keep yielding between waiters. */
        kt[t].in_wait = 2;
        net_poll();
        r = kwait_block(&kt[t], event_changed, &w, timeout_ns);
    }
    if (r == -EBUSY) {
        kt[t].in_wait = 1;
        r = net_wait(event_changed, &w, timeout_ns);
    }
    kt[t].in_wait = 0;
    publish();
    mbcf_tr(TR_WAKE, 0);
    return r < 0 ? -ETIMEDOUT : 0;
}

static long sys_stats(uint64_t uout)
{
    struct mbcf_stats s;
    memset(&s, 0, sizeof s);
    if (engine()) {
        const struct mbcf_stats_eng *e = mbcf_engine_stats(mk.eng);
        s.tx_data = e->tx_data; s.tx_ack = e->tx_ack; s.tx_retrans = e->tx_retrans;
        s.timeouts = e->timeouts; s.fast_retrans = e->fast_retrans; s.busy_acks_rx = e->busy_acks_rx;
        s.rx_frames = e->rx_frames; s.rx_data = e->rx_data; s.rx_ack = e->rx_ack;
        s.rx_dup = e->rx_dup; s.rx_ooo = e->rx_ooo; s.rx_malformed = e->rx_malformed;
        s.applied = e->applied; s.refused = e->refused; s.fifo_busy = e->fifo_busy;
        s.fifo_full_refused = e->fifo_full_refused;
        s.ops_posted = e->ops_posted; s.ops_completed = e->ops_completed;
        s.tx_probe = e->tx_probe; s.rx_probe = e->rx_probe; s.tx_bye = e->tx_bye;
        s.rx_bye = e->rx_bye; s.rx_from_dead = e->rx_from_dead; s.dead_peers = e->dead_peers;
    }
    s.doorbells = mk.doorbells; s.waits = mk.waits; s.wait_sleeps = mk.wait_sleeps;
    s.sq_errors = mk.sq_errors;
    s.local_applied = mbcf_local_stats.applied; s.local_refused = mbcf_local_stats.refused;
    s.local_fifo_busy = mbcf_local_stats.fifo_busy;
    s.local_fifo_full_refused = mbcf_local_stats.fifo_full_refused;
    s.local_bytes = mbcf_local_stats.bytes;
    return copy_to_user(uout, &s, sizeof s) ? -EFAULT : 0;
}

/* ---- the SYS_mbcf_* range of the system-call table ---- */
static long sc_setup(const struct syscall_args *a)    { return sys_setup(a->a1); }
static long sc_export(const struct syscall_args *a)   { return mbcf_k_sys_export(a->a1, a->a2, (long)a->a3); }
static long sc_doorbell(const struct syscall_args *a) { (void)a; return sys_doorbell(); }
static long sc_wait(const struct syscall_args *a)     { return sys_wait((int64_t)a->a1, (uint32_t)a->a2, a->a3); }
static long sc_fifo_reg(const struct syscall_args *a) { return mbcf_k_sys_fifo_reg(caller(), a->a1, a->a2); }
static long sc_stats(const struct syscall_args *a)    { return sys_stats(a->a1); }
static long sc_trace(const struct syscall_args *a)    { return mbcf_k_sys_trace((long)a->a1); }

static const syscall_fn mbcf_calls[SYS_MBCF_LAST - SYS_MBCF_FIRST + 1] = {
    [SYS_mbcf_setup - SYS_MBCF_FIRST]    = sc_setup,
    [SYS_mbcf_export - SYS_MBCF_FIRST]   = sc_export,
    [SYS_mbcf_doorbell - SYS_MBCF_FIRST] = sc_doorbell,
    [SYS_mbcf_wait - SYS_MBCF_FIRST]     = sc_wait,
    [SYS_mbcf_fifo_reg - SYS_MBCF_FIRST] = sc_fifo_reg,
    [SYS_mbcf_stats - SYS_MBCF_FIRST]    = sc_stats,
    [SYS_mbcf_trace - SYS_MBCF_FIRST]    = sc_trace,
};
static const struct syscall_range mbcf_range = {
    "mbcf", SYS_MBCF_FIRST, SYS_MBCF_LAST - SYS_MBCF_FIRST + 1, mbcf_calls,
};

static const struct net_proto mbcf_proto = {
    .kind = CLUSTER_KIND_MBCF, .name = "mbcf",
    .rx = mbcf_net_rx, .rx_done = mbcf_net_rx_done,
    .tick = mbcf_net_tick, .shutdown = mbcf_net_shutdown,
};

void mbcf_kernel_init(void)
{
    (void)net_proto_register(&mbcf_proto);
    (void)syscall_register(&mbcf_range);
}
