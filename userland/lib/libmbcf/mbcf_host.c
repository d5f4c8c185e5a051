/* mbcf_host.c - host implementation of mbcf.h: N Linux processes on one
 * machine (started by build/host/mbcf-hostrun) play the N nodes, so that
 * libmpi_mbcf is developed and tested without QEMU.
 *
 * - Remote write: process_vm_writev into the target process at the same
 *   virtual address (the launcher disables ASLR, so static objects have equal
 *   addresses as in our kernel, mbcf.h).
 * - FIFO append: the ring logic of mbcf/mbcf_fifo_ring.c with an io that
 *   reaches the target's ring through process_vm_readv/writev; the producer
 *   state (tail) lives in the shared segment under a per-FIFO lock.
 * - Export checks: exported ranges per rank live in the shared segment; an
 *   unexported or read-only target is refused with the mbcf.h status codes.
 * - Ordering: posted operations are applied at mbcf_flush, one after the
 *   other in post order, so everything from one node to one node is applied
 *   in order (mbcf.h). Completions are queued locally when applied.
 * - Waiting: each rank has a doorbell word in the shared segment; a sender
 *   bumps it and futex-wakes the target; mbcf_wait spins briefly, then sleeps.
 * Without the launcher's environment the process is a one-node cluster.
 */
#define _GNU_SOURCE
#include "mbcf.h"
#include "mbcf_host.h"
#include "mbcf_common.h"
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define SQ_MAX 1024
#define CQ_MAX 4096
#define PAGE 4096ull

enum { OP_PUT, OP_FIFO };
struct op {
    int type, node;
    uint64_t raddr;
    const void *src;
    size_t len;
    uint64_t cookie;
};

static struct host_seg *seg;
static int my_rank = -1, my_size;
static struct op sq[SQ_MAX];
static int sq_n;
static mbcf_cqe_t cq[CQ_MAX];
static int cq_head, cq_n;
static uint32_t cq_pushed;        /* completions produced (mbcf_events) */
static uint32_t cq_refused;       /* ... with a status other than MBCF_OK (mbcf_news) */
static uint32_t cq_waited;        /* cq_pushed at the last mbcf_wait */
static uint32_t last_bell;

/* ---- small helpers ---- */
static void lock(uint32_t *l)
{
    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
        sched_yield();
}

