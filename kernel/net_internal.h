/* net_internal.h - state shared by the kernel network files (net_core.c,
 * net_wait.c, net_syscall.c). Not for other subsystems: they use net.h. */
#ifndef NET_INTERNAL_H
#define NET_INTERNAL_H
#include "net.h"
#include "net_rawq.h"

struct e1000_dev;

struct net_state {
    struct e1000_dev *dev;       /* NULL when the NIC is missing */
    int rank, nodes;
    struct net_stats stats;
    struct net_rawq rawq;        /* CLUSTER_KIND_RAW frames for SYS_raw_recv */
    struct net_config cfg;       /* wait mode, poll budget, print at exit */
};
extern struct net_state net;

/* Default adaptive poll budget before arming the interrupt: 0 = halt at once.
 * Measured on the 2-core host (README "Performance: raw frames"): budgets of
 * 20/100/300 us raised the median round trip from 63 us to 165/133/504 us,
 * because a spinning vCPU takes the host core the peer and the switch need. */
#define NET_POLL_BUDGET_DEFAULT_NS 0

/* net_syscall.c: registers the SYS_net range (SYS_raw_*, SYS_net_*). */
void net_syscall_register(void);

/* net_wait.c: apply cfg.wait_mode to the NIC interrupt mask. */
void net_wait_apply_mode(void);

/* TEMPORARY hooks of drivers/tofu_emu (weak defaults in net_core.c). */
void tofu_k_net_rx(int src_rank, const void *payload, uint32_t len);
void tofu_k_net_tick(void);
void tofu_k_net_shutdown(void);
#endif
