/* cluster_user.h - what every program and library running on our kernel
 * needs below its own API: the system-call instruction, and the time-stamp
 * counter (shared with the kernel). One copy for libraw, the guest MBCF backend, libmpi_mbcf's guest
 * build and the test programs (numbers and structures: kernel/uapi/).
 * x86-64 Linux convention (AMD64 ABI A.2.1): number in rax, arguments in
 * rdi rsi rdx r10 r8 r9, result in rax (-errno on failure); the syscall
 * instruction clobbers rcx and r11. */
#ifndef CLUSTER_USER_H
#define CLUSTER_USER_H
#include <stdint.h>
#include "cluster_tsc.h"

static inline long cluster_syscall6(long nr, long a1, long a2, long a3, long a4, long a5,
                                    long a6)
{
    register long r10 __asm__("r10") = a4;
    register long r8 __asm__("r8") = a5;
    register long r9 __asm__("r9") = a6;
    long ret;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(nr), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return ret;
}

static inline long cluster_syscall3(long nr, long a1, long a2, long a3)
{
    return cluster_syscall6(nr, a1, a2, a3, 0, 0, 0);
}

/* The cycle counter, cluster_rdtsc(): kernel/uapi/cluster_tsc.h. */

#endif
