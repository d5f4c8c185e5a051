/* net_frame.h - building and classifying project Ethernet frames.
 * Portable C (no kernel headers): the same code runs in the kernel and in the
 * host unit tests (tests/host/test_net_frame.c).
 * Frame layout (kernel/uapi/cluster_abi.h): Ethernet header (dst MAC, src MAC,
 * ethertype CLUSTER_ETHERTYPE, IEEE 802.3 sec 3.1.1) + struct cluster_hdr + payload. */
#ifndef NET_FRAME_H
#define NET_FRAME_H
#include <stdint.h>
#include <stddef.h>
#include "uapi/cluster_abi.h"

#define NET_HDRS_LEN   (CLUSTER_ETH_HDR + (uint32_t)sizeof(struct cluster_hdr)) /* 18 */
/* Shortest Ethernet frame without FCS (IEEE 802.3 minFrameSize 64 incl. 4-byte FCS).
 * Senders may pad shorter frames up to this size (QEMU's e1000 does on receive),
 * so bytes past header + length are accepted only inside this minimum. */
#define NET_ETH_MIN    60

/* Verdict of the receive classifier; each drop maps onto one struct net_stats counter. */
enum net_verdict {
    NET_OK = 0,
    NET_DROP_RUNT,        /* shorter than Ethernet + cluster header */
    NET_DROP_OVERSIZE,    /* longer than CLUSTER_FRAME_MAX */
    NET_DROP_ETHERTYPE,   /* not CLUSTER_ETHERTYPE */
    NET_DROP_UNKNOWN_SRC, /* source MAC not 52:54:00:C1:hi:lo with rank < nodes */
    NET_DROP_BAD_HEADER,  /* version, kind or length field inconsistent */
};

/* What the classifier extracts from a valid frame. */
struct net_frame_info {
    int src_rank;
    int dst_rank;            /* -1 when the destination is not a node MAC (e.g. broadcast) */
    uint8_t kind;            /* CLUSTER_KIND_* */
    const uint8_t *payload;  /* points into the frame */
    uint32_t length;         /* payload bytes */
};

/* MAC of node `rank` (6 bytes). */
void net_mac_of_rank(int rank, uint8_t mac[6]);
/* Rank encoded in a node MAC, or -1 when the MAC is not one of ours or rank >= nodes. */
int net_rank_of_mac(const uint8_t mac[6], int nodes);

/* Is `kind` a kind this system understands? */
int net_kind_known(uint8_t kind);

/* Write a complete frame into `frame` (capacity at least NET_HDRS_LEN + len).
 * Returns the frame length, or -1 when len > CLUSTER_PAYLOAD_MAX.
 * Frames shorter than NET_ETH_MIN are padded with zeros to NET_ETH_MIN
 * (the capacity must then be at least NET_ETH_MIN). */
int net_frame_build(uint8_t *frame, int src_rank, int dst_rank, uint8_t kind,
                    const void *payload, uint32_t len);

/* Classify a received frame of `len` bytes (FCS already stripped).
 * On NET_OK fills *info. `nodes` is the cluster size. */
enum net_verdict net_frame_classify(const uint8_t *frame, uint32_t len, int nodes,
                                    struct net_frame_info *info);

#endif
