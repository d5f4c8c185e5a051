/* myth_sched.c - libmyth's workers: one pthread per CPU, each with a run
 * queue; the scheduler loop (own queue, else steal from a random victim,
 * else sleep until work is pushed), the post-switch actions, init/fini and
 * the counters. Seed 002: "one run queue per core; an idle core steals". */
#define _GNU_SOURCE
#include "myth_internal.h"
#include "myth_ctx.h"
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __SANITIZE_ADDRESS__
/* AddressSanitizer must be told of every stack switch (its fiber API), or it
 * takes a ULT's heap stack for an overflow of the thread's own. */
#include <sanitizer/common_interface_defs.h>
#endif

struct myth_rt myth_rt = { .idle_m = PTHREAD_MUTEX_INITIALIZER,
                           .idle_c = PTHREAD_COND_INITIALIZER,
                           .pool_m = PTHREAD_MUTEX_INITIALIZER };
static __thread struct myth_worker *tls_worker;
static struct myth_thread main_ult;
static int initialised;

#define SCHED_STACK (64 * 1024)
#define IDLE_SPINS 64                 /* steal rounds before sleeping */
#define IDLE_SLEEP_NS 1000000         /* upper bound of one sleep (lost wake-ups) */

/* Not inlined, so a ULT that moved to another worker reads its new
 * worker's TLS (a compiler may keep a TLS address across calls). */
__attribute__((noinline)) struct myth_worker *myth_cur_worker(void)
{
    struct myth_worker *w = tls_worker;
    __asm__ volatile("" ::: "memory");
    return w;
}

static uint64_t rng_next(struct myth_worker *w)   /* xorshift64 */
{
    uint64_t x = w->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return w->rng = x;
}

void myth_wake_one(void)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&myth_rt.nidle, memory_order_relaxed) > 0) {
        pthread_mutex_lock(&myth_rt.idle_m);
        pthread_cond_signal(&myth_rt.idle_c);
        pthread_mutex_unlock(&myth_rt.idle_m);
    }
}

void myth_wake_all(void)
{
    pthread_mutex_lock(&myth_rt.idle_m);
    pthread_cond_broadcast(&myth_rt.idle_c);
    pthread_mutex_unlock(&myth_rt.idle_m);
}

static int any_work(void)
{
    for (int i = 0; i < myth_rt.nworkers; i++)
        if (myth_deque_size(&myth_rt.w[i].q))
            return 1;
    return 0;
}

static void idle_sleep(void)
{
    pthread_mutex_lock(&myth_rt.idle_m);
    atomic_fetch_add(&myth_rt.nidle, 1);
    atomic_thread_fence(memory_order_seq_cst);
    if (!atomic_load(&myth_rt.stop) && !any_work()) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += IDLE_SLEEP_NS;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&myth_rt.idle_c, &myth_rt.idle_m, &ts);
    }
    atomic_fetch_sub(&myth_rt.nidle, 1);
    pthread_mutex_unlock(&myth_rt.idle_m);
}

static int is_pinned(void *item)
{
    return ((struct myth_thread *)item)->pinned;
}

/* One random victim (seed 002: an idle core steals from another's queue). */
struct myth_thread *myth_steal_one(struct myth_worker *w)
{
    int n = myth_rt.nworkers;
    if (n < 2)
        return NULL;
    int v = (int)(rng_next(w) % (uint64_t)(n - 1));
    if (v >= w->id)
        v++;
    w->steal_attempts++;
    struct myth_thread *t = myth_deque_steal(&myth_rt.w[v].q, is_pinned);
    if (t)
        w->steals++;
    return t;
}

static struct myth_thread *find_work(struct myth_worker *w)
{
    for (int idle = 0;; idle++) {
        struct myth_thread *t = myth_deque_pop_bottom(&w->q);
        if (t)
            return t;
        if (atomic_load_explicit(&myth_rt.stop, memory_order_acquire))
            return NULL;
        for (int k = 0; k < 2 * myth_rt.nworkers; k++)
            if ((t = myth_steal_one(w)))
                return t;
        if (idle < IDLE_SPINS)
            sched_yield();
        else
            idle_sleep();
    }
}

