/* fuzz_mbcf_engine.c - libFuzzer target for the MBCF engine receive path (and
 * its interplay with posting and timers). The input is a script of commands:
 *   [cmd][len lo][len hi][len bytes]
 * cmd % 5: 0 frame to node 1 from node 0, 1 frame to node 0 from node 1,
 * 2 post a remote write or FIFO append (parameters from the bytes),
 * 3 advance the clock and tick both nodes, 4 end of receive batch.
 * Target memory is a small buffer; the callbacks abort on any write outside
 * it or any inconsistency, and ASan/UBSan catch the rest. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "mbcf_engine.h"
#include "mbcf_fifo_ring.h"
#include "mbcf_abi.h"

#define MEM_VA 0x100000ull
#define MEM_BYTES 65536
#define FIFO_VA (MEM_VA + 32768)
#define FIFO_BYTES 8192

struct node {
    int rank;
    uint8_t mem[MEM_BYTES];
    struct mbcf_ring_producer prod;
    struct mbcf_engine *eng;
    uint64_t posted, completed;
};
static struct node nodes[2];
static uint64_t now;
static uint8_t srcbuf[1u << 16];
static uint8_t engmem[2][1 << 15] __attribute__((aligned(16)));

static int cb_send(void *ctx, int dst, const void *f, uint32_t len)
{
    (void)ctx;
    struct mbcf_frame fr;
    if (dst < 0 || dst > 1 || mbcf_wire_parse(f, len, &fr) != MBCF_WIRE_OK)
        abort();   /* the engine only ever sends well-formed frames */
    return 0;
}
static uint64_t cb_now(void *ctx) { (void)ctx; return now; }
static int cb_check(void *ctx, uint16_t task, uint64_t va, uint64_t len)
{
    (void)ctx;
    if (task)
        return MBCF_E_NOTASK;
    if (va < MEM_VA || va + len > MEM_VA + 32768 || va + len < va)
        return MBCF_E_UNMAPPED;
    return MBCF_OK;
}
static int cb_write(void *ctx, uint16_t task, uint64_t va, const void *d, uint32_t len)
{
    struct node *n = ctx;
    int st = cb_check(ctx, task, va, len);
    if (st)
        return st;
    memcpy(n->mem + (va - MEM_VA), d, len);
    return MBCF_OK;
}
static int cb_fifo(void *ctx, uint16_t task, uint64_t fifo, int src, const void *d, uint32_t len)
{
    struct node *n = ctx;
    if (task)
        return MBCF_E_NOTASK;
    if (fifo != FIFO_VA)
        return MBCF_E_NOFIFO;
    struct mbcf_ring_io io;
    mbcf_ring_io_direct(&io, n->mem + (FIFO_VA - MEM_VA));
    return mbcf_ring_append(&n->prod, &io, (uint16_t)src, d, len);
}
static int cb_send_data(void *ctx, int dst, const struct mbcf_wire_hdr *h, uint64_t src,
                        const uint8_t *status)
{
    uint8_t f[MBCF_WIRE_MAX];
    if (src > sizeof srcbuf || h->len > sizeof srcbuf - src)
        return MBCF_E_INVAL;
    if ((uint32_t)MBCF_WIRE_HDR + h->len + h->nstat > sizeof f)
        abort();
    memcpy(f, h, MBCF_WIRE_HDR);
    memcpy(f + MBCF_WIRE_HDR, srcbuf + src, h->len);
    memcpy(f + MBCF_WIRE_HDR + h->len, status, h->nstat);
    return cb_send(ctx, dst, f, MBCF_WIRE_HDR + h->len + h->nstat);
}
static void cb_complete(void *ctx, uint64_t cookie, int node, int status)
{
    struct node *n = ctx;
    (void)cookie;
    if (node != 1 - n->rank || status < 0 || status > MBCF_E_PEER_DEAD)
        abort();
    n->completed++;
    if (n->completed > n->posted)
        abort();   /* more completions than operations */
}
static void *cb_alloc(void *ctx, size_t bytes) { (void)ctx; return calloc(1, bytes); }
static void cb_release(void *ctx, void *p) { (void)ctx; free(p); }

/* libFuzzer calls this (its interface has no header of its own). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (sizeof engmem[0] < mbcf_engine_size())
        abort();
    now = 1000;
    for (int i = 0; i < 2; i++) {
        struct node *n = &nodes[i];
        memset(n, 0, sizeof *n);
        n->rank = i;
        struct mbcf_ring_io io;
        mbcf_ring_io_direct(&io, n->mem + (FIFO_VA - MEM_VA));
        mbcf_ring_format(&io, FIFO_BYTES);
        mbcf_ring_producer_init(&n->prod, FIFO_BYTES);
        struct mbcf_config c;
        mbcf_config_default(&c, i, 2);
        c.fifo_full_timeout_ns = 1000000;
        struct mbcf_callbacks cb = { n, cb_send, cb_now, cb_check, cb_write, cb_fifo,
                                     cb_send_data, cb_complete, cb_alloc, NULL };
        n->eng = mbcf_engine_init(engmem[i], &c, &cb);
        if (!n->eng)
            abort();
    }
    size_t pos = 0;
    while (pos + 3 <= size) {
        uint8_t cmd = data[pos];
        size_t len = data[pos + 1] | (size_t)data[pos + 2] << 8;
        pos += 3;
        if (len > size - pos)
            len = size - pos;
        const uint8_t *p = data + pos;
        pos += len;
        switch (cmd % 5) {
        case 0: mbcf_rx(nodes[1].eng, 0, p, (uint32_t)len); break;
        case 1: mbcf_rx(nodes[0].eng, 1, p, (uint32_t)len); break;
        case 2: {
            uint8_t a[16] = { 0 };
            memcpy(a, p, len < 16 ? len : 16);
            int from = a[0] & 1;
            uint32_t l = (uint32_t)(a[1] | a[2] << 8) % 20000;
            uint64_t va = MEM_VA + (uint64_t)(a[3] | a[4] << 8) * 2;
            int r = (a[5] & 1)
                ? mbcf_post_fifo(nodes[from].eng, 1 - from, a[6] & 1, a[7] & 1 ? FIFO_VA : va,
                                 a[8], l % 1500, 0)
                : mbcf_post_put(nodes[from].eng, 1 - from, a[6] & 1, va, a[8], l, 0);
            if (r == 0)
                nodes[from].posted++;
            break;
        }
        case 3:
            now += (uint64_t)(len + 1) * 100000;
            mbcf_tick(nodes[0].eng);
            mbcf_tick(nodes[1].eng);
            break;
        default:
            mbcf_rx_done(nodes[0].eng);
            mbcf_rx_done(nodes[1].eng);
            break;
        }
    }
    for (int i = 0; i < 2; i++) {
        if (mbcf_outstanding(nodes[i].eng) != nodes[i].posted - nodes[i].completed)
            abort();
        mbcf_engine_fini(nodes[i].eng, cb_release);
    }
    return 0;
}
