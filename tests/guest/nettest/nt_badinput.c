/* nt_badinput.c - bad arguments to the raw-frame syscalls get the documented
 * error and lose nothing (a queued frame survives failed receives). Uses the
 * loopback path (send to self), so it needs no peer. */
#include <errno.h>
#include <string.h>
#include "nettest.h"

#define BAD_LOW    ((void *)8)                       /* unmapped page 0 */
#define BAD_KERNEL ((void *)0xffff800000000000ull)   /* kernel half */

void nt_badinput(void)
{
    static uint8_t buf[RAW_PAYLOAD_MAX + 64];
    int self = nt_node.rank, src = -1;
    memset(buf, 0x5A, sizeof buf);

    nt_check(raw_send(-1, buf, 1) == -EINVAL, "raw_send rank -1 -> EINVAL");
    nt_check(raw_send(nt_node.nodes, buf, 1) == -EINVAL, "raw_send rank == nodes -> EINVAL");
    nt_check(raw_send(1, buf, RAW_PAYLOAD_MAX + 1) == -EMSGSIZE, "raw_send %d bytes -> EMSGSIZE",
             RAW_PAYLOAD_MAX + 1);
    nt_check(raw_send(1, BAD_LOW, 10) == -EFAULT, "raw_send unmapped buffer -> EFAULT");
    nt_check(raw_send(1, BAD_KERNEL, 10) == -EFAULT, "raw_send kernel buffer -> EFAULT");

    nt_check(raw_recv(buf, sizeof buf, &src, 0) == -EAGAIN, "raw_recv timeout 0, empty -> EAGAIN");
    uint64_t t0 = nt_now_ns();
    long r = raw_recv(buf, sizeof buf, &src, 20000000);
    uint64_t waited = nt_now_ns() - t0;
    nt_check(r == -ETIMEDOUT && waited >= 19000000ull && waited < 2000000000ull,
             "raw_recv timeout 20 ms -> ETIMEDOUT after %llu us", (unsigned long long)(waited / 1000));

    /* A frame to ourselves survives every failed receive. */
    nt_check(raw_send(self, "hello", 5) == 0, "raw_send to self (loopback)");
    nt_check(raw_recv(BAD_LOW, 64, &src, 1000000000) == -EFAULT, "raw_recv unmapped buffer -> EFAULT");
    nt_check(raw_recv(BAD_KERNEL, 64, &src, 0) == -EFAULT, "raw_recv kernel buffer -> EFAULT");
    nt_check(raw_recv(buf, 64, BAD_LOW, 0) == -EFAULT, "raw_recv unmapped src pointer -> EFAULT");
    nt_check(raw_recv(buf, 2, &src, 0) == -EMSGSIZE, "raw_recv cap 2 < 5 -> EMSGSIZE");
    memset(buf, 0, 8);
    src = -1;
    r = raw_recv(buf, 64, &src, 1000000000);
    nt_check(r == 5 && memcmp(buf, "hello", 5) == 0 && src == self,
             "frame kept after 4 failed receives (len %ld, src %d)", r, src);
    nt_check(raw_recv(buf, 64, &src, 0) == -EAGAIN, "queue empty afterwards");

    struct net_stats st;
    nt_check(raw_net_stats(BAD_LOW) == -EFAULT, "net_stats unmapped -> EFAULT");
    nt_check(raw_net_stats(&st) == 0, "net_stats ok");
    nt_check(raw_send_frame(buf, 0) == -EINVAL, "send_frame 0 bytes -> EINVAL");
    nt_check(raw_send_frame(buf, 13) == -EINVAL, "send_frame 13 bytes (no Ethernet header) -> EINVAL");
    nt_check(raw_send_frame(buf, CLUSTER_FRAME_MAX + 1) == -EMSGSIZE, "send_frame 1515 bytes -> EMSGSIZE");
    nt_check(raw_send_frame(BAD_LOW, 60) == -EFAULT, "send_frame unmapped -> EFAULT");
    nt_check(raw_net_config(BAD_LOW) == -EFAULT, "net_config unmapped -> EFAULT");
    struct net_config c = { .wait_mode = 7, .print_stats = -1, .poll_budget_ns = -1 };
    nt_check(raw_net_config(&c) == -EINVAL, "net_config wait_mode 7 -> EINVAL");
    c.wait_mode = -1;
    int rc = raw_net_config(&c);
    nt_check(rc == 0 && (c.wait_mode == 0 || c.wait_mode == 1) && c.poll_budget_ns >= 0,
             "net_config read back (mode %d, budget %lld ns)", c.wait_mode, (long long)c.poll_budget_ns);

    /* From a read-only page: -EFAULT, and none of the settings applied. */
    static const struct net_config ro = { .wait_mode = -1, .print_stats = 1,
                                          .poll_budget_ns = 123456789 };
    struct net_config before = c;
    nt_check(raw_net_config((struct net_config *)&ro) == -EFAULT, "net_config from a read-only page -> EFAULT");
    c = (struct net_config){ -1, -1, -1 };
    rc = raw_net_config(&c);
    nt_check(rc == 0 && c.poll_budget_ns == before.poll_budget_ns && c.print_stats == before.print_stats,
             "net_config after the EFAULT: nothing applied (budget %lld ns, print_stats %d)",
             (long long)c.poll_budget_ns, c.print_stats);
}
