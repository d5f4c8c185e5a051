/* e1000_regs.h - register offsets, bits and descriptor layouts of the Intel
 * 82540EM, as used by our driver. Source: "PCI/PCI-X Family of Gigabit Ethernet
 * Controllers Software Developer's Manual" (8254x SDM): chapter 13 register
 * descriptions (table 13-2 register summary), chapter 3 descriptor formats. */
#ifndef E1000_REGS_H
#define E1000_REGS_H
#include <stdint.h>

#define E1000_VENDOR  0x8086
#define E1000_82540EM 0x100E
#define E1000_MMIO_LEN 0x20000      /* BAR0 memory space is 128 KiB (SDM 4.1, table 4-2) */

/* General (SDM 13.4) */
#define REG_CTRL   0x0000   /* device control */
#define REG_STATUS 0x0008   /* device status */
#define REG_EERD   0x0014   /* EEPROM read */
#define REG_ICR    0x00C0   /* interrupt cause read (clear on read) */
#define REG_ITR    0x00C4   /* interrupt throttling */
#define REG_IMS    0x00D0   /* interrupt mask set/read */
#define REG_IMC    0x00D8   /* interrupt mask clear */
#define REG_RCTL   0x0100   /* receive control */
#define REG_TCTL   0x0400   /* transmit control */
#define REG_TIPG   0x0410   /* transmit inter-packet gap */
/* Receive descriptor ring (SDM 13.4.25-13.4.31) */
#define REG_RDBAL  0x2800
#define REG_RDBAH  0x2804
#define REG_RDLEN  0x2808
#define REG_RDH    0x2810
#define REG_RDT    0x2818
#define REG_RDTR   0x2820   /* receive delay timer */
#define REG_RADV   0x282C   /* receive absolute delay timer */
/* Transmit descriptor ring (SDM 13.4.36-13.4.42) */
#define REG_TDBAL  0x3800
#define REG_TDBAH  0x3804
#define REG_TDLEN  0x3808
#define REG_TDH    0x3810
#define REG_TDT    0x3818
#define REG_TIDV   0x3820   /* transmit interrupt delay */
#define REG_TADV   0x382C   /* transmit absolute interrupt delay */
/* Statistics (SDM 13.7, clear on read) */
#define REG_MPC    0x4010   /* missed packets count: no receive buffer free */
/* Filters */
#define REG_MTA    0x5200   /* multicast table array, 128 dwords */
#define MTA_WORDS  128
#define REG_RAL0   0x5400   /* receive address low, entry 0 */
#define REG_RAH0   0x5404   /* receive address high, entry 0 */

/* CTRL bits (SDM 13.4.1) */
#define CTRL_FD      (1u << 0)    /* full duplex */
#define CTRL_LRST    (1u << 3)    /* link reset */
#define CTRL_ASDE    (1u << 5)    /* auto-speed detection */
#define CTRL_SLU     (1u << 6)    /* set link up */
#define CTRL_ILOS    (1u << 7)    /* invert loss-of-signal */
#define CTRL_RST     (1u << 26)   /* device reset, self-clearing */
#define CTRL_VME     (1u << 30)   /* VLAN mode */
#define CTRL_PHY_RST (1u << 31)

#define STATUS_LU    (1u << 1)    /* link up (SDM 13.4.2) */

/* EERD (SDM 13.4.4): start bit, done bit, word address 15:8, data 31:16.
 * EEPROM words 0-2 hold the Ethernet address (SDM 5.6.1). */
#define EERD_START   (1u << 0)
#define EERD_DONE    (1u << 4)
#define EERD_ADDR_SHIFT 8
#define EERD_DATA_SHIFT 16

#define RAH_AV       (1u << 31)   /* address valid (SDM 13.5.2) */

/* Interrupt causes, same bit in ICR/IMS/IMC (SDM 13.4.17) */
#define INT_TXDW     (1u << 0)    /* transmit descriptor written back */
#define INT_LSC      (1u << 2)    /* link status change */
#define INT_RXDMT0   (1u << 4)    /* receive descriptors below minimum threshold */
#define INT_RXO      (1u << 6)    /* receiver overrun */
#define INT_RXT0     (1u << 7)    /* receiver timer: a frame was stored */

/* RCTL (SDM 13.4.22) */
#define RCTL_EN      (1u << 1)
#define RCTL_SBP     (1u << 2)    /* store bad packets */
#define RCTL_UPE     (1u << 3)    /* unicast promiscuous */
#define RCTL_MPE     (1u << 4)    /* multicast promiscuous */
#define RCTL_LPE     (1u << 5)    /* long packet enable (we keep it off: max 1522) */
#define RCTL_RDMTS_HALF (0u << 8) /* RXDMT0 when free descriptors < 1/2 ring */
#define RCTL_BAM     (1u << 15)   /* broadcast accept */
#define RCTL_BSIZE_2048 (0u << 16) /* with BSEX=0: 2048-byte buffers */
#define RCTL_SECRC   (1u << 26)   /* strip Ethernet CRC */

/* TCTL (SDM 13.4.33) */
#define TCTL_EN      (1u << 1)
#define TCTL_PSP     (1u << 3)    /* pad short packets */
#define TCTL_CT(x)   ((uint32_t)(x) << 4)    /* collision threshold, 0x0F recommended */
#define TCTL_COLD(x) ((uint32_t)(x) << 12)   /* collision distance, 0x40 full duplex */

/* TIPG (SDM 13.4.34, table 13-77): IPGT 10, IPGR1 8, IPGR2 6 for 802.3 copper. */
#define TIPG_DEFAULT (10u | (8u << 10) | (6u << 20))

/* Receive descriptor (SDM 3.2.3, table 3-1) */
struct e1000_rx_desc {
    uint64_t addr;       /* buffer physical address */
    uint16_t length;     /* bytes stored in the buffer */
    uint16_t csum;
    uint8_t  status;     /* RXD_STAT_* */
    uint8_t  errors;     /* RXD_ERR_* */
    uint16_t special;
} __attribute__((packed));
#define RXD_STAT_DD  (1u << 0)    /* descriptor done */
#define RXD_STAT_EOP (1u << 1)    /* end of packet */
#define RXD_ERR_MASK 0xFFu        /* CE, SE, SEQ, CXE, RXE... (SDM 3.2.3.2) */

/* Legacy transmit descriptor (SDM 3.3.3, table 3-8) */
struct e1000_tx_desc {
    uint64_t addr;
    uint16_t length;
    uint8_t  cso;
    uint8_t  cmd;        /* TXD_CMD_* */
    uint8_t  status;     /* TXD_STAT_DD */
    uint8_t  css;
    uint16_t special;
} __attribute__((packed));
#define TXD_CMD_EOP  (1u << 0)    /* end of packet */
#define TXD_CMD_IFCS (1u << 1)    /* insert FCS */
#define TXD_CMD_RS   (1u << 3)    /* report status (write back DD) */
#define TXD_STAT_DD  (1u << 0)

#endif
