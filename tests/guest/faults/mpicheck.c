/* mpicheck.c - a checked MPI workload for runs over lossy links (* "Also"): every iteration passes a 4 KiB block around a ring (Sendrecv),
 * sums 1024 doubles with Allreduce and exchanges blocks of rank-dependent
 * sizes with Alltoallv; every received element is checked against what its
 * sender must have written. Prints the loop's wall time (MPI_Wtime, boot
 * excluded) on rank 0 for each of ROUNDS rounds; exits 1 at the first wrong
 * element.
 *   mpicheck [ITERATIONS [ROUNDS]]   (default 200 iterations, 1 round) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define RING_N 1024     /* ints: 4 KiB */
#define SUM_N  1024     /* doubles */
#define A2A_MAX 600     /* ints per pair at most */

static int rank, size;

static void fail(const char *what, int it, int i, long got, long want)
{
    fprintf(stderr, "mpicheck: rank %d: %s wrong at iteration %d element %d: %ld, want %ld\n",
            rank, what, it, i, got, want);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

/* ints rank a sends to rank b in iteration it */
static int a2a_count(int a, int b, int it) { return (a * 7 + b * 13 + it * 5) % A2A_MAX + 1; }
static int a2a_val(int a, int b, int it, int i) { return a * 1000003 + b * 10007 + it * 101 + i; }

static void iteration(int it, int *ring_out, int *ring_in, double *sum, int *sbuf, int *rbuf)
{
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    for (int i = 0; i < RING_N; i++)
        ring_out[i] = rank * 65536 + it * 7 + i;
    MPI_Sendrecv(ring_out, RING_N, MPI_INT, next, it, ring_in, RING_N, MPI_INT, prev, it,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < RING_N; i++)
        if (ring_in[i] != prev * 65536 + it * 7 + i)
            fail("ring", it, i, ring_in[i], prev * 65536 + it * 7 + i);

    for (int i = 0; i < SUM_N; i++)
        sum[i] = rank + i + it;
    MPI_Allreduce(MPI_IN_PLACE, sum, SUM_N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < SUM_N; i++) {
        double want = (double)size * (size - 1) / 2 + (double)size * (i + it);
        if (sum[i] != want)
            fail("allreduce", it, i, (long)sum[i], (long)want);
    }

    int sc[64], sd[64], rc[64], rd[64], so = 0, ro = 0;
    for (int p = 0; p < size; p++) {
        sc[p] = a2a_count(rank, p, it);
        sd[p] = so;
        for (int i = 0; i < sc[p]; i++)
            sbuf[so + i] = a2a_val(rank, p, it, i);
        so += sc[p];
        rc[p] = a2a_count(p, rank, it);
        rd[p] = ro;
        ro += rc[p];
    }
    MPI_Alltoallv(sbuf, sc, sd, MPI_INT, rbuf, rc, rd, MPI_INT, MPI_COMM_WORLD);
    for (int p = 0; p < size; p++)
        for (int i = 0; i < rc[p]; i++)
            if (rbuf[rd[p] + i] != a2a_val(p, rank, it, i))
                fail("alltoallv", it, rd[p] + i, rbuf[rd[p] + i], a2a_val(p, rank, it, i));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    int rounds = argc > 2 ? atoi(argv[2]) : 1;
    if (iters < 1 || rounds < 1 || size > 64) {
        if (!rank)
            fprintf(stderr, "usage: mpicheck [ITERATIONS >= 1 [ROUNDS >= 1]] (at most 64 ranks)\n");
        MPI_Finalize();
        return 2;
    }
    static int ring_out[RING_N], ring_in[RING_N], sbuf[64 * A2A_MAX], rbuf[64 * A2A_MAX];
    static double sum[SUM_N];
    for (int r = 0; r < rounds; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int it = 0; it < iters; it++)
            iteration(it, ring_out, ring_in, sum, sbuf, rbuf);
        MPI_Barrier(MPI_COMM_WORLD);
        double t = MPI_Wtime() - t0;
        if (!rank)
            printf("mpicheck: round %d: %d iterations of ring + Allreduce + Alltoallv on %d "
                   "ranks checked, %.3f s (%.3f ms per iteration)\n", r + 1, iters, size, t,
                   t * 1e3 / iters);
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
