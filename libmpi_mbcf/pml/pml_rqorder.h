/* pml_rqorder.h - the request-channel items of one peer (W_REQ, W_CTS,
 * W_CANCEL) put back into their numbered order (wire.pad, pml_sreq.c).
 * They come through two FIFOs (attached to message entries, or the
 * send-request FIFO) and are handled strictly in number order; an item that
 * arrives before an earlier one is kept here, so neither FIFO ever waits at
 * its head for the other. Waiting there would tie the two FIFOs together:
 * a stopped message FIFO fills its ring, MBCF holds the next append to it
 * and every later frame of that node pair behind it (mbcf.h: one ordered
 * stream per pair), the append of the awaited item included, until the
 * engine's FIFO-full timeout. Portable C, no MBCF. */
#ifndef LIBMPI_MBCF_PML_RQORDER_H
#define LIBMPI_MBCF_PML_RQORDER_H
#include <stdint.h>
#include "wire.h"

struct rq_order {
    uint32_t done;     /* number of the last item handed out (0: none yet) */
    int cap;           /* slots (a power of two, or 0) */
    int n;             /* items kept */
    struct wire *slot; /* item number k in slot[k & (cap - 1)] ... */
    uint8_t *used;     /* ... when used[k & (cap - 1)] */
};

void rq_order_init(struct rq_order *o);
void rq_order_destroy(struct rq_order *o);
/* Item w (number w->pad) arrived: 1 it is the next one (the caller handles
 * it now, then calls rq_order_next for kept successors), 0 kept for later
 * or a duplicate of a handled one (dropped), -1 out of memory. */
int rq_order_arrive(struct rq_order *o, const struct wire *w);
/* The next item if it was kept (copied to *out, taken): 1, else 0. */
int rq_order_next(struct rq_order *o, struct wire *out);

#endif
