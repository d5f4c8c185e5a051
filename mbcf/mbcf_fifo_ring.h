/* mbcf_fifo_ring.h - layout and logic of a memory-based FIFO (seed 003 sec 2.1:
 * the receiving user allocates a region of its own address space, tells the
 * system it is a FIFO ring buffer, and remote nodes append to it).
 *
 * Shared by the kernel glue (append), the guest library and the host library
 * (peek/pop, and append for the host library). Portable C, no kernel headers.
 *
 * Ring memory, `bytes` long (power of two >= 4096), owned by the consumer:
 *   offset 0  : struct mbcf_ring_ctrl (64 bytes)
 *   offset 64 : data area of dsize = bytes - 64 bytes, holding entries
 * Positions (head, tail) are monotonic byte counts into the data area; the
 * byte of position p is at data[p % dsize].
 * An entry is 8-byte aligned: an 8-byte header {u32 len; u16 src; u16 flags}
 * written as ONE 8-byte store after its data (VALID becomes visible last),
 * then len data bytes, padded to 8. When an entry does not fit before the end
 * of the data area, a PAD entry covers the rest and the entry starts at 0.
 *
 * Trust: the appender (kernel) keeps tail and dsize itself, from registration,
 * and never trusts the ring for them. It reads only ctrl.head, written by the
 * owner, and validates it (aligned, head <= tail, tail - head <= dsize); a bad
 * head makes the append fail with MBCF_E_FIFO_CORRUPT and writes nothing.
 * Whatever the owner scribbles, the appender writes only inside the data area.
 * The consumer clears each entry header it consumes and then advances head.
 */
#ifndef MBCF_FIFO_RING_H
#define MBCF_FIFO_RING_H
#include <stdint.h>
#include <stddef.h>
#include "mbcf_abi.h"

/* Ring layout constants, struct mbcf_ring_ctrl and the entry word: uapi/mbcf_abi.h. */

/* Bytes an entry of len data bytes occupies. */
static inline uint64_t mbcf_ring_entry_bytes(uint32_t len)
{
    return 8 + (((uint64_t)len + 7) & ~(uint64_t)7);
}

/* Is `bytes` an acceptable ring size? */
int mbcf_ring_size_ok(uint64_t bytes);

/* How the appender reaches the ring memory (offsets from the ring start).
 * The kernel implements this through the owner's page tables; user code uses
 * mbcf_ring_io_direct. Each call returns 0, or an MBCF_E_* status on failure. */
struct mbcf_ring_io {
    void *ctx;
    int (*load64)(void *ctx, uint64_t off, uint64_t *v);        /* aligned, atomic */
    int (*store64)(void *ctx, uint64_t off, uint64_t v);        /* aligned, release */
    int (*copy_in)(void *ctx, uint64_t off, const void *src, uint32_t len);
};

/* Appender's own state, from registration (never read back from the ring). */
struct mbcf_ring_producer {
    uint64_t bytes;   /* ring size */
    uint64_t dsize;   /* bytes - MBCF_RING_CTRL */
    uint64_t tail;    /* next append position */
    uint64_t appended;
};

/* Set up producer state for a ring of `bytes` and initialise the ring's control
 * block and data area through io (head = tail = 0, all entries clear).
 * The owner must call this (or mbcf_ring_init_local) before any append.
 * Returns 0 or MBCF_E_INVAL. */
int mbcf_ring_producer_init(struct mbcf_ring_producer *p, uint64_t bytes);
int mbcf_ring_format(const struct mbcf_ring_io *io, uint64_t bytes);

/* Append one whole entry. Returns MBCF_OK, MBCF_E_TOOLONG (len > 1400 or bigger
 * than the ring can ever hold), MBCF_E_FIFO_FULL (no room now, nothing
 * written), MBCF_E_FIFO_CORRUPT (bad head, nothing written), or an io error. */
int mbcf_ring_append(struct mbcf_ring_producer *p, const struct mbcf_ring_io *io,
                     uint16_t src, const void *data, uint32_t len);

/* Direct io on memory the caller can address (user library, tests). */
void mbcf_ring_io_direct(struct mbcf_ring_io *io, void *ring);

/* ---- consumer side (owner), on ring memory it addresses directly ---- */
struct mbcf_ring_consumer {
    uint8_t *ring;
    uint64_t dsize;
    uint64_t head;    /* local consume position, published to ctrl.head on pop */
    uint64_t hoff;    /* head % dsize, kept as head moves: no division per look */
    uint64_t cur;     /* bytes the entry returned by peek occupies (0 = none) */
};

/* Initialise ring memory (bytes long) and the consumer. Returns 0 or MBCF_E_INVAL. */
int mbcf_ring_init_local(struct mbcf_ring_consumer *c, void *ring, uint64_t bytes);
/* Attach to an already formatted ring without clearing it. */
int mbcf_ring_attach(struct mbcf_ring_consumer *c, void *ring, uint64_t bytes);
/* Next entry: returns 1 and sets msg, len, src; 0 when empty, or
 * -MBCF_E_FIFO_CORRUPT when the entry at head is inconsistent. Skips pads. */
int mbcf_ring_peek(struct mbcf_ring_consumer *c, const void **msg, uint32_t *len,
                   uint16_t *src);

/* Inline pieces of peek and pop, for the consumers' hot loops (the
 * libraries' FIFO drains): the entry word at head, read once (acquire). */
static inline uint64_t mbcf_ring_head_word(const struct mbcf_ring_consumer *c)
{
    return __atomic_load_n((const uint64_t *)(const void *)(c->ring + MBCF_RING_CTRL + c->hoff),
                           __ATOMIC_ACQUIRE);
}
/* Is head word w a data entry that lies inside the data area? Then 1 with
 * msg, len, src set and the entry noted for pop; else 0 (empty, a pad, or
 * inconsistent: mbcf_ring_peek tells which). The common case of peek. */
static inline int mbcf_ring_data_entry(struct mbcf_ring_consumer *c, uint64_t w,
                                       const void **msg, uint32_t *len, uint16_t *src)
{
    uint64_t idx = c->hoff;
    uint32_t n = MBCF_ENT_LEN(w);
    if ((MBCF_ENT_FLAGS(w) & (MBCF_ENT_VALID | MBCF_ENT_PAD)) != MBCF_ENT_VALID ||
        n > MBCF_FIFO_ENTRY_MAX || idx + mbcf_ring_entry_bytes(n) > c->dsize)
        return 0;
    *msg = c->ring + MBCF_RING_CTRL + idx + 8;
    *len = n;
    *src = MBCF_ENT_SRC(w);
    c->cur = mbcf_ring_entry_bytes(n);
    return 1;
}
/* Clear the header at head, move head by bytes and publish it (ctrl.head).
 * An entry or pad never crosses the end of the data area, so hoff + bytes is
 * at most dsize: one subtraction wraps it. */
static inline void mbcf_ring_advance(struct mbcf_ring_consumer *c, uint64_t bytes)
{
    __atomic_store_n((uint64_t *)(void *)(c->ring + MBCF_RING_CTRL + c->hoff), 0,
                     __ATOMIC_RELAXED);
    c->head += bytes;
    c->hoff += bytes;
    if (c->hoff >= c->dsize)
        c->hoff -= c->dsize;
    __atomic_store_n((uint64_t *)(void *)c->ring, c->head, __ATOMIC_RELEASE);
}
/* Release the entry returned by the last successful peek. */
static inline void mbcf_ring_pop(struct mbcf_ring_consumer *c)
{
    if (!c->cur)
        return;
    mbcf_ring_advance(c, c->cur);
    c->cur = 0;
}

#endif
