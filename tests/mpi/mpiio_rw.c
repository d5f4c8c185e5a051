/* mpiio_rw.c - conformance: MPI-IO data access with explicit offsets and
 * individual file pointers, blocking, independent and collective (MPI-3.1
 * sec 13.4.2, 13.4.3): write_at/read_at, write_at_all/read_at_all,
 * seek (SET/CUR/END), get_position, write/read, write_all/read_all; reads at
 * and across the end of file; status counts on I/O statuses (Get_count,
 * Get_elements, sec 13.4.1 and 4.1.11) with a derived datatype. */
#include "tap.h"
#include "mpiio_util.h"
#include <string.h>

#define B 16 /* ints per rank and block */

static int block_ok(const int *v, int rank, int base)
{
    for (int i = 0; i < B; i++)
        if (v[i] != base + 1000 * rank + i)
            return 0;
    return 1;
}

static void block_fill(int *v, int rank, int base)
{
    for (int i = 0; i < B; i++)
        v[i] = base + 1000 * rank + i;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    MPI_Comm w = MPI_COMM_WORLD;
    char name[64];
    mpiio_name(name, sizeof name, "rw", w);
    MPI_File fh;
    MPI_Status st;
    int cnt, v[B], r[B];
    int e = MPI_File_open(w, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                          &fh);
    CHECK(e == MPI_SUCCESS, "open");
    const MPI_Offset blk = B * (MPI_Offset)sizeof(int);

    /* region 1 (blocks 0..n-1): write_at, independent */
    block_fill(v, me, 0);
    e = MPI_File_write_at(fh, me * blk, v, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == B, "write_at: status count %d ints", cnt);
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    CHECK(cnt == B * (int)sizeof(int), "write_at: status count in MPI_BYTE %d", cnt);
    MPI_Get_elements(&st, MPI_INT, &cnt);
    CHECK(cnt == B, "write_at: Get_elements %d", cnt);
    mpiio_sbs(fh, w);
    int peer = (me + 1) % n;
    memset(r, 0, sizeof r);
    e = MPI_File_read_at(fh, peer * blk, r, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == B && block_ok(r, peer, 0), "read_at: the next rank's block");

    /* region 2 (blocks n..2n-1): write_at_all, read_at_all of a neighbour */
    block_fill(v, me, 100000);
    e = MPI_File_write_at_all(fh, (n + me) * blk, v, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == B, "write_at_all: count %d", cnt);
    mpiio_sbs(fh, w);
    int prev = (me + n - 1) % n;
    memset(r, 0, sizeof r);
    e = MPI_File_read_at_all(fh, (n + prev) * blk, r, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == B && block_ok(r, prev, 100000), "read_at_all: the previous rank's block");
    MPI_Offset sz = -1;
    MPI_File_get_size(fh, &sz);
    CHECK(sz == 2 * n * blk, "size after two regions %lld", (long long)sz);
    MPI_Barrier(w);

    /* region 3: individual file pointers (bytes: the default view) */
    MPI_Offset pos = -1;
    MPI_File_get_position(fh, &pos);
    CHECK(pos == 0, "individual pointer starts at 0");
    e = MPI_File_seek(fh, (2 * n + me) * blk, MPI_SEEK_SET);
    MPI_File_get_position(fh, &pos);
    CHECK(e == MPI_SUCCESS && pos == (2 * n + me) * blk, "seek SEEK_SET, get_position");
    block_fill(v, me, 200000);
    MPI_File_write(fh, v, B / 2, MPI_INT, &st);
    MPI_File_get_position(fh, &pos);
    CHECK(pos == (2 * n + me) * blk + blk / 2, "write advances the pointer by the data written");
    e = MPI_File_write_all(fh, v + B / 2, B / 2, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    MPI_File_get_position(fh, &pos);
    CHECK(e == MPI_SUCCESS && cnt == B / 2 && pos == (2 * n + me + 1) * blk, "write_all from the pointer");
    e = MPI_File_seek(fh, -blk, MPI_SEEK_CUR);
    MPI_File_get_position(fh, &pos);
    CHECK(e == MPI_SUCCESS && pos == (2 * n + me) * blk, "seek SEEK_CUR backwards");
    memset(r, 0, sizeof r);
    MPI_File_read(fh, r, B, MPI_INT, &st);
    CHECK(block_ok(r, me, 200000), "read back the own block through the pointer");
    mpiio_sbs(fh, w);
    MPI_File_seek(fh, (2 * n + peer) * blk, MPI_SEEK_SET);
    memset(r, 0, sizeof r);
    e = MPI_File_read_all(fh, r, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == B && block_ok(r, peer, 200000), "read_all: the next rank's block");
    e = MPI_File_seek(fh, 0, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    CHECK(e == MPI_SUCCESS && pos == 3 * n * blk, "seek SEEK_END is the size (%lld)", (long long)pos);
    e = MPI_File_seek(fh, -1, MPI_SEEK_SET);
    CHECK(e != MPI_SUCCESS, "seek to a negative offset is an error (class %d)", mpiio_class(e));

    /* end of file: nothing, then a part */
    MPI_Barrier(w);
    const MPI_Offset end = 3 * n * blk;
    e = MPI_File_read_at(fh, end, r, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == 0, "read_at at the end of file: count 0 (%d)", cnt);
    e = MPI_File_read_at(fh, end + 4096, r, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == 0, "read_at past the end of file: count 0 (%d)", cnt);
    memset(r, 0, sizeof r);
    e = MPI_File_read_at(fh, end - 4 * (MPI_Offset)sizeof(int), r, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == 4 && r[0] == 200000 + 1000 * (n - 1) + B - 4,
          "read_at across the end of file: the 4 ints there (%d)", cnt);
    /* a derived type of 3 ints: 2 requested, 4 ints left = 1 whole + 1 of 3 */
    MPI_Datatype three;
    MPI_Type_contiguous(3, MPI_INT, &three);
    MPI_Type_commit(&three);
    e = MPI_File_read_at(fh, end - 4 * (MPI_Offset)sizeof(int), r, 2, three, &st);
    int el = -1;
    MPI_Get_count(&st, three, &cnt);
    MPI_Get_elements(&st, three, &el);
    CHECK(e == MPI_SUCCESS && cnt == MPI_UNDEFINED && el == 4,
          "partial derived type: Get_count MPI_UNDEFINED, Get_elements 4 (%d, %d)", cnt, el);
    MPI_Count elx = -1;
    MPI_Get_elements_x(&st, three, &elx);
    CHECK(elx == 4, "Get_elements_x 4");
    MPI_Type_free(&three);
    /* zero-length accesses */
    e = MPI_File_write_at(fh, 0, v, 0, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == 0, "zero-length write_at");
    e = MPI_File_write_at_all(fh, end, v, 0, MPI_INT, &st);
    MPI_File_get_size(fh, &sz);
    CHECK(e == MPI_SUCCESS && sz == end, "zero-length write_at_all at the end leaves the size");
    e = MPI_File_read_at(fh, 0, r, 1, MPI_DATATYPE_NULL, &st);
    CHECK(e != MPI_SUCCESS, "read_at with MPI_DATATYPE_NULL is an error (class %d)", mpiio_class(e));
    e = MPI_File_read_at(fh, 0, r, -1, MPI_INT, &st);
    CHECK(mpiio_class(e) == MPI_ERR_COUNT || mpiio_class(e) == MPI_ERR_ARG,
          "read_at with count -1 -> MPI_ERR_COUNT (%d)", mpiio_class(e));
    e = MPI_File_close(&fh);
    CHECK(e == MPI_SUCCESS, "close");

    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
