/* mbcf_common.c - what the guest (mbcf_guest.c) and host (mbcf_host.c)
 * backends of mbcf.h share: FIFO consumption by the owner (create's local
 * part, peek, pop) over the ring logic of mbcf/mbcf_fifo_ring.c, and the
 * status texts. */
#include <stdint.h>
#include <stdlib.h>
#include "mbcf_common.h"
#include "mbcf_fifo_ring.h"

int mbcf_fifo_local_init(mbcf_fifo_t *f, void *ring, size_t bytes)
{
    if (!f || !ring || !mbcf_ring_size_ok(bytes) || ((uintptr_t)ring & 63))
        return -MBCF_E_INVAL;
    struct mbcf_ring_consumer *c = malloc(sizeof *c);
    if (!c)
        return -MBCF_E_AGAIN;
    if (mbcf_ring_init_local(c, ring, bytes)) {
        free(c);
        return -MBCF_E_INVAL;
    }
    f->ring = ring;
    f->bytes = bytes;
    f->head = 0;
    f->head_off = 0;
    f->impl = c;
    return 0;
}

void mbcf_fifo_local_free(mbcf_fifo_t *f)
{
    free(f->impl);
    f->impl = NULL;
}

int mbcf_fifo_peek(mbcf_fifo_t *f, const void **msg, size_t *len, int *src_node)
{
    struct mbcf_ring_consumer *c = f->impl;
    if (!c)
        return -MBCF_E_INVAL;
    uint32_t l;
    uint16_t s;
    int r = mbcf_ring_peek(c, msg, &l, &s);
    f->head = c->head;                 /* pads skipped */
    f->head_off = c->hoff;
    if (r != 1)
        return r;
    *len = l;
    if (src_node)
        *src_node = s;
    return 1;
}

void mbcf_fifo_pop(mbcf_fifo_t *f)
{
    struct mbcf_ring_consumer *c = f->impl;
    if (!c)
        return;
    mbcf_ring_pop(c);
    f->head = c->head;
    f->head_off = c->hoff;
}

const char *mbcf_strerror(int status)
{
    static const char *const s[] = {
        "ok", "target page not exported", "target page exported read-only",
        "target address not mapped", "target address in kernel space",
        "target address not canonical", "no such task on the target node",
        "length beyond the operation's limit", "no FIFO registered at that address",
        "FIFO full", "FIFO control fields inconsistent", "no such node",
        "local submission queue full", "bad local argument", "wait timed out",
        "peer node dead (its task ended, or it stopped answering)",
    };
    if (status < 0)
        status = -status;
    return status < (int)(sizeof s / sizeof s[0]) ? s[status] : "unknown MBCF status";
}
