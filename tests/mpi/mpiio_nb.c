/* mpiio_nb.c - conformance: non-blocking MPI-IO (MPI-3.1 sec 13.4.2-13.4.3:
 * iwrite_at/iread_at, iwrite/iread, iwrite_at_all/iread_at_all,
 * iwrite_all/iread_all) completed with Wait, Waitall and Test loops, the
 * status counts of the completed requests, and split collective data access
 * (sec 13.4.5: write_at_all_begin/end, read_at_all_begin/end,
 * write_all_begin/end, read_all_begin/end). */
#include "tap.h"
#include "mpiio_util.h"
#include <string.h>

#define B 32 /* ints per rank and block */

static void fill(int *v, int rank, int base)
{
    for (int i = 0; i < B; i++)
        v[i] = base + 1000 * rank + i;
}

static int same(const int *v, int rank, int base)
{
    for (int i = 0; i < B; i++)
        if (v[i] != base + 1000 * rank + i)
            return 0;
    return 1;
}

static int count_of(MPI_Status *st)
{
    int c = -1;
    MPI_Get_count(st, MPI_INT, &c);
    return c;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int peer = (me + 1) % n;
    MPI_Comm w = MPI_COMM_WORLD;
    char name[64];
    mpiio_name(name, sizeof name, "nb", w);
    MPI_File fh;
    MPI_Status st, sts[2];
    MPI_Request rq, rqs[2];
    int v[B], v2[B], r[B], r2[B];
    const MPI_Offset blk = B * (MPI_Offset)sizeof(int);
    int e = MPI_File_open(w, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                          &fh);
    CHECK(e == MPI_SUCCESS, "open");

    /* blocks 0..n-1: iwrite_at, Wait; blocks n..2n-1: two at once, Waitall */
    fill(v, me, 0);
    e = MPI_File_iwrite_at(fh, me * blk, v, B, MPI_INT, &rq);
    CHECK(e == MPI_SUCCESS && rq != MPI_REQUEST_NULL, "iwrite_at returns a request");
    MPI_Wait(&rq, &st);
    CHECK(rq == MPI_REQUEST_NULL && count_of(&st) == B, "Wait on iwrite_at: count %d", count_of(&st));
    fill(v2, me, 50000);
    MPI_File_iwrite_at(fh, (n + me) * blk, v2, B / 2, MPI_INT, &rqs[0]);
    MPI_File_iwrite_at(fh, (n + me) * blk + blk / 2, v2 + B / 2, B / 2, MPI_INT, &rqs[1]);
    e = MPI_Waitall(2, rqs, sts);
    CHECK(e == MPI_SUCCESS && count_of(&sts[0]) == B / 2 && count_of(&sts[1]) == B / 2,
          "Waitall on two iwrite_at: counts");
    mpiio_sbs(fh, w);
    memset(r, 0, sizeof r);
    memset(r2, 0, sizeof r2);
    MPI_File_iread_at(fh, peer * blk, r, B, MPI_INT, &rqs[0]);
    MPI_File_iread_at(fh, (n + peer) * blk, r2, B, MPI_INT, &rqs[1]);
    /* (MPI_Testall on ROMIO's requests trips an assertion in MPICH 4.0.2) */
    int d0 = 0, d1 = 0, done;
    while (!d0 || !d1) {
        if (!d0)
            MPI_Test(&rqs[0], &d0, &sts[0]);
        if (!d1)
            MPI_Test(&rqs[1], &d1, &sts[1]);
    }
    CHECK(same(r, peer, 0) && same(r2, peer, 50000) && count_of(&sts[1]) == B,
          "iread_at x2 completed by Test: the next rank's blocks");

    /* individual pointer: iwrite then iread, the pointer moves at the call */
    MPI_File_seek(fh, (2 * n + me) * blk, MPI_SEEK_SET);
    fill(v, me, 70000);
    MPI_File_iwrite(fh, v, B / 2, MPI_INT, &rqs[0]);
    MPI_Offset pos = -1;
    MPI_File_get_position(fh, &pos);
    CHECK(pos == (2 * n + me) * blk + blk / 2, "iwrite moves the individual pointer at once");
    MPI_File_iwrite(fh, v + B / 2, B / 2, MPI_INT, &rqs[1]);
    MPI_Waitall(2, rqs, MPI_STATUSES_IGNORE);
    MPI_File_seek(fh, (2 * n + me) * blk, MPI_SEEK_SET);
    memset(r, 0, sizeof r);
    MPI_File_iread(fh, r, B, MPI_INT, &rq);
    done = 0;
    while (!done)
        MPI_Test(&rq, &done, &st);
    CHECK(same(r, me, 70000) && count_of(&st) == B, "iread by Test loop: the own block");

    /* non-blocking collectives (sec 13.4.2-3, MPI-3.1) */
    fill(v, me, 90000);
    e = MPI_File_iwrite_at_all(fh, (3 * n + me) * blk, v, B, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    CHECK(e == MPI_SUCCESS && count_of(&st) == B, "iwrite_at_all: count");
    mpiio_sbs(fh, w);
    memset(r, 0, sizeof r);
    MPI_File_iread_at_all(fh, (3 * n + peer) * blk, r, B, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    CHECK(same(r, peer, 90000) && count_of(&st) == B, "iread_at_all: the next rank's block");
    MPI_File_seek(fh, (4 * n + me) * blk, MPI_SEEK_SET);
    fill(v, me, 110000);
    MPI_File_iwrite_all(fh, v, B, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    CHECK(count_of(&st) == B, "iwrite_all: count");
    mpiio_sbs(fh, w);
    MPI_File_seek(fh, (4 * n + peer) * blk, MPI_SEEK_SET);
    memset(r, 0, sizeof r);
    MPI_File_iread_all(fh, r, B, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    CHECK(same(r, peer, 110000), "iread_all: the next rank's block");

    /* split collectives */
    fill(v, me, 130000);
    e = MPI_File_write_at_all_begin(fh, (5 * n + me) * blk, v, B, MPI_INT);
    CHECK(e == MPI_SUCCESS, "write_at_all_begin");
    e = MPI_File_write_at_all_end(fh, v, &st);
    CHECK(e == MPI_SUCCESS && count_of(&st) == B, "write_at_all_end: count %d", count_of(&st));
    mpiio_sbs(fh, w);
    memset(r, 0, sizeof r);
    MPI_File_read_at_all_begin(fh, (5 * n + peer) * blk, r, B, MPI_INT);
    e = MPI_File_read_at_all_end(fh, r, &st);
    CHECK(e == MPI_SUCCESS && same(r, peer, 130000) && count_of(&st) == B,
          "read_at_all_begin/end: the next rank's block");
    MPI_File_seek(fh, (6 * n + me) * blk, MPI_SEEK_SET);
    fill(v, me, 150000);
    MPI_File_write_all_begin(fh, v, B, MPI_INT);
    e = MPI_File_write_all_end(fh, v, &st);
    MPI_File_get_position(fh, &pos);
    CHECK(e == MPI_SUCCESS && count_of(&st) == B && pos == (6 * n + me + 1) * blk,
          "write_all_begin/end: count, pointer");
    mpiio_sbs(fh, w);
    MPI_File_seek(fh, (6 * n + peer) * blk, MPI_SEEK_SET);
    memset(r, 0, sizeof r);
    MPI_File_read_all_begin(fh, r, B, MPI_INT);
    e = MPI_File_read_all_end(fh, r, &st);
    CHECK(e == MPI_SUCCESS && same(r, peer, 150000), "read_all_begin/end: the next rank's block");
    MPI_Offset sz = -1;
    MPI_File_get_size(fh, &sz);
    CHECK(sz == 7 * n * blk, "size after seven regions (%lld)", (long long)sz);
    e = MPI_File_close(&fh);
    CHECK(e == MPI_SUCCESS, "close");

    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
