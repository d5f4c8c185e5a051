/* ppnbench.c - intra-node beside inter-node MPI, paired in one boot (* docs/ppn.md): on 2 nodes x 2 ranks, rank 0 measures against rank 1 (same
 * node: the kernel applies MBCF memory to memory) and against rank 2 (other
 * node: the wire), alternating blocks so both see the same host load.
 *   round trip: 0-byte messages, seed 003 Table 1 method (receive pre-posted,
 *               rank 0 times from its send to the completion of its receive);
 *   bandwidth:  1 MiB messages streamed rank 0 -> peer (MSGS per block), then
 *               a 0-byte ack (seed 003 Table 2 method).
 * Prints the median of every block kind on rank 0:
 *   ppnbench rtt pair=intra|inter size=0 median_us=X n=N
 *   ppnbench bw pair=intra|inter size=1048576 median_MBps=X n=N
 * Usage: ppnbench [blocks]   (default 9; ranks other than 0-2 only wait) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RTT_ITERS 20
#define BW_SIZE (1 << 20)
#define BW_MSGS 4
#define MAXB 64

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

static char sb[BW_SIZE], rb[BW_SIZE];

/* RTT_ITERS 0-byte round trips between rank 0 and peer; on rank 0 the
 * per-iteration times (us) go into t. */
static void rtt_block(int me, int peer, double *t)
{
    if (me != 0 && me != peer)
        return;
    int other = me == 0 ? peer : 0;
    MPI_Request r;
    MPI_Irecv(rb, 0, MPI_BYTE, other, 1, MPI_COMM_WORLD, &r);
    MPI_Sendrecv(NULL, 0, MPI_BYTE, other, 2, NULL, 0, MPI_BYTE, other, 2, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);      /* both first receives are posted */
    for (int i = -2; i < RTT_ITERS; i++) {
        if (me == 0) {
            double t0 = MPI_Wtime();
            MPI_Send(sb, 0, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            if (i >= 0)
                t[i] = (MPI_Wtime() - t0) * 1e6;
            if (i + 1 < RTT_ITERS)
                MPI_Irecv(rb, 0, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &r);
        } else {
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            if (i + 1 < RTT_ITERS)
                MPI_Irecv(rb, 0, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &r);
            MPI_Send(sb, 0, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
}

/* BW_MSGS messages of 1 MiB rank 0 -> peer, then a 0-byte ack: MB/s on rank 0. */
static double bw_block(int me, int peer)
{
    if (me != 0 && me != peer)
        return 0;
    int other = me == 0 ? peer : 0;
    MPI_Sendrecv(NULL, 0, MPI_BYTE, other, 3, NULL, 0, MPI_BYTE, other, 3, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    double t0 = MPI_Wtime();
    for (int i = 0; i < BW_MSGS; i++) {
        if (me == 0)
            MPI_Send(sb, BW_SIZE, MPI_BYTE, peer, 4, MPI_COMM_WORLD);
        else
            MPI_Recv(rb, BW_SIZE, MPI_BYTE, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (me == 0)
        MPI_Recv(NULL, 0, MPI_BYTE, peer, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else
        MPI_Send(NULL, 0, MPI_BYTE, 0, 5, MPI_COMM_WORLD);
    double s = MPI_Wtime() - t0;
    return (double)BW_SIZE * BW_MSGS / s / 1e6;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int blocks = argc > 1 ? atoi(argv[1]) : 9;
    if (n < 3 || blocks < 1 || blocks > MAXB) {
        if (me == 0)
            fprintf(stderr, "ppnbench: needs 3 ranks or more (2 nodes x 2: --ppn 2) and 1..%d blocks\n",
                    MAXB);
        MPI_Finalize();
        return 2;
    }
    memset(sb, 0x5a, sizeof sb);
    static double rtt[2][MAXB * RTT_ITERS], bw[2][MAXB];
    static const int peer[2] = { 1, 2 };
    static const char *name[2] = { "intra", "inter" };
    for (int b = 0; b < blocks; b++) {
        for (int k = 0; k < 2; k++) {      /* alternate: same host load for both */
            int kk = b % 2 ? 1 - k : k;
            rtt_block(me, peer[kk], &rtt[kk][b * RTT_ITERS]);
            bw[kk][b] = bw_block(me, peer[kk]);
        }
    }
    if (me == 0) {
        for (int k = 0; k < 2; k++)
            printf("ppnbench rtt pair=%s size=0 median_us=%.1f n=%d\n", name[k],
                   median(rtt[k], blocks * RTT_ITERS), blocks * RTT_ITERS);
        for (int k = 0; k < 2; k++)
            printf("ppnbench bw pair=%s size=%d median_MBps=%.1f n=%d\n", name[k], BW_SIZE,
                   median(bw[k], blocks), blocks);
        fflush(stdout);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
