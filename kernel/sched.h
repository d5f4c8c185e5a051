/* sched.h - the scheduler (sched.c): a run queue per CPU, xv6-style
 * (xv6 proc.c: sched/yield/sleep/wakeup) but switching thread to thread;
 * preemption on the LAPIC timer tick at the return to ring 3 only (the kernel
 * itself runs with interrupts off and is never preempted), HLT when idle, an
 * IPI to wake an idle CPU. Run queues, thread states, futex queues and the
 * timed sleepers are all under one lock, sched_lock (xv6's ptable lock). */
#ifndef SCHED_H
#define SCHED_H
#include <stdint.h>
#include "spinlock.h"
#include "thread.h"
#include "futexq.h"

extern struct spinlock sched_lock;
extern struct spinlock kernel_lock;   /* big kernel lock: see spinlock.h */
extern struct futexq futex_queues;    /* under sched_lock */

#define SCHED_SLICE_TICKS 10          /* 10 ms at TIMER_HZ 1000 */

/* Boot CPU: its boot stack becomes CPU 0's idle thread. */
void sched_init(void);
/* The calling CPU (its boot stack at stack_top) becomes its idle thread:
 * runs threads from now on and never returns. */
void sched_run_idle(uint64_t stack_top) __attribute__((noreturn));
/* A new thread that will run fn(arg) on its own kernel stack once switched to
 * (sched_lock is released first). NULL when out of memory. */
struct thread *thread_alloc(struct task *t, int tid, void (*fn)(void *), void *arg);
void thread_free(struct thread *t);
/* With sched_lock held: */
void sched_add_thread(struct thread *t);          /* to the list of all threads */
void sched_remove_thread(struct thread *t);
void sched_make_runnable(struct thread *t);       /* placement by load and affinity */
void sched_block(uint64_t deadline_ns);           /* current thread sleeps until woken or deadline (0 none) */
void sched_wake(struct thread *t);                /* a blocked thread becomes runnable */
void sched_switch_away(void);                     /* current thread already queued/zombie: run another */
struct thread *sched_find_tid(int tid);
void sched_wake_task(struct task *p);
void sched_set_affinity(struct thread *t, uint64_t allowed);  /* requeues a runnable t if needed */              /* wakes every blocked thread of p */
/* Without locks: */
void sched_yield(void);
void sched_migrate(void);                         /* move to a CPU in the thread's affinity */
void sched_tick(void);                            /* LAPIC timer, every CPU */
void sched_ipi(void);                             /* the reschedule IPI arrived */
/* Blocks until time_ns() >= deadline (or the process is exiting). */
void sched_sleep_until(uint64_t deadline_ns);
/* Number of threads runnable on this CPU besides the running one. */
int sched_runnable_here(void);
/* A clean FPU/SSE image for new processes. */
extern uint8_t fpu_clean[512];
#endif
