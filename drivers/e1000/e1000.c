/* e1000.c - Intel 82540EM driver (QEMU's default "e1000"): PCI probe, reset,
 * link, RX/TX descriptor rings, exposed to the network layer only through its
 * netdev operations table (kernel/net/netdev.h) and e1000_register().
 * Section numbers refer to the 8254x Software Developer's Manual (SDM).
 * QEMU facts (docs/architecture.md): every TDT write runs transmit synchronously,
 * so TDT is written once per burst; receive stalls when RDH == RDT, so RDT stays
 * one slot behind; an RCTL write holds receive back ~1 s, so RCTL is written once. */
#include "kapi.h"
#include "e1000.h"
#include "e1000_regs.h"
#include "e1000_ring.h"
#include "net/netdev.h"
#include "subsys.h"

struct e1000_dev {
    struct netdev nd;      /* first: the network layer's handle */
    volatile uint8_t *mmio;
    int bus, devno, fn;
    uint8_t mac[6];
    /* receive */
    volatile struct e1000_rx_desc *rx;
    uint8_t *rx_buf[E1000_RX_RING];
    uint32_t rx_next;      /* next descriptor software reads */
    uint32_t rx_released;  /* first descriptor still handed out (== rx_next when none) */
    uint32_t rx_tail;      /* value last written to RDT */
    /* transmit */
    volatile struct e1000_tx_desc *tx;
    uint8_t *tx_buf[E1000_TX_RING];
    uint32_t tx_tail;      /* next descriptor to fill (TDT) */
    uint32_t tx_clean;     /* oldest descriptor not yet reclaimed */
    uint64_t missed;
};

static struct e1000_dev the_dev;

static inline struct e1000_dev *dev_of(struct netdev *nd)
{
    return (struct e1000_dev *)nd;   /* nd is the first member */
}

static inline uint32_t rd(struct e1000_dev *d, uint32_t reg)
{
    return *(volatile uint32_t *)(d->mmio + reg);
}

static inline void wr(struct e1000_dev *d, uint32_t reg, uint32_t v)
{
    *(volatile uint32_t *)(d->mmio + reg) = v;
}

static inline void barrier(void)
{
    __asm__ volatile("" ::: "memory");
}

/* EEPROM word through EERD (SDM 13.4.4); -1 on timeout. */
static int eeprom_read(struct e1000_dev *d, uint32_t word)
{
    wr(d, REG_EERD, EERD_START | (word << EERD_ADDR_SHIFT));
    uint64_t until = time_ns() + 10000000ull;
    while (time_ns() < until) {
        uint32_t v = rd(d, REG_EERD);
        if (v & EERD_DONE)
            return (int)(v >> EERD_DATA_SHIFT);
    }
    return -1;
}

/* MAC from receive address 0 (loaded from the EEPROM at reset, SDM 13.5.2);
 * falls back to EEPROM words 0-2 (SDM 5.6.1) and programs RAL0/RAH0. */
static int read_mac(struct e1000_dev *d)
{
    uint32_t lo = rd(d, REG_RAL0), hi = rd(d, REG_RAH0);
    if (!(hi & RAH_AV) || (lo == 0 && (hi & 0xFFFF) == 0)) {
        for (uint32_t w = 0; w < 3; w++) {
            int v = eeprom_read(d, w);
            if (v < 0)
                return -1;
            d->mac[2 * w] = (uint8_t)v;
            d->mac[2 * w + 1] = (uint8_t)(v >> 8);
        }
        lo = d->mac[0] | d->mac[1] << 8 | d->mac[2] << 16 | (uint32_t)d->mac[3] << 24;
        hi = d->mac[4] | d->mac[5] << 8 | RAH_AV;
        wr(d, REG_RAL0, lo);
        wr(d, REG_RAH0, hi);
        return 0;
    }
    for (int i = 0; i < 4; i++)
        d->mac[i] = (uint8_t)(lo >> (8 * i));
    d->mac[4] = (uint8_t)hi;
    d->mac[5] = (uint8_t)(hi >> 8);
    return 0;
}

