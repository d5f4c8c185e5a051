/* sys_file.h - readlink and the quietly refused calls (sys_file.c),
 * entries of kernel/syscall.c's table. */
#ifndef SYS_FILE_H
#define SYS_FILE_H
struct syscall_args;
long sys_readlink(const struct syscall_args *a);
long sys_readlinkat(const struct syscall_args *a);
long sys_enosys_quiet(const struct syscall_args *a);
#endif
