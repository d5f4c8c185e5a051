/* nt_allpairs.c - every node sends NT_PAIR_FRAMES frames to every other node
 * (sizes vary up to the maximum); each receiver checks sender, order (sequence
 * numbers) and content. Receives are interleaved with sends so the bounded
 * raw queue never overflows. */
#include <errno.h>
#include <string.h>
#include "nettest.h"

#define NT_PAIR_FRAMES 40
#define MAX_NODES 16

struct pair_hdr {
    uint16_t src, dst, seq, size;
};

static uint32_t frame_size(int src, int dst, int seq)
{
    return (uint32_t)(sizeof(struct pair_hdr) +
                      (uint32_t)(seq * 37 + src * 101 + dst * 13) % (RAW_PAYLOAD_MAX - sizeof(struct pair_hdr) + 1));
}

static int got[MAX_NODES], bad_order, bad_content, foreign;

static void take(const uint8_t *buf, long r, int src)
{
    struct pair_hdr h;
    if (r < (long)sizeof h || src < 0 || src >= MAX_NODES) {
        foreign++;
        return;
    }
    memcpy(&h, buf, sizeof h);
    if (h.src != src || h.dst != nt_node.rank || h.size != r ||
        r != (long)frame_size(src, nt_node.rank, h.seq) ||
        !nt_verify(buf + sizeof h, (uint32_t)(src * 1000 + h.seq), (uint32_t)r - sizeof h)) {
        bad_content++;
        return;
    }
    if (h.seq != got[src])
        bad_order++;
    got[src] = h.seq + 1;
}

static int drain(uint8_t *buf, int64_t timeout_ns)
{
    int src = -1;
    long r = raw_recv(buf, RAW_PAYLOAD_MAX, &src, timeout_ns);
    if (r < 0)
        return 0;
    take(buf, r, src);
    return 1;
}

static int all_in(int n)
{
    for (int p = 0; p < n; p++)
        if (p != nt_node.rank && got[p] < NT_PAIR_FRAMES)
            return 0;
    return 1;
}

void nt_allpairs(void)
{
    static uint8_t out[RAW_PAYLOAD_MAX], in[RAW_PAYLOAD_MAX];
    int n = nt_node.nodes, me = nt_node.rank, send_errors = 0;
    if (!nt_check(n >= 2 && n <= MAX_NODES, "allpairs with %d nodes", n))
        return;
    for (int seq = 0; seq < NT_PAIR_FRAMES; seq++) {
        for (int k = 1; k < n; k++) {
            int dst = (me + k) % n;
            struct pair_hdr h = { (uint16_t)me, (uint16_t)dst, (uint16_t)seq,
                                  (uint16_t)frame_size(me, dst, seq) };
            memcpy(out, &h, sizeof h);
            nt_fill(out + sizeof h, (uint32_t)(me * 1000 + seq), h.size - (uint32_t)sizeof h);
            if (raw_send(dst, out, h.size) != 0)
                send_errors++;
            while (drain(in, 0))
                ;
        }
    }
    uint64_t t0 = nt_now_ns();
    while (!all_in(n) && nt_now_ns() - t0 < 20000000000ull)
        drain(in, 100000000);
    nt_check(send_errors == 0, "sent %d frames to each of %d peers", NT_PAIR_FRAMES, n - 1);
    for (int p = 0; p < n; p++)
        if (p != me)
            nt_check(got[p] == NT_PAIR_FRAMES, "received %d/%d frames from rank %d", got[p], NT_PAIR_FRAMES, p);
    nt_check(bad_content == 0 && bad_order == 0 && foreign == 0,
             "content, order and sender all correct (bad content %d, out of order %d, foreign %d)",
             bad_content, bad_order, foreign);
    struct net_stats s;
    raw_net_stats(&s);
    nt_check(s.drop_queue_full == 0, "raw queue never overflowed");
    /* Stay reachable a moment so slower peers' frames are not sent into a powered-off node. */
    while (drain(in, 500000000))
        ;
}
