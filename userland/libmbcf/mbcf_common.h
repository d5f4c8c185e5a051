/* mbcf_common.h - the pieces of mbcf.h both backends share (mbcf_common.c):
 * the owner's side of a FIFO (its consumer lives in the owner's memory and
 * needs no transport) and mbcf_strerror. Internal to userland/libmbcf. */
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
/* Forget the claim and both stashes (tests). */
void mbcf_cq_owner_reset(void);

#endif
