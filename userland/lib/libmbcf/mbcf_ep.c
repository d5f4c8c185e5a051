/* mbcf_ep.c - endpoint <-> (node, local index) mapping (mbcf_ep.h, docs/ppn.md). */
#include "mbcf_ep.h"

static int ok(int nodes, int ppn)
{
    return nodes >= 1 && ppn >= 1 && ppn <= MBCF_EP_PPN_MAX;
}

int mbcf_ep_make(int node, int local, int nodes, int ppn)
{
    if (!ok(nodes, ppn) || node < 0 || node >= nodes || local < 0 || local >= ppn)
        return -1;
    return node * ppn + local;
}

int mbcf_ep_node(int ep, int nodes, int ppn)
{
    if (!ok(nodes, ppn) || ep < 0 || ep / ppn >= nodes)
        return -1;
    return ep / ppn;
}

int mbcf_ep_local(int ep, int nodes, int ppn)
{
    if (!ok(nodes, ppn) || ep < 0 || ep / ppn >= nodes)
        return -1;
    return ep % ppn;
}

uint64_t mbcf_ep_dead_mask(uint64_t node_mask, int ppn)
{
    uint64_t m = 0;
    if (ppn < 1 || ppn > MBCF_EP_PPN_MAX)
        return 0;
    for (int n = 0; n < 64 && n * ppn < 64; n++)
        if (node_mask >> n & 1)
            for (int l = 0; l < ppn && n * ppn + l < 64; l++)
                m |= (uint64_t)1 << (n * ppn + l);
    return m;
}
