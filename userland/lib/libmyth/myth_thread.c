/* myth_thread.c - libmyth's ULT operations: create (work-first: the child
 * runs at once, the parent waits on the run queue where it may be stolen),
 * join, detach, yield, exit, suspend/resume, and the stack pool (a
 * descriptor sits at the top of its stack block; a worker keeps up to
 * MYTH_POOL_LOCAL free blocks, the rest go to a shared list). */
#include "myth_internal.h"
#include "myth_ctx.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void t_lock(struct myth_thread *t)
{
    while (atomic_flag_test_and_set_explicit(&t->lock, memory_order_acquire))
        __builtin_ia32_pause();
}

static void t_unlock(struct myth_thread *t)
{
    atomic_flag_clear_explicit(&t->lock, memory_order_release);
}

static struct myth_thread *thread_alloc(struct myth_worker *w)
{
    struct myth_thread *t = w->pool;
    if (t) {
        w->pool = t->next_free;
        w->npool--;
    } else {
        pthread_mutex_lock(&myth_rt.pool_m);
        t = myth_rt.pool;
        if (t)
            myth_rt.pool = t->next_free;
        pthread_mutex_unlock(&myth_rt.pool_m);
    }
    if (!t) {
        char *b = aligned_alloc(64, myth_rt.stacksize);
        if (!b)
            return NULL;
        uintptr_t top = (uintptr_t)(b + myth_rt.stacksize - sizeof *t);
        t = (struct myth_thread *)(top & ~(uintptr_t)63);   /* stack grows down below it */
        t->block = b;
    }
    void *block = t->block;
    memset(t, 0, sizeof *t);
    t->block = block;
    atomic_flag_clear(&t->lock);
    return t;
}

void myth_thread_free(struct myth_worker *w, struct myth_thread *t)
{
    if (w && w->npool < MYTH_POOL_LOCAL) {
        t->next_free = w->pool;
        w->pool = t;
        w->npool++;
        return;
    }
    pthread_mutex_lock(&myth_rt.pool_m);
    t->next_free = myth_rt.pool;
    myth_rt.pool = t;
    pthread_mutex_unlock(&myth_rt.pool_m);
}

void myth_pool_drain(void)
{
    pthread_mutex_lock(&myth_rt.pool_m);
    while (myth_rt.pool) {
        struct myth_thread *t = myth_rt.pool;
        myth_rt.pool = t->next_free;
        free(t->block);
    }
    pthread_mutex_unlock(&myth_rt.pool_m);
}

void myth_exit(void *result)
{
    struct myth_worker *w = myth_cur_worker();
    struct myth_thread *self = w ? w->cur : NULL;
    if (!self || !self->block) {
        fprintf(stderr, "libmyth: myth_exit: not in a ULT created by myth_create\n");
        abort();
    }
    self->result = result;
    void *dead_sp;                   /* never resumed */
    struct myth_thread *n = myth_deque_pop_bottom(&w->q);
    myth_switch_to(w, &dead_sp, n, POST_EXIT, self, NULL);
    abort();
}

static void ult_entry(void *pass, void *arg)
{
    struct myth_thread *t = arg;
    myth_asan_arrived(pass, NULL);
    myth_run_post(pass);
    myth_exit(t->fn(t->arg));
}

myth_thread_t myth_create(myth_func_t func, void *arg)
{
    struct myth_worker *w = myth_cur_worker();
    if (!w || !w->cur) {
        fprintf(stderr, "libmyth: myth_create: call it from a ULT (after myth_init)\n");
        return NULL;
    }
    struct myth_thread *t = thread_alloc(w);
    if (!t) {
        fprintf(stderr, "libmyth: myth_create: out of memory for a stack\n");
        return NULL;
    }
    t->fn = func;
    t->arg = arg;
    t->sp = myth_ctx_make(t, ult_entry, t);
    w->created++;
    struct myth_thread *self = w->cur;
    myth_switch_to(w, &self->sp, t, POST_PUSH_BOTTOM, self, NULL);   /* work-first */
    return t;
}

int myth_join(myth_thread_t t, void **result)
{
    struct myth_worker *w = myth_cur_worker();
    if (!w || !w->cur || !t || t == w->cur)
        return -1;
    struct myth_thread *self = w->cur;
    t_lock(t);
    if (!t->done) {
        t->joiner = self;
        w = myth_leave(w, self, POST_UNLOCK, t);   /* t's exit puts us back */
        t_lock(t);
    }
    t_unlock(t);
    if (result)
        *result = t->result;
    myth_thread_free(w, t);
    return 0;
}

void myth_detach(myth_thread_t t)
{
    struct myth_worker *w = myth_cur_worker();
    t_lock(t);
    int done = t->done;
    t->detached = 1;
    t_unlock(t);
    if (done)
        myth_thread_free(w, t);
}

void myth_yield(void)
{
    struct myth_worker *w = myth_cur_worker();
    if (!w || !w->cur)
        return;
    struct myth_thread *self = w->cur;
    struct myth_thread *n = myth_deque_pop_bottom(&w->q);
    if (!n)
        n = myth_steal_one(w);
    if (n)
        myth_switch_to(w, &self->sp, n, POST_PUSH_TOP, self, NULL);
}

myth_thread_t myth_self(void)
{
    struct myth_worker *w = myth_cur_worker();
    return w ? w->cur : NULL;
}

void myth_suspend(void (*after)(myth_thread_t, void *), void *arg)
{
    struct myth_worker *w = myth_cur_worker();
    if (!w || !w->cur) {
        fprintf(stderr, "libmyth: myth_suspend: not in a ULT\n");
        abort();
    }
    w->post_fn = after;
    myth_leave(w, w->cur, POST_USER, arg);
}

void myth_resume(myth_thread_t t)
{
    struct myth_worker *w = myth_cur_worker();
    if (!w)
        w = t->last;
    if (myth_deque_push_bottom(&w->q, t)) {
        fprintf(stderr, "libmyth: myth_resume: out of memory\n");
        abort();
    }
    myth_wake_one();
}
