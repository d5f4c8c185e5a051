/* mbcf_fifo_inline.h - mbcf_fifo_peek and mbcf_fifo_pop (mbcf.h) as inline
 * functions for a library's hot drain loop (libmpi_mbcf's pml_rx_peer): the
 * common cases, a data entry at the head or an empty ring, without a call
 * (the ring layer's inline pieces, mbcf/mbcf_fifo_ring.h); anything else (a
 * pad, inconsistent, no consumer) takes mbcf_fifo_peek. Same results as the
 * calls. Both backends keep a struct mbcf_ring_consumer in f->impl
 * (mbcf_common.c, mbcf_fifo_local_init). */
#ifndef MBCF_FIFO_INLINE_H
#define MBCF_FIFO_INLINE_H
#include "mbcf.h"
#include "mbcf_fifo_ring.h"

static inline int mbcf_fifo_peek_inline(mbcf_fifo_t *f, const void **msg, size_t *len,
                                        int *src_node)
{
    struct mbcf_ring_consumer *c = f->impl;
    uint32_t n;
    uint16_t s;
    if (c) {
        uint64_t w = mbcf_ring_head_word(c);
        if (mbcf_ring_data_entry(c, w, msg, &n, &s)) {
            *len = n;
            *src_node = s;
            return 1;
        }
        if (!(MBCF_ENT_FLAGS(w) & MBCF_ENT_VALID))
            return 0;                  /* empty (a pad is VALID: the call skips it) */
    }
    return mbcf_fifo_peek(f, msg, len, src_node);
}

static inline void mbcf_fifo_pop_inline(mbcf_fifo_t *f)
{
    struct mbcf_ring_consumer *c = f->impl;
    if (c) {
        mbcf_ring_pop(c);
        f->head = c->head;
        f->head_off = c->hoff;
    }
}

#endif
