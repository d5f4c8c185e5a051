/* p2p_bibw.c - conformance: the bidirectional bandwidth pattern of OSU's
 * osu_bibw (ranks 0 and 1 at once: a window of MPI_Irecv, then a window of
 * MPI_Isend, Waitall on the sends, Waitall on the receives; sizes doubling
 * from 1 byte), with every message checked: under MPI's non-overtaking rule
 * (MPI-3.1 sec 3.5) the j-th receive of a window gets the j-th send.
 * Both directions carry eager messages, requests-to-send and the receivers'
 * send-requests at the same time, across the size where receives start
 * issuing send-requests (MPI_MBCF_SREQ_MIN).
 * Arguments (all optional, numbers only): max_bytes iterations window
 * min_bytes; default 4096 2 64 1 (a few seconds on QEMU, also in the
 * suites under frame loss). Other ranks only wait; a single process runs
 * the pattern with itself. */
#include "tap.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int num_arg(int argc, char **argv, int i, int dflt)
{
    if (i >= argc)
        return dflt;
    char *end;
    long v = strtol(argv[i], &end, 10);
    return (*argv[i] && !*end && v > 0 && v <= (1 << 26)) ? (int)v : dflt;
}

/* The seed of message j of iteration it at size len from rank src. */
static int seed_of(int src, int len, int it, int j)
{
    return (int)(((uint32_t)src * 7919u + (uint32_t)len * 131u + (uint32_t)it * 64u + (uint32_t)j) &
                 0x7fffffffu);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(600);
    int me = tap_rank(), n = tap_size();
    int maxb = num_arg(argc, argv, 1, 4096);
    int iters = num_arg(argc, argv, 2, 2);
    int win = num_arg(argc, argv, 3, 64);
    if (me < 2) {
        /* on one process the pattern runs with itself (messages to self) */
        int peer = n >= 2 ? 1 - me : me;
        /* tags as osu_bibw: rank 0 receives 10 and sends 100, rank 1 the reverse */
        int rtag = me == 0 ? 10 : 100, stag = n >= 2 && me == 0 ? 100 : 10;
        unsigned char *sb = malloc((size_t)win * (size_t)maxb);
        unsigned char *rb = malloc((size_t)win * (size_t)maxb);
        MPI_Request *rr = malloc((size_t)win * sizeof *rr), *sr = malloc((size_t)win * sizeof *sr);
        MPI_Status *st = malloc((size_t)win * sizeof *st);
        if (!sb || !rb || !rr || !sr || !st) {
            CHECK(0, "memory for a window of %d x %d bytes", win, maxb);
            int rc = tap_finish();
            MPI_Finalize();
            return rc;
        }
        for (int len = num_arg(argc, argv, 4, 1); len <= maxb; len *= 2) {
            int bad = 0, badcount = 0;
            double t0 = MPI_Wtime(), slowest = 0;
            for (int it = 0; it < iters; it++) {
                double tw = MPI_Wtime();
                memset(rb, 0, (size_t)win * (size_t)len);
                for (int j = 0; j < win; j++)
                    tap_fill(sb + (size_t)j * (size_t)len, len, seed_of(me, len, it, j));
                for (int j = 0; j < win; j++)
                    MPI_Irecv(rb + (size_t)j * (size_t)len, len, MPI_BYTE, peer, rtag,
                              MPI_COMM_WORLD, &rr[j]);
                for (int j = 0; j < win; j++)
                    MPI_Isend(sb + (size_t)j * (size_t)len, len, MPI_BYTE, peer, stag,
                              MPI_COMM_WORLD, &sr[j]);
                MPI_Waitall(win, sr, MPI_STATUSES_IGNORE);
                MPI_Waitall(win, rr, st);
                if (MPI_Wtime() - tw > slowest)
                    slowest = MPI_Wtime() - tw;
                for (int j = 0; j < win; j++) {
                    int cnt = -1;
                    MPI_Get_count(&st[j], MPI_BYTE, &cnt);
                    if (cnt != len || st[j].MPI_SOURCE != peer || st[j].MPI_TAG != rtag)
                        badcount++;
                    if (!tap_same(rb + (size_t)j * (size_t)len, len, seed_of(peer, len, it, j)))
                        bad++;
                }
            }
            double t = MPI_Wtime() - t0;
            CHECK(!bad && !badcount,
                  "bibw %d B, %d x %d: %d wrong, %d bad status, %.1f MB/s, slowest window %.2f s",
                  len, win, iters, bad, badcount,
                  t > 0 ? 2.0 * len * win * iters / t / 1e6 : 0.0, slowest);
        }
        free(sb);
        free(rb);
        free(rr);
        free(sr);
        free(st);
    }
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
