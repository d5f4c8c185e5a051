/* myth_deque.c - a worker's run queue (myth_deque.h): ring buffer doubled
 * when full, one spinlock (a critical section of a few instructions; the
 * owner and at most a thief or two ever contend). */
#include "myth_deque.h"
#include <stdlib.h>
#include <string.h>

static void lock(struct myth_deque *q)
{
    while (atomic_flag_test_and_set_explicit(&q->lock, memory_order_acquire))
        __builtin_ia32_pause();
}

static void unlock(struct myth_deque *q)
{
    atomic_store_explicit(&q->approx_n, q->n, memory_order_relaxed);
    atomic_flag_clear_explicit(&q->lock, memory_order_release);
}

int myth_deque_init(struct myth_deque *q, size_t cap)
{
    size_t c = 16;
    while (c < cap)
        c <<= 1;
    memset(q, 0, sizeof *q);
    atomic_flag_clear(&q->lock);
    q->slot = calloc(c, sizeof *q->slot);
    if (!q->slot)
        return -1;
    q->cap = c;
    return 0;
}

void myth_deque_destroy(struct myth_deque *q)
{
    free(q->slot);
    q->slot = NULL;
    q->cap = q->n = 0;
}

static int grow(struct myth_deque *q)
{
    void **s = malloc(2 * q->cap * sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < q->n; i++)
        s[i] = q->slot[(q->head + i) & (q->cap - 1)];
    free(q->slot);
    q->slot = s;
    q->head = 0;
    q->cap *= 2;
    return 0;
}

int myth_deque_push_bottom(struct myth_deque *q, void *item)
{
    lock(q);
    if (q->n == q->cap && grow(q)) {
        unlock(q);
        return -1;
    }
    q->slot[(q->head + q->n) & (q->cap - 1)] = item;
    q->n++;
    unlock(q);
    return 0;
}

int myth_deque_push_top(struct myth_deque *q, void *item)
{
    lock(q);
    if (q->n == q->cap && grow(q)) {
        unlock(q);
        return -1;
    }
    q->head = (q->head - 1) & (q->cap - 1);
    q->slot[q->head] = item;
    q->n++;
    unlock(q);
    return 0;
}

void *myth_deque_pop_bottom(struct myth_deque *q)
{
    if (atomic_load_explicit(&q->approx_n, memory_order_relaxed) == 0)
        return NULL;
    void *it = NULL;
    lock(q);
    if (q->n) {
        q->n--;
        it = q->slot[(q->head + q->n) & (q->cap - 1)];
    }
    unlock(q);
    return it;
}

void *myth_deque_steal(struct myth_deque *q, int (*skip)(void *item))
{
    if (atomic_load_explicit(&q->approx_n, memory_order_relaxed) == 0)
        return NULL;
    void *it = NULL;
    lock(q);
    if (q->n && !(skip && skip(q->slot[q->head]))) {
        it = q->slot[q->head];
        q->head = (q->head + 1) & (q->cap - 1);
        q->n--;
    }
    unlock(q);
    return it;
}

size_t myth_deque_size(struct myth_deque *q)
{
    return atomic_load_explicit(&q->approx_n, memory_order_relaxed);
}
