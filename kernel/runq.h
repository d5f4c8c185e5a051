/* runq.h - per-CPU run queues of the scheduler (sched.c): FIFO lists of
 * threads linked through an embedded struct rq_link, and the placement rules
 * (which CPU gets a new or woken thread, which thread an idle CPU steals).
 * Portable C with no kernel headers: unit-tested on the host
 * (tests/host/test_runq.c). Callers hold the scheduler lock. */
#ifndef RUNQ_H
#define RUNQ_H
#include <stdint.h>

struct rq_link {
    struct rq_link *next, *prev;
    uint64_t allowed;          /* CPUs this thread may run on (bit i = CPU i) */
};
struct runq {
    struct rq_link head;       /* sentinel of a circular list */
    int len;
};

void runq_init(struct runq *q);
void runq_push(struct runq *q, struct rq_link *l);      /* at the tail */
struct rq_link *runq_pop(struct runq *q);               /* the head, or NULL */
void runq_remove(struct runq *q, struct rq_link *l);    /* l must be on q */
int runq_len(const struct runq *q);

/* The CPU for a thread that may run on `allowed` (of ncpu CPUs, load[i] the
 * threads queued or running there): `prefer` when allowed and not busier than
 * the least loaded allowed CPU by more than one thread (cache warmth), else the
 * least loaded allowed CPU (lowest index on ties). -1 when no CPU is allowed. */
int runq_pick_cpu(const int *load, int ncpu, uint64_t allowed, int prefer);

/* Work stealing for an idle CPU `cpu`: removes and returns the first thread of
 * q (oldest first) allowed on cpu, or NULL. */
struct rq_link *runq_steal(struct runq *q, int cpu);
#endif
