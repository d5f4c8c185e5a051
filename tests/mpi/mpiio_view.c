/* mpiio_view.c - conformance: file views (MPI-3.1 sec 13.3) with derived
 * datatypes: a 2-D subarray filetype (each process a block of columns of a
 * global matrix) written collectively from a strided memory type; an
 * interleaved vector filetype, resized so that it tiles, with etype MPI_INT
 * and a per-process displacement after a header; get_view, get_byte_offset,
 * get_type_extent, offsets and positions counted in etypes, set_view
 * resetting the individual pointer, and an unknown data representation
 * (MPI_ERR_UNSUPPORTED_DATAREP). */
#include "tap.h"
#include "mpiio_util.h"
#include <stdlib.h>
#include <string.h>

#define ROWS 6
#define CW 3   /* columns per process */
#define HDR 16 /* header bytes before the interleaved region */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    MPI_Comm w = MPI_COMM_WORLD;
    char name[64];
    mpiio_name(name, sizeof name, "view", w);
    MPI_File fh;
    MPI_Status st;
    int cnt;
    const int cols = CW * n;
    int *all = calloc((size_t)(ROWS * cols + 64 * n), sizeof(int));
    int e = MPI_File_open(w, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                          &fh);
    CHECK(e == MPI_SUCCESS, "open");

    /* 1. subarray: global ROWS x cols ints, this process columns me*CW.. */
    MPI_Datatype sub, mem;
    int sizes[2] = { ROWS, cols }, subs[2] = { ROWS, CW }, starts[2] = { 0, me * CW };
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &sub);
    MPI_Type_commit(&sub);
    /* memory: the values at every other int of a buffer (a vector) */
    int src[2 * ROWS * CW];
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < CW; j++) {
            src[2 * (i * CW + j)] = i * 1000 + me * CW + j;
            src[2 * (i * CW + j) + 1] = -1;
        }
    MPI_Type_vector(ROWS * CW, 1, 2, MPI_INT, &mem);
    MPI_Type_commit(&mem);
    e = MPI_File_set_view(fh, 0, MPI_INT, sub, "native", MPI_INFO_NULL);
    CHECK(e == MPI_SUCCESS, "set_view with a subarray filetype");
    e = MPI_File_write_all(fh, src, 1, mem, &st);
    MPI_Get_elements(&st, mem, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == ROWS * CW, "write_all of a strided memory type: %d elements", cnt);
    MPI_Offset pos = -1;
    MPI_File_get_position(fh, &pos);
    CHECK(pos == ROWS * CW, "position counts etypes of the view (%lld)", (long long)pos);
    mpiio_sbs(fh, w);
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    e = MPI_File_read_at(fh, 0, all, ROWS * cols, MPI_INT, &st);
    int ok = e == MPI_SUCCESS;
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < cols; j++)
            ok &= all[i * cols + j] == i * 1000 + j;
    CHECK(ok, "the file holds the whole matrix in row-major order");
    /* read the own columns back through the view, contiguous in memory */
    MPI_File_set_view(fh, 0, MPI_INT, sub, "native", MPI_INFO_NULL);
    int back[ROWS * CW];
    memset(back, 0, sizeof back);
    e = MPI_File_read_at_all(fh, 0, back, ROWS * CW, MPI_INT, &st);
    ok = e == MPI_SUCCESS;
    for (int i = 0; i < ROWS * CW; i++)
        ok &= back[i] == src[2 * i];
    CHECK(ok, "read_at_all through the subarray view");
    MPI_Offset bo = -1;
    MPI_File_get_byte_offset(fh, CW + 1, &bo);
    CHECK(bo == (MPI_Offset)(cols + me * CW + 1) * (MPI_Offset)sizeof(int),
          "get_byte_offset in the subarray view (%lld)", (long long)bo);
    MPI_Type_free(&sub);
    MPI_Type_free(&mem);

    /* 2. interleaved: after a header of HDR bytes, pairs of ints per rank;
     * the vector's two blocks are 2n ints apart, resized to tile by 4n */
    MPI_Barrier(w);
    const MPI_Offset base = (MPI_Offset)ROWS * cols * (MPI_Offset)sizeof(int) + HDR;
    MPI_Datatype vec, tile;
    MPI_Type_vector(2, 2, 2 * n, MPI_INT, &vec);
    MPI_Type_create_resized(vec, 0, 4 * n * (MPI_Aint)sizeof(int), &tile);
    MPI_Type_commit(&tile);
    const MPI_Offset disp = base + me * 2 * (MPI_Offset)sizeof(int);
    e = MPI_File_set_view(fh, disp, MPI_INT, tile, "native", MPI_INFO_NULL);
    MPI_File_get_position(fh, &pos);
    CHECK(e == MPI_SUCCESS && pos == 0, "set_view resets the individual pointer");
    MPI_Offset vd = -1;
    MPI_Datatype et, ft;
    char rep[MPI_MAX_DATAREP_STRING];
    MPI_File_get_view(fh, &vd, &et, &ft, rep);
    MPI_Aint flb = -1, fext = -1;
    MPI_Type_get_extent(ft, &flb, &fext);
    int fsz = -1;
    MPI_Type_size(ft, &fsz);
    CHECK(vd == disp && et == MPI_INT && strcmp(rep, "native") == 0, "get_view: displacement, etype, native");
    CHECK(flb == 0 && fext == 4 * n * (MPI_Aint)sizeof(int) && fsz == 4 * (int)sizeof(int),
          "get_view: the filetype's extent and size (%ld, %d)", (long)fext, fsz);
    MPI_Type_free(&ft);
    MPI_Aint ext = 0;
    MPI_File_get_type_extent(fh, MPI_INT, &ext);
    CHECK(ext == sizeof(int), "get_type_extent of MPI_INT in native");
    int v[8];
    for (int i = 0; i < 8; i++)
        v[i] = 7000 + me * 100 + i;
    e = MPI_File_write_all(fh, v, 8, MPI_INT, &st); /* two tiles */
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(e == MPI_SUCCESS && cnt == 8, "write_all of 8 ints through the interleaved view");
    MPI_File_get_byte_offset(fh, 0, &bo);
    CHECK(bo == disp, "get_byte_offset(0) is the displacement");
    MPI_File_get_byte_offset(fh, 2, &bo);
    CHECK(bo == disp + 2 * n * (MPI_Offset)sizeof(int), "get_byte_offset(2): the second block");
    MPI_File_get_byte_offset(fh, 5, &bo);
    CHECK(bo == disp + (4 * n + 1) * (MPI_Offset)sizeof(int), "get_byte_offset(5): in the second tile");
    e = MPI_File_seek(fh, 3, MPI_SEEK_SET);
    MPI_File_get_position(fh, &pos);
    CHECK(e == MPI_SUCCESS && pos == 3, "seek in etypes");
    mpiio_sbs(fh, w);
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    memset(all, 0, (size_t)8 * n * sizeof(int));
    MPI_File_read_at(fh, base, all, 8 * n, MPI_INT, &st);
    ok = 1;
    for (int j = 0; j < 8 * n; j++) {
        int slot = j % (2 * n), r = slot / 2, idx = (j / (2 * n)) * 2 + slot % 2;
        ok &= all[j] == 7000 + r * 100 + idx;
    }
    CHECK(ok, "the file holds the pairs of every process interleaved");
    int hdr[HDR / 4] = { 1, 1, 1, 1 };
    MPI_File_read_at(fh, base - HDR, hdr, HDR / 4, MPI_INT, &st);
    CHECK(hdr[0] == 0 && hdr[3] == 0, "the header before the displacement is untouched (a hole)");
    /* read the neighbour's ints through its view: offsets in etypes */
    int peer = (me + 1) % n;
    MPI_File_set_view(fh, base + peer * 2 * (MPI_Offset)sizeof(int), MPI_INT, tile, "native", MPI_INFO_NULL);
    int r4[4] = { 0 };
    e = MPI_File_read_at(fh, 2, r4, 4, MPI_INT, &st);
    CHECK(e == MPI_SUCCESS && r4[0] == 7000 + peer * 100 + 2 && r4[3] == 7000 + peer * 100 + 5,
          "read_at offset 2 in the next rank's view");
    e = MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "no-such-rep", MPI_INFO_NULL);
    CHECK(mpiio_class(e) == MPI_ERR_UNSUPPORTED_DATAREP, "unknown datarep -> MPI_ERR_UNSUPPORTED_DATAREP (%d)",
          mpiio_class(e));
    MPI_Type_free(&tile);
    MPI_Type_free(&vec);
    e = MPI_File_close(&fh);
    CHECK(e == MPI_SUCCESS, "close");
    free(all);

    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
