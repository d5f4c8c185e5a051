/* futexq.c - futex wait queues (see futexq.h). Portable C. */
#include <stddef.h>
#include "futexq.h"

static struct futex_waiter *bucket_of(struct futexq *q, uint64_t space, uint64_t addr)
{
    uint64_t h = (addr >> 2) ^ (space * 0x9e3779b97f4a7c15ull);
    h ^= h >> 29;
    return &q->bucket[h % FUTEXQ_BUCKETS];
}

void futexq_init(struct futexq *q)
{
    for (int i = 0; i < FUTEXQ_BUCKETS; i++)
        q->bucket[i].next = q->bucket[i].prev = &q->bucket[i];
}

static void link_tail(struct futex_waiter *head, struct futex_waiter *w)
{
    w->prev = head->prev;
    w->next = head;
    head->prev->next = w;
    head->prev = w;
    w->queued = 1;
}

void futexq_add(struct futexq *q, struct futex_waiter *w, uint64_t space, uint64_t addr, uint32_t bitset)
{
    w->space = space;
    w->addr = addr;
    w->bitset = bitset;
    link_tail(bucket_of(q, space, addr), w);
}

void futexq_remove(struct futexq *q, struct futex_waiter *w)
{
    (void)q;
    if (!w->queued)
        return;
    w->prev->next = w->next;
    w->next->prev = w->prev;
    w->next = w->prev = NULL;
    w->queued = 0;
}

int futexq_wake(struct futexq *q, uint64_t space, uint64_t addr, uint32_t bitset, int n, futexq_fn fn,
                void *ctx)
{
    struct futex_waiter *head = bucket_of(q, space, addr);
    int done = 0;
    for (struct futex_waiter *w = head->next, *nx; w != head && done < n; w = nx) {
        nx = w->next;
        if (w->space != space || w->addr != addr || !(w->bitset & bitset))
            continue;
        futexq_remove(q, w);
        if (fn)
            fn(w, ctx);
        done++;
    }
    return done;
}

int futexq_requeue(struct futexq *q, uint64_t space, uint64_t from, uint64_t to, int nwake, int nreq,
                   futexq_fn fn, void *ctx)
{
    int woken = futexq_wake(q, space, from, ~0u, nwake, fn, ctx);
    if (from == to)
        return woken;
    struct futex_waiter *head = bucket_of(q, space, from), *dst = bucket_of(q, space, to);
    int moved = 0;
    for (struct futex_waiter *w = head->next, *nx; w != head && moved < nreq; w = nx) {
        nx = w->next;
        if (w->space != space || w->addr != from)
            continue;
        futexq_remove(q, w);
        w->addr = to;
        link_tail(dst, w);
        moved++;
    }
    return woken + moved;
}

int futexq_count(const struct futexq *q, uint64_t space, uint64_t addr)
{
    int n = 0;
    const struct futex_waiter *head = bucket_of((struct futexq *)q, space, addr);
    for (const struct futex_waiter *w = head->next; w != head; w = w->next)
        n += w->space == space && w->addr == addr;
    return n;
}