void myth_run_post(struct myth_worker *w)
{
    struct myth_thread *t = w->post_t;
    enum myth_post p = w->post;
    w->post = POST_NONE;
    switch (p) {
    case POST_NONE:
        break;
    case POST_PUSH_BOTTOM:
        if (myth_deque_push_bottom(&w->q, t)) {
            fprintf(stderr, "libmyth: run queue: out of memory\n");
            abort();
        }
        myth_wake_one();
        break;
    case POST_PUSH_TOP:
        if (myth_deque_push_top(&w->q, t)) {
            fprintf(stderr, "libmyth: run queue: out of memory\n");
            abort();
        }
        myth_wake_one();
        break;
    case POST_UNLOCK:
        atomic_flag_clear_explicit(&((struct myth_thread *)w->post_arg)->lock, memory_order_release);
        break;
    case POST_EXIT: {
        while (atomic_flag_test_and_set_explicit(&t->lock, memory_order_acquire))
            __builtin_ia32_pause();
        t->done = 1;
        struct myth_thread *j = t->joiner;
        int det = t->detached;
        atomic_flag_clear_explicit(&t->lock, memory_order_release);
        if (j) {
            myth_deque_push_bottom(&w->q, j);
            myth_wake_one();
        }
        if (det)
            myth_thread_free(w, t);
        break;
    }
    case POST_USER:
        w->post_fn(t, w->post_arg);
        break;
    case POST_TO_HOME:
        myth_deque_push_bottom(&myth_rt.w[0].q, t);
        myth_wake_all();
        break;
    }
}

#ifdef __SANITIZE_ADDRESS__
static const void *main_bot;          /* the main ULT's stack: learnt when it first leaves */
static size_t main_size;

void myth_asan_arrived(struct myth_worker *w, void *fake)
{
    const void *ob;
    size_t os;
    __sanitizer_finish_switch_fiber(fake, &ob, &os);
    struct myth_thread *from = w->post_t;      /* who switched here (NULL: the scheduler) */
    if (!from && !w->sched_bot) {
        w->sched_bot = ob;
        w->sched_size = os;
    } else if (from == &main_ult && !main_bot) {
        main_bot = ob;
        main_size = os;
    }
}

static void asan_leave(struct myth_worker *w, struct myth_thread *next, enum myth_post post,
                        void **fake)
{
    const void *bot = w->sched_bot;
    size_t size = w->sched_size;
    if (next) {
        bot = next->block ? next->block : main_bot;
        size = next->block ? myth_rt.stacksize : main_size;
    }
    __sanitizer_start_switch_fiber(post == POST_EXIT ? NULL : fake, bot, size);
}
#else
void myth_asan_arrived(struct myth_worker *w, void *fake)
{
    (void)w;
    (void)fake;
}
#endif

struct myth_worker *myth_switch_to(struct myth_worker *w, void **save, struct myth_thread *next,
                                   enum myth_post post, struct myth_thread *pt, void *arg)
{
    w->post = post;
    w->post_t = pt;
    w->post_arg = arg;
    w->cur = next;
    void *to = w->sched_sp;
    if (next) {
        next->last = w;
        w->ran++;
        to = next->sp;
    }
    void *fake = NULL;
#ifdef __SANITIZE_ADDRESS__
    asan_leave(w, next, post, &fake);
#endif
    struct myth_worker *nw = myth_ctx_switch(save, to, w);
    myth_asan_arrived(nw, fake);
    myth_run_post(nw);
    return nw;
}

struct myth_worker *myth_leave(struct myth_worker *w, struct myth_thread *self,
                               enum myth_post post, void *arg)
{
    struct myth_thread *n = myth_deque_pop_bottom(&w->q);
    return myth_switch_to(w, &self->sp, n, post, self, arg);
}

/* The scheduler of worker w: runs ULTs until myth_fini stops it. */
static void sched_loop(struct myth_worker *w)
{
    struct myth_thread *t;
    while ((t = find_work(w)))
        w = myth_switch_to(w, &w->sched_sp, t, POST_NONE, NULL, NULL);
}

static void sched0_entry(void *pass, void *arg)
{
    (void)arg;
    myth_asan_arrived(pass, NULL);
    myth_run_post(pass);
    sched_loop(pass);
    fprintf(stderr, "libmyth: worker 0's scheduler stopped while the main ULT was away\n");
    abort();
}

static void *worker_main(void *arg)
{
    struct myth_worker *w = arg;
    tls_worker = w;
    sched_loop(w);
    return NULL;
}

static int env_int(const char *name, long min, long max, long *out)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 0);
    if (errno || *end || v < min || v > max) {
        fprintf(stderr, "libmyth: %s=%s: want an integer in %ld..%ld\n", name, s, min, max);
        return -1;
    }
    *out = v;
    return 1;
}

static int cpu_count(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return 1;
}

int myth_init(void)
{
    return myth_init_withparam(0, 0);
}

