/* cluster_abi.h - the contract between our kernel and user programs:
 * private system call numbers, the project ethertype and the structures the
 * private calls exchange. Included by the kernel, libmbcf and user programs.
 * Linux system call numbers (read=0 ...) are used unchanged for everything else. */
#ifndef CLUSTER_ABI_H
#define CLUSTER_ABI_H
#include <stdint.h>

/* IEEE 802 "local experimental ethertype 1"; every project frame carries it. */
#define CLUSTER_ETHERTYPE 0x88B5
/* Largest Ethernet frame we ever send (vde drops larger ones), without FCS. */
#define CLUSTER_FRAME_MAX 1514
#define CLUSTER_ETH_HDR   14

/* ---- private system calls (well above Linux's range) ----
 * One range per owner, each registered in the kernel's system-call table
 * (kernel/syscall_table.h): core 1000, network 1001-1009, MBCF 1010-1019,
 * 1020-1039 reserved for the next protocol (the Tofu emulation), node-local
 * shared memory 1040-1041. */
#define SYS_CORE_FIRST     1000
#define SYS_CORE_LAST      1000
#define SYS_NET_FIRST      1001
#define SYS_NET_LAST       1009
#define SYS_MBCF_FIRST     1010
#define SYS_MBCF_LAST      1019
#define SYS_TOFU_FIRST     1020
#define SYS_TOFU_LAST      1039
#define SYS_SHM_FIRST 1040
#define SYS_SHM_LAST 1040
#define SYS_node_info      1000 /* (struct node_info *out) -> 0 */
/* Node-local shared memory (kernel/shm.c): one physical region mapped into
 * several processes of a node, named by a 64-bit key. Maps the whole
 * segment read/write at an address of the kernel's choice (top-down in the
 * mmap area) and returns it. len: the segment's size (rounded up to pages;
 * 0 when attaching: whatever it is). SHM_CREATE makes it if the key is
 * unknown (len > 0), with SHM_EXCL only then (-EEXIST otherwise); without
 * SHM_CREATE an unknown key is -ENOENT. A len that differs from an existing
 * segment's is -EINVAL; no room (pages, address space, the table of 64
 * segments) is -ENOMEM. munmap or the process's end drops its pages; the
 * segment and its key go when the last page mapping does. */
#define SYS_shm_map 1040 /* (uint64_t key, uint64_t len, int flags) -> address | -errno */
#define SHM_CREATE 1
#define SHM_EXCL 2
#define SYS_raw_send       1001 /* (int dst_rank, const void *payload, uint64_t len) -> 0 | -errno */
#define SYS_raw_recv       1002 /* (void *buf, uint64_t cap, int *src_rank, int64_t timeout_ns)
                                   -> payload length | -EAGAIN (timeout 0) | -ETIMEDOUT */
#define SYS_net_stats      1003 /* (struct net_stats *out) -> 0 */
#define SYS_raw_send_frame 1004 /* (const void *whole_frame, uint64_t len) -> 0 | -errno; test
                                   hook that sends a possibly malformed frame of >= 14 bytes;
                                   the kernel writes our source MAC into it, and a frame of a
                                   protocol kind other than RAW is -EPERM */
#define SYS_net_config     1005 /* (struct net_config *inout) -> 0 | -EFAULT | -EINVAL: fields < 0
                                   are left unchanged; the current settings are written back
                                   (on -EFAULT / -EINVAL nothing was applied) */
#define SYS_mbcf_setup     1010 /* (struct mbcf_rings *rings) -> 0 | -errno */
#define SYS_mbcf_export    1011 /* (void *addr, uint64_t len, int flags) -> 0 | -errno */
#define SYS_mbcf_doorbell  1012 /* () -> commands consumed | -errno */
#define SYS_mbcf_wait      1013 /* (int64_t timeout_ns, uint32_t seen, flags) -> 0 | -ETIMEDOUT */
#define SYS_mbcf_fifo_reg  1014 /* (void *ring, uint64_t bytes) -> 0 | -errno */
#define SYS_mbcf_stats     1015 /* (struct mbcf_stats *out) -> 0 */
#define SYS_mbcf_trace     1016 /* (int on): 1 = start the latency trace, 0 = stop and
                                   print its step summary on the console -> 0 */

