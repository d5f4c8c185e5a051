/* coll_steps.c - the messages our collectives send for latency-bound sizes,
 * counted through the MPI profiling interface (MPI-3.1 sec 14.2) on MPICH
 * with the collectives routed to libmpi_mbcf/coll (tests/host/coll_shim.c).
 * On 4 ranks: an Allreduce of 1000 doubles takes recursive doubling (2
 * steps, the link model's choice for 8000 B) with every message cut into
 * pieces of at most one eager entry (COLL_PIECE); MPI_MBCF_COLL_SPLIT_MAX=0
 * sends whole messages; a message above the split limit is never cut; an
 * Alltoallv whose receivers use a strided datatype and senders a
 * contiguous one (equal signatures) is cut alike on both sides and checked
 * element by element. TAP output. Run: mpirun -n 4 coll_steps. */
#include <stdio.h>
#include <stdlib.h>
#include "coll_internal.h"

static long n_msgs, max_bytes, min_bytes, tot_bytes, n_mid; /* mid: piece < n <= split */

static void count(int n, MPI_Datatype dt)
{
    int sz;
    PMPI_Type_size(dt, &sz);
    long b = (long)n * sz;
    n_msgs++;
    tot_bytes += b;
    if (b > max_bytes)
        max_bytes = b;
    if (min_bytes < 0 || b < min_bytes)
        min_bytes = b;
    if (b > COLL_PIECE && b <= (long)COLL_SPLIT_MAX_DEFAULT)
        n_mid++;
}

int MPI_Isend(const void *b, int n, MPI_Datatype dt, int to, int tag, MPI_Comm c, MPI_Request *r)
{
    count(n, dt);
    return PMPI_Isend(b, n, dt, to, tag, c, r);
}

int MPI_Send(const void *b, int n, MPI_Datatype dt, int to, int tag, MPI_Comm c)
{
    count(n, dt);
    return PMPI_Send(b, n, dt, to, tag, c);
}

int MPI_Sendrecv(const void *sb, int sn, MPI_Datatype sdt, int to, int stag, void *rb, int rn,
                 MPI_Datatype rdt, int from, int rtag, MPI_Comm c, MPI_Status *st)
{
    count(sn, sdt);
    return PMPI_Sendrecv(sb, sn, sdt, to, stag, rb, rn, rdt, from, rtag, c, st);
}

static void reset(void)
{
    n_msgs = max_bytes = tot_bytes = n_mid = 0;
    min_bytes = -1;
}

static int rank, size, tno, failed;

static void ok(int cond, const char *what)
{
    int all;
    PMPI_Allreduce(&cond, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    tno++;
    if (!all)
        failed = 1;
    if (rank == 0)
        printf("%s %d - %s\n", all ? "ok" : "not ok", tno, what);
    if (!cond)
        fprintf(stderr, "rank %d: %s: %ld messages, %ld..%ld bytes, %ld in all, %ld mid-size\n",
                rank, what, n_msgs, min_bytes, max_bytes, tot_bytes, n_mid);
}

static int allreduce_ok(int n)
{
    double *v = malloc(sizeof *v * (size_t)n);
    int good = v != NULL;
    for (int i = 0; good && i < n; i++)
        v[i] = rank + i;
    reset();
    if (good && MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD))
        good = 0;
    for (int i = 0; good && i < n; i++)
        good = v[i] == (double)size * (size - 1) / 2 + (double)size * i;
    free(v);
    return good;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 4) {
        if (rank == 0)
            printf("not ok 1 - coll_steps wants 4 ranks, has %d\n", size);
        MPI_Finalize();
        return 1;
    }
    unsetenv("MPI_MBCF_COLL_SPLIT_MAX");
    unsetenv("MPI_MBCF_COLL_ALLREDUCE");
    int good = allreduce_ok(1000);
    ok(good, "allreduce 1000 doubles on 4 ranks: correct");
    ok(n_msgs == 12 && tot_bytes == 16000, "allreduce 8000 B: recursive doubling, 2 x 6 pieces");
    ok(max_bytes <= COLL_PIECE, "allreduce 8000 B: every message at most one eager entry");

    setenv("MPI_MBCF_COLL_SPLIT_MAX", "0", 1);
    good = allreduce_ok(1000);
    ok(good && n_msgs == 2 && max_bytes == 8000, "MPI_MBCF_COLL_SPLIT_MAX=0: 2 whole messages");
    unsetenv("MPI_MBCF_COLL_SPLIT_MAX");

    good = allreduce_ok(8000); /* 64000 B: Rabenseifner, 32000/16000 B halves */
    ok(good && n_mid == 0, "allreduce 64000 B: correct, no message between piece and limit");
    ok(max_bytes == 32000, "allreduce 64000 B: the 32000-byte halves go whole");

    /* Alltoallv: rank a sends b 300*(a+b+1) ints contiguous; the receiver
     * takes them as a strided type (every other int). */
    MPI_Datatype strided;
    MPI_Type_vector(1, 1, 2, MPI_INT, &strided);
    MPI_Datatype sparse;
    MPI_Type_create_resized(strided, 0, 2 * sizeof(int), &sparse);
    MPI_Type_commit(&sparse);
    int sc[4], sd[4], rc[4], rd[4], so = 0, ro = 0;
    for (int p = 0; p < 4; p++) {
        sc[p] = 300 * (rank + p + 1);
        sd[p] = so;
        so += sc[p];
        rc[p] = 300 * (p + rank + 1);
        rd[p] = ro;
        ro += rc[p];
    }
    int *sbuf = malloc(sizeof(int) * (size_t)so), *rbuf = calloc(2 * (size_t)ro, sizeof(int));
    for (int p = 0; p < 4; p++)
        for (int i = 0; i < sc[p]; i++)
            sbuf[sd[p] + i] = rank * 1000000 + p * 10000 + i;
    reset();
    good = sbuf && rbuf &&
           MPI_Alltoallv(sbuf, sc, sd, MPI_INT, rbuf, rc, rd, sparse, MPI_COMM_WORLD) == 0;
    for (int p = 0; good && p < 4; p++)
        for (int i = 0; good && i < rc[p]; i++)
            good = rbuf[2 * (rd[p] + i)] == p * 1000000 + rank * 10000 + i &&
                   rbuf[2 * (rd[p] + i) + 1] == 0;
    ok(good, "alltoallv contiguous -> strided receive type, 1200..8400 B blocks: correct");
    ok(n_mid == 0 && n_msgs > 3, "alltoallv: blocks of 1336..16384 B cut into pieces");
    free(sbuf);
    free(rbuf);
    MPI_Type_free(&sparse);
    MPI_Type_free(&strided);
    if (rank == 0)
        printf("1..%d\n", tno);
    MPI_Finalize();
    return failed;
}
