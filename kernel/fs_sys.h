/* fs_sys.h - entry points of the file system calls (fs_sys.c), for the Linux
 * range of the system-call table (kernel/syscall.c). */
#ifndef FS_SYS_H
#define FS_SYS_H
#include "syscall_table.h"

struct fs;
/* The node's tree (made on first use), or NULL when there is no memory for it. */
struct fs *fs_node(void);
/* Unpacks the launcher's input files and arranges for /out to leave at
 * power-off (fs_io.c); before the program starts. */
void fs_io_init(void);

long fs_sc_read(const struct syscall_args *a);
long fs_sc_write(const struct syscall_args *a);
long fs_sc_pread(const struct syscall_args *a);
long fs_sc_pwrite(const struct syscall_args *a);
long fs_sc_readv(const struct syscall_args *a);
long fs_sc_writev(const struct syscall_args *a);
long fs_sc_open(const struct syscall_args *a);
long fs_sc_openat(const struct syscall_args *a);
long fs_sc_creat(const struct syscall_args *a);
long fs_sc_close(const struct syscall_args *a);
long fs_sc_dup(const struct syscall_args *a);
long fs_sc_dup2(const struct syscall_args *a);
long fs_sc_dup3(const struct syscall_args *a);
long fs_sc_fcntl(const struct syscall_args *a);
long fs_sc_lseek(const struct syscall_args *a);
long fs_sc_ftruncate(const struct syscall_args *a);
long fs_sc_fsync(const struct syscall_args *a);
long fs_sc_stat(const struct syscall_args *a);
long fs_sc_fstat(const struct syscall_args *a);
long fs_sc_newfstatat(const struct syscall_args *a);
long fs_sc_statx(const struct syscall_args *a);
long fs_sc_access(const struct syscall_args *a);
long fs_sc_faccessat(const struct syscall_args *a);
long fs_sc_unlink(const struct syscall_args *a);
long fs_sc_rmdir(const struct syscall_args *a);
long fs_sc_unlinkat(const struct syscall_args *a);
long fs_sc_mkdir(const struct syscall_args *a);
long fs_sc_mkdirat(const struct syscall_args *a);
long fs_sc_rename(const struct syscall_args *a);
long fs_sc_renameat(const struct syscall_args *a);
long fs_sc_renameat2(const struct syscall_args *a);
long fs_sc_getcwd(const struct syscall_args *a);
long fs_sc_chdir(const struct syscall_args *a);
long fs_sc_fchdir(const struct syscall_args *a);
long fs_sc_getdents64(const struct syscall_args *a);

#endif
