/* e1000_ring.h - descriptor ring index arithmetic for the e1000 driver.
 * Portable (host-tested in tests/host/test_net_ring.c).
 * The hardware owns descriptors from head (RDH/TDH) up to, not including,
 * tail (RDT/TDT); head == tail means "hardware owns none" (82540EM manual
 * 3.2.6 receive, 3.4 transmit). Ring sizes are powers of two. */
#ifndef E1000_RING_H
#define E1000_RING_H
#include <stdint.h>

static inline uint32_t ring_next(uint32_t i, uint32_t size)
{
    return (i + 1) & (size - 1);
}

static inline uint32_t ring_add(uint32_t i, uint32_t n, uint32_t size)
{
    return (i + n) & (size - 1);
}

/* Entries from a to b going forward (b - a mod size). */
static inline uint32_t ring_dist(uint32_t a, uint32_t b, uint32_t size)
{
    return (b - a) & (size - 1);
}

/* TX: descriptors software may fill, given the oldest not yet reclaimed
 * (clean) and the next to fill (tail). One slot stays empty so that a full
 * ring never looks like an empty one (tail == head). */
static inline uint32_t ring_tx_free(uint32_t clean, uint32_t tail, uint32_t size)
{
    return size - 1 - ring_dist(clean, tail, size);
}

/* RX: the receive tail register is kept one slot behind the next descriptor
 * software will read (RDT = next - 1), so RDH never catches RDT while buffers
 * are free (QEMU stalls receive when RDH == RDT). */
static inline uint32_t ring_rx_tail_for(uint32_t next_to_read, uint32_t size)
{
    return (next_to_read + size - 1) & (size - 1);
}

#endif
