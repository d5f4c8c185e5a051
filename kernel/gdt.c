/* gdt.c - GDT with kernel/user segments in the order SYSCALL/SYSRET need
 * (AMD64 APM vol. 2 6.1.1: user SS = STAR[63:48]+8, user CS = STAR[63:48]+16)
 * and the 64-bit TSS (Intel SDM vol. 3A 7.7) with RSP0 and the double-fault IST;
 * one GDT and TSS per CPU (a busy TSS cannot be shared). */
#include "kapi.h"
#include "cpu.h"
#include "percpu.h"

struct tss {
    uint32_t rsv0;
    uint64_t rsp[3];
    uint64_t rsv1;
    uint64_t ist[7];
    uint64_t rsv2;
    uint16_t rsv3, iomap;
} __attribute__((packed));

static struct tss tsss[MAX_CPUS];
static uint64_t gdts[MAX_CPUS][7];

struct dtr { uint16_t limit; uint64_t base; } __attribute__((packed));

void gdt_init(int cpu)
{
    uint64_t *gdt = gdts[cpu];
    struct tss *t = &tsss[cpu];
    gdt[0] = 0;
    gdt[1] = 0x00AF9A000000FFFFull;   /* 0x08 kernel code, 64-bit */
    gdt[2] = 0x00CF92000000FFFFull;   /* 0x10 kernel data */
    gdt[3] = 0x00CFF2000000FFFFull;   /* 0x18 user data, DPL 3 */
    gdt[4] = 0x00AFFA000000FFFFull;   /* 0x20 user code, 64-bit, DPL 3 */
    uint64_t base = (uint64_t)t, limit = sizeof *t - 1;
    t->iomap = sizeof *t;             /* no I/O permission bitmap */
    gdt[5] = (limit & 0xffff) | ((base & 0xffffff) << 16) | (0x89ull << 40) |
             (((limit >> 16) & 0xf) << 48) | (((base >> 24) & 0xff) << 56);
    gdt[6] = base >> 32;
    struct dtr d = { sizeof gdts[0] - 1, (uint64_t)gdt };
    __asm__ volatile(
        "lgdt %0\n\t"
        "pushq $0x08\n\t"
        "leaq 1f(%%rip), %%rax\n\t"
        "pushq %%rax\n\t"
        "lretq\n"
        "1:\n\t"
        "movl $0x10, %%eax\n\t"
        "movl %%eax, %%ds\n\t"
        "movl %%eax, %%es\n\t"
        "movl %%eax, %%ss\n\t"
        "xorl %%eax, %%eax\n\t"
        "movl %%eax, %%fs\n\t"
        "movl %%eax, %%gs\n\t"
        "movw $0x28, %%ax\n\t"
        "ltr %%ax\n\t"
        : : "m"(d) : "rax", "memory");
}

void tss_set_stacks(uint64_t rsp0, uint64_t ist1)
{
    tsss[cpu_id()].rsp[0] = rsp0;
    tsss[cpu_id()].ist[0] = ist1;
}

void tss_set_rsp0(int cpu, uint64_t rsp0)
{
    tsss[cpu].rsp[0] = rsp0;
}
