/* futex.h - futex(2) for musl's threads (futex.c): FUTEX_WAIT/WAKE (and
 * _BITSET), FUTEX_REQUEUE/CMP_REQUEUE, private and shared alike (processes
 * never share memory here), timeouts on CLOCK_MONOTONIC or CLOCK_REALTIME. */
#ifndef FUTEX_H
#define FUTEX_H
#include <stdint.h>

struct task;
struct syscall_args;
long sys_futex(const struct syscall_args *a);
/* Wakes up to n waiters on uaddr of process t; returns how many. */
int futex_wake_addr(struct task *t, uint64_t uaddr, int n);
#endif
