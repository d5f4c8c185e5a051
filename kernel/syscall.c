/* syscall.c - SYSCALL/SYSRET setup (AMD64 APM vol. 2 6.1.1: STAR, LSTAR,
 * SFMASK), the Linux x86-64 system calls static musl programs need and the
 * core private call SYS_node_info, registered as two ranges of the system-call
 * table (syscall_table.h; other subsystems register their own ranges). Every user pointer goes through
 * copy_from_user/copy_to_user: a bad one gives -EFAULT. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "task.h"
#include "ktime.h"
#include "console.h"
#include "node.h"
#include "pt.h"
#include "mem.h"
#include "timespec.h"
#include "syscall_nr.h"
#include "syscall_table.h"
#include "sys_thread.h"
#include "sys_file.h"
#include "futex.h"
#include "sched.h"
#include "shm.h"
#include "fs_sys.h"

struct timespec_k { int64_t sec, nsec; };

static long clock_now(int clk, uint64_t *ns)
{
    switch (clk) {
    case 0: case 5: case 8:            /* REALTIME, REALTIME_COARSE, REALTIME_ALARM */
        *ns = time_realtime_ns();
        return 0;
    case 1: case 2: case 3: case 4: case 6: case 7: case 9:   /* monotonic kinds, CPU time */
        *ns = time_ns();
        return 0;
    default:
        return -EINVAL;
    }
}

static long sys_clock_gettime(int clk, uint64_t uts)
{
    uint64_t ns;
    long r = clock_now(clk, &ns);
    if (r)
        return r;
    struct timespec_k ts = { (int64_t)(ns / 1000000000ull), (int64_t)(ns % 1000000000ull) };
    return copy_to_user(uts, &ts, sizeof ts);
}

static long sleep_until(uint64_t deadline_mono)
{
    sched_sleep_until(deadline_mono);     /* other threads run meanwhile */
    return 0;
}

static long sys_clock_nanosleep(int clk, int flags, uint64_t ureq, uint64_t urem)
{
    struct timespec_k ts;
    uint64_t now;
    if (clock_now(clk, &now))
        return -EINVAL;
    if (copy_from_user(&ts, ureq, sizeof ts))
        return -EFAULT;
    uint64_t want;
    if (timespec_to_ns(ts.sec, ts.nsec, &want))
        return -EINVAL;
    uint64_t delta = (flags & 1) ? (want > now ? want - now : 0) : want;
    sleep_until(deadline_after(time_ns(), delta));    /* a huge request sleeps forever */
    if (urem && !(flags & 1)) {
        struct timespec_k z = { 0, 0 };
        copy_to_user(urem, &z, sizeof z);
    }
    return 0;
}

static long sys_uname(uint64_t ubuf)
{
    char u[6][65];
    memset(u, 0, sizeof u);
    memcpy(u[0], "Linux", 6);
    ksnprintf(u[1], 65, "node%d", node.info.rank);
    memcpy(u[2], "6.1.0-cluster", 14);
    memcpy(u[3], "#1 cluster kernel", 18);
    memcpy(u[4], "x86_64", 7);
    memcpy(u[5], "(none)", 7);
    return copy_to_user(ubuf, u, sizeof u);
}

static long sys_getrandom(uint64_t ubuf, uint64_t len)
{
    uint8_t tmp[256];
    if (len > (1u << 25))
        len = 1u << 25;
    for (uint64_t done = 0; done < len;) {
        uint64_t n = len - done < sizeof tmp ? len - done : sizeof tmp;
        kernel_random(tmp, n);
        if (copy_to_user(ubuf + done, tmp, n))
            return -EFAULT;
        done += n;
    }
    return (long)len;
}

static long sys_arch_prctl(int code, uint64_t addr)
{
    switch (code) {
    case 0x1002:   /* ARCH_SET_FS */
        if (addr >= USER_TOP)
            return -EPERM;
        wrmsr(MSR_FS_BASE, addr);
        return 0;
    case 0x1003: { /* ARCH_GET_FS */
        uint64_t v = rdmsr(MSR_FS_BASE);
        return copy_to_user(addr, &v, 8);
    }
    default:
        return -EINVAL;
    }
}

