/* myth.h - libmyth: user-level threads (ULTs) over one worker pthread per
 * CPU, shaped like MassiveThreads' API (the names and signatures of
 * myth_init ... myth_fini; seed 002 uses MassiveThreads). Each worker has a
 * run queue (a deque); myth_create runs the child at once and leaves the
 * parent on the queue (work-first); an idle worker steals the oldest ULT of
 * a random victim. Stacks come from a pool; a context switch saves only the
 * callee-saved registers, MXCSR and the x87 control word (myth_ctx.S).
 * Written for this project (docs/ult.md); no code from MassiveThreads. */
#ifndef MYTH_H
#define MYTH_H
#include <stddef.h>
#include <stdint.h>

typedef struct myth_thread *myth_thread_t;
typedef void *(*myth_func_t)(void *);

/* Start the workers: myth_init takes MYTH_NUM_WORKERS (default: the CPUs
 * this process may run on) and MYTH_STACK_SIZE (bytes, default 64 KiB) from
 * the environment; myth_init_withparam(0, 0) does the same. The caller
 * becomes the main ULT, on worker 0. 0 on success, -1 with a message on
 * stderr otherwise (already initialised, bad sizes, no memory). */
int myth_init(void);
int myth_init_withparam(int workers, size_t stacksize);
/* From the main ULT, after every other ULT has ended: stop the workers
 * (the caller continues on the thread that called myth_init). */
void myth_fini(void);

myth_thread_t myth_create(myth_func_t func, void *arg);
int myth_join(myth_thread_t th, void **result);    /* 0; frees th */
void myth_detach(myth_thread_t th);                /* freed when it ends */
void myth_yield(void);
myth_thread_t myth_self(void);                     /* NULL outside a ULT */
void myth_exit(void *result);                      /* end the calling ULT */

int myth_get_worker_num(void);      /* this worker's index, -1 outside a worker */
int myth_get_num_workers(void);

/* Blocking seam for runtimes layered above (an MPI library, an I/O layer):
 * myth_suspend takes the calling ULT off every run queue; once its context
 * is saved, after(self, arg) runs (on another stack), so whoever resumes it
 * cannot race with the switch. myth_resume puts a suspended ULT back on the
 * run queue of the worker it last ran on; it may be called from any
 * thread, also one that is not a worker. */
void myth_suspend(void (*after)(myth_thread_t self, void *arg), void *arg);
void myth_resume(myth_thread_t th);

/* Counters since myth_init (per worker, summed where shown). */
struct myth_stats {
    int workers;
    uint64_t created;               /* ULTs created */
    uint64_t steals;                /* successful steals */
    uint64_t steal_attempts;
    uint64_t ran[64];               /* ULT dispatches on worker i (i < 64) */
};
void myth_get_stats(struct myth_stats *st);

#endif
