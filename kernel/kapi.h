/* kapi.h - the kernel's internal API for drivers and the MBCF glue.
 * Everything a driver (drivers/e1000), the network code (kernel/net/) or the
 * MBCF kernel glue (mbcf/mbcf_kernel*.c) may call lives here. Additive changes only.
 *
 * Execution model (several CPUs, processes and threads per node;
 * docs/smp.md):
 *  - The kernel runs with interrupts disabled except while it waits in
 *    cpu_idle_wait() and while the user program runs in ring 3.
 *  - Network, MBCF and Tofu code runs under the big kernel lock (kernel_lock,
 *    sched.h): their system calls, device interrupts (routed to CPU 0 only)
 *    and timer_register_tick functions (called on CPU 0 only). The lock is
 *    dropped while cpu_idle_wait() halts, so re-check state after it.
 *  - "The user task" below is `current`: the process of the thread running on
 *    this CPU (task.h has task_* variants for an explicit process).
 *  - System call handlers run with interrupts disabled (SFMASK clears IF).
 *  - Interrupt handlers (irq_register, timer_register_tick) run with
 *    interrupts disabled and must not block.
 *  - The kernel is built with -mgeneral-regs-only: NO floating point or SSE in
 *    kernel code (user FPU/SSE state is not saved on kernel entry).
 *
 * Interrupt routing of PCI devices (the NIC): the launcher uses `-machine pc`
 * (i440fx + PIIX3). OVMF programs the PIIX3 PIRQ routers and writes the chosen ISA
 * IRQ (QEMU: 5, 9, 10 or 11) into the PCI Interrupt Line register (config offset
 * 0x3C, low byte). QEMU's MADT then has an Interrupt Source Override for each of
 * these IRQs, "level triggered, active high", and the GSI equals the IRQ number.
 * pci_irq_gsi() below does all of this (reads 0x3C, applies the MADT overrides).
 * With q35 the IOAPIC sees PIRQA-H as GSI 16-23 and the Interrupt Line register
 * holds a legacy PIC number that is NOT the GSI, which is why we use `pc`.
 * Usage for the NIC:
 *     int low, gsi = pci_irq_gsi(bus, dev, fn, &low);
 *     irq_register(gsi, low, e1000_irq, nic);
 */
#ifndef KAPI_H
#define KAPI_H
#include <stdint.h>
#include <stddef.h>
#include "uapi/cluster_abi.h"
#include "uapi/cluster_tsc.h"
#include "pte.h"

/* ---- console ---- */
/* Serial console (COM1). Formats: %d %i %u %x %X %p %s %c %%, the length
 * modifiers l, ll, z, and a width with optional 0 or - flag (%08x, %-10s). */
