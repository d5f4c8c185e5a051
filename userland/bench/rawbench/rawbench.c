/* rawbench.c - raw-frame benchmarks between rank 0 (client) and rank 1 (server):
 *   ping-pong: round-trip time per payload size (min, median, p90 over `iters`
 *              after `warmup` round trips), in microseconds;
 *   stream:    rank 0 sends `count` max-size frames back to back, rank 1 counts
 *              what arrived: frames/s, MB/s (payload, 10^6 B), loss;
 *   paced:     (adaptive mode) bursts of B max-size frames once per millisecond
 *              (clock_nanosleep, absolute), offered B*1000 frames/s, for several
 *              B: where loss starts is the physical limit of the virtual network.
 * Each runs in pure polling and in adaptive waiting (both nodes switch through
 * SYS_net_config), so one boot yields both tables.
 * Usage: rawbench [iters [warmup [count [modes [budget_ns [paced_count]]]]]]
 *        modes: both | poll | adaptive. Output: "RESULT ..." lines (one per
 * table row) that scripts/qemu/bench_raw turns into Markdown and CSV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <time.h>
#include "raw.h"

static struct node_info node;
static uint8_t out[RAW_PAYLOAD_MAX], in[RAW_PAYLOAD_MAX];

static double tsc_us(uint64_t t)
{
    return (double)t * 1e6 / (double)node.tsc_hz;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Command to the server, retried until echoed (control must not be lost). */
static int command(const void *cmd, size_t len)
{
    for (int tries = 0; tries < 50; tries++) {
        raw_send(1, cmd, len);
        long r;
        while ((r = raw_recv(in, sizeof in, 0, 200000000)) >= 0)
            if (r == (long)len && memcmp(in, cmd, len) == 0)
                return 0;
    }
    return -1;
}

static int set_mode_both(int mode, int64_t budget)
{
    uint8_t cmd[16];
    memcpy(cmd, "MODE", 4);
    int32_t m = mode;
    memcpy(cmd + 4, &m, 4);
    memcpy(cmd + 8, &budget, 8);
    if (command(cmd, sizeof cmd) < 0)
        return -1;
    return raw_set_wait_mode(mode, budget);
}

static void pingpong(const char *mode, int iters, int warmup)
{
    static const uint32_t sizes[] = { 0, 4, 16, 64, 256, 1024, RAW_PAYLOAD_MAX };
    uint64_t *rtt = malloc(sizeof(uint64_t) * (size_t)iters);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint32_t size = sizes[k];
        for (uint32_t i = 0; i < size; i++)
            out[i] = (uint8_t)('a' + i % 26);   /* never starts with a command word */
        int lost = 0, n = 0;
        for (int it = 0; it < warmup + iters; it++) {
            uint32_t seq = (uint32_t)it;   /* payloads >= 4 B carry it: a late echo is not counted */
            if (size >= 4)
                memcpy(out, &seq, 4);
            uint64_t t0 = cluster_rdtsc();
            raw_send(1, out, size);
            long r;
            do
                r = raw_recv(in, sizeof in, 0, 1000000000);
            while (r >= 4 && r == (long)size && memcmp(in, &seq, 4) != 0);
            uint64_t t1 = cluster_rdtsc();
            if (r != (long)size) {
                lost++;
                while (raw_recv(in, sizeof in, 0, 50000000) >= 0)
                    ;   /* drop a late echo so the next round trip is clean */
                continue;
            }
            if (it >= warmup)
                rtt[n++] = t1 - t0;
        }
        qsort(rtt, (size_t)n, sizeof *rtt, cmp_u64);
        double sum = 0;
        for (int i = 0; i < n; i++)
            sum += tsc_us(rtt[i]);
        if (n > 0)
            printf("RESULT pingpong mode=%s size=%u iters=%d min_us=%.1f median_us=%.1f "
                   "p90_us=%.1f mean_us=%.1f lost=%d\n", mode, size, n, tsc_us(rtt[0]),
                   tsc_us(rtt[n / 2]), tsc_us(rtt[n * 9 / 10]), sum / n, lost);
        else
            printf("RESULT pingpong mode=%s size=%u iters=0 lost=%d\n", mode, size, lost);
        fflush(stdout);
    }
    free(rtt);
}

