/* p2p_multi.c - conformance: messages a little longer than one FIFO entry
 * (1336 B) up to and past 16 KiB, beyond the multi-entry eager limit
 * (MPI_MBCF_EAGER_MULTI, default 4096; the host tests also set 16384):
 *  a) a standard send of at most that limit
 *     completes before the receiver posts its receive (eager: no request-to-send round trip); checked without
 *     hanging: the receiver polls for a later message first and posts the
 *     receive only after a grace time if that never comes;
 *  b) OSU osu_bw's window: 64 pre-posted receives against 64 Isends per
 *     size, data and order checked (send-requests cross the pieces);
 *  c) unexpected messages found by MPI_Probe with their full count;
 *  d) with 3 ranks, two senders' pieces interleave at one MPI_ANY_SOURCE
 *     receiver. */
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static const int sizes[] = { 1337, 1344, 1536, 2672, 2673, 3000, 4096, 6000, 12000, 16384, 16385 };
#define NS ((int)(sizeof sizes / sizeof sizes[0]))
#define WIN 64
#define BIG 16385
#define MULTI_DEFAULT 4096 /* MPI_MBCF_EAGER_MULTI's default (docs/mpi.md) */

/* a) rank 0 sends len bytes (tag 1), then 0 bytes (tag 2); rank 1 waits for
 * tag 2 first: it comes only if the first send completed on its own. */
static void eager_completes(int me, int len, unsigned char *sb, unsigned char *rb)
{
    if (me == 0) {
        tap_fill(sb, len, len);
        MPI_Send(sb, len, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 2, MPI_COMM_WORLD);
        return;
    }
    static double grace = 5.0; /* after one miss, the next sizes wait less */
    MPI_Request r;
    int done = 0;
    MPI_Irecv(NULL, 0, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &r);
    double t0 = MPI_Wtime();
    while (!done && MPI_Wtime() - t0 < grace)
        MPI_Test(&r, &done, MPI_STATUS_IGNORE);
    /* up to the multi-entry limit; required of ours only (MPICH's eager
     * limit is its own) */
    const char *lim = getenv("MPI_MBCF_EAGER_MULTI");
    if (len <= (lim ? atoi(lim) : MULTI_DEFAULT))
        CHECK(NOT_ON_MPICH(done), "a %d-byte MPI_Send completes before its receive is posted",
              len);
    MPI_Status st;
    int cnt = -1;
    memset(rb, 0, (size_t)len);
    MPI_Recv(rb, len, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    CHECK(cnt == len && tap_same(rb, len, len), "eager %d bytes arrive whole", len);
    if (!done) {
        grace = 0.2;
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
}

/* b) osu_bw's window, each message with its own pattern */
static void window(int me, int len, unsigned char *sb, unsigned char *rb)
{
    MPI_Request rq[WIN];
    for (int w = 0; w < WIN; w++) {
        if (me == 0) {
            tap_fill(sb + (size_t)w * BIG, len, len + w);
            MPI_Isend(sb + (size_t)w * BIG, len, MPI_BYTE, 1, 10, MPI_COMM_WORLD, &rq[w]);
        } else {
            memset(rb + (size_t)w * BIG, 0, (size_t)len);
            MPI_Irecv(rb + (size_t)w * BIG, len, MPI_BYTE, 0, 10, MPI_COMM_WORLD, &rq[w]);
        }
    }
    MPI_Waitall(WIN, rq, MPI_STATUSES_IGNORE);
    if (me == 1) {
        int bad = 0;
        for (int w = 0; w < WIN; w++)
            bad += !tap_same(rb + (size_t)w * BIG, len, len + w);
        CHECK(bad == 0, "window of %d x %d bytes in order (%d wrong)", WIN, len, bad);
    }
}

/* c) unexpected: sent first, probed, then received */
static void probed(MPI_Comm pair, int me, int len, unsigned char *sb, unsigned char *rb)
{
    if (me == 0) {
        MPI_Request r;
        tap_fill(sb, len, 7 * len);
        MPI_Isend(sb, len, MPI_BYTE, 1, 20, MPI_COMM_WORLD, &r);
        MPI_Barrier(pair);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        return;
    }
    MPI_Barrier(pair);
    MPI_Status st;
    int cnt = -1;
    MPI_Probe(0, 20, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    CHECK(cnt == len, "MPI_Probe counts %d of %d bytes", cnt, len);
    MPI_Recv(rb, len, MPI_BYTE, 0, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(tap_same(rb, len, 7 * len), "probed %d bytes arrive whole", len);
}

/* d) ranks 1 and 2 each send every size to rank 0, received by ANY_SOURCE */
static void any_source(MPI_Comm c, int me, unsigned char *sb, unsigned char *rb)
{
    if (me == 1 || me == 2) {
        for (int s = 0; s < NS; s++) {
            tap_fill(sb, sizes[s], sizes[s] + me);
            MPI_Send(sb, sizes[s], MPI_BYTE, 0, 30 + s, c);
        }
        return;
    }
    int next[3] = { 0, 0, 0 }, bad = 0;
    for (int k = 0; k < 2 * NS; k++) {
        MPI_Status st;
        MPI_Recv(rb, BIG, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, c, &st);
        int src = st.MPI_SOURCE, cnt = -1;
        MPI_Get_count(&st, MPI_BYTE, &cnt);
        if (src < 1 || src > 2 || next[src] >= NS || st.MPI_TAG != 30 + next[src] ||
            cnt != sizes[next[src]] || !tap_same(rb, cnt, cnt + src))
            bad++;
        else
            next[src]++;
    }
    CHECK(bad == 0 && next[1] == NS && next[2] == NS,
          "two senders' messages to MPI_ANY_SOURCE whole and in order (%d wrong)", bad);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(150);
    int me = tap_rank(), n = tap_size();
    unsigned char *sb = malloc((size_t)WIN * BIG), *rb = malloc((size_t)WIN * BIG);
    CHECK(sb && rb, "buffers");
    if (n >= 2 && sb && rb) {
        MPI_Comm pair;
        MPI_Comm_split(MPI_COMM_WORLD, me < 2 ? 0 : MPI_UNDEFINED, me, &pair);
        if (me < 2) {
            for (int s = 0; s < NS; s++) {
                eager_completes(me, sizes[s], sb, rb);
                window(me, sizes[s], sb, rb);
                probed(pair, me, sizes[s], sb, rb);
            }
            MPI_Comm_free(&pair);
        }
        MPI_Comm own; /* no other traffic meets MPI_ANY_TAG */
        MPI_Comm_dup(MPI_COMM_WORLD, &own);
        if (n >= 3 && me < 3)
            any_source(own, me, sb, rb);
        MPI_Comm_free(&own);
    }
    free(sb);
    free(rb);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
