/* mbcf_wire.c - validating parser for MBCF frames (format in mbcf_wire.h).
 * Every field is checked before the engine looks at a frame: a frame that
 * fails here is counted and dropped, never half-applied. Portable C. */
#include "mbcf_wire.h"
#include "mbcf_abi.h"
#include <string.h>

unsigned mbcf_popcount64(uint64_t v)
{
    unsigned n = 0;
    while (v) {
        v &= v - 1;
        n++;
    }
    return n;
}

static int check_ack_part(const struct mbcf_wire_hdr *h, uint64_t err_hi,
                          const uint8_t *status)
{
    if (!(h->flags & MBCF_F_ACK)) {
        if (h->nstat || h->err_mask || h->ack)
            return MBCF_WIRE_STATUS;
        if (h->flags & (MBCF_F_GAP | MBCF_F_BUSY))
            return MBCF_WIRE_FLAGS;
        return MBCF_WIRE_OK;
    }
    if (mbcf_popcount64(h->err_mask) + mbcf_popcount64(err_hi) != h->nstat)
        return MBCF_WIRE_STATUS;
    for (unsigned i = 0; i < h->nstat; i++)
        if (status[i] == MBCF_OK || status[i] > MBCF_E_TIMEOUT)
            return MBCF_WIRE_STATUS;
    return MBCF_WIRE_OK;
}

static int check_put(const struct mbcf_wire_hdr *h)
{
    int first = !!(h->flags & MBCF_F_FIRST), last = !!(h->flags & MBCF_F_LAST);
    if (h->total > MBCF_WIRE_PUT_MAX || h->len > MBCF_FRAG_MAX)
        return MBCF_WIRE_RANGE;
    if ((uint64_t)h->offset + h->len > h->total)
        return MBCF_WIRE_RANGE;
    if (h->len == 0 && h->total != 0)   /* only an empty operation has an empty fragment */
        return MBCF_WIRE_RANGE;
    if (first != (h->offset == 0) || last != (h->offset + h->len == h->total))
        return MBCF_WIRE_FLAGS;
    if (h->addr < h->offset)            /* operation would start below 0 */
        return MBCF_WIRE_RANGE;
    uint64_t base = h->addr - h->offset;
    if (base + h->total < base)         /* operation wraps the address space */
        return MBCF_WIRE_RANGE;
    return MBCF_WIRE_OK;
}

static int check_fifo(const struct mbcf_wire_hdr *h)
{
    if ((h->flags & (MBCF_F_FIRST | MBCF_F_LAST)) != (MBCF_F_FIRST | MBCF_F_LAST))
        return MBCF_WIRE_FLAGS;
    if (h->len > MBCF_WIRE_FIFO_MAX || h->total != h->len || h->offset != 0)
        return MBCF_WIRE_RANGE;
    return MBCF_WIRE_OK;
}

int mbcf_wire_parse(const void *buf, size_t len, struct mbcf_frame *f)
{
    if (len < MBCF_WIRE_HDR)
        return MBCF_WIRE_SHORT;
    if (len > MBCF_WIRE_MAX)
        return MBCF_WIRE_LENGTH;
    struct mbcf_wire_hdr *h = &f->h;
    memcpy(h, buf, MBCF_WIRE_HDR);
    if ((size_t)MBCF_WIRE_HDR + h->len + h->nstat != len)
        return MBCF_WIRE_LENGTH;
    f->data = (const uint8_t *)buf + MBCF_WIRE_HDR;
    f->status = f->data + h->len;
    if (h->flags & ~MBCF_F_ALL)
        return MBCF_WIRE_FLAGS;
    int wide = (h->flags & MBCF_F_WIDE) && h->type != MBCF_T_DATA;
    f->err_hi = wide ? (uint64_t)h->total | (uint64_t)h->offset << 32 : 0;
    int err = check_ack_part(h, f->err_hi, f->status);
    if (err)
        return err;
    if (h->type == MBCF_T_ACK || h->type == MBCF_T_BYE) {
        if (h->op != 0)
            return MBCF_WIRE_TYPE;
        if (!(h->flags & MBCF_F_ACK) || (h->flags & (MBCF_F_FIRST | MBCF_F_LAST)) ||
            (h->type == MBCF_T_BYE && (h->flags & (MBCF_F_PROBE | MBCF_F_SACK))))
            return MBCF_WIRE_FLAGS;
        if ((h->flags & MBCF_F_WIDE) && !(h->flags & MBCF_F_ACK))
            return MBCF_WIRE_FLAGS;
        if (h->len || h->seq || h->task || (!wide && (h->total || h->offset)) ||
            (h->addr && !(h->flags & MBCF_F_SACK)))
            return MBCF_WIRE_RANGE;
        if (h->addr >> (MBCF_ACK_SPAN - 1))   /* at most 63 frames beyond ack */
            return MBCF_WIRE_RANGE;
        return MBCF_WIRE_OK;
    }
    if (h->type != MBCF_T_DATA)
        return MBCF_WIRE_TYPE;
    if (h->flags & (MBCF_F_PROBE | MBCF_F_SACK | MBCF_F_WIDE))
        return MBCF_WIRE_FLAGS;
    if (h->op == MBCF_OP_PUT)
        return check_put(h);
    if (h->op == MBCF_OP_FIFO)
        return check_fifo(h);
    return MBCF_WIRE_TYPE;
}

uint32_t mbcf_wire_span(const struct mbcf_frame *f)
{
    return (f->h.flags & MBCF_F_WIDE) && f->h.type != MBCF_T_DATA ? MBCF_ACK_SPAN_WIDE
                                                                   : MBCF_ACK_SPAN;
}

void mbcf_wire_set_err_hi(struct mbcf_wire_hdr *h, uint64_t err_hi)
{
    h->total = (uint32_t)err_hi;
    h->offset = (uint32_t)(err_hi >> 32);
}

/* Status byte for bit `bit` of mask m, the bytes of m starting at index first. */
static int status_at(const struct mbcf_frame *f, uint64_t m, unsigned bit, unsigned first)
{
    if (!(m & ((uint64_t)1 << bit)))
        return MBCF_OK;
    uint64_t below = bit ? m & (((uint64_t)1 << bit) - 1) : 0;
    return f->status[first + mbcf_popcount64(below)];
}

int mbcf_wire_status_of(const struct mbcf_frame *f, uint32_t seq)
{
    uint32_t back = f->h.ack - seq;     /* 1 .. 64 (128 wide) for covered frames */
    if (back == 0 || back > mbcf_wire_span(f))
        return MBCF_OK;
    if (back > MBCF_ACK_SPAN)           /* err_hi: its status bytes come first */
        return status_at(f, f->err_hi, MBCF_ACK_SPAN_WIDE - back, 0);
    return status_at(f, f->h.err_mask, MBCF_ACK_SPAN - back, mbcf_popcount64(f->err_hi));
}

const char *mbcf_wire_err_name(int err)
{
    static const char *names[MBCF_WIRE_NERR] = {
        "ok", "short", "length", "type", "flags", "status", "range",
    };
    if (err < 0 || err >= MBCF_WIRE_NERR)
        return "?";
    return names[err];
}
