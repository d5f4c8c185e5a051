/* mpiio_shared.c - conformance: shared file pointers (MPI-3.1 sec 13.4.4):
 * write_shared (each record lands once, in some order), read_shared (each
 * process reads a different record), write_ordered/read_ordered (rank order),
 * seek_shared (SET/END) and get_position_shared, iwrite_shared/iread_shared;
 * set_view resets the shared pointer (sec 13.3). */
#include "tap.h"
#include "mpiio_util.h"
#include <stdlib.h>
#include <string.h>

#define R 8 /* ints per record */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    MPI_Comm w = MPI_COMM_WORLD;
    char name[64];
    mpiio_name(name, sizeof name, "shared", w);
    MPI_File fh;
    MPI_Status st;
    int cnt, rec[R];
    const MPI_Offset rbytes = R * (MPI_Offset)sizeof(int);
    int *all = malloc((size_t)(n * (n + 1) / 2 + n * R) * sizeof(int));
    int e = MPI_File_open(w, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                          &fh);
    CHECK(e == MPI_SUCCESS, "open");
    MPI_Offset pos = -1;
    MPI_File_get_position_shared(fh, &pos);
    CHECK(pos == 0, "shared pointer starts at 0");
    MPI_Barrier(w); /* (the queries above and below race with the others' accesses) */

    /* write_shared: one record per process, order unspecified */
    for (int i = 0; i < R; i++)
        rec[i] = me * 100 + i;
    e = MPI_File_write_shared(fh, rec, R, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == R, "write_shared: count %d", cnt);
    mpiio_sbs(fh, w);
    MPI_File_get_position_shared(fh, &pos);
    CHECK(pos == n * rbytes, "get_position_shared after n records (%lld)", (long long)pos);
    if (me == 0) {
        MPI_File_read_at(fh, 0, all, n * R, MPI_INT, &st);
        int seen = 0, whole = 1;
        for (int k = 0; k < n; k++) {
            int who = all[k * R] / 100;
            for (int i = 0; i < R; i++)
                whole &= all[k * R + i] == who * 100 + i;
            if (who >= 0 && who < n)
                seen |= 1 << who;
        }
        CHECK(whole && seen == (1 << n) - 1, "write_shared: every record whole, each process once");
    }

    /* read_shared: each process gets a different record */
    MPI_Barrier(w);
    e = MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    CHECK(e == MPI_SUCCESS, "seek_shared SEEK_SET 0");
    memset(rec, 0xff, sizeof rec);
    e = MPI_File_read_shared(fh, rec, R, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    int who = rec[0] / 100, whole = 1;
    for (int i = 0; i < R; i++)
        whole &= rec[i] == who * 100 + i;
    CHECK(e == MPI_SUCCESS && cnt == R && whole, "read_shared: a whole record");
    MPI_Allgather(&who, 1, MPI_INT, all, 1, MPI_INT, w);
    int mask = 0;
    for (int k = 0; k < n; k++)
        if (all[k] >= 0 && all[k] < n)
            mask |= 1 << all[k];
    CHECK(mask == (1 << n) - 1, "read_shared: the processes read different records");

    /* write_ordered: rank r writes r+1 ints of value r, in rank order */
    MPI_File_seek_shared(fh, 0, MPI_SEEK_END);
    MPI_File_get_position_shared(fh, &pos);
    CHECK(pos == n * rbytes, "seek_shared SEEK_END is the size");
    const MPI_Offset base = pos;
    MPI_Barrier(w);
    int mine[64];
    for (int i = 0; i <= me; i++)
        mine[i] = me;
    e = MPI_File_write_ordered(fh, mine, me + 1, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == me + 1, "write_ordered: count %d", cnt);
    mpiio_sbs(fh, w);
    MPI_File_get_position_shared(fh, &pos);
    const int tri = n * (n + 1) / 2;
    CHECK(pos == base + tri * (MPI_Offset)sizeof(int), "write_ordered moves the pointer past all data");
    MPI_Barrier(w);
    if (me == 0) {
        MPI_File_read_at(fh, base, all, tri, MPI_INT, &st);
        int ok = 1, k = 0;
        for (int r = 0; r < n; r++)
            for (int i = 0; i <= r; i++)
                ok &= all[k++] == r;
        CHECK(ok, "write_ordered: the data in rank order");
    }
    /* read_ordered the same layout back */
    MPI_File_seek_shared(fh, base, MPI_SEEK_SET);
    memset(mine, 0xff, sizeof mine);
    e = MPI_File_read_ordered(fh, mine, me + 1, MPI_INT, &st);
    int ok = e == MPI_SUCCESS;
    for (int i = 0; i <= me; i++)
        ok &= mine[i] == me;
    CHECK(ok, "read_ordered: each rank reads its own run back");
    /* the split form (sec 13.4.5): read_ordered_begin/end */
    MPI_File_seek_shared(fh, base, MPI_SEEK_SET);
    memset(mine, 0xff, sizeof mine);
    e = MPI_File_read_ordered_begin(fh, mine, me + 1, MPI_INT);
    int e2 = MPI_File_read_ordered_end(fh, mine, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    ok = e == MPI_SUCCESS && e2 == MPI_SUCCESS && cnt == me + 1;
    for (int i = 0; i <= me; i++)
        ok &= mine[i] == me;
    CHECK(ok, "read_ordered_begin/end: each rank reads its own run back");

    /* non-blocking shared: append one record each, read them back */
    MPI_Barrier(w);
    const MPI_Offset base2 = base + tri * (MPI_Offset)sizeof(int);
    MPI_File_seek_shared(fh, base2, MPI_SEEK_SET);
    for (int i = 0; i < R; i++)
        rec[i] = 5000 + me * 100 + i;
    MPI_Request rq;
    e = MPI_File_iwrite_shared(fh, rec, R, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == R, "iwrite_shared: count");
    mpiio_sbs(fh, w);
    MPI_File_seek_shared(fh, base2, MPI_SEEK_SET);
    memset(rec, 0xff, sizeof rec);
    MPI_File_iread_shared(fh, rec, R, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    who = (rec[0] - 5000) / 100;
    whole = 1;
    for (int i = 0; i < R; i++)
        whole &= rec[i] == 5000 + who * 100 + i;
    MPI_Allgather(&who, 1, MPI_INT, all, 1, MPI_INT, w);
    mask = 0;
    for (int k = 0; k < n; k++)
        if (all[k] >= 0 && all[k] < n)
            mask |= 1 << all[k];
    CHECK(whole && mask == (1 << n) - 1, "iread_shared: whole, different records");

    /* set_view resets the shared pointer, which then counts etypes */
    MPI_Barrier(w);
    e = MPI_File_set_view(fh, base, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_get_position_shared(fh, &pos);
    CHECK(e == MPI_SUCCESS && pos == 0, "set_view resets the shared pointer");
    MPI_Barrier(w);
    int first = -1;
    MPI_File_read_ordered(fh, &first, 1, MPI_INT, &st);
    MPI_Barrier(w);
    MPI_File_get_position_shared(fh, &pos);
    /* ints at base: 0, 1, 1, 2, 2, 2, ... */
    int expect = 0, k = 0;
    for (int r = 0; r < n && k <= me; r++)
        for (int i = 0; i <= r && k <= me; i++, k++)
            expect = r;
    CHECK(first == expect && pos == n, "read_ordered in a view of ints: position in etypes (%lld)",
          (long long)pos);
    e = MPI_File_close(&fh);
    CHECK(e == MPI_SUCCESS, "close");
    free(all);

    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
