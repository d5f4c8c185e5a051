/* syscall.c - SYSCALL/SYSRET setup (AMD64 APM vol. 2 6.1.1: STAR, LSTAR,
 * SFMASK) and the Linux x86-64 system calls static musl programs need, plus
 * the private calls of uapi/cluster_abi.h. Every user pointer goes through
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

void kernel_random(void *buf, uint64_t n);

void syscall_init(void)
{
    wrmsr(MSR_STAR, ((uint64_t)0x10 << 48) | ((uint64_t)SEL_KCODE << 32));
    wrmsr(MSR_LSTAR, (uint64_t)syscall_entry);
    /* Clear IF, DF, TF and AC on entry. */
    wrmsr(MSR_SFMASK, 0x200 | 0x400 | 0x100 | 0x40000);
}

struct timespec_k { int64_t sec, nsec; };

static long sys_write(int fd, uint64_t buf, uint64_t len)
{
    if (fd != 1 && fd != 2)
        return -EBADF;
    if (!uaccess_range_ok(buf, len))
        return -EFAULT;
    char tmp[512];
    uint64_t done = 0;
    while (done < len) {
        uint64_t n = len - done < sizeof tmp ? len - done : sizeof tmp;
        if (copy_from_user(tmp, buf + done, n))
            return done ? (long)done : -EFAULT;
        console_write(tmp, n);
        done += n;
    }
    return (long)done;
}

static long sys_writev(int fd, uint64_t iov, int cnt)
{
    if (fd != 1 && fd != 2)
        return -EBADF;
    if (cnt < 0 || cnt > 1024)
        return -EINVAL;
    long total = 0;
    for (int i = 0; i < cnt; i++) {
        uint64_t v[2];
        if (copy_from_user(v, iov + 16 * (uint64_t)i, 16))
            return total ? total : -EFAULT;
        long r = sys_write(fd, v[0], v[1]);
        if (r < 0)
            return total ? total : r;
        total += r;
    }
    return total;
}

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
    while (time_ns() < deadline_mono)
        cpu_idle_wait();            /* the 1 kHz LAPIC timer wakes us */
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

static const struct { int nr; const char *name; } known_names[] = {
    { 2, "open" }, { 3, "close" }, { 4, "stat" }, { 5, "fstat" }, { 7, "poll" }, { 8, "lseek" },
    { 16, "ioctl" }, { 17, "pread64" }, { 21, "access" }, { 22, "pipe" }, { 32, "dup" },
    { 33, "dup2" }, { 41, "socket" }, { 56, "clone" }, { 57, "fork" }, { 59, "execve" },
    { 61, "wait4" }, { 72, "fcntl" }, { 79, "getcwd" }, { 89, "readlink" }, 
{ 200, "tkill" }, { 202, "futex" }, { 257, "openat" }, { 262, "newfstatat" },
    { 332, "statx" }, { 38, "setitimer" }, { 37, "alarm" },
};

static long unknown_syscall(long nr)
{
    static uint64_t seen[32];        /* numbers 0..2047, reported once each */
    static long others[16];          /* and up to 16 others */
    static int nothers;
    int first = 1;
    if (nr >= 0 && nr < 2048) {
        first = !((seen[nr / 64] >> (nr % 64)) & 1);
        seen[nr / 64] |= 1ull << (nr % 64);
    } else {
        for (int i = 0; i < nothers; i++)
            if (others[i] == nr)
                first = 0;
        if (first && nothers < 16)
            others[nothers++] = nr;
    }
    if (first) {
        const char *name = "?";
        for (unsigned i = 0; i < sizeof known_names / sizeof known_names[0]; i++)
            if (known_names[i].nr == nr)
                name = known_names[i].name;
        kprintf("cluster: unsupported system call %ld (%s) -> ENOSYS\n", nr, name);
    }
    return -ENOSYS;
}

