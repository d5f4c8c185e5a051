/* apic.h - local APIC calls for the scheduler and SMP code (apic.c). */
#ifndef APIC_H
#define APIC_H
#include <stdint.h>

void lapic_eoi(void);
uint32_t lapic_id_read(void);
/* Fixed IPI with vector vec to the LAPIC apic_id (Intel SDM vol. 3A 10.6.1 ICR). */
void lapic_send_ipi(uint32_t apic_id, int vec);
/* Raw ICR write (INIT, SIPI: smp_boot.c); waits for the delivery status to clear. */
void lapic_icr(uint32_t apic_id, uint32_t low);
/* An AP's LAPIC: enabled, the boot CPU's timer rate, periodic. */
void apic_init_ap(void);
#endif
