/* rmabench.c - MPI_Put beside MPI_Send on two ranks (one-sided on
 * MBCF remote writes). For each size, medians over repetitions of:
 *   send_us   half a Send/Recv ping-pong (one message one way)
 *   put_us    Win_lock(EXCLUSIVE) + Put + Win_unlock: the data reaches the
 *             target's window and the origin knows it (unlock waits for the
 *             target's answer), so it is compared with a full ping-pong
 *   pingpong_us  a Send/Recv round trip
 *   send_MBps 32 Isends then Waitall and a 0-byte answer (receiver: Irecvs)
 *   put_MBps  32 Puts inside one lock epoch, then unlock
 * Output: a Markdown table, and CSV lines prefixed "csv," (the same numbers).
 * Usage: rmabench [reps]  (2 ranks: scripts/qemu/cluster -n 2 build/user/rmabench,
 * or build/host/mbcf-hostrun -n 2 build/host/rmabench). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BURST 32

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n != 2) {
        if (me == 0)
            fprintf(stderr, "rmabench: needs exactly 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    int reps = argc > 1 ? atoi(argv[1]) : 50;
    if (reps < 3)
        reps = 3;
    const int sizes[] = { 8, 64, 512, 1400, 4096, 16384, 65536 };
    const int nsz = (int)(sizeof sizes / sizeof sizes[0]);
    int maxb = sizes[nsz - 1] * BURST;
    char *buf, *win_mem;
    buf = malloc((size_t)maxb);
    memset(buf, 1, (size_t)maxb);
    MPI_Win win;
    MPI_Win_allocate(maxb, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win_mem, &win);
    double *t = malloc(sizeof(double) * (size_t)reps);
    int peer = 1 - me;
    if (me == 0) {
        printf("| bytes | send_us | pingpong_us | put_us | send_MBps | put_MBps |\n");
        printf("|---:|---:|---:|---:|---:|---:|\n");
    }
    for (int k = 0; k < nsz; k++) {
        int s = sizes[k];
        double r[5];
        /* ping-pong */
        for (int i = 0; i < reps; i++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            if (me == 0) {
                MPI_Send(buf, s, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, s, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, s, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, s, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
            }
            t[i] = (MPI_Wtime() - t0) * 1e6;
        }
        r[1] = median(t, reps);
        r[0] = r[1] / 2;
        /* lock + put + unlock (rank 1's window; rank 1 progresses in Barrier) */
        for (int i = 0; i < reps; i++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            if (me == 0) {
                MPI_Win_lock(MPI_LOCK_EXCLUSIVE, peer, 0, win);
                MPI_Put(buf, s, MPI_BYTE, peer, 0, s, MPI_BYTE, win);
                MPI_Win_unlock(peer, win);
            }
            t[i] = (MPI_Wtime() - t0) * 1e6;
        }
        MPI_Barrier(MPI_COMM_WORLD);
        r[2] = median(t, reps);
        /* bandwidth: a burst of sends */
        for (int i = 0; i < reps; i++) {
            MPI_Request q[BURST];
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            for (int b = 0; b < BURST; b++) {
                if (me == 0)
                    MPI_Isend(buf + (size_t)b * s, s, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &q[b]);
                else
                    MPI_Irecv(buf + (size_t)b * s, s, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &q[b]);
            }
            MPI_Waitall(BURST, q, MPI_STATUSES_IGNORE);
            if (me == 0)
                MPI_Recv(NULL, 0, MPI_BYTE, peer, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            else
                MPI_Send(NULL, 0, MPI_BYTE, peer, 3, MPI_COMM_WORLD);
            t[i] = MPI_Wtime() - t0;
        }
        r[3] = (double)s * BURST / median(t, reps) / 1e6;
        for (int i = 0; i < reps; i++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            if (me == 0) {
                MPI_Win_lock(MPI_LOCK_EXCLUSIVE, peer, 0, win);
                for (int b = 0; b < BURST; b++)
                    MPI_Put(buf + (size_t)b * s, s, MPI_BYTE, peer, (MPI_Aint)b * s, s, MPI_BYTE,
                            win);
                MPI_Win_unlock(peer, win);
            }
            t[i] = MPI_Wtime() - t0;
        }
        MPI_Barrier(MPI_COMM_WORLD);
        r[4] = (double)s * BURST / median(t, reps) / 1e6;
        if (me == 0) {
            printf("| %d | %.1f | %.1f | %.1f | %.1f | %.1f |\n", s, r[0], r[1], r[2], r[3], r[4]);
            printf("csv,%d,%.2f,%.2f,%.2f,%.2f,%.2f\n", s, r[0], r[1], r[2], r[3], r[4]);
        }
    }
    MPI_Win_free(&win);
    free(t);
    free(buf);
    MPI_Finalize();
    return 0;
}
