/* thread.h - threads of control (sched.c, thread.c): each has its own kernel
 * stack and saved callee-saved registers (switch.S), its FPU/SSE state and FS
 * base (TLS), and belongs to a process (struct task), or to none for the
 * per-CPU idle threads. */
#ifndef THREAD_H
#define THREAD_H
#include <stdint.h>
#include "runq.h"
#include "futexq.h"

struct task;

enum thread_state { T_RUNNABLE, T_RUNNING, T_BLOCKED, T_ZOMBIE };

struct thread {
    uint64_t ksp;                 /* saved RSP while switched out (switch.S) */
    uint64_t kstack_top;
    void *kstack;                 /* KSTACK_PAGES pages; NULL for a boot stack */
    struct task *task;            /* NULL for an idle thread */
    int tid;
    int state;                    /* enum thread_state (sched_lock) */
    int cpu;                      /* CPU running it or whose run queue holds it */
    int timed_out;                /* sched_block ended by its deadline */
    uint64_t wake_at;             /* sched_block deadline (time_ns), 0 = none */
    uint64_t clear_child_tid;     /* CLONE_CHILD_CLEARTID / set_tid_address */
    uint64_t fs_base;             /* user FS base (TLS) while switched out */
    struct rq_link rq;            /* run-queue link; rq.allowed = CPU affinity */
    struct futex_waiter fw;       /* futex queue link */
    struct thread *sleep_next;    /* timed sleepers (sched.c) */
    struct thread *all_next, *all_prev;   /* every thread (sched.c) */
    uint8_t fpu[512] __attribute__((aligned(16)));  /* FXSAVE image (Intel SDM vol. 1 10.5.1) */
};

/* The thread running on this CPU. */
struct thread *thread_self(void);

/* Starts the first thread of process t (tid = t->pid), runnable at once. */
int thread_start_first(struct task *t);
/* Ends the calling thread (never returns). The last thread of a process ends
 * the process; the last process powers the node off with the first non-zero
 * exit status. Drops the big kernel lock if this CPU holds it. */
void thread_exit(void) __attribute__((noreturn));
/* Ends every thread of the caller's process with `status` (exit_group, a
 * fatal fault, a signal): the others leave at their next kernel entry or
 * wake-up; then the caller exits. */
void process_exit(int status) __attribute__((noreturn));
/* Called on every return to ring 3 (syscall and interrupt exits): leaves when
 * the process is exiting, switches when the time slice is over. */
void thread_user_return(void);
#endif
