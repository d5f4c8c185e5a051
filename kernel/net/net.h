/* net.h - the kernel's frame layer (kernel/net/), as used by protocols (the MBCF
 * kernel glue) and the private syscalls. Stable interface: additive changes
 * only. Protocols register their receive handlers in net_proto.h; devices sit
 * below in netdev.h.
 *
 * Execution model (kernel/kapi.h): one CPU, kernel code runs with interrupts
 * disabled, so nothing here locks. Received frames are processed by net_poll(),
 * which runs from the NIC interrupt (while the user program runs or the CPU
 * idles), from the 1 kHz timer tick, and inside net_wait().
 *
 * Frame = Ethernet header + struct cluster_hdr (kind, version, length) + payload
 * (kernel/uapi/cluster_abi.h). Payloads are at most CLUSTER_PAYLOAD_MAX bytes.
 * Delivery is unreliable (frames can be lost on vde / wirefilter): reliability
 * is the protocol's job (MBCF). */
#ifndef NET_H
#define NET_H
#include <stdint.h>
#include "uapi/cluster_abi.h"

/* This node's rank and the node count (0 nodes when the network is down). */
int net_rank(void);
int net_nodes(void);
/* 1 when the NIC was found and initialised. */
int net_up(void);

/* Send one frame of `kind` carrying `len` payload bytes to node dst_rank.
 * dst_rank == own rank is delivered locally (loopback) on the next net_poll().
 * Returns 0, -EINVAL (bad rank or kind), -EMSGSIZE (len > CLUSTER_PAYLOAD_MAX),
 * -ENODEV (no NIC), -ENOBUFS (transmit ring or loopback queue full). */
int net_send(int dst_rank, uint8_t kind, const void *payload, uint32_t len);
/* The same without the doorbell: the frame leaves with the next net_tx_flush()
 * (protocol engines that send several frames per burst). */
int net_queue(int dst_rank, uint8_t kind, const void *payload, uint32_t len);

/* Zero-copy burst transmit. net_tx_prepare() reserves a transmit buffer, writes
 * the headers and returns where the `len` payload bytes go (NULL + *err on
 * failure: same codes as net_send; loopback is not available here, use net_send).
 * Prepared frames leave with ONE doorbell write at net_tx_flush() (called
 * automatically when 64 are pending and at the end of net_poll()).
 * net_tx_cancel_last() forgets the most recently prepared frame (e.g. when
 * copy_from_user into it failed). */
void *net_tx_prepare(int dst_rank, uint8_t kind, uint32_t len, int *err);
void  net_tx_cancel_last(void);
void  net_tx_flush(void);

/* Process every received frame: validate, count, demultiplex by kind through
 * the protocol table (net_proto.h; unregistered kinds count drop_no_handler). */
void net_poll(void);

/* Wait until done(arg) != 0, polling the NIC meanwhile (net_poll). Honors the
 * wait mode: pure polling, or adaptive (poll for the budget, then arm the NIC
 * interrupt and HLT until a frame or the timer tick). timeout_ns < 0 waits
 * forever, 0 checks once. Returns 0 or -ETIMEDOUT. Call with interrupts
 * disabled (syscall context), not from an interrupt handler. */
int net_wait(int (*done)(void *arg), void *arg, int64_t timeout_ns);

/* Counters (struct net_stats in cluster_abi.h), MPC folded in. */
void net_get_stats(struct net_stats *out);

#endif
