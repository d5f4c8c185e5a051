/* sys_thread.h - the Linux system calls of threads and processes
 * (sys_thread.c), entries of kernel/syscall.c's table. */
#ifndef SYS_THREAD_H
#define SYS_THREAD_H
struct syscall_args;
long sys_clone(const struct syscall_args *a);
long sys_exit_thread(const struct syscall_args *a);
long sys_exit_group(const struct syscall_args *a);
long sys_gettid(const struct syscall_args *a);
long sys_getpid(const struct syscall_args *a);
long sys_set_tid_address(const struct syscall_args *a);
long sys_set_robust_list(const struct syscall_args *a);
long sys_sched_yield(const struct syscall_args *a);
long sys_sched_getaffinity(const struct syscall_args *a);
long sys_sched_setaffinity(const struct syscall_args *a);
long sys_getcpu(const struct syscall_args *a);
long sys_membarrier(const struct syscall_args *a);
long sys_kill(const struct syscall_args *a);
/* 1 when system call nr runs without the big kernel lock (it touches only
 * the scheduler, futexes or time). */
int sys_thread_unlocked(long nr);
#endif
