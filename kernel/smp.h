/* smp.h - several CPUs per node (smp.c, smp_boot.c): the application
 * processors found in the ACPI MADT and started with INIT-SIPI-SIPI, and the
 * inter-processor interrupts between CPUs (one vector, VEC_IPI: reschedule,
 * TLB shoot-down, memory barrier). */
#ifndef SMP_H
#define SMP_H
#include <stdint.h>

/* Starts up to want-1 application processors (want from fw_cfg
 * opt/cluster/cpus, the MADT's enabled LAPICs, MAX_CPUS); prints how many run. */
struct boot_info;
void smp_boot(int want, const struct boot_info *bi);
/* An IPI so CPU c looks at its run queue (no-op for this CPU). */
void smp_send_resched(int c);
/* After changing page tables of the current process: every other CPU that has
 * its address space loaded flushes its TLB before this returns. Also the
 * membarrier(2) of the process (the IPI serialises the other CPUs). */
void smp_tlb_shootdown(void);
/* The VEC_IPI handler (idt.c). */
void smp_ipi_interrupt(void);
#endif
