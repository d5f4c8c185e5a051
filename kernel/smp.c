/* smp.c - inter-processor interrupts (see smp.h): one vector for all
 * requests; what is asked sits in the target's struct cpu (need_resched,
 * tlb_flush), so a request is never lost when IPIs merge (Intel SDM vol. 3A
 * 10.6: fixed-mode IPIs to one vector may coalesce). */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "apic.h"
#include "percpu.h"
#include "sched.h"
#include "task.h"
#include "smp.h"

void smp_send_resched(int c)
{
    if (c == cpu_id() || !cpus[c].online)
        return;
    lapic_send_ipi(cpus[c].apic_id, VEC_IPI);
}

void smp_service_pending(void)
{
    if (!percpu_ready)
        return;
    struct cpu *c = cpu_this();
    if (c->tlb_flush) {
        write_cr3(read_cr3());       /* flushes every non-global entry (SDM 3A 4.10.4.1) */
        __asm__ volatile("mfence" ::: "memory");
        c->tlb_flush = 0;
    }
}

void smp_tlb_shootdown(void)
{
    struct cpu *me = cpu_this();
    struct task *t = me->task;
    int sent[MAX_CPUS], n = 0;
    for (int i = 0; i < ncpus; i++) {
        struct cpu *c = &cpus[i];
        if (c == me || !c->online || c->task != t)
            continue;
        c->tlb_flush = 1;
        lapic_send_ipi(c->apic_id, VEC_IPI);
        sent[n++] = i;
    }
    for (int k = 0; k < n; k++)
        while (cpus[sent[k]].tlb_flush) {
            smp_service_pending();   /* two CPUs shooting at each other */
            cpu_pause();
        }
}

void smp_ipi_interrupt(void)
{
    smp_service_pending();
    sched_ipi();
    lapic_eoi();
}