long syscall_dispatch(struct syscall_frame *f)
{
    long nr = (long)f->rax;
    uint64_t a1 = f->rdi, a2 = f->rsi, a3 = f->rdx, a4 = f->r10, a5 = f->r8, a6 = f->r9;
    (void)a6;
    switch (nr) {
    case 0:   /* read: stdin is always at end of file */
        if ((int)a1 != 0)
            return -EBADF;
        return uaccess_range_ok(a2, a3) ? 0 : -EFAULT;
    case 1:   return sys_write((int)a1, a2, a3);
    case 3:   return (int)a1 >= 0 && (int)a1 <= 2 ? 0 : -EBADF;           /* close */
    case 9:   return vm_mmap(a1, a2, (int)a3, (int)a4, (int)a5, a6);
    case 10:  return vm_mprotect(a1, a2, (int)a3);
    case 11:  return vm_munmap(a1, a2);
    case 12:  return vm_brk(a1);
    case 13: case 14: {   /* rt_sigaction, rt_sigprocmask: accepted, nothing delivered */
        uint64_t old = a3;   /* oact / oldset */
        uint8_t zero[32] = { 0 };
        if (old && copy_to_user(old, zero, nr == 13 ? 24 + (a4 > 8 ? 8 : a4) : (a4 > 8 ? 8 : a4)))
            return -EFAULT;
        return 0;
    }
    case 16:  /* ioctl: no terminals */
        return (int)a1 >= 0 && (int)a1 <= 2 ? -ENOTTY : -EBADF;
    case 20:  return sys_writev((int)a1, a2, (int)a3);
    case 24:  return 0;                                   /* sched_yield */
    case 25:  return vm_mremap(a1, a2, a3, (int)a4, a5);
    case 28:  return 0;                                   /* madvise: advice ignored */
    case 35:  return sys_clock_nanosleep(1, 0, a1, a2);   /* nanosleep */
    case 39: case 186: return 1;                          /* getpid, gettid */
    case 110: return 0;                                   /* getppid */
    case 102: case 104: case 107: case 108: return 0;     /* get[e]uid, get[e]gid */
    case 60: case 231:                                    /* exit, exit_group */
        power_off((int)(a1 & 0xff));
    case 62: case 200: case 234:                          /* kill, tkill, tgkill: to ourselves */
        {
            long sig = nr == 234 ? (long)a3 : (long)a2;
            if (sig == 0)
                return 0;
            kprintf("\ncluster: program killed by signal %ld\n", sig);
            power_off(STATUS_SIGNAL((int)(sig & 0x7f)));
        }
    case 63:  return sys_uname(a1);
    case 96: {                                            /* gettimeofday */
        if (a1) {
            uint64_t ns = time_realtime_ns();
            int64_t tv[2] = { (int64_t)(ns / 1000000000ull), (int64_t)(ns % 1000000000ull / 1000) };
            if (copy_to_user(a1, tv, sizeof tv))
                return -EFAULT;
        }
        if (a2) {
            int32_t tz[2] = { 0, 0 };
            if (copy_to_user(a2, tz, sizeof tz))
                return -EFAULT;
        }
        return 0;
    }
    case 158: return sys_arch_prctl((int)a1, a2);
    case 218: return 1;                                   /* set_tid_address */
    case 228: return sys_clock_gettime((int)a1, a2);
    case 229: {                                           /* clock_getres: 1 ns */
        uint64_t ns;
        if (clock_now((int)a1, &ns))
            return -EINVAL;
        struct timespec_k r = { 0, 1 };
        return a2 ? copy_to_user(a2, &r, sizeof r) : 0;
    }
    case 230: return sys_clock_nanosleep((int)a1, (int)a2, a3, a4);
    case 318: return sys_getrandom(a1, a2);
    case 99:  return sys_sysinfo(a1);
    case 97:  return sys_getrlimit((int)a1, a2);                        /* getrlimit */
    case 160: return 0;                                                  /* setrlimit: ignored */
    case 302: return (a1 && a1 != 1) ? -EPERM : sys_prlimit((int)a2, a3, a4); /* prlimit64, self */
    case 204: {                                   /* sched_getaffinity: one CPU */
        uint8_t mask[8] = { 1 };
        if (a2 < 8)
            return -EINVAL;
        return copy_to_user(a3, mask, 8) ? -EFAULT : 8;
    }
    case SYS_node_info: return copy_to_user(a1, &node.info, sizeof node.info);
    default:
        if (nr > SYS_node_info && nr < 1100)
            return net_syscall(nr, (long)a1, (long)a2, (long)a3, (long)a4, (long)a5);
        return unknown_syscall(nr);
    }
}