/* burst == 0: back to back; else `burst` frames at every millisecond tick. */
static void stream(const char *mode, int count, int burst)
{
    if (command("RSET", 4) < 0) {
        printf("rawbench: server does not answer RSET\n");
        return;
    }
    memset(out, 'x', sizeof out);
    memcpy(out, "STRM", 4);
    int send_err = 0;
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    uint64_t t0 = cluster_rdtsc();
    for (int i = 0; i < count; i++) {
        memcpy(out + 4, &i, 4);
        if (raw_send(1, out, RAW_PAYLOAD_MAX) != 0)
            send_err++;
        if (burst > 0 && i % burst == burst - 1) {
            next.tv_nsec += 1000000;
            if (next.tv_nsec >= 1000000000) {
                next.tv_nsec -= 1000000000;
                next.tv_sec++;
            }
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, 0);
        }
    }
    uint64_t t1 = cluster_rdtsc();
    /* Report from the receiver: frames, first/last arrival (its TSC, in us), its drops. */
    uint8_t cmd[4] = { 'D', 'O', 'N', 'E' };
    long r = -1;
    for (int tries = 0; tries < 50; tries++) {
        raw_send(1, cmd, 4);
        while ((r = raw_recv(in, sizeof in, 0, 300000000)) >= 0 && !(r == 44 && !memcmp(in, "RPRT", 4)))
            ;
        if (r == 44)
            break;
    }
    if (r != 44) {
        printf("RESULT %s mode=%s burst=%d frames_sent=%d report=missing\n",
               burst ? "paced" : "stream", mode, burst, count);
        return;
    }
    uint64_t got, span_ns, qfull, missed, frames_total;
    memcpy(&got, in + 4, 8);
    memcpy(&span_ns, in + 12, 8);
    memcpy(&qfull, in + 20, 8);
    memcpy(&missed, in + 28, 8);
    memcpy(&frames_total, in + 36, 8);
    double send_s = tsc_us(t1 - t0) / 1e6;
    double recv_s = (double)span_ns / 1e9;
    double fps = recv_s > 0 ? (double)(got > 0 ? got - 1 : 0) / recv_s : 0;
    printf("RESULT %s mode=%s burst=%d offered_fps=%d size=%d frames_sent=%d frames_recv=%llu send_fps=%.0f "
           "send_MBps=%.2f recv_fps=%.0f recv_MBps=%.2f loss_pct=%.2f rx_queue_full=%llu "
           "rx_missed=%llu rx_nic_frames=%llu send_errors=%d\n",
           burst ? "paced" : "stream", mode, burst, burst * 1000, RAW_PAYLOAD_MAX, count,
           (unsigned long long)got, count / send_s,
           count * (double)RAW_PAYLOAD_MAX / send_s / 1e6, fps, fps * RAW_PAYLOAD_MAX / 1e6,
           100.0 * (double)(count - (long)got) / count, (unsigned long long)qfull,
           (unsigned long long)missed, (unsigned long long)frames_total, send_err);
    fflush(stdout);
}

/* Rank 1: echo pings, obey MODE, count STRM frames, report on DONE, stop on ENDB. */
static void server(void)
{
    uint64_t got = 0, first = 0, last = 0;
    struct net_stats base;
    raw_net_stats(&base);
    for (;;) {
        int src;
        long r = raw_recv(in, sizeof in, &src, 300000000000ll);
        if (r < 0) {
            printf("rawbench server: receive failed (%ld)\n", r);
            return;
        }
        if (r == RAW_PAYLOAD_MAX && !memcmp(in, "STRM", 4)) {
            last = cluster_rdtsc();
            if (got++ == 0)
                first = last;
            continue;
        }
        if (r == 4 && !memcmp(in, "RSET", 4)) {
            got = 0;
            raw_net_stats(&base);
        } else if (r == 16 && !memcmp(in, "MODE", 4)) {
            int32_t m;
            int64_t b;
            memcpy(&m, in + 4, 4);
            memcpy(&b, in + 8, 8);
            raw_set_wait_mode(m, b);
            got = 0;
            raw_net_stats(&base);
        } else if (r == 4 && !memcmp(in, "DONE", 4)) {
            struct net_stats s;
            raw_net_stats(&s);
            uint64_t span = got > 1 ? (uint64_t)(tsc_us(last - first) * 1000) : 0;
            uint64_t v[5] = { got, span, s.drop_queue_full - base.drop_queue_full,
                              s.rx_missed - base.rx_missed, s.rx_frames - base.rx_frames };
            memcpy(in, "RPRT", 4);
            memcpy(in + 4, v, sizeof v);
            raw_send(src, in, 44);
            continue;
        }
        raw_send(src, in, (size_t)r);   /* echo (also acknowledges MODE and ENDB) */
        if (r == 4 && !memcmp(in, "ENDB", 4))
            return;
    }
}

int main(int argc, char **argv)
{
    setvbuf(stdout, 0, _IOLBF, 0);
    if (raw_node_info(&node) < 0 || node.nodes < 2) {
        printf("rawbench: needs 2 nodes\n");
        return 1;
    }
    if (node.tsc_hz == 0)
        node.tsc_hz = 1000000000ull;
    int iters = argc > 1 ? atoi(argv[1]) : 1000;
    int warmup = argc > 2 ? atoi(argv[2]) : 100;
    int count = argc > 3 ? atoi(argv[3]) : 20000;
    const char *modes = argc > 4 ? argv[4] : "both";
    int64_t budget = argc > 5 ? atoll(argv[5]) : -1;
    int paced = argc > 6 ? atoi(argv[6]) : 0;   /* frames per paced run, 0 = none */
    if (node.rank == 1) {
        server();
        return 0;
    }
    if (node.rank != 0)
        return 0;
    printf("rawbench: iters %d warmup %d stream %d frames, tsc %llu Hz\n", iters, warmup, count,
           (unsigned long long)node.tsc_hz);
    static const char *names[2] = { "adaptive", "poll" };
    for (int m = 0; m < 2; m++) {
        if (strcmp(modes, "both") && strcmp(modes, names[m]))
            continue;
        if (set_mode_both(m, budget) < 0) {
            printf("rawbench: server does not answer\n");
            return 1;
        }
        struct net_config c = { -1, -1, -1 };
        raw_net_config(&c);
        printf("rawbench: mode %s, poll budget %lld ns\n", names[m], (long long)c.poll_budget_ns);
        pingpong(names[m], iters, warmup);
        stream(names[m], count, 0);
        if (m == 0 && paced > 0) {
            static const int bursts[] = { 2, 4, 8, 16, 24, 32, 48 };
            for (size_t k = 0; k < sizeof bursts / sizeof bursts[0]; k++)
                stream(names[m], paced, bursts[k]);
        }
    }
    command("ENDB", 4);
    return 0;
}