/* Global reset (SDM 14.3 / 13.4.1 CTRL.RST), interrupts masked before and after. */
static int reset(struct e1000_dev *d)
{
    wr(d, REG_IMC, 0xFFFFFFFFu);
    wr(d, REG_CTRL, rd(d, REG_CTRL) | CTRL_RST);
    uint64_t until = time_ns() + 100000000ull;
    while (rd(d, REG_CTRL) & CTRL_RST)
        if (time_ns() > until)
            return -1;
    wr(d, REG_IMC, 0xFFFFFFFFu);
    (void)rd(d, REG_ICR);
    return 0;
}

/* Allocate `count` 2 KiB DMA buffers, two per page. */
static int alloc_bufs(uint8_t **bufs, uint32_t count)
{
    for (uint32_t i = 0; i < count; i += 2) {
        uint8_t *page = page_alloc(1);
        if (!page)
            return -1;
        bufs[i] = page;
        if (i + 1 < count)
            bufs[i + 1] = page + E1000_BUF_SIZE;
    }
    return 0;
}

/* Receive setup (SDM 14.4): ring registers, no delay timers, then RCTL once. */
static int rx_init(struct e1000_dev *d)
{
    /* 16 B per descriptor, physically contiguous, 16-byte aligned (SDM 3.2.6) */
    d->rx = page_alloc((E1000_RX_RING * sizeof(struct e1000_rx_desc) + PAGE_SIZE - 1) / PAGE_SIZE);
    if (!d->rx || alloc_bufs(d->rx_buf, E1000_RX_RING) < 0)
        return -1;
    for (uint32_t i = 0; i < E1000_RX_RING; i++) {
        d->rx[i].addr = virt_to_phys(d->rx_buf[i]);
        d->rx[i].status = 0;
    }
    uint64_t pa = virt_to_phys((const void *)d->rx);
    wr(d, REG_RDBAL, (uint32_t)pa);
    wr(d, REG_RDBAH, (uint32_t)(pa >> 32));
    wr(d, REG_RDLEN, E1000_RX_RING * sizeof(struct e1000_rx_desc));
    d->rx_next = d->rx_released = 0;
    d->rx_tail = ring_rx_tail_for(0, E1000_RX_RING);
    wr(d, REG_RDH, 0);
    wr(d, REG_RDT, d->rx_tail);
    /* Interrupt on every stored frame: no receive delay, no throttling (SDM 13.4.30, 13.4.32, 13.4.18). */
    wr(d, REG_RDTR, 0);
    wr(d, REG_RADV, 0);
    wr(d, REG_ITR, 0);
    for (uint32_t i = 0; i < MTA_WORDS; i++)
        wr(d, REG_MTA + 4 * i, 0);
    /* Unicast to our RAL0/RAH0 and broadcast, 2 KiB buffers, no long frames, CRC stripped. */
    wr(d, REG_RCTL, RCTL_EN | RCTL_BAM | RCTL_BSIZE_2048 | RCTL_SECRC | RCTL_RDMTS_HALF);
    return 0;
}

/* Transmit setup (SDM 14.5). */
static int tx_init(struct e1000_dev *d)
{
    d->tx = page_alloc((E1000_TX_RING * sizeof(struct e1000_tx_desc) + PAGE_SIZE - 1) / PAGE_SIZE);
    if (!d->tx || alloc_bufs(d->tx_buf, E1000_TX_RING) < 0)
        return -1;
    for (uint32_t i = 0; i < E1000_TX_RING; i++) {
        d->tx[i].addr = virt_to_phys(d->tx_buf[i]);
        d->tx[i].status = TXD_STAT_DD;   /* "done": free for software */
    }
    uint64_t pa = virt_to_phys((const void *)d->tx);
    wr(d, REG_TDBAL, (uint32_t)pa);
    wr(d, REG_TDBAH, (uint32_t)(pa >> 32));
    wr(d, REG_TDLEN, E1000_TX_RING * sizeof(struct e1000_tx_desc));
    wr(d, REG_TDH, 0);
    wr(d, REG_TDT, 0);
    d->tx_tail = d->tx_clean = 0;
    wr(d, REG_TIDV, 0);
    wr(d, REG_TADV, 0);
    wr(d, REG_TIPG, TIPG_DEFAULT);
    wr(d, REG_TCTL, TCTL_EN | TCTL_PSP | TCTL_CT(0x0F) | TCTL_COLD(0x40));
    return 0;
}

static const struct netdev_ops e1000_ops;