/* struct sysinfo (Linux x86-64, 112 bytes): memory figures for sysconf(). */
static long sys_sysinfo(uint64_t ubuf)
{
    uint64_t si[14];
    memset(si, 0, sizeof si);
    si[0] = time_ns() / 1000000000ull;            /* uptime */
    si[4] = mem_total_pages() * PAGE_SIZE;        /* totalram */
    si[5] = mem_free_pages() * PAGE_SIZE;         /* freeram */
    ((uint16_t *)&si[10])[0] = 1;                 /* procs */
    ((uint32_t *)&si[13])[0] = 1;                 /* mem_unit */
    return copy_to_user(ubuf, si, sizeof si);
}

/* getrlimit/prlimit64: the stack is STACK_SIZE, everything else unlimited;
 * new limits are accepted and ignored. */
static long sys_prlimit(int resource, uint64_t unew, uint64_t uold)
{
    (void)unew;
    if (resource < 0 || resource > 15)
        return -EINVAL;
    uint64_t lim[2] = { ~0ull, ~0ull };
    if (resource == 3)                            /* RLIMIT_STACK */
        lim[0] = lim[1] = STACK_SIZE;
    return uold ? copy_to_user(uold, lim, sizeof lim) : 0;
}

/* getrlimit: unlike prlimit64, the result pointer is mandatory (NULL is -EFAULT). */
static long sys_getrlimit(int resource, uint64_t uold)
{
    return uold ? sys_prlimit(resource, 0, uold) : -EFAULT;
}

/* ---- entry points: one per table slot, arguments from struct syscall_args ---- */

static long sc_mmap(const struct syscall_args *a)
{
    return vm_mmap(a->a1, a->a2, (int)a->a3, (int)a->a4, (int)a->a5, a->a6);
}
static long sc_mprotect(const struct syscall_args *a) { return vm_mprotect(a->a1, a->a2, (int)a->a3); }
static long sc_munmap(const struct syscall_args *a) { return vm_munmap(a->a1, a->a2); }
static long sc_brk(const struct syscall_args *a)    { return vm_brk(a->a1); }
/* rt_sigaction, rt_sigprocmask: accepted, nothing delivered */
static long sc_sigaction(const struct syscall_args *a)
{
    uint64_t old = a->a3;   /* oact / oldset */
    uint64_t setsz = a->a4 > 8 ? 8 : a->a4;
    uint8_t zero[32] = { 0 };
    if (old && copy_to_user(old, zero, a->nr == SYSNR_rt_sigaction ? 24 + setsz : setsz))
        return -EFAULT;
    return 0;
}
static long sc_ioctl(const struct syscall_args *a)  /* no terminals */
{
    return (int)a->a1 >= 0 && (int)a->a1 <= 2 ? -ENOTTY : -EBADF;
}
static long sc_zero(const struct syscall_args *a)   { (void)a; return 0; }   /* accepted, no effect */
static long sc_mremap(const struct syscall_args *a)
{
    return vm_mremap(a->a1, a->a2, a->a3, (int)a->a4, a->a5);
}
static long sc_nanosleep(const struct syscall_args *a) { return sys_clock_nanosleep(1, 0, a->a1, a->a2); }
static long sc_uname(const struct syscall_args *a)  { return sys_uname(a->a1); }
static long sc_gettimeofday(const struct syscall_args *a)
{
    if (a->a1) {
        uint64_t ns = time_realtime_ns();
        int64_t tv[2] = { (int64_t)(ns / 1000000000ull), (int64_t)(ns % 1000000000ull / 1000) };
        if (copy_to_user(a->a1, tv, sizeof tv))
            return -EFAULT;
    }
    if (a->a2) {
        int32_t tz[2] = { 0, 0 };
        if (copy_to_user(a->a2, tz, sizeof tz))
            return -EFAULT;
    }
    return 0;
}
static long sc_arch_prctl(const struct syscall_args *a) { return sys_arch_prctl((int)a->a1, a->a2); }
static long sc_clock_gettime(const struct syscall_args *a) { return sys_clock_gettime((int)a->a1, a->a2); }
static long sc_clock_getres(const struct syscall_args *a)  /* 1 ns */
{
    uint64_t ns;
    if (clock_now((int)a->a1, &ns))
        return -EINVAL;
    struct timespec_k r = { 0, 1 };
    return a->a2 ? copy_to_user(a->a2, &r, sizeof r) : 0;
}
static long sc_clock_nanosleep(const struct syscall_args *a)
{
    return sys_clock_nanosleep((int)a->a1, (int)a->a2, a->a3, a->a4);
}
static long sc_getrandom(const struct syscall_args *a) { return sys_getrandom(a->a1, a->a2); }
static long sc_sysinfo(const struct syscall_args *a)   { return sys_sysinfo(a->a1); }
static long sc_getrlimit(const struct syscall_args *a) { return sys_getrlimit((int)a->a1, a->a2); }
static long sc_prlimit64(const struct syscall_args *a)  /* only for ourselves */
{
    return (a->a1 && (long)a->a1 != current->pid) ? -EPERM : sys_prlimit((int)a->a2, a->a3, a->a4);
}
static long sc_node_info(const struct syscall_args *a)
{
    struct node_info ni = node.info;
    ni.local = task_local_current() < 0 ? 0 : task_local_current();
    return copy_to_user(a->a1, &ni, sizeof ni);
}

