/* fuzz_mbcf_wire.c - libFuzzer target for the MBCF frame parser: any input is
 * either rejected with a reason or accepted with every field consistent. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include "mbcf_wire.h"
#include "mbcf_abi.h"

/* libFuzzer calls this (its interface has no header of its own). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct mbcf_frame f;
    int err = mbcf_wire_parse(data, size, &f);
    if (err < 0 || err >= MBCF_WIRE_NERR)
        abort();
    if (err)
        return 0;
    if (size != MBCF_WIRE_HDR + (size_t)f.h.len + f.h.nstat || size > MBCF_WIRE_MAX)
        abort();
    if (f.data != data + MBCF_WIRE_HDR || f.status != f.data + f.h.len)
        abort();
    if (f.h.type == MBCF_T_DATA && f.h.op == MBCF_OP_PUT &&
        ((uint64_t)f.h.offset + f.h.len > f.h.total || f.h.total > MBCF_PUT_MAX))
        abort();
    if (f.h.type == MBCF_T_DATA && f.h.op == MBCF_OP_FIFO && f.h.len > MBCF_FIFO_ENTRY_MAX)
        abort();
    if (f.h.flags & MBCF_F_ACK)
        for (uint32_t back = 1; back <= MBCF_ACK_SPAN; back++) {
            int st = mbcf_wire_status_of(&f, f.h.ack - back);
            if (st < 0 || st > MBCF_E_TIMEOUT)
                abort();
        }
    return 0;
}
