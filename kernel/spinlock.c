/* spinlock.c - spinlocks (see spinlock.h). XCHG is a full barrier on x86
 * (Intel SDM vol. 3A 9.1.2.2: locked instructions); the release is a plain
 * store after a compiler barrier (x86-TSO keeps earlier stores before it). */
#include "kapi.h"
#include "io.h"
#include "percpu.h"
#include "spinlock.h"

static inline uint32_t xchg32(volatile uint32_t *p, uint32_t v)
{
    __asm__ volatile("xchgl %0, %1" : "+r"(v), "+m"(*p) : : "memory");
    return v;
}

int spin_trylock(struct spinlock *l)
{
    if (xchg32(&l->locked, 1))
        return 0;
    l->cpu = cpu_id();
    return 1;
}

void spin_lock(struct spinlock *l)
{
    if (spin_held(l))
        panic("spin_lock: %s already held by this CPU", l->name);
    while (xchg32(&l->locked, 1)) {
        while (l->locked) {
            smp_service_pending();      /* TLB shoot-downs aimed at us */
            cpu_pause();
        }
    }
    l->cpu = cpu_id();
}

void spin_unlock(struct spinlock *l)
{
    l->cpu = -1;
    __asm__ volatile("" ::: "memory");
    l->locked = 0;
}

int spin_held(const struct spinlock *l)
{
    return l->locked && l->cpu == cpu_id();
}

uint64_t spin_lock_irqsave(struct spinlock *l)
{
    uint64_t f = irq_save();
    spin_lock(l);
    return f;
}

void spin_unlock_irqrestore(struct spinlock *l, uint64_t flags)
{
    spin_unlock(l);
    irq_restore(flags);
}
