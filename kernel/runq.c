/* runq.c - run queues and placement (see runq.h). Portable C. */
#include <stddef.h>
#include "runq.h"

void runq_init(struct runq *q)
{
    q->head.next = q->head.prev = &q->head;
    q->len = 0;
}

void runq_push(struct runq *q, struct rq_link *l)
{
    l->prev = q->head.prev;
    l->next = &q->head;
    q->head.prev->next = l;
    q->head.prev = l;
    q->len++;
}

void runq_remove(struct runq *q, struct rq_link *l)
{
    l->prev->next = l->next;
    l->next->prev = l->prev;
    l->next = l->prev = NULL;
    q->len--;
}

struct rq_link *runq_pop(struct runq *q)
{
    struct rq_link *l = q->head.next;
    if (l == &q->head)
        return NULL;
    runq_remove(q, l);
    return l;
}

int runq_len(const struct runq *q)
{
    return q->len;
}

int runq_pick_cpu(const int *load, int ncpu, uint64_t allowed, int prefer)
{
    int best = -1;
    for (int i = 0; i < ncpu && i < 64; i++)
        if (((allowed >> i) & 1) && (best < 0 || load[i] < load[best]))
            best = i;
    if (best >= 0 && prefer >= 0 && prefer < ncpu && prefer < 64 && ((allowed >> prefer) & 1) &&
        load[prefer] <= load[best] + 1)
        return prefer;
    return best;
}

struct rq_link *runq_steal(struct runq *q, int cpu)
{
    if (cpu < 0 || cpu >= 64)
        return NULL;
    for (struct rq_link *l = q->head.next; l != &q->head; l = l->next)
        if ((l->allowed >> cpu) & 1) {
            runq_remove(q, l);
            return l;
        }
    return NULL;
}
