/* osubench.c - OSU Micro-Benchmarks' methods (osu_latency, osu_bw, osu_bibw,
 * osu_barrier, osu_bcast, osu_allreduce, osu_alltoall), one source built for
 * our cluster (libmpi_mbcf), Linux + MPICH and Linux + Open MPI, so the
 * three-way tables of scripts/qemu/bench_osu3 and bench_coll4 compare one
 * program.
 *
 *   osubench p2p [max_bytes]   rank 0 <-> rank 1, sizes 0, 1, 2, 4 .. max
 *                              (powers of two) plus 1280, 1336, 1536:
 *     osubench latency size=S us=X iters=N   one-way = elapsed / (2 iters)
 *     osubench bw size=S MBps=X window=64 loops=L
 *     osubench bibw size=S MBps=X window=64 loops=L  (bytes of both ways)
 *   osubench coll [max_bytes]  every rank, sizes up to max (default 4096):
 *     osubench coll op=barrier|bcast|allreduce|alltoall size=S us=X iters=N
 *     osubench coll op=pingpong size=0 us=X iters=N  (one-way, ranks 0-1, for
 *                              the dissemination bound of the barrier)
 *
 * osu_latency: rank 0 MPI_Send then MPI_Recv, rank 1 the reverse; `skip`
 * warm-up rounds, then the average over `iters` (OSU prints the average, not
 * a median; the scripts take the median over boots). osu_bw: per loop rank 0
 * posts a window of 64 MPI_Isend, rank 1 64 MPI_Irecv, both MPI_Waitall;
 * rank 1 answers the last loop with a 4-byte message. osu_bibw: both ranks
 * post 64 MPI_Irecv and 64 MPI_Isend per loop, then MPI_Waitall. Collectives
 * (OSU's osu_coll pattern): each call timed on every rank with an untimed
 * MPI_Barrier between calls (osu_barrier: calls back to back), the average
 * per call averaged over ranks (MPI_Reduce, as OSU's "Avg Latency").
 * Allreduce sums floats (OSU starts at 4 bytes); alltoall's size is per peer. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 64

static long next_size(long s)
{
    static const long extra[] = { 1280, 1336, 1536 };
    long nx = 1;
    while (nx <= s)
        nx *= 2;
    for (unsigned i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (extra[i] > s && extra[i] < nx)
            return extra[i];
    return nx;
}

/* iterations for a size: OSU's 10000/1000 scaled to an emulated machine
 * where one small round trip takes 100-300 us */
static int lat_iters(long s)
{
    return s <= 8192 ? 500 : s <= 65536 ? 100
                         : s <= 524288  ? 20
                                        : 6;
}

/* loops of a 64-message window: at least one, about 16 MiB per size */
static int bw_loops(long s)
{
    long l = s ? (16L << 20) / ((long)WINDOW * s) : 20;
    return l < 1 ? 1 : l > 20 ? 20
                              : (int)l;
}

