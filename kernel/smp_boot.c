/* smp_boot.c - starting the application processors (placeholder until the
 * INIT-SIPI-SIPI start-up lands). */
#include "kapi.h"
#include "smp.h"

void smp_boot(int want)
{
    kprintf("cluster: %d CPUs asked for, running on 1 (AP start-up not built yet)\n", want);
}
