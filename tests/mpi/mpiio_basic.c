/* mpiio_basic.c - MPI-IO basics (MPI-3.1 sec 13.2, 13.4.2, 13.3) on any
 * number of ranks: a shared file opened collectively, one block per rank
 * written at an explicit offset, read back by another rank, the size,
 * a strided view (vector filetype) written collectively and checked
 * through a plain view, errors as classes (MPI_ERR_NO_SUCH_FILE,
 * MPI_ERR_AMODE, MPI_ERR_READ_ONLY), close and delete. */
#include "tap.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define BLK 1000

static int cls(int e)
{
    int c = e;
    if (e)
        MPI_Error_class(e, &c);
    return c;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(120);
    int rank = tap_rank(), size = tap_size();
    char name[64];
    int pid = (int)getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(name, sizeof name, "mpiio_basic_%d.tmp", pid);

    MPI_File fh;
    int e = MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR,
                          MPI_INFO_NULL, &fh);
    CHECK(e == MPI_SUCCESS, "open with CREATE|RDWR (%d)", e);
    unsigned char out[BLK], in[BLK];
    tap_fill(out, BLK, rank);
    MPI_Status st;
    e = MPI_File_write_at(fh, (MPI_Offset)rank * BLK, out, BLK, MPI_BYTE, &st);
    int n = -1;
    MPI_Get_count(&st, MPI_BYTE, &n);
    CHECK(e == MPI_SUCCESS && n == BLK, "write_at of %d bytes (%d, count %d)", BLK, e, n);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    int peer = (rank + 1) % size;
    memset(in, 0, BLK);
    e = MPI_File_read_at(fh, (MPI_Offset)peer * BLK, in, BLK, MPI_BYTE, &st);
    MPI_Get_count(&st, MPI_BYTE, &n);
    CHECK(e == MPI_SUCCESS && n == BLK && tap_same(in, BLK, peer),
          "read_at gives rank %d's block (%d, count %d)", peer, e, n);
    MPI_Offset fsize = -1;
    e = MPI_File_get_size(fh, &fsize);
    CHECK(e == MPI_SUCCESS && fsize == (MPI_Offset)size * BLK, "size %lld", (long long)fsize);
    /* reading past the end: a short count, no error */
    e = MPI_File_read_at(fh, (MPI_Offset)size * BLK - 10, in, 100, MPI_BYTE, &st);
    MPI_Get_count(&st, MPI_BYTE, &n);
    CHECK(e == MPI_SUCCESS && n == 10, "read across the end: %d bytes (%d)", n, e);

    /* a strided view: rank r owns ints r, r+size, r+2*size, ... after disp */
    MPI_Datatype vec, ft;
    MPI_Type_vector(1, 1, size, MPI_INT, &vec);
    MPI_Type_create_resized(vec, 0, (MPI_Aint)size * (MPI_Aint)sizeof(int), &ft);
    MPI_Type_commit(&ft);
    MPI_Offset disp = (MPI_Offset)size * BLK;
    e = MPI_File_set_view(fh, disp + rank * (MPI_Offset)sizeof(int), MPI_INT, ft, "native",
                          MPI_INFO_NULL);
    CHECK(e == MPI_SUCCESS, "set_view with a strided filetype (%d)", e);
    int v[16];
    for (int i = 0; i < 16; i++)
        v[i] = 1000 * rank + i;
    e = MPI_File_write_all(fh, v, 16, MPI_INT, &st);
    CHECK(e == MPI_SUCCESS, "write_all through the view (%d)", e);
    MPI_Offset pos = -1, boff = -1;
    MPI_File_get_position(fh, &pos);
    MPI_File_get_byte_offset(fh, pos, &boff);
    CHECK(pos == 16 && boff == disp + (16 * size + rank) * (MPI_Offset)sizeof(int),
          "position %lld etypes, byte offset %lld", (long long)pos, (long long)boff);
    /* a refused access leaves the individual pointer where it was */
    MPI_Offset pos2 = -1;
    e = MPI_File_read(fh, v, 1, MPI_DATATYPE_NULL, &st);
    MPI_File_get_position(fh, &pos2);
    CHECK(cls(e) == MPI_ERR_TYPE && pos2 == 16, "read with MPI_DATATYPE_NULL: class %d, position %lld",
          cls(e), (long long)pos2);
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    int all[16 * 4];
    int want = size <= 4 ? size : 4;
    e = MPI_File_read_at_all(fh, disp, all, 16 * want, MPI_INT, &st);
    int okv = e == MPI_SUCCESS;
    for (int i = 0; i < 16 * want && okv; i++)
        if (i % size < want)
            okv = all[i] == 1000 * (i % size) + i / size;
    CHECK(okv, "the strided writes interleave in the file (%d)", e);
    MPI_Type_free(&ft);
    MPI_Type_free(&vec);
    e = MPI_File_close(&fh);
    CHECK(e == MPI_SUCCESS && fh == MPI_FILE_NULL, "close (%d)", e);

    /* errors: classes, returned (files default to MPI_ERRORS_RETURN) */
    char missing[80];
    snprintf(missing, sizeof missing, "%s.missing", name);
    e = MPI_File_open(MPI_COMM_WORLD, missing, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(cls(e) == MPI_ERR_NO_SUCH_FILE, "open of a missing file: class %d", cls(e));
    e = MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_RDONLY | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    CHECK(cls(e) == MPI_ERR_AMODE, "RDONLY|RDWR: class %d", cls(e));
    e = MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(e == MPI_SUCCESS, "open RDONLY (%d)", e);
    e = MPI_File_write_at(fh, 0, out, 1, MPI_BYTE, &st);
    CHECK(cls(e) == MPI_ERR_READ_ONLY, "write to a RDONLY file: class %d", cls(e));
    MPI_File_close(&fh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        e = MPI_File_delete(name, MPI_INFO_NULL);
        CHECK(e == MPI_SUCCESS, "delete (%d)", e);
        e = MPI_File_delete(name, MPI_INFO_NULL);
        CHECK(cls(e) == MPI_ERR_NO_SUCH_FILE, "delete again: class %d", cls(e));
    }
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