static void latency(int me, char *sb, char *rb, long s)
{
    int it = lat_iters(s), skip = it >= 100 ? 10 : 2;
    double t0 = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < it + skip; i++) {
        if (i == skip)
            t0 = MPI_Wtime();
        if (me == 0) {
            MPI_Send(sb, (int)s, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(rb, (int)s, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (me == 1) {
            MPI_Recv(rb, (int)s, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sb, (int)s, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    if (me == 0)
        printf("osubench latency size=%ld us=%.2f iters=%d\n", s,
               (MPI_Wtime() - t0) * 1e6 / (2.0 * it), it);
}

static void bandwidth(int me, char *sb, char *rb, long s, int bi)
{
    static MPI_Request rq[2 * WINDOW];
    static MPI_Status st[2 * WINDOW];
    int loops = bw_loops(s), skip = s <= 65536 ? 2 : 0, n = 0;
    double t0 = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int l = 0; l < loops + skip; l++) {
        if (l == skip)
            t0 = MPI_Wtime();
        if (me > 1)
            continue;
        n = 0;
        if (me == 1 || bi)
            for (int w = 0; w < WINDOW; w++)
                MPI_Irecv(rb, (int)s, MPI_BYTE, 1 - me, 100, MPI_COMM_WORLD, &rq[n++]);
        if (me == 0 || bi)
            for (int w = 0; w < WINDOW; w++)
                MPI_Isend(sb, (int)s, MPI_BYTE, 1 - me, 100, MPI_COMM_WORLD, &rq[n++]);
        MPI_Waitall(n, rq, st);
    }
    if (me == 0) {
        MPI_Recv(rb, 4, MPI_BYTE, 1, 101, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double bytes = (double)s * WINDOW * loops * (bi ? 2 : 1);
        printf("osubench %s size=%ld MBps=%.3f window=%d loops=%d\n", bi ? "bibw" : "bw", s,
               bytes / (MPI_Wtime() - t0) / 1e6, WINDOW, loops);
    } else if (me == 1) {
        MPI_Send(sb, 4, MPI_BYTE, 0, 101, MPI_COMM_WORLD);
    }
}

static void p2p(int me, char *sb, char *rb, long max)
{
    for (long s = 0; s <= max; s = next_size(s)) {
        latency(me, sb, rb, s);
        fflush(stdout);
    }
    for (long s = 1; s <= max; s = next_size(s)) {
        bandwidth(me, sb, rb, s, 0);
        fflush(stdout);
    }
    for (long s = 1; s <= max; s = next_size(s)) {
        bandwidth(me, sb, rb, s, 1);
        fflush(stdout);
    }
}

enum op { OP_BARRIER,
          OP_BCAST,
          OP_ALLREDUCE,
          OP_ALLTOALL };
static const char *const op_name[] = { "barrier", "bcast", "allreduce", "alltoall" };

static void call(enum op op, char *sb, char *rb, long s)
{
    switch (op) {
    case OP_BARRIER:
        MPI_Barrier(MPI_COMM_WORLD);
        break;
    case OP_BCAST:
        MPI_Bcast(sb, (int)s, MPI_BYTE, 0, MPI_COMM_WORLD);
        break;
    case OP_ALLREDUCE:
        MPI_Allreduce(sb, rb, (int)(s / 4), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
        break;
    case OP_ALLTOALL:
        MPI_Alltoall(sb, (int)s, MPI_BYTE, rb, (int)s, MPI_BYTE, MPI_COMM_WORLD);
        break;
    }
}

static void coll_one(int me, int n, enum op op, char *sb, char *rb, long s)
{
    const int it = 200, skip = 10;
    double t = 0, mine, sum = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < it + skip; i++) {
        double t0 = MPI_Wtime();
        call(op, sb, rb, s);
        if (i >= skip)
            t += MPI_Wtime() - t0;
        if (op != OP_BARRIER) /* OSU: untimed barrier between calls */
            MPI_Barrier(MPI_COMM_WORLD);
    }
    mine = t * 1e6 / it;
    MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("osubench coll op=%s size=%ld us=%.2f iters=%d ranks=%d\n", op_name[op], s,
               sum / n, it, n);
}

static void coll(int me, int n, char *sb, char *rb, long max)
{
    int it = 500, skip = 10;
    double t0 = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < it + skip; i++) {
        if (i == skip)
            t0 = MPI_Wtime();
        if (me == 0) {
            MPI_Send(sb, 0, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(rb, 0, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (me == 1) {
            MPI_Recv(rb, 0, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sb, 0, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    if (me == 0)
        printf("osubench coll op=pingpong size=0 us=%.2f iters=%d ranks=2\n",
               (MPI_Wtime() - t0) * 1e6 / (2.0 * it), it);
    coll_one(me, n, OP_BARRIER, sb, rb, 0);
    for (long s = 1; s <= max; s *= 2)
        coll_one(me, n, OP_BCAST, sb, rb, s);
    for (long s = 4; s <= max; s *= 2)
        coll_one(me, n, OP_ALLREDUCE, sb, rb, s);
    for (long s = 1; s <= max; s *= 2)
        coll_one(me, n, OP_ALLTOALL, sb, rb, s);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    const char *what = argc > 1 ? argv[1] : "p2p";
    int is_p2p = !strcmp(what, "p2p"), is_coll = !strcmp(what, "coll");
    char *end = NULL;
    long max = argc > 2 ? strtol(argv[2], &end, 10) : (is_coll ? 4096 : 4L << 20);
    if ((!is_p2p && !is_coll) || (end && *end) || max < 0 || max > (64L << 20) || n < 2) {
        if (me == 0)
            fprintf(stderr, "osubench: usage: osubench p2p|coll [max_bytes 0..67108864], "
                            "at least 2 ranks\n");
        MPI_Finalize();
        return 2;
    }
    /* alltoall sends max bytes to each of n ranks */
    size_t len = (size_t)max * (is_coll ? (size_t)n : 1) + 8;
    char *sb = malloc(len), *rb = malloc(len);
    if (!sb || !rb) {
        fprintf(stderr, "osubench: cannot allocate 2 x %zu bytes\n", len);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    memset(sb, 0x5a, len);
    memset(rb, 0, len);
    if (is_p2p)
        p2p(me, sb, rb, max);
    else
        coll(me, n, sb, rb, max);
    free(sb);
    free(rb);
    MPI_Finalize();
    return 0;
}
