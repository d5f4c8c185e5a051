/* ktest_sys.c - system call edge cases: unknown numbers give ENOSYS, bad user
 * pointers give EFAULT (never a kernel fault), brk/mprotect/ioctl semantics,
 * node_info. One "ok"/"not ok" line per check; exit 0 only if all pass. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include "cluster_user.h"
#include <unistd.h>
#include "cluster_abi.h"

static int failures, n;

static void check(int cond, const char *what)
{
    printf("%s %d - %s\n", cond ? "ok" : "not ok", ++n, what);
    if (!cond)
        failures++;
}

static long raw(long nr, long a, long b, long c)
{
    return cluster_syscall3(nr, a, b, c);
}

int main(void)
{
    check(raw(999, 0, 0, 0) == -ENOSYS, "unknown system call 999 returns -ENOSYS");
    check(raw(999, 1, 2, 3) == -ENOSYS, "unknown system call 999 again returns -ENOSYS");
    check(raw(5000, 0, 0, 0) == -ENOSYS && raw(-1, 0, 0, 0) == -ENOSYS && raw(-1, 0, 0, 0) == -ENOSYS,
          "numbers 5000 and -1 return -ENOSYS");
    check(raw(57, 0, 0, 0) == -ENOSYS, "fork returns -ENOSYS");
    check(raw(1, 1, 0x10, 5) == -EFAULT, "write from an unmapped buffer (0x10) returns -EFAULT");
    check(raw(1, 1, (long)0xffff800000000000ull, 5) == -EFAULT, "write from a kernel address returns -EFAULT");
    check(raw(1, 1, (long)0x7ffffffff000ull - 2, 100) == -EFAULT, "write crossing the end of the stack returns -EFAULT");
    check(raw(228, CLOCK_MONOTONIC, 0x10, 0) == -EFAULT, "clock_gettime to an unmapped address returns -EFAULT");
    check(raw(228, CLOCK_MONOTONIC, (long)(uintptr_t)"ro", 0) == -EFAULT, "clock_gettime into read-only memory returns -EFAULT");
    check(raw(SYS_node_info, 0x10, 0, 0) == -EFAULT, "node_info to an unmapped address returns -EFAULT");
    check(raw(20, 1, 0x1000, 1) == -EFAULT, "writev with an unmapped iovec returns -EFAULT");
    check(raw(1, 7, (long)(uintptr_t)"x", 1) == -EBADF, "write to fd 7 returns -EBADF");
    errno = 0;
    check(ioctl(1, 0x5413, &(char[8]){0}) == -1 && errno == ENOTTY, "ioctl(TIOCGWINSZ) fails with ENOTTY");

    long b0 = raw(SYS_brk, 0, 0, 0);
    int grown = raw(SYS_brk, b0 + (1 << 20), 0, 0) == b0 + (1 << 20);
    check(grown, "brk grows by 1 MB");
    if (grown)
        memset((void *)b0, 1, 1 << 20);
    check(raw(SYS_brk, 0x10, 0, 0) == b0 + (1 << 20), "brk below the start is refused (returns the current break)");
    char *pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    check(pg != MAP_FAILED && pg[0] == 0 && pg[8191] == 0, "mmap gives zeroed pages");
    check(mprotect(pg, 4096, PROT_READ) == 0, "mprotect to read-only");
    check(raw(0, 0, (long)(uintptr_t)pg, 1) == 0, "read into memory: stdin at end of file");
    check(raw(228, CLOCK_MONOTONIC, (long)(uintptr_t)pg, 0) == -EFAULT, "clock_gettime into the read-only page returns -EFAULT");
    check(munmap(pg, 8192) == 0 && raw(1, 1, (long)(uintptr_t)pg, 1) == -EFAULT, "write from an unmapped page returns -EFAULT");
    check(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, 3, 0) == MAP_FAILED, "file mapping refused");
    check(mmap((void *)0x7ffffffff000ull, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED,
          "the last page of the user half cannot be mapped (SYSRET guard)");
    check(mmap((void *)0x2000, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED,
          "MAP_FIXED in the NULL guard area refused");
    char *fx = mmap((void *)0x300000000000ull, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    check(fx == (char *)0x300000000000ull && fx[8191] == 0, "MAP_FIXED at a chosen address");

    struct node_info ni;
    check(syscall(SYS_node_info, &ni) == 0 && ni.nodes >= 1 && ni.rank < ni.nodes && ni.tsc_hz > 100000000,
          "node_info: rank, nodes, TSC frequency");
    struct utsname u;
    check(uname(&u) == 0 && !strcmp(u.machine, "x86_64"), "uname");
    check(sysconf(_SC_NPROCESSORS_ONLN) == 1, "sysconf: one processor online");
    long phys = sysconf(_SC_PHYS_PAGES);
    check(phys > 10000 && sysconf(_SC_AVPHYS_PAGES) > 1000 && sysconf(_SC_AVPHYS_PAGES) <= phys,
          "sysconf: physical and available pages");
    struct rlimit rl;
    check(getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur == 8u << 20, "getrlimit(RLIMIT_STACK) is 8 MiB");
    check(raw(97, RLIMIT_STACK, 0, 0) == -EFAULT, "getrlimit with a NULL result pointer returns -EFAULT");
    check(syscall(SYS_prlimit64, 0, RLIMIT_STACK, NULL, NULL) == 0, "prlimit64 without old/new pointers returns 0");
    struct timespec bad = { 0, 1000000000 }, tiny = { 0, 1000 };
    check(raw(35, (long)(uintptr_t)&bad, 0, 0) == -EINVAL && raw(35, (long)(uintptr_t)&tiny, 0, 0) == 0,
          "nanosleep: nsec 10^9 is -EINVAL, 1 us sleeps");
    /* mbcf_setup: the kernel writes completions, so a read-only ring is refused. */
    char *rp = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct mbcf_rings rg = { (uint64_t)(uintptr_t)rp, (uint64_t)(uintptr_t)rp + 4096,
                             (uint64_t)(uintptr_t)rp + 8192, 16, 16 };
    check(rp != MAP_FAILED && mprotect(rp + 8192, 4096, PROT_READ) == 0 &&
              raw(SYS_mbcf_setup, (long)(uintptr_t)&rg, 0, 0) == -EFAULT,
          "mbcf_setup with the completion ring in a read-only page returns -EFAULT");
    check(mprotect(rp + 8192, 4096, PROT_READ | PROT_WRITE) == 0 && raw(SYS_mbcf_setup, (long)(uintptr_t)&rg, 0, 0) == 0 &&
              raw(SYS_mbcf_setup, 0, 0, 0) == 0,
          "mbcf_setup with writable rings attaches, NULL detaches");
    /* The standard descriptors are a terminal character device; the node's
     * file system (fs_sys.c) starts with its root directory only. */
    struct stat st;
    memset(&st, 0xff, sizeof st);
    check(raw(5, 1, (long)(uintptr_t)&st, 0) == 0 && S_ISCHR(st.st_mode) && st.st_size == 0 &&
              major(st.st_rdev) == 136,
          "fstat(1) is a character device (pty major 136)");
    memset(&st, 0, sizeof st);
    check(cluster_syscall6(262, 2, (long)(uintptr_t) "", (long)(uintptr_t)&st, AT_EMPTY_PATH, 0, 0) == 0 &&
              S_ISCHR(st.st_mode),
          "newfstatat(2, \"\", AT_EMPTY_PATH) is a character device");
    check(raw(5, 7, (long)(uintptr_t)&st, 0) == -EBADF && raw(5, -1, (long)(uintptr_t)&st, 0) == -EBADF,
          "fstat of fds 7 and -1 returns -EBADF");
    check(raw(5, 0, 0x10, 0) == -EFAULT && raw(5, 1, (long)(uintptr_t) "ro", 0) == -EFAULT,
          "fstat into unmapped or read-only memory returns -EFAULT");
    check(cluster_syscall6(262, AT_FDCWD, (long)(uintptr_t) "/etc/passwd", (long)(uintptr_t)&st, 0, 0, 0) == -ENOENT &&
              cluster_syscall6(262, 1, (long)(uintptr_t) "", (long)(uintptr_t)&st, 0, 0, 0) == -ENOENT,
          "stat of a missing path, or of \"\" without AT_EMPTY_PATH, returns -ENOENT");
    check(raw(4, (long)(uintptr_t) "/", (long)(uintptr_t)&st, 0) == 0 && S_ISDIR(st.st_mode),
          "stat of / is the root directory");
    char lnk[64];
    check(raw(89, (long)(uintptr_t) "/proc/self/exe", (long)(uintptr_t)lnk, sizeof lnk) == -ENOENT &&
              cluster_syscall6(267, AT_FDCWD, (long)(uintptr_t) "/proc/self/exe", (long)(uintptr_t)lnk, sizeof lnk, 0, 0) == -ENOENT,
          "readlink and readlinkat of /proc/self/exe return -ENOENT");
    check(raw(89, 0x10, (long)(uintptr_t)lnk, sizeof lnk) == -EFAULT, "readlink of an unmapped path returns -EFAULT");
    errno = 0;
    check(open("/etc/passwd", O_RDONLY) == -1 && errno == ENOENT &&
              raw(257, AT_FDCWD, (long)(uintptr_t) "x", O_RDONLY) == -ENOENT,
          "open and openat return -ENOENT");
    check(raw(334, 0, 0, 0) == -ENOSYS && raw(435, 0, 0, 0) == -ENOSYS,
          "rseq and clone3 answer -ENOSYS (the libc falls back)");
    unsigned char rnd[32] = { 0 };
    check(syscall(SYS_getrandom, rnd, sizeof rnd, 0) == 32, "getrandom");
    printf("ktest_sys: %d checks, %d failed\n", n, failures);
    return failures ? 1 : 0;
}
