/* ult_cmdq.c - the command queue of MPI offloading (ult_cmdq.h; seed 002:
 * "a ULT that issues a communication puts the call into the command queue
 * instead, and is taken off the run queue"; "the communication thread
 * takes it out, runs the non-blocking form, and puts the ULT back on the
 * run queue when it has completed"). */
#include "ult_cmdq.h"
#include <time.h>

void ult_cmdq_init(struct ult_cmdq *q, const struct mpix_ult_ops *ops, enum ult_policy policy)
{
    pthread_mutex_init(&q->m, NULL);
    pthread_cond_init(&q->cv, NULL);
    q->head = q->tail = q->retry = NULL;
    q->sleeping = 0;
    q->have_ops = ops != NULL;
    if (ops)
        q->ops = *ops;
    q->policy = policy;
    atomic_store(&q->submitted, 0);
    atomic_store(&q->suspended, 0);
    atomic_store(&q->polled, 0);
    atomic_store(&q->kthread_waits, 0);
}

static void enqueue(struct ult_cmdq *q, struct ult_cmd *c)
{
    c->next = NULL;
    pthread_mutex_lock(&q->m);
    if (q->tail)
        q->tail->next = c;
    else
        q->head = c;
    q->tail = c;
    if (q->sleeping)
        pthread_cond_signal(&q->cv);
    pthread_mutex_unlock(&q->m);
}

/* Runs once the ULT's context is saved (mpix_ult_ops.suspend). */
static void enqueue_suspended(void *ult, void *arg)
{
    struct ult_cmd *c = arg;
    c->ult = ult;
    enqueue(c->q, c);
}

int ult_cmdq_submit(struct ult_cmdq *q, struct ult_cmd *c)
{
    c->q = q;
    c->ult = NULL;
    atomic_store_explicit(&c->done, 0, memory_order_relaxed);
    atomic_fetch_add_explicit(&q->submitted, 1, memory_order_relaxed);
    void *self = q->have_ops ? q->ops.self() : NULL;
    if (self && q->policy == ULT_SUSPEND) {
        c->how = HOW_SUSPEND;
        atomic_fetch_add_explicit(&q->suspended, 1, memory_order_relaxed);
        q->ops.suspend(enqueue_suspended, c);      /* back when completed */
    } else if (self) {
        c->how = HOW_POLL;                         /* stays on its run queue */
        enqueue(q, c);
        while (!atomic_load_explicit(&c->done, memory_order_acquire)) {
            atomic_fetch_add_explicit(&q->polled, 1, memory_order_relaxed);
            q->ops.yield();
        }
    } else {
        c->how = HOW_KTHREAD;
        atomic_fetch_add_explicit(&q->kthread_waits, 1, memory_order_relaxed);
        pthread_mutex_init(&c->m, NULL);
        pthread_cond_init(&c->cv, NULL);
        enqueue(q, c);
        pthread_mutex_lock(&c->m);
        while (!atomic_load_explicit(&c->done, memory_order_acquire))
            pthread_cond_wait(&c->cv, &c->m);
        pthread_mutex_unlock(&c->m);
        pthread_cond_destroy(&c->cv);
        pthread_mutex_destroy(&c->m);
    }
    return c->result;
}

/* The caller may return (and free c) as soon as done is seen: c is not
 * touched after that store (the condition variable's mutex covers the
 * kernel-thread case). */
void ult_cmdq_complete(struct ult_cmd *c, int result)
{
    c->result = result;
    switch (c->how) {
    case HOW_SUSPEND: {
        void *ult = c->ult;
        struct ult_cmdq *q = c->q;
        atomic_store_explicit(&c->done, 1, memory_order_release);
        q->ops.resume(ult);
        break;
    }
    case HOW_POLL:
        atomic_store_explicit(&c->done, 1, memory_order_release);
        break;
    case HOW_KTHREAD:
        pthread_mutex_lock(&c->m);
        atomic_store_explicit(&c->done, 1, memory_order_release);
        pthread_cond_signal(&c->cv);
        pthread_mutex_unlock(&c->m);
        break;
    }
}

static int run_one(struct ult_cmdq *q, struct ult_cmd *c, struct ult_cmd ***retry_tail)
{
    switch (c->run(c)) {
    case ULT_RUN_DONE:
        ult_cmdq_complete(c, c->result);
        return 1;
    case ULT_RUN_PENDING:
        return 1;
    case ULT_RUN_RETRY:
        break;
    }
    (void)q;
    c->next = NULL;
    **retry_tail = c;
    *retry_tail = &c->next;
    return 0;
}

int ult_cmdq_step(struct ult_cmdq *q)
{
    int ran = 0;
    struct ult_cmd *newc = NULL, *old = q->retry, *n;
    if (__atomic_load_n(&q->head, __ATOMIC_RELAXED)) {
        pthread_mutex_lock(&q->m);
        newc = q->head;
        q->head = q->tail = NULL;
        pthread_mutex_unlock(&q->m);
    }
    q->retry = NULL;
    struct ult_cmd **tail = &q->retry;
    for (; old; old = n) {           /* retries first: they are older */
        n = old->next;
        ran += run_one(q, old, &tail);
    }
    for (; newc; newc = n) {
        n = newc->next;
        ran += run_one(q, newc, &tail);
    }
    return ran;
}

void ult_cmdq_wait(struct ult_cmdq *q, int64_t timeout_ns)
{
    pthread_mutex_lock(&q->m);
    if (!q->head) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += timeout_ns / 1000000000;
        ts.tv_nsec += timeout_ns % 1000000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        q->sleeping = 1;
        pthread_cond_timedwait(&q->cv, &q->m, &ts);
        q->sleeping = 0;
    }
    pthread_mutex_unlock(&q->m);
}

int ult_cmdq_has_retry(const struct ult_cmdq *q)
{
    return q->retry != NULL;
}

struct ult_cmd *ult_cmdq_retry_list(const struct ult_cmdq *q)
{
    return q->retry;
}
