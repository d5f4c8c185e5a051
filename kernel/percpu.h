/* percpu.h - per-CPU data, reached through the GS base (MSR_GS_BASE points at
 * this CPU's struct cpu while in the kernel; SWAPGS on every entry from and
 * exit to ring 3 keeps the user's GS base in MSR_KERNEL_GS_BASE: AMD64 APM
 * vol. 2 4.5.3 and SWAPGS). The first three fields are read by entry.S at
 * fixed offsets. */
#ifndef PERCPU_H
#define PERCPU_H
#include <stdint.h>
#include "runq.h"

#define MAX_CPUS 64
#define MSR_KERNEL_GS_BASE 0xC0000102

struct thread;
struct task;

struct cpu {
    struct cpu *self;           /* %gs:0  */
    uint64_t kstack_top;        /* %gs:8  the running thread's kernel stack (SYSCALL entry) */
    uint64_t user_rsp;          /* %gs:16 user RSP during the SYSCALL entry */
    int id;                     /* 0 .. ncpus-1, CPU 0 is the boot CPU */
    uint32_t apic_id;
    struct thread *thread;      /* running thread (the idle thread when none) */
    struct thread *idle;
    struct task *task;          /* process whose address space CR3 holds (kept while idle) */
    struct runq rq;             /* runnable threads waiting for this CPU (sched_lock) */
    int need_resched;           /* set by the tick or an IPI: switch at the next return to user */
    int slice;                  /* ticks left of the running thread's time slice */
    uint64_t ticks;             /* LAPIC timer ticks taken here */
    struct thread *zombie;      /* exited thread whose stack is freed after the switch */
    volatile int tlb_flush;     /* shoot-down request (smp.c) */
    volatile int online;
    volatile int in_idle_wait;  /* a thread halts in cpu_idle_wait: IPI it after device interrupts */
    uint64_t dfstack_top;
    uint64_t idle_ns;           /* time spent halted in the idle loop */
};

extern struct cpu cpus[MAX_CPUS];
extern int ncpus;               /* CPUs online (1 until the APs started) */
extern int percpu_ready;        /* GS base set on the boot CPU */

static inline struct cpu *cpu_this(void)
{
    struct cpu *c;
    __asm__ volatile("movq %%gs:0, %0" : "=r"(c));
    return c;
}
static inline int cpu_id(void)
{
    return percpu_ready ? cpu_this()->id : 0;
}

/* Sets this CPU's GS base to cpus[id] (boot CPU: id 0, before anything else). */
void percpu_init(int id, uint32_t apic_id);
/* smp.c: answers a TLB shoot-down aimed at this CPU (spinlock.c calls it while spinning). */
void smp_service_pending(void);
#endif
