/* percpu.c - the per-CPU structures and their GS base (see percpu.h). */
#include "kapi.h"
#include "io.h"
#include "percpu.h"

struct cpu cpus[MAX_CPUS];
int ncpus = 1;
int percpu_ready;

void percpu_init(int id, uint32_t apic_id)
{
    struct cpu *c = &cpus[id];
    c->self = c;
    c->id = id;
    c->apic_id = apic_id;
    runq_init(&c->rq);
    wrmsr(MSR_GS_BASE, (uint64_t)c);
    wrmsr(MSR_KERNEL_GS_BASE, 0);
    if (id == 0)
        percpu_ready = 1;
}