static struct netdev *e1000_probe(void)
{
    struct e1000_dev *d = &the_dev;
    if (pci_find(E1000_VENDOR, E1000_82540EM, &d->bus, &d->devno, &d->fn) < 0) {
        kprintf("e1000: no 82540EM (8086:100e) on the PCI bus\n");
        return 0;
    }
    /* Memory space + bus master in the PCI command register (PCI 3.0 sec 6.2.2). */
    uint32_t cmd = pci_read32(d->bus, d->devno, d->fn, 0x04);
    pci_write32(d->bus, d->devno, d->fn, 0x04, cmd | 0x6);
    /* BAR0: 32-bit memory BAR of the register space (SDM 4.1). */
    uint32_t bar0 = pci_read32(d->bus, d->devno, d->fn, 0x10);
    uint64_t phys = bar0 & ~0xFull;
    if ((bar0 & 0x6) == 0x4)   /* 64-bit BAR: high half in BAR1 */
        phys |= (uint64_t)pci_read32(d->bus, d->devno, d->fn, 0x14) << 32;
    d->mmio = mmio_map(phys, E1000_MMIO_LEN);
    if (!d->mmio || reset(d) < 0) {
        kprintf("e1000: reset failed\n");
        return 0;
    }
    /* Link: set link up, auto speed, no PHY/link reset, no VLAN (SDM 14.3). */
    uint32_t ctrl = rd(d, REG_CTRL);
    ctrl |= CTRL_SLU | CTRL_ASDE | CTRL_FD;
    ctrl &= ~(CTRL_LRST | CTRL_PHY_RST | CTRL_ILOS | CTRL_VME);
    wr(d, REG_CTRL, ctrl);
    if (read_mac(d) < 0) {
        kprintf("e1000: cannot read the MAC address\n");
        return 0;
    }
    if (rx_init(d) < 0 || tx_init(d) < 0) {
        kprintf("e1000: out of memory for rings\n");
        return 0;
    }
    (void)rd(d, REG_MPC);   /* clear the missed counter */
    (void)rd(d, REG_ICR);
    d->nd.ops = &e1000_ops;
    d->nd.name = "e1000";
    d->nd.buf_size = E1000_BUF_SIZE;
    return &d->nd;
}

static void e1000_set_mac(struct netdev *nd, const uint8_t mac[6])
{
    struct e1000_dev *d = dev_of(nd);
    for (int i = 0; i < 6; i++)
        d->mac[i] = mac[i];
    /* RAL0 holds bytes 0-3, RAH0 bytes 4-5 plus Address Valid (SDM 13.5.1-13.5.2). */
    wr(d, REG_RAL0, mac[0] | mac[1] << 8 | mac[2] << 16 | (uint32_t)mac[3] << 24);
    wr(d, REG_RAH0, mac[4] | mac[5] << 8 | RAH_AV);
}

static int e1000_link_up(struct netdev *nd)
{
    return (rd(dev_of(nd), REG_STATUS) & STATUS_LU) != 0;
}

static int e1000_irq_line(struct netdev *nd, int *active_low)
{
    struct e1000_dev *d = dev_of(nd);
    return pci_irq_gsi(d->bus, d->devno, d->fn, active_low);
}

/* ---- receive (SDM 3.2) ---- */

static uint32_t e1000_rx_burst(struct netdev *nd, struct netdev_pkt *pkts, uint32_t max)
{
    struct e1000_dev *d = dev_of(nd);
    uint32_t n = 0;
    /* Never run into descriptors still handed out from an earlier burst. */
    uint32_t room = E1000_RX_RING - 1 - ring_dist(d->rx_released, d->rx_next, E1000_RX_RING);
    if (max > room)
        max = room;
    while (n < max) {
        volatile struct e1000_rx_desc *desc = &d->rx[d->rx_next];
        uint8_t status = desc->status;
        if (!(status & RXD_STAT_DD))
            break;
        barrier();   /* read length/data only after DD (x86 keeps load order) */
        pkts[n].data = d->rx_buf[d->rx_next];
        pkts[n].len = desc->length;
        pkts[n].bad = !(status & RXD_STAT_EOP) || desc->errors != 0;
        n++;
        d->rx_next = ring_next(d->rx_next, E1000_RX_RING);
    }
    return n;
}

