/* raw.c - system call wrappers for the raw-frame facility (see raw.h).
 * x86-64 convention: number in rax, arguments rdi rsi rdx r10 r8 r9,
 * result in rax; the syscall instruction clobbers rcx and r11. */
#include "raw.h"

long raw_syscall6(long nr, long a1, long a2, long a3, long a4, long a5, long a6)
{
    register long r10 __asm__("r10") = a4;
    register long r8 __asm__("r8") = a5;
    register long r9 __asm__("r9") = a6;
    long ret;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(nr), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return ret;
}

int raw_node_info(struct node_info *out)
{
    return (int)raw_syscall6(SYS_node_info, (long)out, 0, 0, 0, 0, 0);
}

/* Timed with the TSC, not clock_gettime: a system call inside a timed
 * interval would inflate the reference the other layers are compared to. */
uint64_t raw_now_ns(void)
{
    static uint64_t hz;
    if (!hz) {
        struct node_info ni;
        hz = raw_node_info(&ni) == 0 && ni.tsc_hz ? ni.tsc_hz : 1000000000ull;
    }
    return (uint64_t)((unsigned __int128)raw_rdtsc() * 1000000000ull / hz);
}

int raw_send(int dst_rank, const void *payload, size_t len)
{
    return (int)raw_syscall6(SYS_raw_send, dst_rank, (long)payload, (long)len, 0, 0, 0);
}

long raw_recv(void *buf, size_t cap, int *src_rank, int64_t timeout_ns)
{
    return raw_syscall6(SYS_raw_recv, (long)buf, (long)cap, (long)src_rank, (long)timeout_ns, 0, 0);
}

int raw_net_stats(struct net_stats *out)
{
    return (int)raw_syscall6(SYS_net_stats, (long)out, 0, 0, 0, 0, 0);
}

int raw_send_frame(const void *frame, size_t len)
{
    return (int)raw_syscall6(SYS_raw_send_frame, (long)frame, (long)len, 0, 0, 0, 0);
}

int raw_net_config(struct net_config *cfg)
{
    return (int)raw_syscall6(SYS_net_config, (long)cfg, 0, 0, 0, 0, 0);
}

int raw_set_wait_mode(int mode, int64_t poll_budget_ns)
{
    struct net_config c = { .wait_mode = mode, .print_stats = -1, .poll_budget_ns = poll_budget_ns };
    return raw_net_config(&c);
}

int raw_print_stats_at_exit(int on)
{
    struct net_config c = { .wait_mode = -1, .print_stats = on, .poll_budget_ns = -1 };
    return raw_net_config(&c);
}
