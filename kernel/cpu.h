/* cpu.h - descriptor tables, trap frames and the entry points in entry.S. */
#ifndef CPU_H
#define CPU_H
#include <stdint.h>

#define SEL_KCODE 0x08
#define SEL_KDATA 0x10
#define SEL_UDATA 0x1b   /* 0x18 | RPL 3 */
#define SEL_UCODE 0x23   /* 0x20 | RPL 3 */
#define SEL_TSS   0x28

#define VEC_TIMER    0x20
#define VEC_IRQ_BASE 0x30   /* IOAPIC routed interrupts: 0x30 .. 0x4f */
#define VEC_IRQ_MAX  32
#define VEC_IPI      0x50   /* reschedule / TLB shoot-down (smp.c) */
#define VEC_SPURIOUS 0xff

/* Pushed by isr_common in entry.S (lowest address first). */
struct trap_frame {
    uint64_t r15, r14, r13, r12, r11, r10, r9, r8, rbp, rdi, rsi, rdx, rcx, rbx, rax;
    uint64_t vec, err;
    uint64_t rip, cs, rflags, rsp, ss;   /* pushed by the CPU */
};

/* Pushed by syscall_entry in entry.S (lowest address first). */
struct syscall_frame {
    uint64_t r15, r14, r13, r12, rbp, rbx, r9, r8, r10, rdx, rsi, rdi, rax;
    uint64_t rip, rflags, rsp;           /* from rcx, r11 and the user stack pointer */
};

void gdt_init(int cpu);                    /* loads CPU cpu's GDT and TSS */
void tss_set_stacks(uint64_t rsp0, uint64_t ist1);   /* this CPU's */
void tss_set_rsp0(int cpu, uint64_t rsp0);
void idt_init(void);
void idt_load(void);                       /* the shared IDT on an AP */
void syscall_init(void);
void syscall_msr_init(void);               /* STAR/LSTAR/SFMASK of this CPU (also on APs) */
void trap_dispatch(struct trap_frame *f);
void exception(struct trap_frame *f);      /* trap.c: vectors 0-31 */
void apic_init(void);                      /* apic.c: LAPIC, IOAPIC, the timer */
void irq_dispatch(int vec);
void timer_interrupt(void);
long syscall_dispatch(struct syscall_frame *f);
void kill_user(const char *kind, uint64_t addr, uint64_t rip, int status) __attribute__((noreturn));

/* entry.S */
extern char isr_table[];                 /* 256 stubs, 16 bytes apart */
void syscall_entry(void);
void enter_user(uint64_t rip, uint64_t rsp) __attribute__((noreturn));
void thread_enter_clone(struct syscall_frame *f) __attribute__((noreturn));   /* switch.S */
#endif
