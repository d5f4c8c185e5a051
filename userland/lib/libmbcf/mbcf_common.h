/* mbcf_common.h - the pieces of mbcf.h both backends share (mbcf_common.c):
 * the owner's side of a FIFO (its consumer lives in the owner's memory and
 * needs no transport) and mbcf_strerror. Internal to userland/lib/libmbcf. */
#ifndef MBCF_COMMON_H
#define MBCF_COMMON_H
#include <stddef.h>
#include "mbcf.h"

/* Checks the ring (size: mbcf_ring_size_ok; 64-byte aligned, as the kernel
 * requires), formats it and attaches *f to it as the consumer. The backend
 * then registers the ring with its transport and calls mbcf_fifo_local_free
 * if that fails. Returns 0, -MBCF_E_INVAL, or -MBCF_E_AGAIN (no memory). */
int mbcf_fifo_local_init(mbcf_fifo_t *f, void *ring, size_t bytes);
void mbcf_fifo_local_free(mbcf_fifo_t *f);

/* The backend's completion queue: take up to max entries off it, in order
 * (mbcf_guest.c, mbcf_host.c); mbcf_cq_owner.c sorts them by owner for
 * mbcf_poll_cq / mbcf_poll_cq_claimed. */
int mbcf_cq_take(mbcf_cqe_t *out, int max);
/* Take the run at the queue's front (mbcf_poll_cq_run): its first entry
 * has a bit of mask set, every entry has status MBCF_OK, the cookies
 * follow each other; at most max. Returns how many, *first the first cookie. */
int mbcf_cq_take_run(uint64_t mask, uint64_t *first, int max);
/* Length of the run starting at c[0] among the avail entries c[0..avail)
 * that lie one after the other in memory (mbcf_cq_take_run of both
 * backends), at most max; 0 when c[0] does not start one. */
static inline int mbcf_cq_run_len(const mbcf_cqe_t *c, int avail, int max, uint64_t mask)
{
    uint64_t ck = c[0].cookie;
    if (avail <= 0 || !(ck & mask) || c[0].status != MBCF_OK)
        return 0;
    if (max > avail)
        max = avail;
    if (ck + (uint64_t)max < ck)       /* the cookies would wrap past 0 */
        max = (int)(0 - ck);
    int n = 1;
    while (n < max && c[n].cookie == ck + (uint64_t)n && c[n].status == MBCF_OK)
        n++;
    return n;
}
/* Forget the claim and both stashes (tests). */
void mbcf_cq_owner_reset(void);

#endif
