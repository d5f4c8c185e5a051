/* mbcf_guest.c - mbcf.h for programs running on our kernel (musl, static).
 *
 * Commands go into a submission ring and completions come back in a
 * completion ring, both in this program's memory and shared with the kernel
 * (struct mbcf_rings, kernel/uapi/cluster_abi.h). Steady state:
 *   send     : write SQEs, then ONE SYS_mbcf_doorbell per batch (mbcf_flush);
 *   complete : read CQEs from memory, no system call;
 *   receive  : remote writes and FIFO entries appear in memory, applied by the
 *              kernel from the NIC interrupt; FIFOs are read with peek/pop,
 *              no system call;
 *   wait     : check ctrl.events (spin MBCF_POLL_NS, default 0), then SYS_mbcf_wait
 *              (sleeps until the NIC interrupt brings something).
 * Not thread-safe (one thread per task talks to MBCF). */
#include "mbcf.h"
#include "mbcf_guest.h"
#include "mbcf_common.h"
#include "mbcf_fifo_ring.h"
#include "mbcf_ep.h"
#include "cluster_abi.h"
#include "cluster_user.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SQ_N 256u
#define CQ_N 4096u

static struct mbcf_ctrl ctrl __attribute__((aligned(64)));
static struct mbcf_sqe sq[SQ_N] __attribute__((aligned(64)));
static struct mbcf_kcqe cq[CQ_N] __attribute__((aligned(64)));
static uint32_t sq_tail, cq_head, events_seen;
static uint64_t posted, doorbells_needed;
static int rank = -1, size, inited;
static int node = -1, nodes, ppn = 1;   /* rank = node * ppn + local (mbcf_ep.h) */
static uint64_t tsc_hz;
/* User-level spin before SYS_mbcf_wait. 0 (halt at once) measured best on
 * the 2-core host: a spinning vCPU takes the core the switch and the peer's
 * QEMU need (mbcfbench paired runs, README MBCF; same finding as the network
 * layer's poll budget). MBCF_POLL_NS overrides it. */
static int64_t poll_budget_ns = 0;

