/* futexq.h - the futex wait queues (sched_futex.c): waiters hashed by
 * (address space, user address), woken in FIFO order, requeued from one
 * address to another (FUTEX_REQUEUE / FUTEX_CMP_REQUEUE, used by musl's
 * condition variables). Linux semantics: futex(2). Portable C with no kernel
 * headers: unit-tested on the host (tests/host/test_futexq.c). Callers hold
 * the scheduler lock. */
#ifndef FUTEXQ_H
#define FUTEXQ_H
#include <stdint.h>

struct futex_waiter {
    struct futex_waiter *next, *prev;
    uint64_t space, addr;      /* key: address space id, user address */
    uint32_t bitset;           /* FUTEX_WAIT_BITSET mask (all ones for FUTEX_WAIT) */
    int queued;                /* 1 while on a queue */
};

#define FUTEXQ_BUCKETS 64
struct futexq {
    struct futex_waiter bucket[FUTEXQ_BUCKETS];   /* sentinels of circular lists */
};

void futexq_init(struct futexq *q);
void futexq_add(struct futexq *q, struct futex_waiter *w, uint64_t space, uint64_t addr, uint32_t bitset);
/* Takes w off its queue if it is still queued (timeout, exit). */
void futexq_remove(struct futexq *q, struct futex_waiter *w);
/* Dequeues up to n waiters of (space, addr) whose bitset meets `bitset`, oldest
 * first, calling fn(w, ctx) for each after it left the queue. Returns the count. */
typedef void (*futexq_fn)(struct futex_waiter *w, void *ctx);
int futexq_wake(struct futexq *q, uint64_t space, uint64_t addr, uint32_t bitset, int n, futexq_fn fn,
                void *ctx);
/* Wakes up to nwake waiters of (space, from), then moves up to nreq of the
 * remaining ones to (space, to), keeping their order. Returns woken + moved. */
int futexq_requeue(struct futexq *q, uint64_t space, uint64_t from, uint64_t to, int nwake, int nreq,
                   futexq_fn fn, void *ctx);
/* Waiters queued on (space, addr). */
int futexq_count(const struct futexq *q, uint64_t space, uint64_t addr);
#endif
