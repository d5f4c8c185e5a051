/* fileio.c - the end-to-end file demo: every rank reads an input file (put on
 * each node with the launcher's --in), writes its own file out/rank-<R>.txt
 * with stdio, and all ranks write two files shared through MPI-IO, which live
 * on the node of rank 0 (and so come back under rank 0's --out directory):
 *   out/shared.dat  block R = the input rotated left by R bytes (write_at_all)
 *   out/ordered.txt one line per rank in rank order (write_ordered)
 * Usage: fileio INPUT [--abort-rank K]  (rank K calls MPI_Abort after its
 * files are written and closed: a failing run whose files still come back). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const char *what, const char *name)
{
    fprintf(stderr, "fileio: %s %s\n", what, name);
    MPI_Abort(MPI_COMM_WORLD, 2);
    return 2;
}

static char *slurp(const char *name, long *len)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    long cap = 0, n = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            char *nb = realloc(buf, (size_t)cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, (size_t)(cap - n), f);
        if (got == 0)
            break;
        n += (long)got;
    }
    fclose(f);
    *len = n;
    return buf;
}

static unsigned sum32(const char *b, long n)
{
    unsigned s = 0;
    for (long i = 0; i < n; i++)
        s = s * 31u + (unsigned char)b[i];
    return s;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, np, abort_rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 2)
        return die("usage: fileio INPUT [--abort-rank K]", "");
    if (argc > 3 && strcmp(argv[2], "--abort-rank") == 0)
        abort_rank = atoi(argv[3]);
    long len = 0;
    char *in = slurp(argv[1], &len);
    if (!in)
        return die("cannot read", argv[1]);

    /* this rank's own file */
    char name[64];
    snprintf(name, sizeof name, "out/rank-%d.txt", me);
    FILE *f = fopen(name, "w");
    if (!f)
        return die("cannot create", name);
    fprintf(f, "fileio rank %d of %d: %s, %ld bytes, sum %08x\n", me, np, argv[1], len, sum32(in, len));
    fwrite(in, 1, (size_t)len, f);
    if (fclose(f) != 0)
        return die("cannot write", name);

    /* the shared file: block R = input rotated left by R bytes */
    char *rot = malloc((size_t)len + 1);
    for (long i = 0; i < len; i++)
        rot[i] = in[(i + me) % len];
    MPI_File fh;
    MPI_Status st;
    int e = MPI_File_open(MPI_COMM_WORLD, "out/shared.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL,
                          &fh);
    if (e != MPI_SUCCESS)
        return die("MPI_File_open failed:", "out/shared.dat");
    MPI_File_set_size(fh, 0);
    e = MPI_File_write_at_all(fh, (MPI_Offset)me * len, rot, (int)len, MPI_BYTE, &st);
    int cnt = -1;
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    if (e != MPI_SUCCESS || cnt != len)
        return die("MPI_File_write_at_all failed:", "out/shared.dat");
    MPI_File_close(&fh);

    /* the ordered log: one line per rank, in rank order */
    char line[128];
    int ll = snprintf(line, sizeof line, "rank %d of %d read %ld bytes, sum %08x\n", me, np, len, sum32(in, len));
    e = MPI_File_open(MPI_COMM_WORLD, "out/ordered.txt", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    if (e != MPI_SUCCESS)
        return die("MPI_File_open failed:", "out/ordered.txt");
    MPI_File_set_size(fh, 0);
    MPI_File_write_ordered(fh, line, ll, MPI_CHAR, &st);
    MPI_File_close(&fh);
    printf("fileio: rank %d wrote %s and its part of out/shared.dat, out/ordered.txt\n", me, name);
    fflush(stdout);

    if (me == abort_rank) {
        printf("fileio: rank %d aborts as asked\n", me);
        fflush(stdout);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0)
        printf("fileio: %d ranks done, input %ld bytes\n", np, len);
    free(rot);
    free(in);
    MPI_Finalize();
    return 0;
}