static void e1000_rx_release(struct netdev *nd, uint32_t n)
{
    struct e1000_dev *d = dev_of(nd);
    for (uint32_t i = 0; i < n && d->rx_released != d->rx_next; i++) {
        d->rx[d->rx_released].status = 0;
        d->rx_released = ring_next(d->rx_released, E1000_RX_RING);
    }
    /* Refill in batches: RDT moves when a batch of buffers is free again, and
     * always stays one slot behind the next descriptor software reads. */
    uint32_t want = ring_rx_tail_for(d->rx_released, E1000_RX_RING);
    if (ring_dist(d->rx_tail, want, E1000_RX_RING) >= E1000_RX_REFILL_BATCH) {
        barrier();
        d->rx_tail = want;
        wr(d, REG_RDT, want);
    }
}

/* ---- transmit (SDM 3.3, 3.4) ---- */

/* Reclaim descriptors the NIC has written back (DD), oldest first. */
static void tx_reclaim(struct e1000_dev *d)
{
    while (d->tx_clean != d->tx_tail && (d->tx[d->tx_clean].status & TXD_STAT_DD))
        d->tx_clean = ring_next(d->tx_clean, E1000_TX_RING);
}

static uint32_t e1000_tx_reserve(struct netdev *nd, uint8_t **bufs, uint32_t n)
{
    struct e1000_dev *d = dev_of(nd);
    uint32_t free = ring_tx_free(d->tx_clean, d->tx_tail, E1000_TX_RING);
    if (free < n) {
        tx_reclaim(d);
        free = ring_tx_free(d->tx_clean, d->tx_tail, E1000_TX_RING);
    }
    if (n > free)
        n = free;
    for (uint32_t i = 0; i < n; i++)
        bufs[i] = d->tx_buf[ring_add(d->tx_tail, i, E1000_TX_RING)];
    return n;
}

static void e1000_tx_commit(struct netdev *nd, const uint16_t *lens, uint32_t n)
{
    struct e1000_dev *d = dev_of(nd);
    if (n == 0)
        return;
    uint32_t t = d->tx_tail;
    for (uint32_t i = 0; i < n; i++) {
        volatile struct e1000_tx_desc *desc = &d->tx[t];
        desc->length = lens[i];
        desc->cso = 0;
        desc->css = 0;
        desc->special = 0;
        desc->status = 0;
        desc->cmd = TXD_CMD_EOP | TXD_CMD_IFCS | TXD_CMD_RS;
        t = ring_next(t, E1000_TX_RING);
    }
    barrier();
    d->tx_tail = t;
    wr(d, REG_TDT, t);   /* one doorbell per burst */
}

/* ---- interrupts, counters ---- */

static uint32_t e1000_irq_ack(struct netdev *nd)
{
    return rd(dev_of(nd), REG_ICR);
}

/* Receive causes that wake an idle CPU (SDM 13.4.17-20): RXT0 | RXDMT0 | RXO;
 * polling mode masks every cause through IMC. */
static void e1000_rx_irq(struct netdev *nd, int on)
{
    if (on)
        wr(dev_of(nd), REG_IMS, E1000_RX_IRQS);
    else
        wr(dev_of(nd), REG_IMC, 0xFFFFFFFFu);
}

static uint64_t e1000_missed(struct netdev *nd)
{
    struct e1000_dev *d = dev_of(nd);
    d->missed += rd(d, REG_MPC);
    return d->missed;
}

static void e1000_stop(struct netdev *nd)
{
    struct e1000_dev *d = dev_of(nd);
    wr(d, REG_IMC, 0xFFFFFFFFu);
    wr(d, REG_TCTL, 0);
    wr(d, REG_RCTL, 0);
}

static const struct netdev_ops e1000_ops = {
    .rx_burst = e1000_rx_burst,     .rx_release = e1000_rx_release,
    .tx_reserve = e1000_tx_reserve, .tx_commit = e1000_tx_commit,
    .irq_ack = e1000_irq_ack,       .rx_irq = e1000_rx_irq,
    .irq_line = e1000_irq_line,     .set_mac = e1000_set_mac,
    .link_up = e1000_link_up,       .rx_missed = e1000_missed,
    .stop = e1000_stop,
};

static const struct netdev_driver e1000_driver = { "e1000", e1000_probe };

void e1000_register(void)
{
    (void)netdev_driver_register(&e1000_driver);
}
