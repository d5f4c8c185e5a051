/* acpi.h - what the kernel takes from the ACPI tables (acpi.c). */
#ifndef ACPI_H
#define ACPI_H
#include <stdint.h>

struct acpi_info {
    uint64_t lapic_pa;                 /* MADT Local APIC address */
    uint64_t ioapic_pa;                /* first I/O APIC */
    uint32_t ioapic_gsi_base;
    int nlapic, nioapic;
    uint32_t lapic_ids[64];            /* APIC IDs of the enabled processors, MADT order (boot CPU first) */
    int niso;
    struct { uint8_t irq; uint32_t gsi; uint16_t flags; } iso[16];  /* interrupt source overrides */
    uint16_t pm_timer_port;            /* FADT PM_TMR_BLK, 0 if none */
};
extern struct acpi_info acpi;

void acpi_init(uint64_t rsdp_pa);
/* ISA IRQ -> GSI through the MADT overrides; *active_low / *level from the
 * override flags (ACPI 6.4, 5.2.12.5), ISA defaults (edge, high) otherwise. */
int acpi_irq_to_gsi(int irq, int *active_low, int *level);
#endif
