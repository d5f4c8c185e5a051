/* e1000.h - Intel 82540EM (QEMU "e1000") driver: probe/init and a burst API in
 * the ixy/DPDK style. One device per node; the network core (kernel/net_core.c)
 * is the only user.
 *
 * Receive:  n = e1000_rx_burst(dev, pkts, max) hands out up to max frames that
 *           stay in the DMA buffers; e1000_rx_release(dev, n) gives them back
 *           (RDT is advanced in batches, always one slot behind the next read).
 * Transmit: k = e1000_tx_reserve(dev, bufs, n) returns k <= n free 2 KiB
 *           buffers to build frames in; e1000_tx_commit(dev, lens, k) posts them
 *           with a single TDT write. e1000_tx_burst() copies ready frames.
 * Nothing here blocks or takes locks: the kernel runs with interrupts off
 * (kernel/kapi.h execution model). */
#ifndef E1000_H
#define E1000_H
#include <stdint.h>

/* Receive ring: 1024 x 2 KiB buffers absorb ~30 ms of max-size frames at the
 * network's limit while the host deschedules this vCPU (a full ring makes QEMU
 * stop reading its socket and the switch drops). Power of two, RDLEN multiple of 128. */
#define E1000_RX_RING 1024u
#define E1000_TX_RING 256u
#define E1000_BUF_SIZE 2048u    /* RCTL.BSIZE = 2048 */
#define E1000_RX_REFILL_BATCH 32u

struct e1000_dev;

struct e1000_pkt {
    const uint8_t *data;   /* frame without FCS, inside the driver's buffer */
    uint16_t len;
    uint8_t  bad;          /* 1: hardware error bits or not a single-buffer frame (no EOP) */
};

struct e1000_counters {
    uint64_t missed;       /* MPC accumulated */
};

/* Find, reset and start the NIC. `irq_mask_bits` is written to IMS (0 = no
 * interrupts). Returns NULL (and prints why) when there is no 82540EM. */
struct e1000_dev *e1000_probe(uint32_t irq_mask_bits);
void e1000_mac(const struct e1000_dev *dev, uint8_t mac[6]);
/* Program receive address 0 (the unicast filter) with `mac`. */
void e1000_set_mac(struct e1000_dev *dev, const uint8_t mac[6]);
int  e1000_link_up(struct e1000_dev *dev);

uint32_t e1000_rx_burst(struct e1000_dev *dev, struct e1000_pkt *pkts, uint32_t max);
void     e1000_rx_release(struct e1000_dev *dev, uint32_t n);
/* 1 when a received frame is waiting (DD set on the next descriptor). */
int      e1000_rx_pending(const struct e1000_dev *dev);

uint32_t e1000_tx_reserve(struct e1000_dev *dev, uint8_t **bufs, uint32_t n);
void     e1000_tx_commit(struct e1000_dev *dev, const uint16_t *lens, uint32_t n);
uint32_t e1000_tx_burst(struct e1000_dev *dev, const void *const *frames,
                        const uint16_t *lens, uint32_t n);

/* Interrupts: read-and-clear ICR; set/clear mask bits. E1000_RX_IRQS are the
 * receive causes we use to wake an idle CPU. */
#define E1000_RX_IRQS ((1u << 7) | (1u << 4) | (1u << 6))   /* RXT0 | RXDMT0 | RXO */
uint32_t e1000_irq_ack(struct e1000_dev *dev);
void     e1000_irq_enable(struct e1000_dev *dev, uint32_t bits);
void     e1000_irq_disable(struct e1000_dev *dev, uint32_t bits);
/* PCI location, for pci_irq_gsi(). */
void     e1000_pci_addr(const struct e1000_dev *dev, int *bus, int *devno, int *fn);

/* Accumulates the clear-on-read MPC register and returns the running total. */
uint64_t e1000_missed(struct e1000_dev *dev);
/* Stop receive and transmit (power-off). */
void     e1000_stop(struct e1000_dev *dev);

#endif
