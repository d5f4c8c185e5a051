/* mpibench.c - MPI round trip and bandwidth between rank 0 and rank 1.
 * Round trip by the method of seed 003 sec 2.3 / Table 1: both ranks pre-post
 * MPI_Irecv; rank 0 does MPI_Send then MPI_Wait, rank 1 MPI_Wait then
 * MPI_Send; rank 0 times from the start of its send to the completion of its
 * receive. The next receive is posted outside the timed part, before the
 * peer can send (so the receiver's send-request is always there in time). Bandwidth as in Table 2: rank 0 streams messages of one size to
 * rank 1 (which receives them with MPI_Recv), then waits for a zero-byte ack.
 * Prints medians, one line per size:
 *   mpibench rtt size=S median_us=X min_us=Y iters=N
 *   mpibench bw size=S median_MBps=X msgs=M
 * Paired (guest build only): blocks of PAIR_BLOCK raw-frame ping-pongs
 * (4-byte payload, SYS_raw_send/recv, the path of userland/bench/rawbench), MBCF
 * 4-byte remote-write ping-pongs (mbcf_put into the peer's exported word, as
 * userland/bench/mbcfbench) and MPI ping-pongs of the size asked (Table 1 method)
 * alternate in one boot, so the ratios compare the same host load:
 *   mpibench paired size=S raw_us=X mbcf_us=Y mpi_us=Z mpi_over_raw=R
 *            mpi_over_mbcf=Q mbcf_over_raw=P n=N        (round-trip medians)
 * OSU osu_bw style (window of 64 non-blocking sends, see osubw below):
 *   mpibench osubw size=S median_MBps=X window=64 loops=L
 * rtt-after-win: rtt after one window was created and freed and one
 * MPI_Ibarrier completed (progress hooks registered, none live:
 * scripts/mpi_instr rtt-after-win counts what the hooks cost a round).
 * Usage: mpibench [rtt|rtt-after-win|bw|osubw|osubwmid|paired|bwpaired|trace|all] [max_bytes] [blocks|rounds]
 *        [paced_window];
 * paced_window (bwpaired, 4..1024, default RAW_PACED_WINDOW of libraw's raw.h)
 * is the paced raw stream's window, for studies of the lossless reference;
 * "all" runs paired (0 and 4 bytes) and bwpaired (if max_bytes >= 1 MiB) first;
 * the remote-write share comes from the library's MPI_MBCF_STATS=1 line at
 * Finalize. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#ifdef MPIBENCH_GUEST
#include "mbcf.h"
#include "mbcf_guest.h"
#include "cluster_abi.h"
#ifdef MPIBENCH_GUEST
#include "raw.h"
#endif
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int iters_for(long size, int base)
{
    int it = base;
    if (size >= 65536)
        it = base / 4;
    if (size >= 262144)
        it = base / 10;
    return it < 5 ? 5 : it;
}

static void rtt(int me, char *sb, char *rb, long max)
{
    static const long sizes[] = { 0, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576 };
    double *t = malloc(1000 * sizeof(double));
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        long s = sizes[k];
        if (s > max)
            break;
        int it = iters_for(s, 200), warm = 5;
        /* Every receive is posted before the peer can send to it: rank 1
         * posts receive i+1 before it answers message i, rank 0 posts it
         * before it sends message i+1. No barrier inside the loop: its
         * messages would cross the send-requests (seed 003 footnote 3) and
         * turn the measured path into a different one. */
        MPI_Request r;
        MPI_Irecv(rb, (int)s, MPI_BYTE, 1 - me, 1, MPI_COMM_WORLD, &r);
        MPI_Barrier(MPI_COMM_WORLD);          /* both first receives are posted */
        for (int i = -warm; i < it; i++) {
            if (me == 0) {
                double t0 = MPI_Wtime();
                MPI_Send(sb, (int)s, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                if (i >= 0)
                    t[i] = (MPI_Wtime() - t0) * 1e6;
                if (i + 1 < it)
                    MPI_Irecv(rb, (int)s, MPI_BYTE, 1, 1, MPI_COMM_WORLD, &r);
            } else {
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                if (i + 1 < it)
                    MPI_Irecv(rb, (int)s, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &r);
                MPI_Send(sb, (int)s, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
            }
        }
        MPI_Barrier(MPI_COMM_WORLD);
        if (me == 0) {
            double m = median(t, it);
            printf("mpibench rtt size=%ld median_us=%.1f min_us=%.1f iters=%d\n", s, m, t[0], it);
            fflush(stdout);
        }
    }
    free(t);
}

