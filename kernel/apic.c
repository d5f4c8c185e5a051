/* apic.c - local APIC (timer, EOI) and I/O APIC routing (Intel SDM vol. 3A
 * ch. 10; 82093AA I/O APIC datasheet 3.2), the legacy 8259 PICs remapped and
 * masked, interrupt registration and the idle wait. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "acpi.h"
#include "apic.h"
#include "percpu.h"
#include "sched.h"
#include "task.h"

#define LAPIC_ID     0x020
#define LAPIC_TPR    0x080
#define LAPIC_EOI    0x0B0
#define LAPIC_SVR    0x0F0
#define LAPIC_ICR_LO 0x300
#define LAPIC_ICR_HI 0x310
#define LAPIC_LVT_TIMER 0x320
#define LAPIC_TIMER_INIT 0x380
#define LAPIC_TIMER_CUR  0x390
#define LAPIC_TIMER_DIV  0x3E0

static volatile uint8_t *lapic;
static volatile uint8_t *ioapic;
static int ioapic_pins;
static uint32_t lapic_id;
static volatile uint64_t ticks;
static uint32_t timer_per_tick;

struct irq_slot { int gsi; void (*fn)(void *); void *arg; };
static struct irq_slot irqs[VEC_IRQ_MAX];
static int nirqs;
static void (*tick_fns[8])(void);
static int ntick;

static void ioapic_write(unsigned reg, uint32_t v)
{
    *(volatile uint32_t *)(ioapic + 0x00) = reg;
    *(volatile uint32_t *)(ioapic + 0x10) = v;
}

static uint32_t ioapic_read(unsigned reg)
{
    *(volatile uint32_t *)(ioapic + 0x00) = reg;
    return *(volatile uint32_t *)(ioapic + 0x10);
}

void lapic_eoi(void) { mmio_write32(lapic, LAPIC_EOI, 0); }

uint32_t lapic_id_read(void) { return mmio_read32(lapic, LAPIC_ID) >> 24; }

void lapic_icr(uint32_t apic_id, uint32_t low)
{
    uint64_t f = irq_save();
    mmio_write32(lapic, LAPIC_ICR_HI, apic_id << 24);
    mmio_write32(lapic, LAPIC_ICR_LO, low);
    for (int i = 0; i < 1000000 && (mmio_read32(lapic, LAPIC_ICR_LO) & (1u << 12)); i++)
        cpu_pause();                 /* delivery status: send pending */
    irq_restore(f);
}

void lapic_send_ipi(uint32_t apic_id, int vec)
{
    lapic_icr(apic_id, (uint32_t)vec | (1u << 14));   /* fixed, assert, physical */
}

/* Remap the 8259s to 0xF0-0xFF (so a spurious IRQ 7/15 can never look like an
 * exception) and mask every line: all interrupts go through the I/O APIC. */
static void pic_disable(void)
{
    outb(0x20, 0x11); outb(0xA0, 0x11);   /* ICW1: init, ICW4 follows */
    outb(0x21, 0xF0); outb(0xA1, 0xF8);   /* ICW2: vector bases */
    outb(0x21, 0x04); outb(0xA1, 0x02);   /* ICW3: cascade on IRQ 2 */
    outb(0x21, 0x01); outb(0xA1, 0x01);   /* ICW4: 8086 mode */
    outb(0x21, 0xFF); outb(0xA1, 0xFF);   /* mask all */
}

/* LAPIC timer count with the TSC at the read, from the tightest of a few
 * bracketed reads (a descheduled vCPU must not skew the calibration). */
static uint32_t lapic_sample(uint64_t *tsc)
{
    uint64_t best = UINT64_MAX;
    uint32_t c = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t a = rdtsc();
        uint32_t v = mmio_read32(lapic, LAPIC_TIMER_CUR);
        uint64_t b = rdtsc();
        if (b - a < best) {
            best = b - a;
            *tsc = a + (b - a) / 2;
            c = v;
        }
    }
    return c;
}

void apic_init(void)
{
    pic_disable();
    lapic = mmio_map(acpi.lapic_pa, 4096);
    ioapic = mmio_map(acpi.ioapic_pa, 4096);
    wrmsr(MSR_APIC_BASE, rdmsr(MSR_APIC_BASE) | (1u << 11));
    lapic_id = mmio_read32(lapic, LAPIC_ID) >> 24;
    mmio_write32(lapic, LAPIC_TPR, 0);
    mmio_write32(lapic, LAPIC_SVR, 0x100 | VEC_SPURIOUS);
    ioapic_pins = (int)((ioapic_read(1) >> 16) & 0xff) + 1;
    for (int i = 0; i < ioapic_pins; i++) {
        ioapic_write(0x10 + 2 * i, 1u << 16);     /* masked */
        ioapic_write(0x11 + 2 * i, 0);
    }
    /* LAPIC timer: divide by 16, count for 5 ms against the TSC, then periodic. */
    mmio_write32(lapic, LAPIC_TIMER_DIV, 0x3);
    mmio_write32(lapic, LAPIC_LVT_TIMER, (1u << 16) | VEC_TIMER);
    mmio_write32(lapic, LAPIC_TIMER_INIT, 0xFFFFFFFFu);
    uint64_t t0 = 0, t1 = 0;
    uint32_t c0 = lapic_sample(&t0);
    while (rdtsc() - t0 < tsc_hz() / 200)
        cpu_pause();
    uint32_t c1 = lapic_sample(&t1);
    uint32_t per_tick = (uint32_t)((uint64_t)(c0 - c1) * tsc_hz() / (t1 - t0) / TIMER_HZ);
    if (per_tick == 0)
        per_tick = 1;
    mmio_write32(lapic, LAPIC_LVT_TIMER, (1u << 17) | VEC_TIMER);   /* periodic */
    mmio_write32(lapic, LAPIC_TIMER_INIT, per_tick);
    timer_per_tick = per_tick;
    kprintf("cluster: LAPIC %lx id %u, IOAPIC %lx (%d pins), timer %u Hz (%u counts/tick)\n",
            acpi.lapic_pa, lapic_id, acpi.ioapic_pa, ioapic_pins, TIMER_HZ, per_tick);
}

