/* mbcf_khost.c - the kernel side every host of an MBCF engine shares (see
 * mbcf_khost.h): frames through the network layer (kernel/net/net.h),
 * DATA frames built in the NIC's transmit buffer, the engine's memory, the
 * power-off linger. */
#include "kapi.h"
#include "net/net.h"
#include "mbcf_khost.h"
#include "mbcf_wire.h"

int mbcf_khost_send_frame(void *ctx, int dst, const void *frame, uint32_t len)
{
    const struct mbcf_khost *h = ctx;
    return net_queue(dst, h->kind, frame, len) ? -1 : 0;
}

uint64_t mbcf_khost_now(void *ctx)
{
    (void)ctx;
    return time_ns();
}

/* A DATA frame straight into the NIC's transmit buffer: the data is copied
 * once, from the operation's source to the buffer. Frames to this node are
 * staged, then looped back through net_send. */
int mbcf_khost_send_data(void *ctx, int dst, const struct mbcf_wire_hdr *h, uint64_t src,
                         const uint8_t *status)
{
    const struct mbcf_khost *k = ctx;
    static uint8_t lo[MBCF_WIRE_MAX]; /* loopback: staged, then net_send */
    uint32_t len = MBCF_WIRE_HDR + h->len + h->nstat;
    int self = dst == net_rank(), err = 0;
    uint8_t *p = self ? lo : net_tx_prepare(dst, k->kind, len, &err);
    if (!p)
        return -1;
    memcpy(p, h, MBCF_WIRE_HDR);
    int st = k->read_source(src, p + MBCF_WIRE_HDR, h->len);
    if (st) {
        if (!self)
            net_tx_cancel_last();
        return st;
    }
    memcpy(p + MBCF_WIRE_HDR + h->len, status, h->nstat);
    if (self)
        return net_send(dst, k->kind, lo, len) ? -1 : 0;
    return 0;
}

void *mbcf_khost_alloc(void *ctx, size_t bytes)
{
    (void)ctx;
    return page_alloc((bytes + PAGE_SIZE - 1) / PAGE_SIZE);
}

struct mbcf_engine *mbcf_khost_engine(const char *name, const struct mbcf_config *c,
                                      const struct mbcf_callbacks *cb)
{
    uint64_t pages = (mbcf_engine_size() + PAGE_SIZE - 1) / PAGE_SIZE;
    void *mem = page_alloc(pages);
    struct mbcf_engine *e = mem ? mbcf_engine_init(mem, c, cb) : 0;
    if (!e) {
        kprintf("%s: engine init failed (rank %d of %d)\n", name, net_rank(), net_nodes());
        if (mem)
            page_free(mem, pages);
    }
    return e;
}

void mbcf_khost_linger(struct mbcf_engine *e, uint64_t quiet_ns, uint64_t max_ns,
                       int (*step)(void *arg), void *arg)
{
    uint64_t start = time_ns(), last = start, ticked = start;
    uint64_t rx = mbcf_engine_stats(e)->rx_frames;
    mbcf_rx_done(e);
    net_tx_flush();
    int more = 0;
    while ((time_ns() - last < quiet_ns || more) && time_ns() - start < max_ns) {
        more = step ? step(arg) : 0;
        net_poll();                          /* the host's rx_done hook acks each burst */
        if (time_ns() - ticked >= 1000000) { /* our own unacked frames (1 kHz) */
            ticked = time_ns();
            mbcf_tick(e);
        }
        net_tx_flush();
        uint64_t now_rx = mbcf_engine_stats(e)->rx_frames;
        if (now_rx != rx) {
            rx = now_rx;
            last = time_ns();
        }
    }
}
