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

/* peek's result by value (rc: peek's return; msg, len, src valid when rc
 * is 1): a caller's loop keeps it in registers, where out-parameters would
 * live on the stack because the fallback call takes their addresses. */
struct mbcf_fifo_entry {
    const void *msg;
    size_t len;
    int src;
    int rc;
};
/* The rest of peek (a pad, inconsistent, no consumer), out of line. */
static __attribute__((noinline, unused)) struct mbcf_fifo_entry mbcf_fifo_peek_slow(mbcf_fifo_t *f)
{
    struct mbcf_fifo_entry e = { NULL, 0, 0, 0 };
    e.rc = mbcf_fifo_peek(f, &e.msg, &e.len, &e.src);
    return e;
}
static inline struct mbcf_fifo_entry mbcf_fifo_peek_inline(mbcf_fifo_t *f)
{
    struct mbcf_fifo_entry e = { NULL, 0, 0, 0 };
    struct mbcf_ring_consumer *c = f->impl;
    if (c) {
        uint64_t w = mbcf_ring_head_word(c);
        uint32_t n;
        uint16_t s;
        if (mbcf_ring_data_entry(c, w, &e.msg, &n, &s)) {
            e.len = n;
            e.src = s;
            e.rc = 1;
            return e;
        }
        if (!(MBCF_ENT_FLAGS(w) & MBCF_ENT_VALID))
            return e;                  /* empty (a pad is VALID: the call skips it) */
    }
    return mbcf_fifo_peek_slow(f);
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
