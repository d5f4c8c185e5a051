/* syscall_table.h - one table of system-call ranges (xv6 syscalls[] style, with
 * ranges so each subsystem owns its numbers). syscall_dispatch (syscall_table.c)
 * finds the range holding the number and calls its handler; a number no range
 * holds, or a NULL entry, is -ENOSYS (reported once on the console).
 *
 * Ranges (named numbers in kernel/syscall_nr.h and kernel/uapi/cluster_abi.h):
 *   Linux calls      0..SYSNR_LINUX_MAX  kernel/syscall.c
 *   core private     SYS_CORE_FIRST..    kernel/syscall.c   (SYS_node_info)
 *   network          SYS_NET_FIRST..     kernel/net/net_syscall.c
 *   MBCF             SYS_MBCF_FIRST..    mbcf/mbcf_kernel.c
 *   (next protocol, e.g. the Tofu emulation: SYS_TOFU_FIRST.., its own file)
 *
 * To add a range: write handlers `static long sys_x(const struct syscall_args *a)`,
 * put them in a `static const syscall_fn t[]` indexed by (number - first), and
 * call syscall_register() from your subsystem's init once, before the program
 * starts. Handlers run with interrupts disabled (kapi.h execution model). */
#ifndef SYSCALL_TABLE_H
#define SYSCALL_TABLE_H
#include <stdint.h>

struct syscall_args {
    long nr;                      /* the number itself (handlers shared by several) */
    uint64_t a1, a2, a3, a4, a5, a6;   /* rdi rsi rdx r10 r8 r9 */
};
typedef long (*syscall_fn)(const struct syscall_args *a);

struct syscall_range {
    const char *owner;            /* shown when registration conflicts */
    long first;                   /* number of fns[0] */
    long count;                   /* numbers first .. first + count - 1 */
    const syscall_fn *fns;        /* NULL entries are not implemented (-ENOSYS) */
};

/* Registers r (kept by pointer: static storage). Returns 0, -EINVAL (empty or
 * negative range), -EEXIST (overlaps a registered range: panics would hide the
 * owner, so it is refused and printed), -ENOSPC (table full). */
int syscall_register(const struct syscall_range *r);

#endif
