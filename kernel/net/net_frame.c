/* net_frame.c - build and classify project frames (see net_frame.h).
 * Portable: only <stdint.h>-level dependencies; copies use
 * __builtin_memcpy/__builtin_memset (kernel: klib memcpy, host: libc). */
#include "net_frame.h"


void net_mac_of_rank(int rank, uint8_t mac[6])
{
    mac[0] = CLUSTER_MAC0;
    mac[1] = CLUSTER_MAC1;
    mac[2] = CLUSTER_MAC2;
    mac[3] = CLUSTER_MAC3;
    mac[4] = (uint8_t)((unsigned)rank >> 8);
    mac[5] = (uint8_t)rank;
}

int net_rank_of_mac(const uint8_t mac[6], int nodes)
{
    if (mac[0] != CLUSTER_MAC0 || mac[1] != CLUSTER_MAC1 ||
        mac[2] != CLUSTER_MAC2 || mac[3] != CLUSTER_MAC3)
        return -1;
    int rank = (mac[4] << 8) | mac[5];
    return rank < nodes ? rank : -1;
}

int net_kind_known(uint8_t kind)
{
    return kind == CLUSTER_KIND_RAW || kind == CLUSTER_KIND_MBCF || kind == CLUSTER_KIND_CTRL ||
           kind == CLUSTER_KIND_TOFU;
}

int net_frame_build(uint8_t *frame, int src_rank, int dst_rank, uint8_t kind,
                    const void *payload, uint32_t len)
{
    if (len > CLUSTER_PAYLOAD_MAX)
        return -1;
    net_mac_of_rank(dst_rank, frame);
    net_mac_of_rank(src_rank, frame + 6);
    /* Ethertype is big-endian on the wire (IEEE 802.3 sec 3.2.6). */
    frame[12] = (uint8_t)(CLUSTER_ETHERTYPE >> 8);
    frame[13] = (uint8_t)CLUSTER_ETHERTYPE;
    struct cluster_hdr h = { .kind = kind, .version = CLUSTER_WIRE_VERSION,
                             .length = (uint16_t)len };
    __builtin_memcpy(frame + CLUSTER_ETH_HDR, &h, sizeof h);
    if (len)
        __builtin_memcpy(frame + NET_HDRS_LEN, payload, len);
    uint32_t total = NET_HDRS_LEN + len;
    if (total < NET_ETH_MIN) {
        __builtin_memset(frame + total, 0, NET_ETH_MIN - total);
        total = NET_ETH_MIN;
    }
    return (int)total;
}

enum net_verdict net_frame_classify(const uint8_t *frame, uint32_t len, int nodes,
                                    struct net_frame_info *info)
{
    if (len > CLUSTER_FRAME_MAX)
        return NET_DROP_OVERSIZE;
    if (len < CLUSTER_ETH_HDR)
        return NET_DROP_RUNT;
    uint16_t type = (uint16_t)((frame[12] << 8) | frame[13]);
    if (type != CLUSTER_ETHERTYPE)
        return NET_DROP_ETHERTYPE;
    if (len < NET_HDRS_LEN)
        return NET_DROP_RUNT;
    int src = net_rank_of_mac(frame + 6, nodes);
    if (src < 0)
        return NET_DROP_UNKNOWN_SRC;
    struct cluster_hdr h;
    __builtin_memcpy(&h, frame + CLUSTER_ETH_HDR, sizeof h);
    if (h.version != CLUSTER_WIRE_VERSION || !net_kind_known(h.kind))
        return NET_DROP_BAD_HEADER;
    uint32_t room = len - NET_HDRS_LEN;
    /* The length field must describe the frame exactly, except for zero
     * padding up to the Ethernet minimum. */
    if (h.length > room)
        return NET_DROP_BAD_HEADER;
    if (h.length < room && len > NET_ETH_MIN)
        return NET_DROP_BAD_HEADER;
    info->src_rank = src;
    info->dst_rank = net_rank_of_mac(frame, 0x10000);
    info->kind = h.kind;
    info->payload = frame + NET_HDRS_LEN;
    info->length = h.length;
    return NET_OK;
}
