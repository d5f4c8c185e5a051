/* cluster_tsc.h - the time-stamp counter, the clock the kernel and programs
 * both time with (rate: node_info.tsc_hz, SYS_node_info). x86-64 RDTSC
 * (Intel SDM vol. 2B): EDX:EAX. One copy for the kernel (kapi.h) and user
 * code (userland/lib/include/cluster_user.h). */
#ifndef CLUSTER_TSC_H
#define CLUSTER_TSC_H
#include <stdint.h>

static inline uint64_t cluster_rdtsc(void)
{
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}

#endif
