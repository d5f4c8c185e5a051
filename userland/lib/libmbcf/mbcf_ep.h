/* mbcf_ep.h - MBCF endpoints with several processes per node (--ppn, docs/ppn.md): the endpoint (= MPI rank) of process `local` of
 * node `node` is node * ppn + local; its MBCF address is (node, task =
 * local). Portable C (no system calls), unit-tested on the host
 * (tests/host/test_mbcf_ep.c); used by the guest library. */
#ifndef MBCF_EP_H
#define MBCF_EP_H
#include <stdint.h>

#define MBCF_EP_PPN_MAX 64   /* the launcher's --ppn limit; the SQE task is one byte */

/* Endpoint of (node, local), or -1 when out of range (nodes >= 1, 1 <= ppn <= MBCF_EP_PPN_MAX). */
int mbcf_ep_make(int node, int local, int nodes, int ppn);
/* Node and local index of endpoint ep; -1 for an endpoint outside nodes * ppn. */
int mbcf_ep_node(int ep, int nodes, int ppn);
int mbcf_ep_local(int ep, int nodes, int ppn);
/* Nodes declared dead (bit n = node n) -> endpoints that died with them
 * (bits n*ppn .. n*ppn+ppn-1; endpoints >= 64 are not representable). */
uint64_t mbcf_ep_dead_mask(uint64_t node_mask, int ppn);
#endif
