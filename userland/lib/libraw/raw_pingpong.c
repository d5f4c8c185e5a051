/* raw_pingpong.c - one block of numbered 4-byte raw-frame ping-pongs between
 * ranks 0 and 1: the raw-frame reference that the MBCF and MPI benchmarks
 * interleave with their own ping-pongs, so ratios compare the same host load. */
#include "raw.h"

int raw_pingpong_block(int me, uint32_t seq0, int count, uint64_t *rtt_ns)
{
    uint32_t in[64];
    int n = 0;
    if (me == 1) {                      /* echo until the block's last number came */
        uint32_t want = seq0;
        while (want != seq0 + (uint32_t)count) {
            long r = raw_recv(in, sizeof in, 0, 2000000000);
            if (r < 0)
                return 0;               /* rank 0 gave up */
            if (r != 4)
                continue;
            raw_send(0, in, 4);
            if (in[0] == want)
                want++;
        }
        return 0;
    }
    for (uint32_t s = seq0; s != seq0 + (uint32_t)count; s++) {
        int tries = 0, clean = 1;
        uint64_t t0 = raw_now_ns();
        for (;;) {
            raw_send(1, &s, 4);
            long r;
            while ((r = raw_recv(in, sizeof in, 0, 50000000)) >= 0 && !(r == 4 && in[0] == s))
                ;
            if (r == 4)
                break;
            clean = 0;                  /* lost: resend, drop this round trip */
            if (++tries == 20)
                return n;
        }
        if (clean && s != seq0)         /* the first of a block warms up */
            rtt_ns[n++] = raw_now_ns() - t0;
    }
    return n;
}
