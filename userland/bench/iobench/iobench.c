/* iobench.c - MPI-IO collective write and read bandwidth beside the MPI
 * bandwidth of the same job (scripts/qemu/bench_mpiio): every rank writes S
 * bytes at offset rank*S with MPI_File_write_at_all followed by
 * MPI_File_sync (the data is in the file), reads them back with
 * MPI_File_read_at_all, and sends the same S bytes to rank 0 (where the
 * file lives with libmpi_mbcf) with MPI_Gather. Each phase is timed between
 * barriers; aggregate MB/s = nodes*S / time, medians over REPS repetitions.
 * Rank 0 prints: csv,<ranks>,<S>,<write_MBps>,<read_MBps>,<gather_MBps>
 * Usage: iobench [S_BYTES [REPS]]  (default 1 MiB, 7) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    long s = argc > 1 ? atol(argv[1]) : 1 << 20;
    int reps = argc > 2 ? atoi(argv[2]) : 7;
    if (s < 1 || s > (1L << 30) || reps < 1 || reps > 1000) {
        if (me == 0)
            fprintf(stderr, "iobench: usage: iobench [S_BYTES (1..2^30) [REPS (1..1000)]]\n");
        MPI_Finalize();
        return 2;
    }
    unsigned char *buf = malloc((size_t)s), *back = malloc((size_t)s);
    unsigned char *all = me == 0 ? malloc((size_t)s * (size_t)np) : NULL;
    double *tw = calloc((size_t)reps, sizeof(double)), *tr = calloc((size_t)reps, sizeof(double)),
           *tg = calloc((size_t)reps, sizeof(double));
    for (long i = 0; i < s; i++)
        buf[i] = (unsigned char)(i * 7 + me);
    MPI_File fh;
    if (MPI_File_open(MPI_COMM_WORLD, "iobench.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                      MPI_INFO_NULL, &fh) != MPI_SUCCESS) {
        fprintf(stderr, "iobench: MPI_File_open failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    const MPI_Offset off = (MPI_Offset)me * s;
    int bad = 0;
    for (int r = 0; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        MPI_File_write_at_all(fh, off, buf, (int)s, MPI_BYTE, MPI_STATUS_IGNORE);
        MPI_File_sync(fh);
        MPI_Barrier(MPI_COMM_WORLD);
        double t1 = MPI_Wtime();
        memset(back, 0, (size_t)s);
        MPI_File_read_at_all(fh, off, back, (int)s, MPI_BYTE, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
        double t2 = MPI_Wtime();
        MPI_Gather(buf, (int)s, MPI_BYTE, all, (int)s, MPI_BYTE, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        double t3 = MPI_Wtime();
        bad |= memcmp(buf, back, (size_t)s) != 0;
        double mb = (double)s * np / 1e6;
        tw[r] = mb / (t1 - t0);
        tr[r] = mb / (t2 - t1);
        tg[r] = mb / (t3 - t2);
    }
    MPI_File_close(&fh);
    int anybad = 0;
    MPI_Reduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (anybad)
            printf("iobench: read back differs from what was written\n");
        printf("csv,%d,%ld,%.1f,%.1f,%.1f\n", np, s, median(tw, reps), median(tr, reps), median(tg, reps));
    }
    MPI_Finalize();
    return anybad ? 1 : 0;
}
