/* raw_stream.c - one block of a raw-frame stream from rank 0 to rank 1: the
 * bandwidth reference that the MBCF and MPI benchmarks interleave with their
 * own streams (mbcfbench, mpibench bwpaired), so ratios compare the same host
 * load. Rank 0 sends max-size frames back to back, then an END frame every
 * 20 ms until rank 1's REPORT (frames received) comes back; rank 1 answers
 * every END of the round and lingers until the link has been quiet for
 * 100 ms, in case a REPORT was lost. The rate is received payload over rank
 * 0's time from the first send to the REPORT, as the MBCF and MPI streams
 * are timed to their last completion or acknowledgement. (Timing first to
 * last arrival on rank 1, as rawbench does, over-reads when rank 1 starts
 * late and drains an already full queue: 310 MB/s was seen.) */
#include "raw.h"
#include <errno.h>
#include <string.h>

#define STRM_TAG 0x4d525453u   /* "STRM" */
#define END_TAG  0x5f444e45u   /* "END_" */
#define REP_TAG  0x5f504552u   /* "REP_" */

struct report {
    uint32_t tag, round;
    uint64_t got;
};

static double receive_side(uint32_t round)
{
    static uint32_t in[RAW_PAYLOAD_MAX / 4];
    uint64_t got = 0;
    int reported = 0;
    for (;;) {
        long r = raw_recv(in, sizeof in, 0, reported ? 100000000ll : 5000000000ll);
        if (r < 0)
            return 0;                  /* quiet after the report, or rank 0 is gone */
        if (r < 8 || in[1] != round)
            continue;                  /* an older round's frame */
        if (in[0] == STRM_TAG && !reported) {
            got++;
        } else if (in[0] == END_TAG) {
            struct report rep = { REP_TAG, round, got };
            raw_send(0, &rep, sizeof rep);
            reported = 1;
        }
    }
}

double raw_stream_block(int me, uint32_t round, int frames, uint64_t *received)
{
    static uint32_t out[RAW_PAYLOAD_MAX / 4];
    if (me == 1)
        return receive_side(round);
    if (me != 0)
        return 0;
    memset(out, 'x', sizeof out);
    out[0] = STRM_TAG;
    out[1] = round;
    uint64_t t0 = raw_now_ns();
    for (int i = 0; i < frames; i++)
        while (raw_send(1, out, sizeof out) == -ENOBUFS)
            ;                          /* transmit ring full: send this one again */
    uint32_t end[2] = { END_TAG, round };
    static uint32_t in[RAW_PAYLOAD_MAX / 4];
    for (int tries = 0; tries < 250; tries++) {      /* 5 s */
        raw_send(1, end, sizeof end);
        uint64_t t = raw_now_ns();
        long r;
        while ((r = raw_recv(in, sizeof in, 0, 20000000)) >= 0) {
            struct report rep;
            if (r == (long)sizeof rep) {
                memcpy(&rep, in, sizeof rep);
                if (rep.tag == REP_TAG && rep.round == round) {
                    if (received)
                        *received = rep.got;
                    return (double)rep.got * sizeof out / ((double)(raw_now_ns() - t0) / 1e3);
                }
            }
            if (raw_now_ns() - t > 20000000ull)
                break;                 /* other frames only: send END again */
        }
    }
    return 0;
}
