/* idt.c - the interrupt descriptor table (Intel SDM vol. 3A 6.10, 6.14.1) and
 * the dispatch of every vector to exceptions, the timer and device interrupts. */
#include "kapi.h"
#include "cpu.h"
#include "smp.h"
#include "thread.h"

struct gate {
    uint16_t off0, sel;
    uint8_t ist, type;
    uint16_t off1;
    uint32_t off2, rsv;
} __attribute__((packed));

static struct gate idt[256];

void idt_init(void)
{
    for (int v = 0; v < 256; v++) {
        uint64_t h = (uint64_t)(isr_table + 16 * v);
        idt[v].off0 = (uint16_t)h;
        idt[v].sel = SEL_KCODE;
        idt[v].ist = v == 8 ? 1 : 0;      /* double fault on its own stack */
        idt[v].type = 0x8E;               /* present, DPL 0, interrupt gate */
        idt[v].off1 = (uint16_t)(h >> 16);
        idt[v].off2 = (uint32_t)(h >> 32);
        idt[v].rsv = 0;
    }
    idt_load();
}

void idt_load(void)
{
    struct { uint16_t limit; uint64_t base; } __attribute__((packed)) d = { sizeof idt - 1, (uint64_t)idt };
    __asm__ volatile("lidt %0" : : "m"(d) : "memory");
}


void trap_dispatch(struct trap_frame *f)
{
    if (f->vec < 32)
        exception(f);
    else if (f->vec == VEC_TIMER)
        timer_interrupt();
    else if (f->vec == VEC_IPI)
        smp_ipi_interrupt();
    else if (f->vec >= VEC_IRQ_BASE && f->vec < VEC_IRQ_BASE + VEC_IRQ_MAX)
        irq_dispatch((int)f->vec);
    /* VEC_SPURIOUS and stray vectors: nothing to acknowledge */
    if ((f->cs & 3) == 3)
        thread_user_return();      /* exiting process, end of the time slice */
}
