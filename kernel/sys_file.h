/* sys_file.h - the file calls of a node without a filesystem (sys_file.c),
 * entries of kernel/syscall.c's table. */
#ifndef SYS_FILE_H
#define SYS_FILE_H
struct syscall_args;
long sys_fstat(const struct syscall_args *a);
long sys_newfstatat(const struct syscall_args *a);
long sys_stat(const struct syscall_args *a);
long sys_open(const struct syscall_args *a);
long sys_openat(const struct syscall_args *a);
long sys_readlink(const struct syscall_args *a);
long sys_readlinkat(const struct syscall_args *a);
long sys_enosys_quiet(const struct syscall_args *a);
#endif
