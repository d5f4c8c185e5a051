/* myth_deque.h - a worker's run queue: a growable ring of ULTs under a
 * spinlock. The owner pushes and pops at the bottom (newest first:
 * work-first, depth-first order); thieves take from the top (oldest: the
 * largest pieces of work left); myth_yield puts the caller at the top so
 * the others run before it. Plain C with C11 atomics, host-tested. */
#ifndef MYTH_DEQUE_H
#define MYTH_DEQUE_H
#include <stdatomic.h>
#include <stddef.h>

struct myth_deque {
    atomic_flag lock;
    void **slot;
    size_t cap;                 /* power of two */
    size_t head;                /* index of the top item (oldest) */
    size_t n;                   /* items held */
    atomic_size_t approx_n;     /* n, readable without the lock (thieves' first look) */
};

int myth_deque_init(struct myth_deque *q, size_t cap);
void myth_deque_destroy(struct myth_deque *q);
int myth_deque_push_bottom(struct myth_deque *q, void *item);   /* -1: no memory */
int myth_deque_push_top(struct myth_deque *q, void *item);
void *myth_deque_pop_bottom(struct myth_deque *q);              /* NULL when empty */
/* Take the top item unless skip(item) says it must stay (pinned ULTs). */
void *myth_deque_steal(struct myth_deque *q, int (*skip)(void *item));
size_t myth_deque_size(struct myth_deque *q);

#endif
