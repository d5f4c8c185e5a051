/* net_rawq.c - bounded raw-frame receive queue (see net_rawq.h). */
#include "net_rawq.h"


void net_rawq_init(struct net_rawq *q, struct net_rawq_slot *storage, uint32_t nslots)
{
    q->head = q->tail = 0;
    q->slot = storage;
    q->nslots = storage && nslots && !(nslots & (nslots - 1)) ? nslots : 0;
}

uint32_t net_rawq_count(const struct net_rawq *q)
{
    return q->tail - q->head;   /* unsigned wrap keeps this right */
}

int net_rawq_push(struct net_rawq *q, int src_rank, const void *data, uint32_t len)
{
    if (len > CLUSTER_PAYLOAD_MAX || net_rawq_count(q) >= q->nslots)
        return -1;
    struct net_rawq_slot *s = &q->slot[q->tail & (q->nslots - 1)];
    s->src_rank = src_rank;
    s->len = len;
    if (len)
        __builtin_memcpy(s->data, data, len);
    q->tail++;
    return 0;
}

const struct net_rawq_slot *net_rawq_front(const struct net_rawq *q)
{
    if (q->head == q->tail)
        return 0;
    return &q->slot[q->head & (q->nslots - 1)];
}

void net_rawq_pop(struct net_rawq *q)
{
    if (q->head != q->tail)
        q->head++;
}
