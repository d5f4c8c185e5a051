/* net_rawq.h - the bounded queue of received raw frames (CLUSTER_KIND_RAW)
 * waiting for SYS_raw_recv. Fixed slots, copies payloads in; full -> caller
 * counts drop_queue_full. Portable C, host-tested (tests/host/test_net_rawq.c).
 * Not locked: the kernel serialises access (kernel/net/net_core.c). */
#ifndef NET_RAWQ_H
#define NET_RAWQ_H
#include <stdint.h>
#include "uapi/cluster_abi.h"

/* Slots the kernel gives the queue: as many as receive descriptors, so a full
 * NIC ring drained at once still fits (1024 x 1.5 KiB, allocated at boot). */
#define NET_RAWQ_SLOTS 1024u

struct net_rawq_slot {
    int32_t src_rank;
    uint32_t len;
    uint8_t data[CLUSTER_PAYLOAD_MAX];
};

struct net_rawq {
    uint32_t head;   /* next slot to read (free-running, wraps at 2^32) */
    uint32_t tail;   /* next slot to write */
    uint32_t nslots; /* power of two; 0 = no storage (every push fails) */
    struct net_rawq_slot *slot;
};

/* Use `nslots` (a power of two) slots at `storage`; storage may be NULL with nslots 0. */
void net_rawq_init(struct net_rawq *q, struct net_rawq_slot *storage, uint32_t nslots);
uint32_t net_rawq_count(const struct net_rawq *q);
/* Copy a payload in. Returns 0, or -1 when the queue is full or len too big
 * (nothing is changed then). */
int net_rawq_push(struct net_rawq *q, int src_rank, const void *data, uint32_t len);
/* Oldest entry or NULL when empty; valid until net_rawq_pop(). */
const struct net_rawq_slot *net_rawq_front(const struct net_rawq *q);
void net_rawq_pop(struct net_rawq *q);

#endif
