/* trap.c - CPU exceptions (Intel SDM vol. 3A 6.15): a fault in ring 3 kills
 * the program with a one-line message; a fault in the kernel prints the vector,
 * error code, RIP, CR2 and a frame-pointer backtrace, then powers off. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "mem.h"
#include "percpu.h"

static const char *const names[32] = {
    "divide error", "debug", "NMI", "breakpoint", "overflow", "bound range",
    "invalid opcode", "device not available", "double fault", "coprocessor overrun",
    "invalid TSS", "segment not present", "stack fault", "general protection",
    "page fault", "reserved", "x87 floating point", "alignment check", "machine check",
    "SIMD floating point", "virtualization", "control protection",
};

/* Linux signal a user exception maps to. */
static int user_signal(uint64_t vec)
{
    switch (vec) {
    case 0: case 16: case 19: return 8;   /* SIGFPE */
    case 6: return 4;                     /* SIGILL */
    case 3: case 1: return 5;             /* SIGTRAP */
    case 17: return 7;                    /* SIGBUS */
    default: return 11;                   /* SIGSEGV */
    }
}

static void backtrace(uint64_t rbp)
{
    uint64_t top = percpu_ready && cpu_this()->kstack_top ? cpu_this()->kstack_top : kstack_top;
    kprintf("  backtrace:");
    for (int i = 0; i < 10 && rbp; i++) {
        int on_kstack = rbp >= top - KSTACK_PAGES * PAGE_SIZE && rbp + 16 <= top;
        int on_dfstack = rbp >= dfstack_top - 4 * PAGE_SIZE && rbp + 16 <= dfstack_top;
        if ((rbp & 7) || !(on_kstack || on_dfstack))
            break;
        uint64_t ret = ((uint64_t *)rbp)[1];
        kprintf(" %lx(+%lx)", ret, ret - kimage_lo);
        rbp = ((uint64_t *)rbp)[0];
    }
    kprintf("\n");
}

void exception(struct trap_frame *f)
{
    if (f->vec == 2) { /* NMI (SDM vol. 3A 6.7): the launcher's stop request at its timeout */
        kprintf("\ncluster: NMI: stopped from outside (timeout)\n");
        power_off(STATUS_STOPPED);
    }
    const char *name = f->vec < 32 && names[f->vec] ? names[f->vec] : "reserved";
    uint64_t cr2 = f->vec == 14 ? read_cr2() : 0;
    if ((f->cs & 3) == 3) {
        char kind[96];
        if (f->vec == 14)
            ksnprintf(kind, sizeof kind, "page fault (%s, %s)", (f->err & 2) ? "write" : (f->err & 16) ? "exec" : "read",
                      (f->err & 1) ? "protection" : "not mapped");
        else
            ksnprintf(kind, sizeof kind, "%s (vector %lu, error %lx)", name, f->vec, f->err);
        kill_user(kind, cr2, f->rip, STATUS_SIGNAL(user_signal(f->vec)));
    }
    kprintf("\ncluster: KERNEL PANIC: %s, vector %lu, error %lx\n", name, f->vec, f->err);
    kprintf("  rip %lx (image +%lx)  cr2 %lx  rsp %lx  rflags %lx\n", f->rip, f->rip - kimage_lo,
            cr2, f->rsp, f->rflags);
    kprintf("  rax %lx rbx %lx rcx %lx rdx %lx rsi %lx rdi %lx rbp %lx\n", f->rax, f->rbx, f->rcx,
            f->rdx, f->rsi, f->rdi, f->rbp);
    backtrace(f->rbp);
    kprintf("  (addr2line -e build/kernel/kernel.so <image offset>)\n");
    power_off(STATUS_PANIC);
}
