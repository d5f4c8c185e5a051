/* net_proto.h - the seam between the network layer and the protocols above
 * it: each frame kind (struct cluster_hdr.kind, the sub-kind under our one
 * ethertype, uapi/cluster_abi.h) has at most one registered handler set.
 * The network layer itself registers CLUSTER_KIND_RAW (net_syscall.c: frames
 * for programs) and CLUSTER_KIND_CTRL (net_ctrl.c: boot handshake); MBCF
 * registers CLUSTER_KIND_MBCF from mbcf/mbcf_kernel.c.
 *
 * Adding a protocol (e.g. the Tofu emulation):
 *  1. define its kind in uapi/cluster_abi.h (and accept it in net_kind_known,
 *     net_frame.c), its system calls as a range (kernel/syscall_table.h);
 *  2. fill a `static const struct net_proto` and call net_proto_register()
 *     from its init, listed in kernel/subsys.c before net_init();
 *  3. send with net_send / net_tx_prepare (net.h). Programs cannot send frames
 *     of a registered kind except through the protocol's own system calls: the
 *     raw test hook SYS_raw_send_frame only sends CLUSTER_KIND_RAW frames, and
 *     the kernel writes the source address of every frame.
 * Handlers run with interrupts disabled, from the NIC interrupt, the timer
 * tick or inside net_wait (net.h execution model), and must not block. */
#ifndef NET_PROTO_H
#define NET_PROTO_H
#include <stdint.h>

struct net_proto {
    uint8_t kind;             /* CLUSTER_KIND_* */
    const char *name;
    /* Required: one valid frame of this kind from node src_rank (the source
     * MAC, which the switch delivers as sent). The payload is only valid during
     * the call. May call net_send / net_tx_prepare. */
    void (*rx)(int src_rank, const void *payload, uint32_t len);
    /* Optional: once at the end of every net_poll that delivered at least one
     * frame of this kind, before the pending transmit burst is flushed (the
     * place for one coalesced reply per receive burst). */
    void (*rx_done)(void);
    /* Optional: every timer tick (TIMER_HZ), after net_poll (retransmission). */
    void (*tick)(void);
    /* Optional: once at power-off, interrupts off, before the device stops; may
     * call net_poll to answer peers for a short while. */
    void (*shutdown)(void);
};

/* Registers p (static storage). 0, -EINVAL (kind not one of the ABI's, or no
 * rx handler), -EEXIST (kind already taken). */
int net_proto_register(const struct net_proto *p);

#endif