static uint32_t load32(const uint32_t *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static void store32(uint32_t *p, uint32_t v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

uint64_t mbcf_now_ns(void)
{
    if (!tsc_hz) {
        struct node_info ni;
        if (cluster_syscall3(SYS_node_info, (long)&ni, 0, 0) == 0 && ni.tsc_hz)
            tsc_hz = ni.tsc_hz;
        else
            return 0;
    }
    return (uint64_t)((unsigned __int128)cluster_rdtsc() * 1000000000u / tsc_hz);
}

/* errno from the kernel -> MBCF status */
static int from_errno(long e)
{
    switch (-e) {
    case 0: return 0;
    case 14: return -MBCF_E_UNMAPPED;  /* EFAULT */
    case 1: return -MBCF_E_READONLY;   /* EPERM */
    case 28: return -MBCF_E_AGAIN;     /* ENOSPC */
    case 19: return -MBCF_E_NODE;      /* ENODEV */
    case 110: return -MBCF_E_TIMEOUT;  /* ETIMEDOUT */
    default: return -MBCF_E_INVAL;
    }
}

int mbcf_init(void)
{
    if (inited)
        return 0;
    struct node_info ni;
    memset(&ni, 0, sizeof ni);     /* a kernel without ppn/local leaves them 0 */
    long r = cluster_syscall3(SYS_node_info, (long)&ni, 0, 0);
    if (r)
        return from_errno(r);
    node = ni.rank;
    nodes = ni.nodes;
    ppn = ni.ppn >= 1 ? ni.ppn : 1;
    rank = mbcf_ep_make(node, ni.local, nodes, ppn);
    if (rank < 0)
        return -MBCF_E_INVAL;
    size = nodes * ppn;
    tsc_hz = ni.tsc_hz;
    const char *b = getenv("MBCF_POLL_NS");
    if (b)
        poll_budget_ns = atoll(b);
    struct mbcf_rings rings = { (uint64_t)&ctrl, (uint64_t)sq, (uint64_t)cq, SQ_N, CQ_N };
    r = cluster_syscall3(SYS_mbcf_setup, (long)&rings, 0, 0);
    if (r)
        return from_errno(r);
    sq_tail = cq_head = events_seen = 0;
    posted = 0;
    inited = 1;
    return 0;
}

int mbcf_rank(void) { return rank; }
int mbcf_size(void) { return size; }
int mbcf_ppn(void) { return ppn; }

int mbcf_export(void *addr, size_t len, int flags)
{
    if (!len || (flags != MBCF_EXPORT_READ && flags != (MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) &&
                 flags != 0))
        return -MBCF_E_INVAL;
    return from_errno(cluster_syscall3(SYS_mbcf_export, (long)addr, (long)len, flags));
}

int mbcf_fifo_create(mbcf_fifo_t *f, void *ring, size_t bytes)
{
    int r = mbcf_fifo_local_init(f, ring, bytes);
    if (r)
        return r;
    long e = cluster_syscall3(SYS_mbcf_fifo_reg, (long)ring, (long)bytes, 0);
    if (e) {
        mbcf_fifo_local_free(f);
        return from_errno(e);
    }
    return 0;
}

int mbcf_guest_post(int op, int node, int task, uint64_t raddr, const void *src, size_t len,
                    uint64_t cookie)
{
    if (!inited)
        return -MBCF_E_INVAL;
    if (node < 0 || node >= nodes)
        return -MBCF_E_NODE;
    if (len > (op == MBCF_SQE_PUT ? MBCF_PUT_MAX : MBCF_FIFO_ENTRY_MAX))
        return -MBCF_E_TOOLONG;
    if (sq_tail - load32(&ctrl.sq_head) >= SQ_N)
        return -MBCF_E_AGAIN;
    struct mbcf_sqe *q = &sq[sq_tail % SQ_N];
    q->op = (uint8_t)op;
    q->task = (uint8_t)task;
    q->node = (uint16_t)node;
    q->len = (uint32_t)len;
    q->raddr = raddr;
    q->src = (uint64_t)src;
    q->cookie = cookie;
    store32(&ctrl.sq_tail, ++sq_tail);
    posted++;
    doorbells_needed = 1;
    return 0;
}

/* Endpoint ep -> (node, task = local index) of the SQE. */
static int post_ep(int op, int ep, uint64_t raddr, const void *src, size_t len, uint64_t cookie)
{
    if (!inited)
        return -MBCF_E_INVAL;
    int n = mbcf_ep_node(ep, nodes, ppn);
    if (n < 0)
        return -MBCF_E_NODE;
    return mbcf_guest_post(op, n, mbcf_ep_local(ep, nodes, ppn), raddr, src, len, cookie);
}

int mbcf_put(int ep, uint64_t raddr, const void *src, size_t len, uint64_t cookie)
{
    return post_ep(MBCF_SQE_PUT, ep, raddr, src, len, cookie);
}

int mbcf_fifo_send(int ep, uint64_t fifo_raddr, const void *msg, size_t len, uint64_t cookie)
{
    return post_ep(MBCF_SQE_FIFO, ep, fifo_raddr, msg, len, cookie);
}

int mbcf_flush(void)
{
    if (!doorbells_needed)
        return 0;
    doorbells_needed = 0;
    long r = cluster_syscall3(SYS_mbcf_doorbell, 0, 0, 0);
    return r < 0 ? from_errno(r) : 0;
}

int mbcf_cq_take(mbcf_cqe_t *out, int max)
{
    uint32_t tail = load32(&ctrl.cq_tail);
    int n = 0;
    while (cq_head != tail && n < max) {
        struct mbcf_kcqe *c = &cq[cq_head % CQ_N];
        out[n].cookie = c->cookie;
        out[n].status = c->status;
        out[n].node = c->node;
        n++;
        cq_head++;
    }
    if (n)
        store32(&ctrl.cq_head, cq_head);
    return n;
}

/* The kernel's entries have the layout of mbcf_cqe_t (mbcf_abi.h): the run
 * is read in place, up to the ring's end (the rest at the next call). */
_Static_assert(sizeof(struct mbcf_kcqe) == sizeof(mbcf_cqe_t) &&
               offsetof(struct mbcf_kcqe, status) == offsetof(mbcf_cqe_t, status),
               "struct mbcf_kcqe and mbcf_cqe_t differ");
int mbcf_cq_take_run(uint64_t mask, uint64_t *first, int max)
{
    uint32_t avail = load32(&ctrl.cq_tail) - cq_head, to_end = CQ_N - cq_head % CQ_N;
    const mbcf_cqe_t *c = (const mbcf_cqe_t *)(const void *)&cq[cq_head % CQ_N];
    int n = mbcf_cq_run_len(c, (int)(avail < to_end ? avail : to_end), max, mask);
    if (n) {
        *first = c->cookie;
        cq_head += (uint32_t)n;
        store32(&ctrl.cq_head, cq_head);
    }
    return n;
}

/* Wait until *word differs from seen: spin up to the poll budget, then
 * SYS_mbcf_wait (flags 0: word is ctrl.events; MBCF_WAIT_NEWS: ctrl.news). */
static int wait_word(const uint32_t *word, uint32_t seen, int64_t timeout_ns, long flags)
{
    mbcf_flush();
    if (load32(word) != seen)
        return 0;
    uint64_t t0 = mbcf_now_ns();
    int64_t budget = timeout_ns >= 0 && timeout_ns < poll_budget_ns ? timeout_ns : poll_budget_ns;
    while ((int64_t)(mbcf_now_ns() - t0) < budget) {
        if (load32(word) != seen)
            return 0;
        __asm__ volatile("pause");
    }
    int64_t left = timeout_ns < 0 ? -1 : timeout_ns - (int64_t)(mbcf_now_ns() - t0);
    if (timeout_ns >= 0 && left <= 0)
        return -MBCF_E_TIMEOUT;
    long r = cluster_syscall3(SYS_mbcf_wait, left, seen, flags);
    return r < 0 ? -MBCF_E_TIMEOUT : 0;
}

int mbcf_wait(int64_t timeout_ns)
{
    int r = wait_word(&ctrl.events, events_seen, timeout_ns, 0);
    events_seen = load32(&ctrl.events);
    return r;
}

int mbcf_wait_news(uint32_t seen, int64_t timeout_ns)
{
    int r = wait_word(&ctrl.news, seen, timeout_ns, MBCF_WAIT_NEWS);
    events_seen = load32(&ctrl.events);
    return r;
}

#define MBCF_FINALIZE_STALL_NS 10000000000ull

int mbcf_finalize(void)
{
    if (!inited)
        return 0;
    mbcf_flush();
    /* every posted command has its completion written (consumed or not).
     * Bounded: a peer that has already powered off cannot acknowledge any
     * more; after MBCF_FINALIZE_STALL_NS without a new completion we leave
     * and say so rather than hang the node. */
    uint32_t seen = load32(&ctrl.cq_tail);
    uint64_t since = mbcf_now_ns();
    while (load32(&ctrl.cq_tail) != (uint32_t)posted) {
        mbcf_wait(100000000);
        uint32_t now_tail = load32(&ctrl.cq_tail);
        if (now_tail != seen) {
            seen = now_tail;
            since = mbcf_now_ns();
        } else if (mbcf_now_ns() - since > MBCF_FINALIZE_STALL_NS) {
            fprintf(stderr, "mbcf_finalize: %u operation(s) still unacknowledged after %llu s "
                    "without progress (peer gone?); leaving\n",
                    (uint32_t)posted - now_tail,
                    (unsigned long long)(MBCF_FINALIZE_STALL_NS / 1000000000ull));
            break;
        }
    }
    cluster_syscall3(SYS_mbcf_setup, 0, 0, 0);
    inited = 0;
    return 0;
}

int mbcf_guest_stats(struct mbcf_stats *out)
{
    return from_errno(cluster_syscall3(SYS_mbcf_stats, (long)out, 0, 0));
}

uint32_t mbcf_events(void) { return load32(&ctrl.events); }
static const uint32_t news_zero;
struct mbcf_words mbcf_words = {   /* mbcf_news, mbcf_refused (mbcf.h) */
    { &ctrl.news, &news_zero }, &ctrl.refused, &ctrl.dead
};

/* The kernel reports nodes; every endpoint of a dead node is dead. */
uint64_t mbcf_dead_peers(uint64_t *left)
{
    if (left)
        *left = mbcf_ep_dead_mask(__atomic_load_n(&ctrl.dead_left, __ATOMIC_ACQUIRE), ppn);
    return mbcf_ep_dead_mask(__atomic_load_n(&ctrl.dead, __ATOMIC_ACQUIRE), ppn);
}
