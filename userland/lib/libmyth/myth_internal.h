/* myth_internal.h - libmyth's objects as its files share them: the ULT
 * descriptor, the worker, the post-switch actions. */
#ifndef MYTH_INTERNAL_H
#define MYTH_INTERNAL_H
#include "myth.h"
#include "myth_deque.h"
#include <pthread.h>
#include <stdatomic.h>

struct myth_worker;

struct myth_thread {
    void *sp;                        /* saved context (myth_ctx.S frame) */
    myth_func_t fn;
    void *arg;
    void *result;
    atomic_flag lock;                /* guards done, detached, joiner */
    int done;                        /* ended and off its stack */
    int detached;
    int pinned;                      /* never stolen (the main ULT at myth_fini) */
    struct myth_thread *joiner;
    struct myth_worker *last;        /* worker it ran on last */
    void *block;                     /* stack block (NULL: the main ULT) */
    struct myth_thread *next_free;   /* stack pool list */
};

/* What the context switched to does first, once the one it left is saved. */
enum myth_post { POST_NONE, POST_PUSH_BOTTOM, POST_PUSH_TOP, POST_UNLOCK, POST_EXIT,
                 POST_USER, POST_TO_HOME };

#define MYTH_POOL_LOCAL 64           /* stacks a worker keeps for itself */

struct myth_worker {
    int id;
    pthread_t pt;
    struct myth_deque q;
    struct myth_thread *cur;         /* running ULT, NULL in the scheduler */
    void *sched_sp;                  /* the scheduler's context */
    void *sched_block;               /* its stack when it has its own (worker 0) */
    enum myth_post post;
    struct myth_thread *post_t;
    void (*post_fn)(myth_thread_t, void *);
    void *post_arg;
    uint64_t rng;
    struct myth_thread *pool;        /* free stacks */
    int npool;
    uint64_t created, steals, steal_attempts, ran;
    const void *sched_bot;           /* AddressSanitizer builds: the scheduler's stack */
    size_t sched_size;
} __attribute__((aligned(64)));

struct myth_rt {
    int nworkers;
    size_t stacksize;
    struct myth_worker *w;
    atomic_int stop;
    atomic_int nidle;
    pthread_mutex_t idle_m;
    pthread_cond_t idle_c;
    pthread_mutex_t pool_m;          /* global stack pool */
    struct myth_thread *pool;
};
extern struct myth_rt myth_rt;

struct myth_worker *myth_cur_worker(void);
/* Leave the running ULT self on worker w for the next one (own queue, else
 * the scheduler), with a post action; returns the worker self continues on. */
struct myth_worker *myth_leave(struct myth_worker *w, struct myth_thread *self,
                               enum myth_post post, void *arg);
/* Switch from the context saved into *save to ULT next on w. */
struct myth_worker *myth_switch_to(struct myth_worker *w, void **save, struct myth_thread *next,
                                   enum myth_post post, struct myth_thread *pt, void *arg);
void myth_run_post(struct myth_worker *w);
/* First thing after a switch lands (myth_sched.c): with AddressSanitizer,
 * completes its fiber switch (fake: what this context saved, NULL when new). */
void myth_asan_arrived(struct myth_worker *w, void *fake);
void myth_wake_one(void);
void myth_wake_all(void);
struct myth_thread *myth_steal_one(struct myth_worker *w);
void myth_thread_free(struct myth_worker *w, struct myth_thread *t);
void myth_pool_drain(void);

#endif
