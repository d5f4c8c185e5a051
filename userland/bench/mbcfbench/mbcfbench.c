/* mbcfbench.c - MBCF benchmarks between rank 0 and rank 1 (seed 003 sec 2.1:
 * one-way latency of a 4-byte remote write, peak bandwidth vs data size).
 *   latency: ping-pong of remote writes; each side polls its own memory for
 *            the peer's value (no receive-side system call); one-way = RTT/2
 *            interleaved with blocks of RAW_BLOCK raw-frame ping-pongs (4-byte
 *            payload, SYS_raw_send/recv) in the same boot, so the MBCF/raw
 *            ratio is paired against the same host load
 *   bandwidth: rank 0 streams remote writes of S bytes into rank 1 and times
 *            until the last completion (completion = applied at the target)
 *   paired bandwidth: PAIR_ROUNDS rounds of a raw-frame stream (PAIR_RAW
 *            max-size frames back to back, libraw's raw_stream_block: timed
 *            on rank 0 up to rank 1's count) followed by PAIR_PUTS 1 MiB
 *            remote writes, so MBCF/raw is paired against the same host load
 * Output: CSV lines "mbcf,<test>,<bytes>,<iters>,<value>,<unit>" on rank 0.
 * Usage: mbcfbench [iters] [trace]   (trace: kernel step summary of the
 * latency loop on each node's console, SYS_mbcf_trace) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mbcf.h"
#include "mbcf_guest.h"
#include "raw.h"

static volatile uint64_t flag __attribute__((aligned(4096)));
static uint8_t buf[1u << 20] __attribute__((aligned(4096)));
static uint8_t dst[1u << 20] __attribute__((aligned(4096)));
static int rank;

#define RAW_BLOCK 50
#define PAIR_ROUNDS 7
#define PAIR_RAW 2800   /* 4.2 MB, about the 4 MiB of the writes */
#define PAIR_PUTS 4

static void drain(int *done)
{
    mbcf_cqe_t c[64];
    int n;
    while ((n = mbcf_poll_cq(c, 64)) > 0)
        for (int i = 0; i < n; i++)
            if (c[i].status != MBCF_OK)
                printf("mbcfbench: op refused: %s\n", mbcf_strerror(c[i].status));
            else if (done)
                (*done)++;
}

