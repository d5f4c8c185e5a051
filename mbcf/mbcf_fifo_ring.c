/* mbcf_fifo_ring.c - memory-based FIFO ring: append (kernel glue, host library)
 * and peek/pop (owner). Layout and trust rules in mbcf_fifo_ring.h. Portable C. */
#include "mbcf_fifo_ring.h"
#include "mbcf_abi.h"
#include <string.h>

#define CTRL_HEAD  0
#define CTRL_TAIL  8
#define CTRL_MAGIC 16   /* magic (low 32 bits) and dsize (high 32 bits) */

int mbcf_ring_size_ok(uint64_t bytes)
{
    return bytes >= MBCF_RING_MIN && bytes <= (1ull << 31) && (bytes & (bytes - 1)) == 0;
}

int mbcf_ring_producer_init(struct mbcf_ring_producer *p, uint64_t bytes)
{
    if (!mbcf_ring_size_ok(bytes))
        return MBCF_E_INVAL;
    p->bytes = bytes;
    p->dsize = bytes - MBCF_RING_CTRL;
    p->tail = 0;
    p->appended = 0;
    return MBCF_OK;
}

int mbcf_ring_format(const struct mbcf_ring_io *io, uint64_t bytes)
{
    if (!mbcf_ring_size_ok(bytes))
        return MBCF_E_INVAL;
    for (uint64_t off = 0; off < bytes; off += 8) {
        int st = io->store64(io->ctx, off, 0);
        if (st)
            return st;
    }
    uint64_t w = MBCF_RING_MAGIC | ((bytes - MBCF_RING_CTRL) << 32);
    return io->store64(io->ctx, CTRL_MAGIC, w);
}

int mbcf_ring_append(struct mbcf_ring_producer *p, const struct mbcf_ring_io *io,
                     uint16_t src, const void *data, uint32_t len)
{
    if (len > MBCF_FIFO_ENTRY_MAX)
        return MBCF_E_TOOLONG;
    uint64_t need = mbcf_ring_entry_bytes(len);
    if (2 * need > p->dsize)             /* could never fit with a pad in front */
        return MBCF_E_TOOLONG;
    uint64_t head;
    int st = io->load64(io->ctx, CTRL_HEAD, &head);
    if (st)
        return st;
    /* The owner's head is the only thing read from the ring: check it. */
    if ((head & 7) || head > p->tail || p->tail - head > p->dsize)
        return MBCF_E_FIFO_CORRUPT;
    uint64_t idx = p->tail % p->dsize;
    uint64_t to_end = p->dsize - idx;
    uint64_t pad = need > to_end ? to_end : 0;
    uint64_t start = pad ? 0 : idx;      /* data-area index of the entry */
    if (p->tail + pad + need - head > p->dsize)
        return MBCF_E_FIFO_FULL;
    uint64_t base = MBCF_RING_CTRL;
    if (len && (st = io->copy_in(io->ctx, base + start + 8, data, len)))
        return st;
    uint64_t new_tail = p->tail + pad + need;
    /* Clear the header slot after the entry so the consumer stops there,
     * unless that slot is the owner's unconsumed head entry (ring full). */
    if (new_tail - head < p->dsize &&
        (st = io->store64(io->ctx, base + new_tail % p->dsize, 0)))
        return st;
    st = io->store64(io->ctx, base + start, MBCF_ENT_WORD(len, src, MBCF_ENT_VALID));
    if (st)
        return st;
    if (pad && (st = io->store64(io->ctx, base + idx,
                                 MBCF_ENT_WORD(pad - 8, 0, MBCF_ENT_VALID | MBCF_ENT_PAD))))
        return st;
    p->tail = new_tail;
    p->appended++;
    io->store64(io->ctx, CTRL_TAIL, new_tail);   /* informational; failure harmless */
    return MBCF_OK;
}

/* ---- direct io ---- */
static int direct_load64(void *ctx, uint64_t off, uint64_t *v)
{
    *v = __atomic_load_n((uint64_t *)((uint8_t *)ctx + off), __ATOMIC_ACQUIRE);
    return 0;
}

static int direct_store64(void *ctx, uint64_t off, uint64_t v)
{
    __atomic_store_n((uint64_t *)((uint8_t *)ctx + off), v, __ATOMIC_RELEASE);
    return 0;
}

static int direct_copy_in(void *ctx, uint64_t off, const void *src, uint32_t len)
{
    memcpy((uint8_t *)ctx + off, src, len);
    return 0;
}

void mbcf_ring_io_direct(struct mbcf_ring_io *io, void *ring)
{
    io->ctx = ring;
    io->load64 = direct_load64;
    io->store64 = direct_store64;
    io->copy_in = direct_copy_in;
}

/* ---- consumer ---- */
int mbcf_ring_attach(struct mbcf_ring_consumer *c, void *ring, uint64_t bytes)
{
    if (!ring || ((uintptr_t)ring & 7) || !mbcf_ring_size_ok(bytes))
        return MBCF_E_INVAL;
    c->ring = ring;
    c->dsize = bytes - MBCF_RING_CTRL;
    c->head = __atomic_load_n((uint64_t *)ring, __ATOMIC_ACQUIRE);
    c->hoff = c->head % c->dsize;
    c->cur = 0;
    return MBCF_OK;
}

int mbcf_ring_init_local(struct mbcf_ring_consumer *c, void *ring, uint64_t bytes)
{
    if (!ring || ((uintptr_t)ring & 7) || !mbcf_ring_size_ok(bytes))
        return MBCF_E_INVAL;
    struct mbcf_ring_io io;
    mbcf_ring_io_direct(&io, ring);
    mbcf_ring_format(&io, bytes);
    return mbcf_ring_attach(c, ring, bytes);
}

int mbcf_ring_peek(struct mbcf_ring_consumer *c, const void **msg, uint32_t *len,
                   uint16_t *src)
{
    for (int pads = 0; pads < 2; pads++) {
        uint64_t w = mbcf_ring_head_word(c);
        if (mbcf_ring_data_entry(c, w, msg, len, src))
            return 1;
        uint16_t fl = MBCF_ENT_FLAGS(w);
        if (!(fl & MBCF_ENT_VALID))
            return 0;
        if (!(fl & MBCF_ENT_PAD))      /* a data entry too long or beyond the area */
            return -MBCF_E_FIFO_CORRUPT;
        if (MBCF_ENT_LEN(w) != c->dsize - c->hoff - 8)
            return -MBCF_E_FIFO_CORRUPT;
        mbcf_ring_advance(c, MBCF_ENT_LEN(w) + 8);
    }
    return -MBCF_E_FIFO_CORRUPT;   /* two pads in a row cannot happen */
}