struct node_info {
    int32_t rank;         /* this node, 0..nodes-1 (fw_cfg opt/cluster/rank) */
    int32_t nodes;        /* node count (fw_cfg opt/cluster/nodes) */
    int32_t torus[3];     /* torus shape for the Tofu emulation, 0 when unset */
    int32_t wait_mode;    /* 0 = adaptive (poll then HLT), 1 = pure polling */
    uint64_t tsc_hz;      /* calibrated TSC frequency */
    int32_t ppn;          /* processes (MPI ranks) per node (fw_cfg opt/cluster/ppn, default 1) */
    int32_t local;        /* the calling process's local index 0..ppn-1: MPI rank =
                             rank * ppn + local, its MBCF task id (docs/ppn.md) */
};

struct net_stats {
    uint64_t rx_frames, rx_bytes, tx_frames, tx_bytes;
    uint64_t drop_runt;        /* shorter than header + our minimum */
    uint64_t drop_oversize;    /* longer than CLUSTER_FRAME_MAX or multi-descriptor */
    uint64_t drop_ethertype;   /* not CLUSTER_ETHERTYPE */
    uint64_t drop_unknown_src; /* source MAC not a cluster node */
    uint64_t drop_bad_header;  /* our header malformed (length field, kind) */
    uint64_t drop_queue_full;  /* raw receive queue of the program was full */
    uint64_t rx_missed;        /* MPC register: frames the NIC missed (82540EM 13.7.1) */
    uint64_t irqs;             /* NIC interrupts taken */
    uint64_t drop_no_handler;  /* MBCF frame arrived but no MBCF engine is linked in */
    uint64_t rx_ctrl;          /* CLUSTER_KIND_CTRL frames (boot handshake) consumed, not drops */
};

/* SYS_net_config: how the kernel waits for frames (kernel/net/net_wait.c). */
struct net_config {
    int32_t wait_mode;         /* 0 adaptive (poll budget, then interrupt + HLT), 1 pure polling */
    int32_t print_stats;       /* 1: print struct net_stats on the console at power-off */
    int64_t poll_budget_ns;    /* adaptive mode: how long to poll before arming the interrupt */
};

/* MAC of a node: locally administered, rank in the last two bytes. */
#define CLUSTER_MAC0 0x52
#define CLUSTER_MAC1 0x54
#define CLUSTER_MAC2 0x00
#define CLUSTER_MAC3 0xC1

/* Every project frame: Ethernet header (dst, src, CLUSTER_ETHERTYPE), then this
 * header, then `length` payload bytes. Little-endian (all nodes are x86-64). */
struct cluster_hdr {
    uint8_t kind;       /* CLUSTER_KIND_* */
    uint8_t version;    /* CLUSTER_WIRE_VERSION */
    uint16_t length;    /* payload bytes after this header */
} __attribute__((packed));
#define CLUSTER_WIRE_VERSION 1
#define CLUSTER_KIND_RAW  1   /* raw frames for programs (SYS_raw_*) */
#define CLUSTER_KIND_MBCF 2   /* MBCF protocol engine (mbcf/) */
#define CLUSTER_KIND_CTRL 3   /* kernel network control: boot handshake (kernel/net/net_ctrl.c) */
#define CLUSTER_KIND_TOFU 4   /* emulated Tofu controller (drivers/tofu_emu, MBCF engine wire format) */
#define CLUSTER_KIND_MAX  15  /* kinds are 1..CLUSTER_KIND_MAX; the kernel keeps a handler per kind */
#define CLUSTER_CTRL_HELLO 1  /* payload byte 0: "I am up", answered with ACK */
#define CLUSTER_CTRL_ACK   2
#define CLUSTER_PAYLOAD_MAX (CLUSTER_FRAME_MAX - CLUSTER_ETH_HDR - 4)

/* MBCF structures (queues, status codes, limits, FIFO layout) are in
 * mbcf_abi.h, part of the same contract: included here for programs that
 * include the whole contract through this header. */
#include "mbcf_abi.h"

#endif
