/* syscall_table.c - the registry of system-call ranges and the dispatcher
 * entry.S calls (see syscall_table.h for how a subsystem adds its range). */
#include "kapi.h"
#include "cpu.h"
#include "syscall_table.h"
#include "sys_thread.h"
#include "sched.h"

#define SYSCALL_RANGES_MAX 8

static const struct syscall_range *ranges[SYSCALL_RANGES_MAX];
static int nranges;

int syscall_register(const struct syscall_range *r)
{
    if (!r || r->first < 0 || r->count <= 0 || !r->fns)
        return -EINVAL;
    for (int i = 0; i < nranges; i++) {
        const struct syscall_range *o = ranges[i];
        if (r->first < o->first + o->count && o->first < r->first + r->count) {
            kprintf("cluster: system calls %ld..%ld of %s overlap %s's; not registered\n",
                    r->first, r->first + r->count - 1, r->owner, o->owner);
            return -EEXIST;
        }
    }
    if (nranges == SYSCALL_RANGES_MAX)
        return -ENOSPC;
    ranges[nranges++] = r;
    return 0;
}

/* Names of common calls we do not implement, for the one-time report. */
static const struct { int nr; const char *name; } known_names[] = {
    { 2, "open" }, { 3, "close" }, { 4, "stat" }, { 5, "fstat" }, { 7, "poll" }, { 8, "lseek" },
    { 16, "ioctl" }, { 273, "set_robust_list" }, { 324, "membarrier" }, { 17, "pread64" }, { 21, "access" }, { 22, "pipe" }, { 32, "dup" },
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

static long dispatch(struct syscall_frame *f)
{
    struct syscall_args a = {
        .nr = (long)f->rax, .a1 = f->rdi, .a2 = f->rsi, .a3 = f->rdx,
        .a4 = f->r10, .a5 = f->r8, .a6 = f->r9,
    };
    for (int i = 0; i < nranges; i++) {
        const struct syscall_range *r = ranges[i];
        uint64_t k = (uint64_t)(a.nr - r->first);
        if (k < (uint64_t)r->count) {
            if (r->fns[k])
                return r->fns[k](&a);
            break;
        }
    }
    return unknown_syscall(a.nr);
}

/* Every call but the thread, scheduler and time ones runs under the big
 * kernel lock (spinlock.h); on the way back to ring 3 an exiting process's
 * thread leaves and an expired time slice switches. */
long syscall_dispatch(struct syscall_frame *f)
{
    int locked = !sys_thread_unlocked((long)f->rax);
    if (locked)
        spin_lock(&kernel_lock);
    long r = dispatch(f);
    if (locked)
        spin_unlock(&kernel_lock);
    thread_user_return();
    return r;
}