void apic_init_ap(void)
{
    wrmsr(MSR_APIC_BASE, rdmsr(MSR_APIC_BASE) | (1u << 11));
    mmio_write32(lapic, LAPIC_TPR, 0);
    mmio_write32(lapic, LAPIC_SVR, 0x100 | VEC_SPURIOUS);
    mmio_write32(lapic, LAPIC_TIMER_DIV, 0x3);
    mmio_write32(lapic, LAPIC_LVT_TIMER, (1u << 17) | VEC_TIMER);
    mmio_write32(lapic, LAPIC_TIMER_INIT, timer_per_tick);
}

/* Device interrupts and the network's tick functions run under the big kernel
 * lock, unless this CPU holds it already (an interrupt let in by a system call's
 * irq window: the same CPU, as before SMP). */
static int bkl_enter(void)
{
    if (spin_held(&kernel_lock))
        return 0;
    spin_lock(&kernel_lock);
    return 1;
}

void irq_register(int gsi, int level_low, void (*fn)(void *arg), void *arg)
{
    int pin = gsi - (int)acpi.ioapic_gsi_base;
    if (pin < 0 || pin >= ioapic_pins || nirqs == VEC_IRQ_MAX)
        panic("irq_register: GSI %d cannot be routed", gsi);
    uint64_t f = irq_save();
    int slot = nirqs++;
    irqs[slot].gsi = gsi;
    irqs[slot].fn = fn;
    irqs[slot].arg = arg;
    uint32_t lo = (uint32_t)(VEC_IRQ_BASE + slot) | (1u << 15) | (level_low ? 1u << 13 : 0);
    ioapic_write(0x11 + 2 * pin, lapic_id << 24);
    ioapic_write(0x10 + 2 * pin, lo);
    irq_restore(f);
}

void irq_mask(int gsi, int masked)
{
    int pin = gsi - (int)acpi.ioapic_gsi_base;
    if (pin < 0 || pin >= ioapic_pins)
        return;
    uint64_t f = irq_save();
    uint32_t lo = ioapic_read(0x10 + 2 * pin);
    ioapic_write(0x10 + 2 * pin, masked ? lo | (1u << 16) : lo & ~(1u << 16));
    irq_restore(f);
}

void irq_dispatch(int vec)
{
    struct irq_slot *s = &irqs[vec - VEC_IRQ_BASE];
    int took = bkl_enter();
    if (s->fn)
        s->fn(s->arg);
    if (took)
        spin_unlock(&kernel_lock);
    lapic_eoi();
    /* Threads of other CPUs halted in cpu_idle_wait wait for what this
     * interrupt may have brought (the NIC interrupts CPU 0 only). */
    for (int i = 0; i < ncpus; i++)
        if (cpus[i].in_idle_wait && i != cpu_id())
            lapic_send_ipi(cpus[i].apic_id, VEC_IPI);
}

void timer_register_tick(void (*fn)(void))
{
    if (ntick == 8)
        panic("timer_register_tick: too many handlers");
    uint64_t f = irq_save();
    tick_fns[ntick++] = fn;
    irq_restore(f);
}

void timer_interrupt(void)
{
    if (cpu_id() == 0) {             /* the network's timers run on CPU 0 only */
        ticks++;
        int took = bkl_enter();
        for (int i = 0; i < ntick; i++)
            tick_fns[i]();
        if (took)
            spin_unlock(&kernel_lock);
    }
    if (percpu_ready)
        sched_tick();
    lapic_eoi();
}

void cpu_idle_wait(void)
{
    struct thread *t = percpu_ready ? cpu_this()->thread : NULL;
    int held = spin_held(&kernel_lock);
    if (held)
        spin_unlock(&kernel_lock);    /* others may use the kernel while we wait */
    if (t && t->task && t->task->exiting)
        thread_exit();
    if (t && sched_runnable_here())
        sched_yield();                /* another thread of this CPU runs meanwhile */
    else {
        if (t)
            cpu_this()->in_idle_wait = 1;
        /* STI's one-instruction interrupt shadow makes "sti; hlt" atomic. */
        __asm__ volatile("sti; hlt; cli" ::: "memory");
        if (t)
            cpu_this()->in_idle_wait = 0;
    }
    if (held)
        spin_lock(&kernel_lock);
}

void cpu_poll_relax(void)
{
    struct thread *t = percpu_ready ? cpu_this()->thread : NULL;
    int held = spin_held(&kernel_lock);
    if (!t || (!sched_runnable_here() && (!held || ncpus == 1))) {
        cpu_pause();
        return;
    }
    if (held)
        spin_unlock(&kernel_lock);
    if (t->task && t->task->exiting)
        thread_exit();
    if (sched_runnable_here())
        sched_yield();
    else
        for (int i = 0; i < 64; i++)   /* a window for another CPU's system call */
            cpu_pause();
    if (held)
        spin_lock(&kernel_lock);
}

uint64_t irq_save(void)
{
    uint64_t f = read_rflags();
    cli();
    return f;
}

void irq_restore(uint64_t f)
{
    if (f & 0x200)
        sti();
}
