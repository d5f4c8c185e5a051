/* e1000.h - Intel 82540EM (QEMU "e1000") driver: ring sizes, and the one entry
 * point, e1000_register(), which adds the driver to the network layer's device
 * registry (kernel/net/netdev.h). Everything else is reached through the
 * device's netdev operations:
 * Receive:  rx_burst hands out frames that stay in the DMA buffers; rx_release
 *           gives them back (RDT is advanced in batches, always one slot
 *           behind the next read).
 * Transmit: tx_reserve returns free 2 KiB buffers to build frames in;
 *           tx_commit posts them with a single TDT write. */
#ifndef E1000_H
#define E1000_H

/* Receive ring: 1024 x 2 KiB buffers absorb ~30 ms of max-size frames at the
 * network's limit while the host deschedules this vCPU (a full ring makes QEMU
 * stop reading its socket and the switch drops). Power of two, RDLEN multiple of 128. */
#define E1000_RX_RING 1024u
#define E1000_TX_RING 256u
#define E1000_BUF_SIZE 2048u    /* RCTL.BSIZE = 2048 */
#define E1000_RX_REFILL_BATCH 32u

/* Receive interrupt causes used to wake an idle CPU: RXT0 | RXDMT0 | RXO. */
#define E1000_RX_IRQS ((1u << 7) | (1u << 4) | (1u << 6))

#endif
