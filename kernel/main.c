/* main.c - kernel start-up after ExitBootServices: descriptor tables, memory,
 * ACPI, time, interrupts, node configuration, PCI, the subsystems (network
 * drivers, protocols, the network layer: subsys.h), then the program. Prints TSC time stamps (ms since VM start) for the boot-time table. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "mem.h"
#include "acpi.h"
#include "ktime.h"
#include "node.h"
#include "task.h"
#include "subsys.h"
#include "percpu.h"
#include "sched.h"
#include "smp.h"
#include "apic.h"

void kernel_fault_test(char kind);

static struct boot_info *boot;

static void print_memory_map(void)
{
    const uint8_t *m = phys_to_virt(boot->mmap);
    for (uint64_t i = 0; i < boot->mmap_size / boot->desc_size; i++) {
        const struct efi_mdesc *d = (const void *)(m + i * boot->desc_size);
        kprintf("cluster: memory %016lx-%016lx type %u\n", d->phys, (uint64_t)(d->phys + d->npages * PAGE_SIZE),
                d->type);
    }
    kprintf("cluster: kernel image %lx-%lx\n", kimage_lo, kimage_hi);
}

/* Three frames deep, so the backtrace has something to show. */
__attribute__((noinline)) static void fault_leaf(volatile uint64_t *p)
{
    *p = 1;
}
__attribute__((noinline)) static void fault_middle(char kind)
{
    fault_leaf((volatile uint64_t *)(kind == 'n' ? 0x8 : 0xdead0000ull));
    __asm__ volatile("" ::: "memory");
}
__attribute__((noinline)) void kernel_fault_test(char kind)
{
    kprintf("cluster: deliberate kernel fault (test hook)\n");
    fault_middle(kind);
    __asm__ volatile("" ::: "memory");
}
uint64_t tsc_program_start;

static void kmain2(void)
{
    tss_set_stacks(kstack_top, dfstack_top);
    acpi_init(boot->rsdp);
    time_init();
    apic_init();
    cpus[0].apic_id = lapic_id_read();
    syscall_init();
    node_config_read();
    const struct node_info *ni = node_info();
    kprintf("cluster: node %d of %d, program %s, TSC %lu MHz, memory %lu MiB free of %lu MiB\n",
            ni->rank, ni->nodes, node.program, tsc_hz() / 1000000, mem_free_pages() / 256,
            mem_total_pages() / 256);
    kprintf("cluster: t=%lu ms efi_main, t=%lu ms ExitBootServices done\n",
            tsc_to_ns(boot->tsc_entry) / 1000000, tsc_to_ns(boot->tsc_exit) / 1000000);
    if (node.verbose)
        print_memory_map();
    pci_scan();
    /* Test hook (tests/cluster/kernel_faults.sh): a deliberate kernel fault
     * shows the panic report, backtrace included. */
    char hook[8];
    if (fw_cfg_read("opt/cluster/test_kernel_fault", hook, sizeof hook) > 0)
        kernel_fault_test(hook[0]);
    kprintf("cluster: t=%lu ms kernel ready, network init next\n", time_ns() / 1000000);
    subsystems_init();
    if (boot->prog_error) {
        kprintf("cluster: no program: \\PROGRAM not readable from the boot volume (error %d)\n",
                boot->prog_error);
        power_off(STATUS_NOTFOUND);
    }
    sched_init();
    int st = task_load_all(phys_to_virt(boot->prog), boot->prog_size, node.ppn, node.argc, node.argv,
                           node.envc, node.envp);
    if (st)
        power_off(st);
    if (node.cpus > 1)
        smp_boot(node.cpus, boot);
    sched_run_idle(kstack_top);        /* this boot stack becomes CPU 0's idle thread */
}

void kmain(struct boot_info *bi)
{
    cli();
    boot = bi;
    gdt_init(0);
    percpu_init(0, 0);
    idt_init();
    /* SSE for user programs: CR0.MP, no EM; CR4.OSFXSR|OSXMMEXCPT (SDM 13.1.3). */
    write_cr0((read_cr0() & ~(1ull << 2)) | (1ull << 1));
    write_cr4(read_cr4() | (1ull << 9) | (1ull << 10));
    mem_init(bi, kmain2);
}
