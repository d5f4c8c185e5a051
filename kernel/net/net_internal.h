/* net_internal.h - state shared by the kernel network files (net_core.c,
 * net_ctrl.c, net_wait.c, net_syscall.c). Not for other subsystems: they use
 * net.h (and protocols net_proto.h). */
#ifndef NET_INTERNAL_H
#define NET_INTERNAL_H
#include "net.h"
#include "net_rawq.h"
#include "netdev.h"

struct net_state {
    struct netdev *dev;          /* NULL when no device was found */
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

/* net_syscall.c: registers the SYS_net range (SYS_raw_*, SYS_net_*) and the
 * CLUSTER_KIND_RAW receive handler. */
void net_syscall_register(void);

/* net_ctrl.c: registers CLUSTER_KIND_CTRL; net_ctrl_handshake() waits (up to
 * 120 s) until every peer answered our HELLO. */
void net_ctrl_register(void);
void net_ctrl_handshake(void);

/* net_wait.c: apply cfg.wait_mode to the device's interrupt mask. */
void net_wait_apply_mode(void);

#endif
