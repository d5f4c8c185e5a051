/* syscall_nr.h - the Linux x86-64 system-call numbers the kernel implements
 * (arch/x86/entry/syscalls/syscall_64.tbl), named for kernel/syscall.c's table. */
#ifndef SYSCALL_NR_H
#define SYSCALL_NR_H

#define SYSNR_read              0
#define SYSNR_write             1
#define SYSNR_open             2
#define SYSNR_close             3
#define SYSNR_stat             4
#define SYSNR_fstat            5
#define SYSNR_lstat            6
#define SYSNR_lseek            8
#define SYSNR_mmap              9
#define SYSNR_mprotect         10
#define SYSNR_munmap           11
#define SYSNR_brk              12
#define SYSNR_rt_sigaction     13
#define SYSNR_rt_sigprocmask   14
#define SYSNR_ioctl            16
#define SYSNR_pread64          17
#define SYSNR_pwrite64         18
#define SYSNR_readv            19
#define SYSNR_writev           20
#define SYSNR_access           21
#define SYSNR_sched_yield      24
#define SYSNR_mremap           25
#define SYSNR_madvise          28
#define SYSNR_dup              32
#define SYSNR_dup2             33
#define SYSNR_nanosleep        35
#define SYSNR_getpid           39
#define SYSNR_clone            56
#define SYSNR_exit             60
#define SYSNR_kill             62
#define SYSNR_uname            63
#define SYSNR_fcntl            72
#define SYSNR_fsync            74
#define SYSNR_fdatasync        75
#define SYSNR_ftruncate        77
#define SYSNR_getcwd           79
#define SYSNR_chdir            80
#define SYSNR_fchdir           81
#define SYSNR_rename           82
#define SYSNR_mkdir            83
#define SYSNR_rmdir            84
#define SYSNR_creat            85
#define SYSNR_unlink           87
#define SYSNR_gettimeofday     96
#define SYSNR_getrlimit        97
#define SYSNR_sysinfo          99
#define SYSNR_getuid          102
#define SYSNR_getgid          104
#define SYSNR_geteuid         107
#define SYSNR_getegid         108
#define SYSNR_getppid         110
#define SYSNR_arch_prctl      158
#define SYSNR_setrlimit       160
#define SYSNR_gettid          186
#define SYSNR_tkill           200
#define SYSNR_futex           202
#define SYSNR_sched_setaffinity 203
#define SYSNR_sched_getaffinity 204
#define SYSNR_getdents64       217
#define SYSNR_set_tid_address 218
#define SYSNR_clock_gettime   228
#define SYSNR_clock_getres    229
#define SYSNR_clock_nanosleep 230
#define SYSNR_exit_group      231
#define SYSNR_tgkill          234
#define SYSNR_openat           257
#define SYSNR_mkdirat          258
#define SYSNR_newfstatat       262
#define SYSNR_unlinkat         263
#define SYSNR_renameat         264
#define SYSNR_faccessat        269
#define SYSNR_set_robust_list 273
#define SYSNR_dup3             292
#define SYSNR_prlimit64       302
#define SYSNR_getcpu          309
#define SYSNR_renameat2        316
#define SYSNR_getrandom       318
#define SYSNR_membarrier      324
#define SYSNR_statx            332
#define SYSNR_LINUX_MAX       332   /* highest number in the table */

#endif