int myth_init_withparam(int workers, size_t stacksize)
{
    if (initialised) {
        fprintf(stderr, "libmyth: myth_init: already initialised\n");
        return -1;
    }
    long v;
    if (workers <= 0) {
        int r = env_int("MYTH_NUM_WORKERS", 1, 1024, &v);
        if (r < 0)
            return -1;
        workers = r ? (int)v : cpu_count();
    }
    if (stacksize == 0) {
        int r = env_int("MYTH_STACK_SIZE", 16384, 1L << 30, &v);
        if (r < 0)
            return -1;
        stacksize = r ? (size_t)v : 64 * 1024;
    }
    if (workers > 1024 || stacksize < 16384) {
        fprintf(stderr, "libmyth: myth_init_withparam(%d, %zu): want 1..1024 workers and "
                "stacks of at least 16384 bytes\n", workers, stacksize);
        return -1;
    }
    struct myth_worker *w = aligned_alloc(64, sizeof *w * (size_t)workers);
    void *sblock = malloc(SCHED_STACK);
    if (!w || !sblock) {
        free(w);
        free(sblock);
        fprintf(stderr, "libmyth: myth_init: out of memory\n");
        return -1;
    }
    memset(w, 0, sizeof *w * (size_t)workers);
    myth_rt.nworkers = workers;
    myth_rt.stacksize = (stacksize + 63) & ~(size_t)63;
    myth_rt.w = w;
    atomic_store(&myth_rt.stop, 0);
    atomic_store(&myth_rt.nidle, 0);
    for (int i = 0; i < workers; i++) {
        w[i].id = i;
        w[i].rng = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1);
        if (myth_deque_init(&w[i].q, 256)) {
            fprintf(stderr, "libmyth: myth_init: out of memory\n");
            return -1;
        }
    }
    memset(&main_ult, 0, sizeof main_ult);
    atomic_flag_clear(&main_ult.lock);
    main_ult.last = &w[0];
    w[0].cur = &main_ult;
    w[0].sched_block = sblock;
    w[0].sched_bot = sblock;
    w[0].sched_size = SCHED_STACK;
    w[0].sched_sp = myth_ctx_make((char *)sblock + SCHED_STACK, sched0_entry, NULL);
    tls_worker = &w[0];
    initialised = 1;
    for (int i = 1; i < workers; i++) {
        int e = pthread_create(&w[i].pt, NULL, worker_main, &w[i]);
        if (e) {
            fprintf(stderr, "libmyth: myth_init: worker %d: pthread_create: %s\n", i, strerror(e));
            myth_rt.nworkers = i;
            break;
        }
    }
    return 0;
}

void myth_fini(void)
{
    struct myth_worker *w = myth_cur_worker();
    if (!initialised || !w || w->cur != &main_ult) {
        fprintf(stderr, "libmyth: myth_fini: call it from the main ULT after myth_init\n");
        return;
    }
    if (w->id != 0) {            /* back to the thread that called myth_init */
        main_ult.pinned = 1;
        w = myth_leave(w, &main_ult, POST_TO_HOME, NULL);
        main_ult.pinned = 0;
    }
    atomic_store(&myth_rt.stop, 1);
    myth_wake_all();
    for (int i = 1; i < myth_rt.nworkers; i++)
        pthread_join(myth_rt.w[i].pt, NULL);
    for (int i = 0; i < myth_rt.nworkers; i++) {
        while (myth_rt.w[i].npool) {
            struct myth_thread *t = myth_rt.w[i].pool;
            myth_rt.w[i].pool = t->next_free;
            myth_rt.w[i].npool--;
            free(t->block);
        }
        myth_deque_destroy(&myth_rt.w[i].q);
    }
    myth_pool_drain();
    free(myth_rt.w[0].sched_block);
    free(myth_rt.w);
    myth_rt.w = NULL;
    myth_rt.nworkers = 0;
    tls_worker = NULL;
    initialised = 0;
}

int myth_get_worker_num(void)
{
    struct myth_worker *w = myth_cur_worker();
    return w ? w->id : -1;
}

int myth_get_num_workers(void)
{
    return myth_rt.nworkers;
}

void myth_get_stats(struct myth_stats *st)
{
    memset(st, 0, sizeof *st);
    st->workers = myth_rt.nworkers;
    for (int i = 0; i < myth_rt.nworkers; i++) {
        struct myth_worker *w = &myth_rt.w[i];
        st->created += w->created;
        st->steals += w->steals;
        st->steal_attempts += w->steal_attempts;
        if (i < 64)
            st->ran[i] = w->ran;
    }
}
