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
 * late and drains an already full queue: 310 MB/s was seen.)
 * Paced variant (raw_stream_paced: the lossless reference): rank 1
 * sends a CREDIT every window/4 frames received, naming the frame after the
 * newest one it has seen (frames carry their index), and rank 0 keeps at
 * most `window` frames beyond the last credit in flight, so no queue
 * on the way overflows; a credit missing for 50 ms lets a quarter window more go
 * (counted as a stall). "On the way" includes the host: the window must stay
 * below RAW_LINK_QUEUE_FRAMES (93, the vde_switch-to-QEMU socket, raw.h).
 * A frame lost on the way no longer holds a window slot for the rest of the
 * stream (a count of frames received would: with loss every window then waited
 * the 50 ms, 4 MB/s under 5% loss). */
#include "raw.h"
#include <errno.h>
#include <string.h>

#define STRM_TAG 0x4d525453u   /* "STRM" */
#define END_TAG  0x5f444e45u   /* "END_" */
#define REP_TAG  0x5f504552u   /* "REP_" */
#define CRD_TAG  0x5f445243u   /* "CRD_" */

struct report {
    uint32_t tag, round;
    uint64_t got;   /* REPORT: frames received; CREDIT: index after the newest seen */
};

/* credit_every: send a CREDIT after that many frames (0: never). */
static double receive_side(uint32_t round, int credit_every)
{
    static uint32_t in[RAW_PAYLOAD_MAX / 4];
    uint64_t got = 0, seen = 0;   /* frames received; index after the newest */
    int reported = 0;
    for (;;) {
        long r = raw_recv(in, sizeof in, 0, reported ? 100000000ll : 5000000000ll);
        if (r < 0)
            return 0;                  /* quiet after the report, or rank 0 is gone */
        if (r < 8 || in[1] != round)
            continue;                  /* an older round's frame */
        if (in[0] == STRM_TAG && !reported) {
            got++;
            if (r >= 12 && (uint64_t)in[2] + 1 > seen)
                seen = (uint64_t)in[2] + 1;
            if (credit_every && got % (uint64_t)credit_every == 0) {
                struct report crd = { CRD_TAG, round, seen };
                raw_send(0, &crd, sizeof crd);
            }
        } else if (in[0] == END_TAG) {
            struct report rep = { REP_TAG, round, got };
            raw_send(0, &rep, sizeof rep);
            reported = 1;
        }
    }
}

/* Rank 0, paced: wait until fewer than window frames are beyond rank 1's
 * last credit. Returns 1 after a stall (no credit for 50 ms): then a quarter
 * window more may go, enough for rank 1 to send its next credit (it credits
 * every window/4 frames) if the last one was lost, while the frames not yet
 * credited plus these stay below the host's queue (letting a whole window go
 * lost 31 frames when rank 1's QEMU was descheduled for 50 ms). */
static int wait_credit(uint32_t round, uint64_t sent, uint64_t *credited, int window)
{
    static uint32_t in[RAW_PAYLOAD_MAX / 4];
    while (sent - *credited >= (uint64_t)window) {
        long r = raw_recv(in, sizeof in, 0, 50000000);
        if (r < 0) {
            *credited = sent - (uint64_t)window + (uint64_t)(window / 4);
            return 1;
        }
        struct report c;
        if (r == (long)sizeof c) {
            memcpy(&c, in, sizeof c);
            if (c.tag == CRD_TAG && c.round == round && c.got > *credited)
                *credited = c.got;
        }
    }
    return 0;
}

/* window 0: back to back; else paced by rank 1's credits. */
static double stream(int me, uint32_t round, int frames, int window, uint64_t *received,
                     int *stalls)
{
    static uint32_t out[RAW_PAYLOAD_MAX / 4];
    if (me == 1)
        return receive_side(round, window / 4);
    if (me != 0)
        return 0;
    memset(out, 'x', sizeof out);
    out[0] = STRM_TAG;
    out[1] = round;
    uint64_t t0 = raw_now_ns(), credited = 0;
    for (int i = 0; i < frames; i++) {
        if (window)
            *stalls += wait_credit(round, (uint64_t)i, &credited, window);
        out[2] = (uint32_t)i;          /* frame index, for the credits */
        while (raw_send(1, out, sizeof out) == -ENOBUFS)
            ;                          /* transmit ring full: send this one again */
    }
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

double raw_stream_block(int me, uint32_t round, int frames, uint64_t *received)
{
    int stalls = 0;
    return stream(me, round, frames, 0, received, &stalls);
}

double raw_stream_paced(int me, uint32_t round, int frames, int window, uint64_t *received,
                        int *stalls)
{
    int st = 0;
    if (window < 4)
        window = 4;
    double r = stream(me, round, frames, window, received, &st);
    if (stalls)
        *stalls = st;
    return r;
}