static const syscall_fn linux_calls[SYSNR_LINUX_MAX + 1] = {
    [SYSNR_mmap] = sc_mmap,
    [SYSNR_mprotect] = sc_mprotect,
    [SYSNR_munmap] = sc_munmap,
    [SYSNR_brk] = sc_brk,
    [SYSNR_rt_sigaction] = sc_sigaction,
    [SYSNR_rt_sigprocmask] = sc_sigaction,
    [SYSNR_ioctl] = sc_ioctl,
    [SYSNR_sched_yield] = sys_sched_yield,
    [SYSNR_mremap] = sc_mremap,
    [SYSNR_madvise] = sc_zero, /* advice ignored */
    [SYSNR_nanosleep] = sc_nanosleep,
    [SYSNR_getpid] = sys_getpid,
    [SYSNR_gettid] = sys_gettid,
    [SYSNR_getppid] = sc_zero,
    [SYSNR_getuid] = sc_zero,
    [SYSNR_getgid] = sc_zero,
    [SYSNR_geteuid] = sc_zero,
    [SYSNR_getegid] = sc_zero,
    [SYSNR_exit] = sys_exit_thread,
    [SYSNR_exit_group] = sys_exit_group,
    [SYSNR_kill] = sys_kill,
    [SYSNR_tkill] = sys_kill,
    [SYSNR_tgkill] = sys_kill,
    [SYSNR_uname] = sc_uname,
    [SYSNR_gettimeofday] = sc_gettimeofday,
    [SYSNR_arch_prctl] = sc_arch_prctl,
    [SYSNR_set_tid_address] = sys_set_tid_address,
    [SYSNR_clock_gettime] = sc_clock_gettime,
    [SYSNR_clock_getres] = sc_clock_getres,
    [SYSNR_clock_nanosleep] = sc_clock_nanosleep,
    [SYSNR_getrandom] = sc_getrandom,
    [SYSNR_sysinfo] = sc_sysinfo,
    [SYSNR_getrlimit] = sc_getrlimit,
    [SYSNR_setrlimit] = sc_zero, /* ignored */
    [SYSNR_prlimit64] = sc_prlimit64,
    [SYSNR_sched_getaffinity] = sys_sched_getaffinity,
    [SYSNR_sched_setaffinity] = sys_sched_setaffinity,
    [SYSNR_clone] = sys_clone,
    [SYSNR_futex] = sys_futex,
    [SYSNR_set_robust_list] = sys_set_robust_list,
    [SYSNR_getcpu] = sys_getcpu,
    [SYSNR_membarrier] = sys_membarrier,
    [SYSNR_readlink] = sys_readlink,
    [SYSNR_readlinkat] = sys_readlinkat,
    [SYSNR_rseq] = sys_enosys_quiet,
    [SYSNR_clone3] = sys_enosys_quiet,
    /* files: fs_sys.c */
    [SYSNR_read] = fs_sc_read,
    [SYSNR_write] = fs_sc_write,
    [SYSNR_open] = fs_sc_open,
    [SYSNR_close] = fs_sc_close,
    [SYSNR_stat] = fs_sc_stat,
    [SYSNR_fstat] = fs_sc_fstat,
    [SYSNR_lstat] = fs_sc_stat,
    [SYSNR_lseek] = fs_sc_lseek,
    [SYSNR_pread64] = fs_sc_pread,
    [SYSNR_pwrite64] = fs_sc_pwrite,
    [SYSNR_readv] = fs_sc_readv,
    [SYSNR_writev] = fs_sc_writev,
    [SYSNR_access] = fs_sc_access,
    [SYSNR_dup] = fs_sc_dup,
    [SYSNR_dup2] = fs_sc_dup2,
    [SYSNR_fcntl] = fs_sc_fcntl,
    [SYSNR_fsync] = fs_sc_fsync,
    [SYSNR_fdatasync] = fs_sc_fsync,
    [SYSNR_ftruncate] = fs_sc_ftruncate,
    [SYSNR_getcwd] = fs_sc_getcwd,
    [SYSNR_chdir] = fs_sc_chdir,
    [SYSNR_fchdir] = fs_sc_fchdir,
    [SYSNR_rename] = fs_sc_rename,
    [SYSNR_mkdir] = fs_sc_mkdir,
    [SYSNR_rmdir] = fs_sc_rmdir,
    [SYSNR_creat] = fs_sc_creat,
    [SYSNR_unlink] = fs_sc_unlink,
    [SYSNR_getdents64] = fs_sc_getdents64,
    [SYSNR_openat] = fs_sc_openat,
    [SYSNR_mkdirat] = fs_sc_mkdirat,
    [SYSNR_newfstatat] = fs_sc_newfstatat,
    [SYSNR_unlinkat] = fs_sc_unlinkat,
    [SYSNR_renameat] = fs_sc_renameat,
    [SYSNR_faccessat] = fs_sc_faccessat,
    [SYSNR_dup3] = fs_sc_dup3,
    [SYSNR_renameat2] = fs_sc_renameat2,
    [SYSNR_statx] = fs_sc_statx,
};
static const struct syscall_range linux_range = {
    "linux", 0, SYSNR_LINUX_MAX + 1, linux_calls,
};

static const syscall_fn core_calls[] = {
    [SYS_node_info - SYS_CORE_FIRST] = sc_node_info,
};
static const struct syscall_range core_range = {
    "core", SYS_CORE_FIRST, SYS_CORE_LAST - SYS_CORE_FIRST + 1, core_calls,
};

void syscall_msr_init(void)
{
    wrmsr(MSR_STAR, ((uint64_t)0x10 << 48) | ((uint64_t)SEL_KCODE << 32));
    wrmsr(MSR_LSTAR, (uint64_t)syscall_entry);
    /* Clear IF, DF, TF and AC on entry. */
    wrmsr(MSR_SFMASK, 0x200 | 0x400 | 0x100 | 0x40000);
}

void syscall_init(void)
{
    syscall_msr_init();
    (void)syscall_register(&linux_range);
    (void)syscall_register(&core_range);
    shm_syscall_register();
}