static void wait_flag(uint64_t v)
{
    while (flag < v) {
        drain(0);
        if (flag < v)
            mbcf_wait(1000000000);
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void put_wait_ok(uint64_t raddr, const void *src, size_t len)
{
    while (mbcf_put(1 - rank, raddr, src, len, 0) == -MBCF_E_AGAIN) {
        mbcf_flush();
        drain(0);
    }
    mbcf_flush();
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Both ranks are here (the flag carries the next base number). */
static void sync_peers(uint64_t *base, uint64_t *v)
{
    ++*base;
    v[0] = *base;
    if (rank == 0) {
        put_wait_ok((uint64_t)&flag, &v[0], 8);
        wait_flag(*base);
    } else {
        wait_flag(*base);
        put_wait_ok((uint64_t)&flag, &v[0], 8);
    }
}

/* Rank 0 streams n remote writes of sz bytes into rank 1; MB/s until the
 * last completion (rank 1: returns 0 at once). */
static double put_stream(size_t sz, int n)
{
    if (rank != 0)
        return 0;
    int done = 0, posted = 0;
    uint64_t t0 = mbcf_now_ns();
    while (posted < n) {
        int e = mbcf_put(1, (uint64_t)dst + (posted * sz) % sizeof dst,
                         buf + (posted * sz) % sizeof buf, sz, 0);
        if (e == -MBCF_E_AGAIN) {
            mbcf_flush();
            drain(&done);
            if (mbcf_poll_cq(0, 0) == 0)
                mbcf_wait(1000000);
            continue;
        }
        posted++;
        if (posted % 32 == 0)
            mbcf_flush();
    }
    mbcf_flush();
    while (done < n) {
        drain(&done);
        if (done < n)
            mbcf_wait(100000000);
    }
    uint64_t dt = mbcf_now_ns() - t0;
    return (double)n * sz / (dt / 1e3);
}


int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 1000;
    int trace = argc > 2 && !strcmp(argv[2], "trace");
    if (mbcf_init() || mbcf_size() < 2) {
        printf("mbcfbench: needs mbcf and 2 nodes\n");
        return 1;
    }
    rank = mbcf_rank();
    if (rank > 1)
        return 0;
    mbcf_export((void *)&flag, 8, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    mbcf_export(dst, sizeof dst, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    /* start: rank 1 announces itself until rank 0 answers */
    static uint64_t v[1 << 14];
    if (rank == 1) {
        v[0] = 1;
        for (;;) {
            int done = 0;
            mbcf_put(0, (uint64_t)&flag, &v[0], 8, 0);
            mbcf_flush();
            while (!done) {
                mbcf_cqe_t c;
                if (mbcf_poll_cq(&c, 1) == 1)
                    done = c.status == MBCF_OK ? 1 : 2;
                else
                    mbcf_wait(10000000);
            }
            if (done == 1)
                break;
            mbcf_wait(20000000);
        }
        wait_flag(1);
    } else {
        wait_flag(1);
        v[0] = 1;
        put_wait_ok((uint64_t)&flag, &v[0], 8);
    }
    /* latency: 4-byte writes (the value is in the low 4 bytes of the flag) */
    uint64_t *rtt = calloc((size_t)iters, sizeof *rtt);
    uint64_t *rawrtt = calloc((size_t)iters + RAW_BLOCK, sizeof *rawrtt);
    int nraw = 0;
    uint32_t rawseq = 1;
    uint64_t base = 2;
    struct mbcf_stats s0, s1;
    mbcf_guest_stats(&s0);
    if (trace)
        cluster_syscall3(SYS_mbcf_trace, 1, 0, 0);
    for (int i = 0; i < iters + 10; i++) {
        uint64_t want = base + (uint64_t)i;
        v[i & 16383] = want;
        if (rank == 0) {
            uint64_t t0 = mbcf_now_ns();
            put_wait_ok((uint64_t)&flag, &v[i & 16383], 4);
            wait_flag(want);
            if (i >= 10)
                rtt[i - 10] = mbcf_now_ns() - t0;
        } else {
            wait_flag(want);
            put_wait_ok((uint64_t)&flag, &v[i & 16383], 4);
        }
        if (i >= 10 && (i - 9) % RAW_BLOCK == 0 && nraw < iters) {
            if (trace)
                cluster_syscall3(SYS_mbcf_trace, 2, 0, 0);    /* pause: raw frames are not ours */
            nraw += raw_pingpong_block(rank, rawseq, RAW_BLOCK, rawrtt + nraw);
            rawseq += RAW_BLOCK;
            if (trace)
                cluster_syscall3(SYS_mbcf_trace, 3, 0, 0);
        }
    }
    if (trace)
        cluster_syscall3(SYS_mbcf_trace, 0, 0, 0);
    mbcf_guest_stats(&s1);
    /* system calls and frames per ping-pong step on this node */
    printf("mbcf,latency_syscalls_rank%d,4,%d,%.2f doorbells %.2f waits %.2f sleeps "
           "%.2f data_tx %.2f acks_tx per step,info\n", rank, iters + 10,
           (double)(s1.doorbells - s0.doorbells) / (iters + 10),
           (double)(s1.waits - s0.waits) / (iters + 10),
           (double)(s1.wait_sleeps - s0.wait_sleeps) / (iters + 10),
           (double)(s1.tx_data - s0.tx_data) / (iters + 10),
           (double)(s1.tx_ack - s0.tx_ack) / (iters + 10));
    if (rank == 0) {
        qsort(rtt, (size_t)iters, sizeof *rtt, cmp_u64);
        printf("mbcf,latency_oneway_median,4,%d,%.2f,us\n", iters, rtt[iters / 2] / 2000.0);
        printf("mbcf,latency_oneway_p10,4,%d,%.2f,us\n", iters, rtt[iters / 10] / 2000.0);
        if (nraw > 0) {
            qsort(rawrtt, (size_t)nraw, sizeof *rawrtt, cmp_u64);
            printf("mbcf,raw_oneway_median_paired,4,%d,%.2f,us\n", nraw, rawrtt[nraw / 2] / 2000.0);
            printf("mbcf,latency_ratio_paired,4,%d,%.2f,x\n", iters,
                   (double)rtt[iters / 2] / (double)rawrtt[nraw / 2]);
        }
    }
    base += (uint64_t)iters + 10;
    /* bandwidth: rank 0 streams, rank 1 only answers the end marker */
    for (size_t sz = 4; sz <= (1u << 20); sz *= 4) {
        size_t total = sz >= (1u << 16) ? (8u << 20) : (sz * 256 < (1u << 20) ? sz * 256 : (2u << 20));
        if (total < sz)
            total = sz;
        int n = (int)(total / sz);
        double mbps = put_stream(sz, n);
        if (rank == 0)
            printf("mbcf,bandwidth,%zu,%d,%.2f,MB/s\n", sz, n, mbps);
        sync_peers(&base, v);   /* handshake between sizes */
    }
    /* paired bandwidth: raw stream and 1 MiB remote writes, round by round */
    double rawbw[PAIR_ROUNDS], putbw[PAIR_ROUNDS], ratio[PAIR_ROUNDS];
    for (int r = 0; r < PAIR_ROUNDS; r++) {
        rawbw[r] = raw_stream_block(rank, (uint32_t)r + 1, PAIR_RAW, NULL);
        sync_peers(&base, v);
        putbw[r] = put_stream(1u << 20, PAIR_PUTS);
        sync_peers(&base, v);
        ratio[r] = rawbw[r] > 0 ? putbw[r] / rawbw[r] : 0;
        if (rank == 0)
            printf("mbcf,bandwidth_pair_round%d,1048576,%d,%.2f raw %.2f MBCF MB/s,info\n",
                   r, PAIR_PUTS, rawbw[r], putbw[r]);
    }
    if (rank == 0) {
        qsort(rawbw, PAIR_ROUNDS, sizeof *rawbw, cmp_double);
        qsort(putbw, PAIR_ROUNDS, sizeof *putbw, cmp_double);
        qsort(ratio, PAIR_ROUNDS, sizeof *ratio, cmp_double);
        printf("mbcf,raw_stream_paired,1496,%d,%.2f,MB/s\n", PAIR_ROUNDS, rawbw[PAIR_ROUNDS / 2]);
        printf("mbcf,bandwidth_paired,1048576,%d,%.2f,MB/s\n", PAIR_ROUNDS, putbw[PAIR_ROUNDS / 2]);
        printf("mbcf,bandwidth_ratio_paired,1048576,%d,%.2f,x\n", PAIR_ROUNDS, ratio[PAIR_ROUNDS / 2]);
        printf("mbcf,bandwidth_ratio_paired_range,1048576,%d,%.2f-%.2f,info\n", PAIR_ROUNDS,
               ratio[0], ratio[PAIR_ROUNDS - 1]);
    }
    struct mbcf_stats st;
    mbcf_guest_stats(&st);
    printf("mbcf,stats_rank%d,0,0,%llu retrans %llu timeouts %llu doorbells %llu sleeps,info\n", rank,
           (unsigned long long)st.tx_retrans, (unsigned long long)st.timeouts,
           (unsigned long long)st.doorbells, (unsigned long long)st.wait_sleeps);
    if (rank == 1) {
        uint64_t t = mbcf_now_ns();
        while (mbcf_now_ns() - t < 300000000ull)
            mbcf_wait(50000000);
    }
    mbcf_finalize();
    return 0;
}
