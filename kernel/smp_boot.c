/* smp_boot.c - starts the application processors: the MADT's enabled local
 * APICs (acpi.c), one after the other, each with INIT then two start-up IPIs
 * (Intel SDM vol. 3A 8.4.4.1, the "INIT-SIPI-SIPI" sequence; the MP spec's
 * 10 ms and 200 us waits). OVMF leaves the APs parked in its own wait loop
 * after ExitBootServices; INIT resets them whatever they were doing. Each AP
 * runs trampoline.S from TRAMP_BASE, then ap_main: its GDT/TSS, GS base,
 * IDT, SYSCALL MSRs, LAPIC and timer, and becomes its CPU's idle thread. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "mem.h"
#include "acpi.h"
#include "apic.h"
#include "boot.h"
#include "percpu.h"
#include "sched.h"
#include "smp.h"

#define TRAMP_BASE 0x8000          /* trampoline.S's TB; SIPI vector TRAMP_BASE >> 12 */

struct tramp_params { uint64_t cr3, stack, entry, arg; };
extern char tramp_start[], tramp_end[], tramp_params[];

static uint64_t ap_stack_top[MAX_CPUS];

static void delay_us(uint64_t us)
{
    uint64_t end = time_ns() + us * 1000;
    while (time_ns() < end)
        cpu_pause();
}

static void ap_main(uint64_t id)
{
    gdt_init((int)id);
    percpu_init((int)id, lapic_id_read());
    idt_load();
    syscall_msr_init();
    uint64_t *df = page_alloc(4);
    if (!df)
        panic("CPU %lu: no memory for the double-fault stack", id);
    tss_set_stacks(ap_stack_top[id], (uint64_t)df + 4 * PAGE_SIZE);
    apic_init_ap();
    sched_run_idle(ap_stack_top[id]);
}

/* 1 when the UEFI memory map says the page at pa is free RAM after
 * ExitBootServices (conventional or boot-services memory). */
static int low_page_free(const struct boot_info *bi, uint64_t pa)
{
    const uint8_t *m = phys_to_virt(bi->mmap);
    for (uint64_t i = 0; i < bi->mmap_size / bi->desc_size; i++) {
        const struct efi_mdesc *d = (const void *)(m + i * bi->desc_size);
        if (pa >= d->phys && pa + PAGE_SIZE <= d->phys + d->npages * PAGE_SIZE)
            return d->type == EFI_MT_CONVENTIONAL || d->type == EFI_MT_BS_CODE || d->type == EFI_MT_BS_DATA;
    }
    return 0;
}

void smp_boot(int want, const struct boot_info *bi)
{
    int have = acpi.nlapic < MAX_CPUS ? acpi.nlapic : MAX_CPUS;
    if (want > have) {
        kprintf("cluster: %d CPUs asked for, the ACPI MADT lists %d: using %d\n", want, acpi.nlapic, have);
        want = have;
    }
    if (want <= 1)
        return;
    if ((uint64_t)(tramp_end - tramp_start) > PAGE_SIZE || !low_page_free(bi, TRAMP_BASE) ||
        mem_map_identity(TRAMP_BASE) || kernel_pml4_pa >= (1ull << 32)) {
        kprintf("cluster: cannot place the AP start-up code at %x: running on 1 CPU\n", TRAMP_BASE);
        return;
    }
    uint8_t *page = phys_to_virt(TRAMP_BASE);
    memcpy(page, tramp_start, (size_t)(tramp_end - tramp_start));
    struct tramp_params *p = (void *)(page + (tramp_params - tramp_start));
    int id = 1;
    for (int k = 0; k < acpi.nlapic && id < want; k++) {
        uint32_t apic = acpi.lapic_ids[k];
        if (apic == cpus[0].apic_id)
            continue;
        uint8_t *stack = page_alloc(KSTACK_PAGES);
        if (!stack)
            panic("no memory for CPU %d's stack", id);
        ap_stack_top[id] = (uint64_t)stack + KSTACK_PAGES * PAGE_SIZE;
        p->cr3 = kernel_pml4_pa;
        p->stack = ap_stack_top[id];
        p->entry = (uint64_t)ap_main;
        p->arg = (uint64_t)id;
        __asm__ volatile("mfence" ::: "memory");
        lapic_icr(apic, 0x4500);                       /* INIT, level assert */
        delay_us(10000);
        for (int s = 0; s < 2 && !cpus[id].online; s++) {
            lapic_icr(apic, 0x4600 | (TRAMP_BASE >> 12));   /* start-up, vector = page */
            delay_us(200);
        }
        uint64_t deadline = time_ns() + 2000000000ull;  /* TCG on a busy host is slow */
        while (!cpus[id].online && time_ns() < deadline)
            cpu_pause();
        if (!cpus[id].online) {
            kprintf("cluster: CPU with APIC id %u did not start\n", apic);
            continue;
        }
        ncpus = ++id;
    }
    char ids[MAX_CPUS * 4 + 1];
    int n = 0;
    for (int i = 0; i < ncpus; i++)
        n += ksnprintf(ids + n, sizeof ids - (size_t)n, " %u", cpus[i].apic_id);
    kprintf("cluster: %d CPUs running (APIC ids%s)\n", ncpus, ids);
}