static void unlock(uint32_t *l)
{
    __atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

static long futex(uint32_t *addr, int op, uint32_t val, const struct timespec *ts)
{
    return syscall(SYS_futex, addr, op, val, ts, NULL, 0);
}

uint64_t mbcf_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ---- start ---- */
int mbcf_init(void)
{
    if (seg)
        return 0;
    const char *fd_s = getenv("MBCF_HOST_FD");
    const char *rank_s = getenv("MBCF_RANK");
    const char *size_s = getenv("MBCF_SIZE");
    if (fd_s && rank_s && size_s) {
        void *p = mmap(NULL, sizeof *seg, PROT_READ | PROT_WRITE, MAP_SHARED,
                       atoi(fd_s), 0);
        if (p == MAP_FAILED)
            return -MBCF_E_INVAL;
        seg = p;
        my_rank = atoi(rank_s);
        my_size = atoi(size_s);
        if (seg->magic != HOST_SEG_MAGIC || my_size != seg->size ||
            my_rank < 0 || my_rank >= my_size) {
            fprintf(stderr, "mbcf_host: bad launcher environment\n");
            return -MBCF_E_INVAL;
        }
    } else {
        /* No launcher: a one-node cluster with a private segment. */
        void *p = mmap(NULL, sizeof *seg, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return -MBCF_E_INVAL;
        seg = p;
        seg->magic = HOST_SEG_MAGIC;
        seg->size = 1;
        my_rank = 0;
        my_size = 1;
    }
    struct host_rank *me = &seg->r[my_rank];
    mbcf_words.news[0] = &me->doorbell;      /* mbcf_news, mbcf_any_dead (mbcf.h) */
    mbcf_words.dead = &seg->dead;
    lock(&me->lock);
    me->nexports = 0;
    me->nfifos = 0;
    unlock(&me->lock);
    __atomic_store_n(&me->pid, (int32_t)getpid(), __ATOMIC_RELEASE);
    last_bell = __atomic_load_n(&me->doorbell, __ATOMIC_ACQUIRE);
    return 0;
}

int mbcf_rank(void) { return my_rank; }
int mbcf_size(void) { return my_size; }
int mbcf_ppn(void) { return 1; }      /* every rank is a process of its own "node" */

/* ---- exports ----
 * The guest keeps exports as page-table bits, without limit; here each rank
 * has a table of page ranges. Like the guest, an export sets the flags of its
 * pages whatever they were (flags 0 unexports): the pages are first removed
 * from every range, then added as one range merged with every range of the
 * same flags it overlaps or touches, so the table holds only disjoint ranges
 * (the receive buffers MPI exports one by one coalesce; before this, a 4-rank
 * MPI suite under ASan's spread-out heap filled the 128 slots and aborted). */

/* Remove [s, e) from every range, splitting one that covers it with room on
 * both sides. -MBCF_E_AGAIN when such a split finds the table full. Locked. */
static int exp_remove(struct host_rank *me, uint64_t s, uint64_t e)
{
    for (int i = 0; i < me->nexports; i++) {
        struct host_export *x = &me->exp[i];
        if (e <= x->start || s >= x->end)
            continue;
        if (s > x->start && e < x->end) {
            if (me->nexports == HOST_MAX_EXPORTS)
                return -MBCF_E_AGAIN;
            me->exp[me->nexports++] = (struct host_export){ e, x->end, x->flags, 0 };
            x->end = s;
        } else if (s > x->start) {
            x->end = s;
        } else if (e < x->end) {
            x->start = e;
        } else {
            me->exp[i--] = me->exp[--me->nexports];   /* wholly inside: drop it */
        }
    }
    return 0;
}

/* Add [s, e) with flags, absorbing every same-flag range it overlaps or
 * touches (again after each growth). -MBCF_E_AGAIN when the table is full. */
static int exp_add(struct host_rank *me, uint64_t s, uint64_t e, int flags)
{
    for (int i = 0; i < me->nexports; i++) {
        struct host_export *x = &me->exp[i];
        if (x->flags == flags && s <= x->end && e >= x->start) {
            if (x->start < s)
                s = x->start;
            if (x->end > e)
                e = x->end;
            me->exp[i] = me->exp[--me->nexports];
            i = -1;
        }
    }
    if (me->nexports == HOST_MAX_EXPORTS)
        return -MBCF_E_AGAIN;
    me->exp[me->nexports++] = (struct host_export){ s, e, flags, 0 };
    return 0;
}

int mbcf_export(void *addr, size_t len, int flags)
{
    if (!seg)
        return -MBCF_E_INVAL;
    if (flags != 0 && flags != MBCF_EXPORT_READ && flags != (MBCF_EXPORT_READ | MBCF_EXPORT_WRITE))
        return -MBCF_E_INVAL;
    if (len == 0)
        return 0;
    uint64_t s = (uint64_t)(uintptr_t)addr & ~(PAGE - 1);
    uint64_t e = ((uint64_t)(uintptr_t)addr + len + PAGE - 1) & ~(PAGE - 1);
    struct host_rank *me = &seg->r[my_rank];
    lock(&me->lock);   /* export_check reads the table under this lock */
    int rc = exp_remove(me, s, e);
    if (!rc && flags)
        rc = exp_add(me, s, e, flags);
    unlock(&me->lock);
    return rc;
}

static int canon_check(uint64_t a)
{
    if (a >= 0xffff800000000000ull)
        return MBCF_E_KERNEL;
    if (a >= 0x0000800000000000ull)
        return MBCF_E_NONCANON;
    return 0;
}

/* Is [a, a+len) writable in the target's exports? Returns a status. */
static int export_check(struct host_rank *t, uint64_t a, size_t len)
{
    uint64_t end = a + len;
    int st = canon_check(a);
    if (st || (st = canon_check(end - 1)))
        return st;
    lock(&t->lock);
    while (a < end) {
        int found = 0, ro = 0;
        for (int i = 0; i < t->nexports; i++) {
            struct host_export *x = &t->exp[i];
            if (a >= x->start && a < x->end) {
                if (x->flags & MBCF_EXPORT_WRITE) {
                    a = x->end;
                    found = 1;
                    break;
                }
                ro = 1;
            }
        }
        if (!found) {
            unlock(&t->lock);
            return ro ? MBCF_E_READONLY : MBCF_E_UNEXPORTED;
        }
    }
    unlock(&t->lock);
    return 0;
}

/* ---- io into another process ---- */
struct rio {
    pid_t pid;
    uint64_t base;
};

static int vm_status(ssize_t n, size_t want)
{
    if (n == (ssize_t)want)
        return 0;
    if (n < 0 && errno == ESRCH)
        return MBCF_E_NOTASK;
    return MBCF_E_UNMAPPED;
}

static int rio_load64(void *ctx, uint64_t off, uint64_t *v)
{
    struct rio *r = ctx;
    struct iovec l = { v, 8 }, rv = { (void *)(uintptr_t)(r->base + off), 8 };
    return vm_status(process_vm_readv(r->pid, &l, 1, &rv, 1, 0), 8);
}

static int rio_store64(void *ctx, uint64_t off, uint64_t v)
{
    struct rio *r = ctx;
    struct iovec l = { &v, 8 }, rv = { (void *)(uintptr_t)(r->base + off), 8 };
    return vm_status(process_vm_writev(r->pid, &l, 1, &rv, 1, 0), 8);
}

static int rio_copy_in(void *ctx, uint64_t off, const void *src, uint32_t len)
{
    struct rio *r = ctx;
    struct iovec l = { (void *)src, len }, rv = { (void *)(uintptr_t)(r->base + off), len };
    return vm_status(process_vm_writev(r->pid, &l, 1, &rv, 1, 0), len);
}

static int target(int node, struct host_rank **t, pid_t *pid)
{
    if (node < 0 || node >= my_size)
        return MBCF_E_NODE;
    *t = &seg->r[node];
    *pid = __atomic_load_n(&(*t)->pid, __ATOMIC_ACQUIRE);
    if (__atomic_load_n(&(*t)->exited, __ATOMIC_ACQUIRE))
        return MBCF_E_PEER_DEAD;
    if (*pid <= 0)
        return MBCF_E_NOTASK;
    return 0;
}

static int apply_put(const struct op *o)
{
    struct host_rank *t;
    pid_t pid;
    int st = target(o->node, &t, &pid);
    if (st)
        return st;
    if (o->len == 0)
        return 0;
    if ((st = export_check(t, o->raddr, o->len)))
        return st;
    struct rio r = { pid, o->raddr };
    return rio_copy_in(&r, 0, o->src, (uint32_t)o->len);
}

static int apply_fifo(const struct op *o)
{
    struct host_rank *t;
    pid_t pid;
    int st = target(o->node, &t, &pid);
    if (st)
        return st;
    if ((st = canon_check(o->raddr)))
        return st;
    struct host_fifo *f = NULL;
    lock(&t->lock);
    for (int i = 0; i < t->nfifos; i++)
        if (t->fifo[i].used &&
            (t->fifo[i].fifo_addr == o->raddr || t->fifo[i].ring_addr == o->raddr)) {
            f = &t->fifo[i];
            break;
        }
    unlock(&t->lock);
    if (!f)
        return MBCF_E_NOFIFO;
    struct rio r = { pid, f->ring_addr };
    struct mbcf_ring_io io = { &r, rio_load64, rio_store64, rio_copy_in };
    lock(&f->lock);
    st = mbcf_ring_append(&f->prod, &io, (uint16_t)my_rank, o->src, (uint32_t)o->len);
    unlock(&f->lock);
    return st;
}

/* ---- FIFOs ---- */
int mbcf_fifo_create(mbcf_fifo_t *f, void *ring, size_t bytes)
{
    if (!seg)
        return -MBCF_E_INVAL;
    int rc = mbcf_fifo_local_init(f, ring, bytes);
    if (rc)
        return rc;
    struct host_rank *me = &seg->r[my_rank];
    lock(&me->lock);
    if (me->nfifos == HOST_MAX_FIFOS) {
        rc = -MBCF_E_AGAIN;
    } else {
        struct host_fifo *h = &me->fifo[me->nfifos];
        memset(h, 0, sizeof *h);
        h->fifo_addr = (uint64_t)(uintptr_t)f;
        h->ring_addr = (uint64_t)(uintptr_t)ring;
        mbcf_ring_producer_init(&h->prod, bytes);
        h->used = 1;
        me->nfifos++;
    }
    unlock(&me->lock);
    if (rc)
        mbcf_fifo_local_free(f);
    return rc;
}

/* ---- posting and completion ---- */
/* Inline in mbcf_put and mbcf_fifo_send: the per-type checks fold away and
 * an append costs one call (docs/fastpath.md). */
static inline __attribute__((always_inline)) int post(int type, int node, uint64_t raddr,
                                                      const void *src, size_t len,
                                                      uint64_t cookie)
{
    if (!seg)
        return -MBCF_E_INVAL;
    if ((unsigned)node >= (unsigned)my_size)   /* also node < 0 */
        return -MBCF_E_NODE;
    if (type == OP_PUT && len > MBCF_PUT_MAX)
        return -MBCF_E_TOOLONG;
    if (type == OP_FIFO && len > MBCF_FIFO_ENTRY_MAX)
        return -MBCF_E_TOOLONG;
    if (len && !src)
        return -MBCF_E_INVAL;
    if (sq_n == SQ_MAX || sq_n + cq_n >= CQ_MAX)
        return -MBCF_E_AGAIN;
    sq[sq_n++] = (struct op){ type, node, raddr, src, len, cookie };
    return 0;
}

int mbcf_put(int node, uint64_t raddr, const void *src, size_t len, uint64_t cookie)
{
    return post(OP_PUT, node, raddr, src, len, cookie);
}

int mbcf_fifo_send(int node, uint64_t fifo_raddr, const void *msg, size_t len,
                   uint64_t cookie)
{
    return post(OP_FIFO, node, fifo_raddr, msg, len, cookie);
}

static void ring_bell(int node)
{
    uint32_t *b = &seg->r[node].doorbell;
    __atomic_add_fetch(b, 1, __ATOMIC_RELEASE);
    futex(b, FUTEX_WAKE, 1 << 30, NULL);
}

int mbcf_flush(void)
{
    if (!seg)
        return -MBCF_E_INVAL;
    uint64_t woken = 0;   /* bitmap of targets to wake (HOST_MAX_RANKS <= 64) */
    for (int i = 0; i < sq_n; i++) {
        struct op *o = &sq[i];
        int st = o->type == OP_PUT ? apply_put(o) : apply_fifo(o);
        if (st == 0)
            woken |= 1ull << o->node;
        int slot = (cq_head + cq_n) % CQ_MAX;
        cq[slot] = (mbcf_cqe_t){ o->cookie, st, o->node };
        cq_n++;
        cq_pushed++;
        cq_refused += st != 0;
    }
    sq_n = 0;
    for (int n = 0; n < my_size; n++)
        if (woken & (1ull << n))
            ring_bell(n);
    return 0;
}

int mbcf_cq_take(mbcf_cqe_t *out, int max)
{
    int n = 0;
    while (n < max && cq_n) {
        out[n++] = cq[cq_head];
        cq_head = (cq_head + 1) % CQ_MAX;
        cq_n--;
    }
    return n;
}

/* One run up to the ring's end (the rest at the next call). */
int mbcf_cq_take_run(uint64_t mask, uint64_t *first, int max)
{
    int avail = cq_n < CQ_MAX - cq_head ? cq_n : CQ_MAX - cq_head;
    int n = mbcf_cq_run_len(&cq[cq_head], avail, max, mask);
    if (n) {
        *first = cq[cq_head].cookie;
        cq_head = (cq_head + n) % CQ_MAX;
        cq_n -= n;
    }
    return n;
}

/* Wait for the doorbell word to leave last_bell: spin briefly, then the futex. */
static int wait_bell(int64_t timeout_ns)
{
    uint32_t *b = &seg->r[my_rank].doorbell;
    for (int spin = 0; spin < 2000; spin++) {
        uint32_t v = __atomic_load_n(b, __ATOMIC_ACQUIRE);
        if (v != last_bell) {
            last_bell = v;
            return 0;
        }
        __builtin_ia32_pause();
    }
    if (timeout_ns == 0)
        return -MBCF_E_TIMEOUT;
    struct timespec ts, *tp = NULL;
    if (timeout_ns > 0) {
        ts.tv_sec = timeout_ns / 1000000000;
        ts.tv_nsec = timeout_ns % 1000000000;
        tp = &ts;
    }
    futex(b, FUTEX_WAIT, last_bell, tp);
    uint32_t v = __atomic_load_n(b, __ATOMIC_ACQUIRE);
    if (v != last_bell) {
        last_bell = v;
        return 0;
    }
    return timeout_ns > 0 ? -MBCF_E_TIMEOUT : 0;
}

int mbcf_wait(int64_t timeout_ns)
{
    if (!seg)
        return -MBCF_E_INVAL;
    if (sq_n)
        mbcf_flush();
    if (cq_pushed != cq_waited) {      /* completions since the last wait (as the guest's
                                          ctrl.events: edge, not level) */
        cq_waited = cq_pushed;
        return 0;
    }
    return wait_bell(timeout_ns);
}

/* News (mbcf_news, mbcf.h): arrivals ring our doorbell (a death too,
 * mbcf_hostrun.c); refused completions are produced locally, by our own
 * mbcf_flush. The doorbell word is named once the segment is attached. */
static const uint32_t news_zero;
static const uint64_t dead_zero;
struct mbcf_words mbcf_words = { { &news_zero, &cq_refused }, &cq_refused, &dead_zero };

int mbcf_wait_news(uint32_t seen, int64_t timeout_ns)
{
    if (!seg)
        return -MBCF_E_INVAL;
    if (sq_n)
        mbcf_flush();
    if (mbcf_news() != seen)
        return 0;
    /* news == seen: the doorbell still reads what the caller saw */
    last_bell = __atomic_load_n(&seg->r[my_rank].doorbell, __ATOMIC_ACQUIRE);
    return wait_bell(timeout_ns);
}

/* Arrivals ring our doorbell word; completions are produced locally. */
uint32_t mbcf_events(void)
{
    if (!seg)
        return 0;
    return __atomic_load_n(&seg->r[my_rank].doorbell, __ATOMIC_ACQUIRE) + cq_pushed;
}

/* The launcher (mbcf_hostrun.c) marks a rank whose process ended, in one
 * word like the guest's ctrl.dead (read every progress round). */
uint64_t mbcf_dead_peers(uint64_t *left)
{
    uint64_t m = seg ? __atomic_load_n(&seg->dead, __ATOMIC_ACQUIRE) : 0;
    if (left)
        *left = m;
    return m;
}

int mbcf_finalize(void)
{
    if (!seg)
        return 0;
    mbcf_flush();
    return 0;
}