void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int  ksnprintf(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- the C library subset the compiler emits calls to (kernel/klib.c) ---- */
void  *memcpy(void *d, const void *s, size_t n);
void  *memset(void *d, int c, size_t n);
void  *memmove(void *d, const void *s, size_t n);
int    memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int    strcmp(const char *a, const char *b);
int    strncmp(const char *a, const char *b, size_t n);

/* ---- errno values (Linux numbering, returned negated by syscalls) ---- */
#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define E2BIG 7
#define ENOEXEC 8
#define EBADF 9
#define EAGAIN 11
#define ENOMEM 12
#define EFAULT 14
#define EBUSY 16
#define EEXIST 17
#define ENODEV 19
#define EINVAL 22
#define ENOSPC 28
#define ENOTTY 25
#define ERANGE 34
#define ENOSYS 38
#define EMSGSIZE 90
#define ENOBUFS 105
#define ETIMEDOUT 110

/* ---- PCI configuration space (mechanism #1, ports 0xCF8/0xCFC) ---- */
uint32_t pci_read32(int bus, int dev, int fn, int off);
void     pci_write32(int bus, int dev, int fn, int off, uint32_t v);
int      pci_find(uint16_t vendor, uint16_t device, int *bus, int *dev, int *fn); /* 0 found, -1 not */
/* GSI of the device's INTx line (see the routing note at the top); *active_low
 * receives the polarity to pass to irq_register. -1 if the device has no line. */
int      pci_irq_gsi(int bus, int dev, int fn, int *active_low);
/* Boot: lists the PCI devices on the console (main.c, once). */
void     pci_scan(void);

/* ---- memory ---- */
#define PAGE_SIZE 4096ull
void    *mmio_map(uint64_t phys, uint64_t len);   /* uncached kernel mapping (any alignment) */
void    *page_alloc(uint64_t npages);             /* physically contiguous, zeroed, direct-map VA, or NULL */
void     page_free(void *p, uint64_t npages);
void    *kmalloc(uint64_t n);                     /* zeroed, 16-byte aligned, or NULL */
void     kfree(void *p);
uint64_t virt_to_phys(const void *kva);           /* direct-map and kernel-image addresses */
void    *phys_to_virt(uint64_t pa);               /* direct map */

/* ---- time ---- */
uint64_t time_ns(void);                           /* monotonic since boot, TSC based */
uint64_t tsc_hz(void);
static inline uint64_t rdtsc(void)              /* uapi/cluster_tsc.h */
{
    return cluster_rdtsc();
}

/* ---- interrupts ---- */
/* Route IOAPIC input `gsi` to a free vector, level triggered, polarity active low
 * when level_low != 0 else active high, unmasked. fn(arg) runs in interrupt
 * context; the kernel sends the LAPIC EOI after fn returns. */
void irq_register(int gsi, int level_low, void (*fn)(void *arg), void *arg);
void irq_mask(int gsi, int masked);               /* mask/unmask a registered GSI */
/* fn() is called from the LAPIC timer interrupt, TIMER_HZ times a second. */
#define TIMER_HZ 1000
void timer_register_tick(void (*fn)(void));
/* Call with interrupts DISABLED after checking your wake-up condition: enables
 * interrupts and halts atomically (sti; hlt), so an interrupt that arrives
 * after the check still wakes the CPU. Returns with interrupts disabled after an
 * interrupt was handled. Re-check the condition in a loop. */
void cpu_idle_wait(void);
/* Call in each turn of a polling loop (interrupts disabled): a PAUSE, and with
 * several threads or CPUs it also lets this CPU's other threads run and other
 * CPUs' system calls take the big kernel lock. Re-check state after it. */
void cpu_poll_relax(void);
uint64_t irq_save(void);                          /* cli, returns previous RFLAGS */
void     irq_restore(uint64_t flags);             /* restores IF from irq_save() */

/* ---- node ---- */
const struct node_info *node_info(void);
/* Reads the QEMU fw_cfg file `name` (e.g. "opt/cluster/net_stats") into buf,
 * at most cap bytes. Returns the file's full size (may exceed cap) or -1 when
 * there is no such file. Not for interrupt context. */
int fw_cfg_read(const char *name, void *buf, uint32_t cap);

/* ---- memory of the current (only) user task ---- */
/* Both check every page against the task's page tables (present, user, and
 * writable for copy_to_user) before touching it; safe from interrupt context. */
int       copy_from_user(void *dst, uint64_t usrc, uint64_t len);   /* 0 or -EFAULT */
int       copy_to_user(uint64_t udst, const void *src, uint64_t len); /* 0 or -EFAULT */
/* Leaf PTE of the task's mapping of uvaddr, or NULL when unmapped, not user
 * accessible (PROT_NONE pages) or there is no task yet.
 * User memory always uses 4 KiB pages. The physical page is (*pte & PTE_ADDR);
 * reach it through phys_to_virt(). Works from interrupt context. */
uint64_t *user_pte(uint64_t uvaddr);
/* Entry bits PTE_P, PTE_W, PTE_U ... and USER_TOP: pte.h. */
/* PTE software bits reserved for MBCF export: */
#define PTE_MBCF_READ  (1ull << 9)   /* exported readable */
#define PTE_MBCF_WRITE (1ull << 10)  /* exported writable */
/* PTE software bit of a page of a node-local shared segment (kernel/shm.c):
 * unmapping it drops a reference instead of freeing the page. */
#define PTE_SHM (1ull << 11)
/* Page-table pages of the task are freed when an unmap empties them; this
 * count changes each time. A PTE pointer kept from user_pte() is valid only
 * while the count is unchanged (compare before reusing a cached pointer). */
extern uint64_t user_pt_generation;
/* After changing a user PTE: */
void user_tlb_flush(uint64_t uvaddr);

/* ---- the processes of this node by local index (--ppn) ----
 * Local indices are 0..task_local_count()-1; MPI rank = node * ppn + local. */
int       task_local_count(void);          /* processes loaded (0 before the first) */
int       task_local_current(void);        /* local index of the running one, -1 none */
/* user_pte() of process `local`'s address space (NULL when there is no such
 * process or the page is not present and user). Works from interrupt context. */
uint64_t *task_local_pte(int local, uint64_t uvaddr);
/* 1 while process `local` runs (not ended or exiting), else 0. */
int       task_local_alive(int local);
/* Block the calling thread (of a process) until kwait_wake(chan), the
 * deadline (timeout_ns >= 0) or its process exits; done(arg) is checked first,
 * atomically with respect to wakers (who run under the big kernel lock, which
 * is released while blocked). 0 (woken or done), -ETIMEDOUT, or -EBUSY when
 * it cannot block (no process thread, table full): then wait another way.
 * kwait_wake: from interrupt context too. (kernel/kwait.c) */
int       kwait_block(const void *chan, int (*done)(void *arg), void *arg, int64_t timeout_ns);
void      kwait_wake(const void *chan);

/* ---- system calls ---- */
/* Subsystems register their range of numbers: see syscall_table.h. */

/* ---- power-off notifiers ---- */
/* fn() runs once at power_off(), with interrupts off, before the status
 * leaves, in registration order (the network stops its NIC here). At most
 * POWER_OFF_HOOKS_MAX; returns 0 or -ENOSPC. */
#define POWER_OFF_HOOKS_MAX 4
int power_off_register(void (*fn)(void));

/* ---- power ---- */
/* Prints "cluster: power off, status N" and leaves QEMU through isa-debug-exit
 * (port 0xf4): QEMU's exit code becomes ((N & 0x7f) << 1) | 1. The launcher
 * reads the full status from the console line. */
void power_off(int status) __attribute__((noreturn));
void panic(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Exit statuses the kernel itself uses (shell conventions). */
#define STATUS_NOEXEC   126   /* program malformed / refused by the ELF loader */
#define STATUS_NOTFOUND 127   /* no program in the boot image */
#define STATUS_SIGNAL(s) (128 + (s)) /* killed: SIGILL 4, SIGFPE 8, SIGSEGV 11, SIGBUS 7 */
#define STATUS_PANIC    255   /* kernel fault */
#define STATUS_STOPPED 124    /* stopped by an NMI from the launcher (its timeout) */

#endif
