/* spinlock.h - xv6-style spinlocks (xv6 spinlock.c): test-and-set with PAUSE,
 * the holder's CPU recorded for the "held by me" checks. The kernel runs with
 * interrupts off (kapi.h), so spin_lock does not touch IF; the _irqsave forms
 * are for code that may also run with interrupts on (the page allocator,
 * the console). While spinning, a CPU still answers TLB shoot-downs
 * (smp.c), so a CPU waiting for a lock never blocks another's munmap.
 *
 * The kernel's locks, in the order they nest (outer first):
 *   kernel_lock (big kernel lock, sched.h): every system call except the
 *     thread/scheduler/time ones, device interrupts, network timer ticks;
 *     dropped while its holder waits (cpu_idle_wait) or blocks.
 *   sched_lock (sched.h): run queues, thread states, futex queues, sleepers.
 *   mem_lock (mem.c): page frames and kmalloc lists.
 *   console_lock (console.c): one line at a time on COM1. */
#ifndef SPINLOCK_H
#define SPINLOCK_H
#include <stdint.h>

struct spinlock {
    volatile uint32_t locked;
    int cpu;                    /* holder, -1 when free */
    const char *name;
};
#define SPINLOCK_INIT(n) { 0, -1, n }

void spin_lock(struct spinlock *l);
void spin_unlock(struct spinlock *l);
int spin_trylock(struct spinlock *l);          /* 1 when taken */
int spin_held(const struct spinlock *l);       /* held by this CPU */
uint64_t spin_lock_irqsave(struct spinlock *l);
void spin_unlock_irqrestore(struct spinlock *l, uint64_t flags);
#endif
