/* raw.c - system call wrappers for the raw-frame facility (see raw.h), over
 * cluster_syscall6 (userland/lib/include/cluster_user.h). */
#include "raw.h"

int raw_node_info(struct node_info *out)
{
    return (int)cluster_syscall6(SYS_node_info, (long)out, 0, 0, 0, 0, 0);
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
    return (uint64_t)((unsigned __int128)cluster_rdtsc() * 1000000000ull / hz);
}

int raw_send(int dst_rank, const void *payload, size_t len)
{
    return (int)cluster_syscall6(SYS_raw_send, dst_rank, (long)payload, (long)len, 0, 0, 0);
}

long raw_recv(void *buf, size_t cap, int *src_rank, int64_t timeout_ns)
{
    return cluster_syscall6(SYS_raw_recv, (long)buf, (long)cap, (long)src_rank, (long)timeout_ns, 0, 0);
}

int raw_net_stats(struct net_stats *out)
{
    return (int)cluster_syscall6(SYS_net_stats, (long)out, 0, 0, 0, 0, 0);
}

int raw_send_frame(const void *frame, size_t len)
{
    return (int)cluster_syscall6(SYS_raw_send_frame, (long)frame, (long)len, 0, 0, 0, 0);
}

int raw_net_config(struct net_config *cfg)
{
    return (int)cluster_syscall6(SYS_net_config, (long)cfg, 0, 0, 0, 0, 0);
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