#ifdef MPIBENCH_GUEST
#define PAIR_BLOCK 20

/* MBCF: 4-byte remote write into the peer's word, answered the same way. */
static volatile uint32_t pp_word __attribute__((aligned(4096)));
static uint32_t pp_out[64];

static void mbcf_put_word(int peer, uint32_t v)
{
    uint32_t *src = &pp_out[v % 64];
    *src = v;
    while (mbcf_put(peer, (uint64_t)(uintptr_t)&pp_word, src, 4, 0) == -MBCF_E_AGAIN)
        mbcf_flush();
    mbcf_flush();
}

static void mbcf_wait_word(uint32_t v)
{
    while (pp_word != v)
        mbcf_wait(1000000);
}

/* Export the ping-pong word on both ranks (once per boot is enough). */
static void pp_setup(void)
{
    static int done;
    if (!done) {
        pp_word = 0;
        if (mbcf_export((void *)&pp_word, 4096, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE)) {
            fprintf(stderr, "mpibench: mbcf_export failed\n");
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        done = 1;
    }
    pp_word = 0;
    MPI_Barrier(MPI_COMM_WORLD);              /* both words exported and reset */
}

static int mbcf_block(int me, uint32_t seq0, double *t, MPI_Request *pre, char *rb, int size)
{
    int n = 0;
    for (uint32_t s = seq0; s != seq0 + PAIR_BLOCK; s++) {
        if (me == 0) {
            double t0 = MPI_Wtime();
            mbcf_put_word(1, s);
            mbcf_wait_word(s);
            if (s != seq0)
                t[n++] = (MPI_Wtime() - t0) * 1e6;
        } else {
            mbcf_wait_word(s);
            if (s + 1 == seq0 + PAIR_BLOCK)   /* MPI block next: post its receive first */
                MPI_Irecv(rb, size, MPI_BYTE, 0, 4, MPI_COMM_WORLD, pre);
            mbcf_put_word(0, s);
        }
    }
    return n;
}

static int mpi_block(int me, double *t, MPI_Request *r, char *sb, char *rb, int size)
{
    int n = 0;
    for (int i = 0; i < PAIR_BLOCK; i++) {
        if (me == 0) {
            MPI_Irecv(rb, size, MPI_BYTE, 1, 4, MPI_COMM_WORLD, r);
            double t0 = MPI_Wtime();
            MPI_Send(sb, size, MPI_BYTE, 1, 4, MPI_COMM_WORLD);
            MPI_Wait(r, MPI_STATUS_IGNORE);
            if (i > 0)
                t[n++] = (MPI_Wtime() - t0) * 1e6;
        } else {
            MPI_Wait(r, MPI_STATUS_IGNORE);
            if (i + 1 < PAIR_BLOCK)
                MPI_Irecv(rb, size, MPI_BYTE, 0, 4, MPI_COMM_WORLD, r);
            MPI_Send(sb, size, MPI_BYTE, 0, 4, MPI_COMM_WORLD);
        }
    }
    return n;
}

static void paired(int me, char *sb, char *rb, int size, int blocks)
{
    size_t cap = (size_t)blocks * PAIR_BLOCK;
    double *tr = malloc(cap * sizeof(double)), *tm = malloc(cap * sizeof(double)),
           *tp = malloc(cap * sizeof(double));
    int nr = 0, nm = 0, np = 0;
    pp_setup();
    uint32_t rseq = 1, mseq = 1;
    MPI_Request pre = MPI_REQUEST_NULL;
    for (int b = 0; b < blocks; b++) {
        uint64_t ns[PAIR_BLOCK];
        int got = raw_pingpong_block(me, rseq, PAIR_BLOCK, ns);
        for (int i = 0; i < got; i++)
            tr[nr++] = (double)ns[i] * 1e-3;       /* us, like the MPI figures */
        rseq += PAIR_BLOCK;
        nm += mbcf_block(me, mseq, tm + nm, &pre, rb, size);
        mseq += PAIR_BLOCK;
        np += mpi_block(me, tp + np, &pre, sb, rb, size);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0 && nr && nm && np) {
        double r = median(tr, nr), m = median(tm, nm), p = median(tp, np);
        printf("mpibench paired size=%d raw_us=%.1f mbcf_us=%.1f mpi_us=%.1f mpi_over_raw=%.2f "
               "mpi_over_mbcf=%.2f mbcf_over_raw=%.2f n=%d/%d/%d\n", size, r, m, p, p / r, p / m,
               m / r, nr, nm, np);
        fflush(stdout);
    }
    free(tr);
    free(tm);
    free(tp);
}

/* Where a round trip spends its time: alternating blocks of MBCF 4-byte
 * remote-write ping-pongs and MPI 0-byte ping-pongs (Table 1 method), each
 * block under the kernel's step trace (SYS_mbcf_trace: its summary goes to
 * each node's console after the line "mpibench trace layer=L round=K"), plus
 * system calls and frames per step from the MBCF counters. Same boot, same
 * host load for both layers; scripts/qemu/trace_mpi takes the medians. */
#define TRACE_STEPS 100
static void trace_layer(int me, const char *layer, int round, struct mbcf_stats *s0)
{
    struct mbcf_stats s1;
    mbcf_guest_stats(&s1);
    printf("mpibench trace layer=%s round=%d rank=%d per_step doorbells=%.2f waits=%.2f "
           "sleeps=%.2f data_tx=%.2f acks_tx=%.2f\n", layer, round, me,
           (double)(s1.doorbells - s0->doorbells) / TRACE_STEPS,
           (double)(s1.waits - s0->waits) / TRACE_STEPS,
           (double)(s1.wait_sleeps - s0->wait_sleeps) / TRACE_STEPS,
           (double)(s1.tx_data - s0->tx_data) / TRACE_STEPS,
           (double)(s1.tx_ack - s0->tx_ack) / TRACE_STEPS);
    fflush(stdout);
    cluster_syscall3(SYS_mbcf_trace, 0, 0, 0);       /* kernel summary follows the line above */
}

static void trace_rounds(int me, char *sb, char *rb, int rounds)
{
    struct mbcf_stats s0;
    uint32_t seq = 1;
    pp_setup();
    for (int k = 0; k < rounds; k++) {
        MPI_Barrier(MPI_COMM_WORLD);
        mbcf_guest_stats(&s0);
        cluster_syscall3(SYS_mbcf_trace, 1, 0, 0);
        for (int i = 0; i < TRACE_STEPS; i++, seq++) {
            if (me == 0) {
                mbcf_put_word(1, seq);
                mbcf_wait_word(seq);
            } else {
                mbcf_wait_word(seq);
                mbcf_put_word(0, seq);
            }
        }
        trace_layer(me, "mbcf", k, &s0);
        MPI_Request r;
        MPI_Irecv(rb, 0, MPI_BYTE, 1 - me, 5, MPI_COMM_WORLD, &r);
        MPI_Barrier(MPI_COMM_WORLD);
        mbcf_guest_stats(&s0);
        cluster_syscall3(SYS_mbcf_trace, 1, 0, 0);
        for (int i = 0; i < TRACE_STEPS; i++) {
            if (me == 0) {
                MPI_Send(sb, 0, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                if (i + 1 < TRACE_STEPS)
                    MPI_Irecv(rb, 0, MPI_BYTE, 1, 5, MPI_COMM_WORLD, &r);
            } else {
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                if (i + 1 < TRACE_STEPS)
                    MPI_Irecv(rb, 0, MPI_BYTE, 0, 5, MPI_COMM_WORLD, &r);
                MPI_Send(sb, 0, MPI_BYTE, 0, 5, MPI_COMM_WORLD);
            }
        }
        trace_layer(me, "mpi", k, &s0);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

/* Paired bandwidth at 1 MiB: rounds of a raw-frame stream (libraw's
 * raw_stream_block, 2800 max-size frames = 4.2 MB, timed on rank 0 up to rank
 * 1's report of what arrived), an MBCF stream (mbcf_stream) and an MPI stream
 * of 4 x 1 MiB (Table 2 method: rank 0 MPI_Sends, rank 1 MPI_Recvs, timed on
 * rank 0 from the first send to rank 1's 0-byte ack), alternating in one boot:
 *   mpibench bwpaired round=K raw_MBps=X raw_received=G/2800 mbcf_MBps=B mpi_MBps=Y ratio=R
 *   mpibench bwpaired size=1048576 raw_MBps=X mbcf_MBps=B mpi_MBps=Y mpi_over_raw=R
 *            range=A-B mpi_over_mbcf=Q n=N
 * (medians over rounds; the ratio is the median of the per-round ratios).
 * Each round also runs the paced raw stream (raw_stream_paced, lossless by
 * flow control: rawfc_*), and the summary line
 *   mpibench bwpaired_fc size=1048576 rawfc_MBps=X mpi_over_rawfc=R range=A-B window=W n=N
 * takes the rounds where it lost nothing. */
#define BWP_FRAMES 2800
#define BWP_MSGS 4
/* The lossless raw reference (raw_stream_paced): at most this many frames
 * beyond rank 1's last credit. RAW_PACED_WINDOW (64) by default: it must fit
 * the host's switch-to-QEMU socket (93 max-size frames, raw.h), not only the
 * guest's 1024-slot queues; 128 lost 35 frames in every round. */
static int bwp_fc_window = RAW_PACED_WINDOW;
static uint8_t bwp_dst[1 << 20] __attribute__((aligned(4096)));

/* MBCF reference: rank 0 posts BWP_MSGS remote writes of 1 MiB into rank 1's
 * exported buffer (all in flight, as mbcfbench) and times until the last
 * completion (= applied at rank 1). MB/s on rank 0, 0 on rank 1. */
static double mbcf_stream(int me, const char *sb)
{
    if (me != 0)
        return 0;
    double t0 = MPI_Wtime();
    int posted = 0, done = 0;
    while (done < BWP_MSGS) {
        if (posted < BWP_MSGS &&
            mbcf_put(1, (uint64_t)(uintptr_t)bwp_dst, sb, 1 << 20, 0) == 0) {
            posted++;
            continue;
        }
        mbcf_flush();
        mbcf_cqe_t c[8];
        int k = mbcf_poll_cq(c, 8);
        for (int i = 0; i < k; i++)
            if (c[i].status != MBCF_OK)
                fprintf(stderr, "mpibench: remote write refused: %s\n", mbcf_strerror(c[i].status));
        done += k;
        if (!k)
            mbcf_wait(1000000);
    }
    return (double)BWP_MSGS * (1 << 20) / (MPI_Wtime() - t0) / 1e6;
}

/* MBCF frames this node sent again so far (timeouts and fast retransmits):
 * the deltas show whether a clean link still dropped frames of a stream. */
static uint64_t mbcf_resent(void)
{
    struct mbcf_stats s;
    return mbcf_guest_stats(&s) == 0 ? s.tx_retrans : 0;
}

static void bw_paired(int me, char *sb, char *rb, int rounds)
{
    static double raw[1000], fc[1000], mb[1000], mpi[1000], ratio[1000], rfc[1000];
    int n = 0, nfc = 0;
    if (mbcf_export(bwp_dst, sizeof bwp_dst, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE)) {
        fprintf(stderr, "mpibench: mbcf_export failed\n");
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    for (int k = 0; k < rounds && k < 1000; k++) {
        MPI_Barrier(MPI_COMM_WORLD);
        uint64_t got = 0;
        double r = raw_stream_block(me, (uint32_t)k + 1, BWP_FRAMES, &got);
        MPI_Barrier(MPI_COMM_WORLD);
        uint64_t gotfc = 0;
        int stalls = 0;
        double f = raw_stream_paced(me, (uint32_t)(k + 1) | 0x80000000u, BWP_FRAMES,
                                    bwp_fc_window, &gotfc, &stalls);
        MPI_Barrier(MPI_COMM_WORLD);
        uint64_t rs0 = mbcf_resent();
        double b = mbcf_stream(me, sb);
        uint64_t rs1 = mbcf_resent();
        MPI_Barrier(MPI_COMM_WORLD);
        uint64_t rs2 = mbcf_resent();
        double t0 = MPI_Wtime();
        if (me == 0) {
            for (int i = 0; i < BWP_MSGS; i++)
                MPI_Send(sb, 1 << 20, MPI_BYTE, 1, 6, MPI_COMM_WORLD);
            MPI_Recv(NULL, 0, MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            double m = (double)BWP_MSGS * (1 << 20) / (MPI_Wtime() - t0) / 1e6;
            uint64_t rs3 = mbcf_resent();
            printf("mpibench bwpaired round=%d raw_MBps=%.1f raw_received=%llu/%d "
                   "rawfc_MBps=%.1f rawfc_received=%llu/%d rawfc_stalls=%d mbcf_MBps=%.1f "
                   "mpi_MBps=%.1f ratio=%.2f ratio_fc=%.2f mbcf_resent=%llu mpi_resent=%llu\n",
                   k, r, (unsigned long long)got,
                   BWP_FRAMES, f, (unsigned long long)gotfc, BWP_FRAMES, stalls, b, m,
                   r > 0 ? m / r : 0, f > 0 ? m / f : 0, (unsigned long long)(rs1 - rs0),
                   (unsigned long long)(rs3 - rs2));
            if (r > 0) {
                raw[n] = r;
                mb[n] = b;
                mpi[n] = m;
                ratio[n] = m / r;
                n++;
            }
            if (f > 0 && gotfc == BWP_FRAMES) {   /* the paced stream lost nothing */
                fc[nfc] = f;
                rfc[nfc] = m / f;
                nfc++;
            }
        } else if (me == 1) {
            for (int i = 0; i < BWP_MSGS; i++)
                MPI_Recv(rb, 1 << 20, MPI_BYTE, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(NULL, 0, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
        }
    }
    if (me == 0 && n) {
        /* median() sorts in place: afterwards ratio[0] and ratio[n - 1] are the range */
        double rm = median(raw, n), bm = median(mb, n), mm = median(mpi, n), q = median(ratio, n);
        printf("mpibench bwpaired size=1048576 raw_MBps=%.1f mbcf_MBps=%.1f mpi_MBps=%.1f "
               "mpi_over_raw=%.2f range=%.2f-%.2f mpi_over_mbcf=%.2f n=%d\n", rm, bm, mm, q,
               ratio[0], ratio[n - 1], bm > 0 ? mm / bm : 0, n);
    }
    if (me == 0 && nfc) {
        double fm = median(fc, nfc), q = median(rfc, nfc);
        printf("mpibench bwpaired_fc size=1048576 rawfc_MBps=%.1f mpi_over_rawfc=%.2f "
               "range=%.2f-%.2f window=%d n=%d (rounds whose paced raw stream lost nothing)\n",
               fm, q, rfc[0], rfc[nfc - 1], bwp_fc_window, nfc);
    }
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
}
#endif

static void bw(int me, char *sb, char *rb, long max)
{
    double v[5];
    for (long s = 4; s <= max; s *= 4) {
        int msgs = (int)(s <= 4096 ? 400 : (8L << 20) / s);
        if (msgs < 8)
            msgs = 8;
        for (int rep = 0; rep < 5; rep++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            if (me == 0) {
                for (int i = 0; i < msgs; i++)
                    MPI_Send(sb, (int)s, MPI_BYTE, 1, 2, MPI_COMM_WORLD);
                MPI_Recv(NULL, 0, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                v[rep] = (double)s * msgs / (MPI_Wtime() - t0) / 1e6;
            } else {
                for (int i = 0; i < msgs; i++)
                    MPI_Recv(rb, (int)s, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(NULL, 0, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
            }
        }
        if (me == 0) {
            printf("mpibench bw size=%ld median_MBps=%.3f msgs=%d\n", s, median(v, 5), msgs);
            fflush(stdout);
        }
        if (s == 1048576 || s * 4 > max)
            break;
    }
}

/* OSU osu_bw's method (OSU Micro-Benchmarks): rank 1 pre-posts a window of
 * OSU_WINDOW MPI_Irecv, rank 0 issues OSU_WINDOW MPI_Isend, both MPI_Waitall;
 * after `loops` windows rank 1 answers with a 4-byte message and rank 0 takes
 * bytes / time. Sizes: powers of two up to max, plus the sizes around our
 * inline (256 B), bounce/eager (1336 B) and frame (1400 B) limits, where the
 * protocol changes (docs/npb.md, "osu_bw at 1 KiB"). Median of 3 repeats:
 *   mpibench osubw size=S median_MBps=X window=64 loops=L */
#define OSU_WINDOW 64
static int osu_size_next(long s)
{
    static const long extra[] = { 384, 768, 1280, 1336, 1344, 1536, 3072 };
    long nx = 1;
    while (nx <= s)
        nx *= 2;
    for (unsigned i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (extra[i] > s && extra[i] < nx)
            return (int)extra[i];
    return (int)nx;
}

/* One size of osu_bw's method: rank 0 posts a window of OSU_WINDOW
 * MPI_Isend, rank 1 as many MPI_Irecv, both wait; skip + loops windows, the
 * last loops timed; MB/s of 3 repeats, their median (valid on rank 0). */
static double osu_window_mbps(int me, char *sb, char *rb, long s, int loops, int skip)
{
    MPI_Request rq[OSU_WINDOW];
    static MPI_Status st[OSU_WINDOW];   /* not MPI_STATUSES_IGNORE: MPICH's prototype trips gcc's -Wstringop-overflow */
    double v[3] = { 0, 0, 0 };
    for (int rep = 0; rep < 3; rep++) {
        double t0 = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        for (int l = 0; l < loops + skip; l++) {
            if (l == skip)
                t0 = MPI_Wtime();
            for (int w = 0; w < OSU_WINDOW; w++) {
                if (me == 0)
                    MPI_Isend(sb, (int)s, MPI_BYTE, 1, 100, MPI_COMM_WORLD, &rq[w]);
                else if (me == 1)
                    MPI_Irecv(rb, (int)s, MPI_BYTE, 0, 100, MPI_COMM_WORLD, &rq[w]);
            }
            if (me < 2)
                MPI_Waitall(OSU_WINDOW, rq, st);
        }
        if (me == 0) {
            MPI_Recv(rb, 4, MPI_BYTE, 1, 101, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            v[rep] = (double)s * OSU_WINDOW * loops / (MPI_Wtime() - t0) / 1e6;
        } else if (me == 1) {
            MPI_Send(sb, 4, MPI_BYTE, 0, 101, MPI_COMM_WORLD);
        }
    }
    return median(v, 3);
}

static void osubw(int me, char *sb, char *rb, long max)
{
    for (long s = 1; s <= max; s = osu_size_next(s)) {
        int loops = s <= 8192 ? 20 : 5;
#ifdef MPIBENCH_GUEST
        struct mbcf_stats k0, k1;
        mbcf_guest_stats(&k0);
#endif
        double mbps = osu_window_mbps(me, sb, rb, s, loops, 2);
        if (me == 0) {
            printf("mpibench osubw size=%ld median_MBps=%.3f window=%d loops=%d\n", s, mbps,
                   OSU_WINDOW, loops);
            fflush(stdout);
        }
#ifdef MPIBENCH_GUEST
        /* this node's MBCF engine over the size's 3 repeats: frames held
         * because the target FIFO was full, retransmissions, timeouts */
        mbcf_guest_stats(&k1);
        if (me < 2) {
            printf("mpibench osubw_mbcf rank=%d size=%ld tx_data=%llu fifo_busy=%llu "
                   "fifo_full_refused=%llu tx_retrans=%llu timeouts=%llu rx_ooo=%llu\n", me, s,
                   (unsigned long long)(k1.tx_data - k0.tx_data),
                   (unsigned long long)(k1.fifo_busy - k0.fifo_busy),
                   (unsigned long long)(k1.fifo_full_refused - k0.fifo_full_refused),
                   (unsigned long long)(k1.tx_retrans - k0.tx_retrans),
                   (unsigned long long)(k1.timeouts - k0.timeouts),
                   (unsigned long long)(k1.rx_ooo - k0.rx_ooo));
            fflush(stdout);
        }
#endif
    }
}

/* osu_bw's method (as osubw above) over the mid-size sweep 1 KiB .. 1 MiB:
 * powers of two plus the sizes around one FIFO entry (1336 B), the frame
 * and the multi-entry eager limit (16 KiB) and a few between (3000, 6000,
 * 12000, ...). Fewer windows for the large sizes. Median of 3 repeats:
 *   mpibench osubwmid size=S median_MBps=X window=64 loops=L */
static void osubw_midsize(int me, char *sb, char *rb, long max)
{
    static const long sz[] = { 1024, 1280, 1336, 1344, 1536, 2048, 3000,
                               4096, 6000, 8192, 12000, 16384, 16385, 24000,
                               32768, 49152, 65536, 131072, 262144, 524288, 1048576 };
    for (unsigned k = 0; k < sizeof sz / sizeof sz[0] && sz[k] <= max; k++) {
        long s = sz[k];
        int loops = s <= 16384 ? 20 : (s <= 65536 ? 5 : 2), skip = s <= 65536 ? 2 : 1;
        double mbps = osu_window_mbps(me, sb, rb, s, loops, skip);
        if (me == 0) {
            printf("mpibench osubwmid size=%ld median_MBps=%.3f window=%d loops=%d\n", s, mbps,
                   OSU_WINDOW, loops);
            fflush(stdout);
        }
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    const char *what = argc > 1 ? argv[1] : "all";
    long max = argc > 2 ? atol(argv[2]) : 1048576;
    if (n < 2 || max < 0 || max > (64L << 20)) {
        if (me == 0)
            fprintf(stderr, "mpibench: needs 2 ranks and 0 <= max_bytes <= 64 MiB\n");
        MPI_Finalize();
        return 2;
    }
    char *sb = malloc((size_t)max + 1), *rb = malloc((size_t)max + 1);
    memset(sb, 0x5a, (size_t)max + 1);
    if (me < 2) {
        /* ranks beyond 1 only join the barriers */
    }
#ifdef MPIBENCH_GUEST
    int blocks = argc > 3 ? atoi(argv[3]) : 10;
    if (blocks < 1 || blocks > 1000)
        blocks = 10;
    if (argc > 4) {
        bwp_fc_window = atoi(argv[4]);
        if (bwp_fc_window < 4 || bwp_fc_window > 1024) {
            if (me == 0)
                fprintf(stderr, "mpibench: paced_window must be 4..1024 (got %s)\n", argv[4]);
            MPI_Finalize();
            return 2;
        }
    }
    if (n == 2 && (!strcmp(what, "paired") || !strcmp(what, "all"))) {
        paired(me, sb, rb, 0, blocks);
        if (max >= 4)
            paired(me, sb, rb, 4, blocks);
        if (max >= 256)
            paired(me, sb, rb, 256, blocks);
    }
    if (n == 2 && (!strcmp(what, "bwpaired") || !strcmp(what, "all")) && max >= (1 << 20))
        bw_paired(me, sb, rb, blocks);
    if (n == 2 && !strcmp(what, "trace"))
        trace_rounds(me, sb, rb, blocks);
#endif
    if (!strcmp(what, "rtt-after-win")) {
        MPI_Win win;
        MPI_Request r;
        MPI_Win_create(rb, 8, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Win_free(&win);
        MPI_Ibarrier(MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    if (!strcmp(what, "rtt") || !strcmp(what, "rtt-after-win") || !strcmp(what, "all"))
        rtt(me, sb, rb, max);
    if (!strcmp(what, "bw") || !strcmp(what, "all"))
        bw(me, sb, rb, max);
    if (!strcmp(what, "osubw"))
        osubw(me, sb, rb, max);
    if (!strcmp(what, "osubwmid"))
        osubw_midsize(me, sb, rb, max);
    free(sb);
    free(rb);
    MPI_Finalize();
    return 0;
}
