/* dtype.c - conformance: derived datatypes (contiguous, vector, hvector,
 * indexed, hindexed, indexed_block, struct, resized, subarray), extents and
 * true extents, Type_size, Get_address, Pack/Unpack/Pack_size, Get_count and
 * Get_elements, sending non-contiguous data (eager and large), pair types. */
#include "tap.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct particle { double x[3]; int id; char tag; };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    MPI_Aint lb, ext, tlb, text;
    int sz;

    /* vector: a column of a 10x10 matrix */
    MPI_Datatype col;
    MPI_Type_vector(10, 1, 10, MPI_DOUBLE, &col);
    MPI_Type_commit(&col);
    MPI_Type_size(col, &sz);
    MPI_Type_get_extent(col, &lb, &ext);
    CHECK(sz == 80 && lb == 0 && ext == 91 * 8, "vector size %d extent %ld", sz, (long)ext);
    double m[100], r[100];
    for (int i = 0; i < 100; i++)
        m[i] = me * 1000 + i;
    memset(r, 0, sizeof r);
    MPI_Sendrecv(&m[3], 1, col, next, 1, &r[5], 1, col, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int ok = 1;
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++)
            ok &= r[i * 10 + j] == (j == 5 ? prev * 1000 + i * 10 + 3 : 0);
    CHECK(ok, "vector column sent into another column");

    /* indexed + Get_elements/Get_count on partial data */
    int bl[3] = { 2, 1, 3 }, dp[3] = { 0, 4, 7 };
    MPI_Datatype idx;
    MPI_Type_indexed(3, bl, dp, MPI_INT, &idx);
    MPI_Type_commit(&idx);
    MPI_Type_size(idx, &sz);
    MPI_Type_get_extent(idx, &lb, &ext);
    CHECK(sz == 24 && ext == 40, "indexed size %d extent %ld", sz, (long)ext);
    int src[20], dst[20];
    for (int i = 0; i < 20; i++)
        src[i] = i + 100 * me;
    memset(dst, -1, sizeof dst);
    MPI_Status st;
    MPI_Sendrecv(src, 2, idx, next, 2, dst, 2, idx, prev, 2, MPI_COMM_WORLD, &st);
    int expect_pos[] = { 0, 1, 4, 7, 8, 9 };
    ok = 1;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 6; i++)
            ok &= dst[k * 10 + expect_pos[i]] == k * 10 + expect_pos[i] + 100 * prev;
    ok &= dst[2] == -1 && dst[3] == -1 && dst[12] == -1;
    CHECK(ok, "indexed type round trip, holes untouched");
    int cnt, el;
    MPI_Get_count(&st, idx, &cnt);
    MPI_Get_elements(&st, idx, &el);
    CHECK(cnt == 2 && el == 12, "Get_count %d Get_elements %d", cnt, el);
    /* partial: 8 ints into an indexed receive */
    MPI_Sendrecv(src, 8, MPI_INT, next, 3, dst, 2, idx, prev, 3, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, idx, &cnt);
    MPI_Get_elements(&st, idx, &el);
    CHECK(cnt == MPI_UNDEFINED && el == 8, "partial message: count UNDEFINED, elements %d", el);

    /* struct with padding, resized to sizeof */
    struct particle p[4], q[4];
    int sbl[3] = { 3, 1, 1 };
    MPI_Aint sdp[3] = { offsetof(struct particle, x), offsetof(struct particle, id),
                        offsetof(struct particle, tag) };
    MPI_Datatype stys[3] = { MPI_DOUBLE, MPI_INT, MPI_CHAR }, ptype, ptype2;
    MPI_Type_create_struct(3, sbl, sdp, stys, &ptype);
    MPI_Type_get_extent(ptype, &lb, &ext);
    MPI_Type_get_true_extent(ptype, &tlb, &text);
    CHECK(ext == (MPI_Aint)sizeof(struct particle), "struct extent padded to %ld (sizeof %zu)",
          (long)ext, sizeof(struct particle));
    CHECK(tlb == 0 && text == (MPI_Aint)offsetof(struct particle, tag) + 1, "struct true extent %ld", (long)text);
    MPI_Type_create_resized(ptype, 0, sizeof(struct particle), &ptype2);
    MPI_Type_commit(&ptype2);
    for (int i = 0; i < 4; i++) {
        p[i].x[0] = me + i; p[i].x[1] = -i; p[i].x[2] = i * 0.5;
        p[i].id = me * 10 + i; p[i].tag = (char)('a' + i);
    }
    memset(q, 0, sizeof q);
    MPI_Sendrecv(p, 4, ptype2, next, 4, q, 4, ptype2, prev, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < 4; i++)
        ok &= q[i].x[0] == prev + i && q[i].x[1] == -i && q[i].id == prev * 10 + i &&
              q[i].tag == 'a' + i;
    CHECK(ok, "array of structs");

    /* hvector of a struct column, large enough for rendezvous */
    MPI_Datatype hv;
    int big = 3000;
    double *bd = malloc((size_t)big * 3 * sizeof(double)), *bq = malloc((size_t)big * 3 * sizeof(double));
    for (int i = 0; i < big * 3; i++)
        bd[i] = i + me * 0.25;
    MPI_Type_create_hvector(big, 2, 3 * sizeof(double), MPI_DOUBLE, &hv);
    MPI_Type_commit(&hv);
    memset(bq, 0, (size_t)big * 3 * sizeof(double));
    MPI_Sendrecv(bd, 1, hv, next, 5, bq, 1, hv, prev, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < big; i++)
        ok &= bq[3 * i] == 3 * i + prev * 0.25 && bq[3 * i + 1] == 3 * i + 1 + prev * 0.25 &&
              bq[3 * i + 2] == 0;
    CHECK(ok, "hvector of %d blocks (large, non-contiguous both sides)", big);

    /* indexed_block, hindexed, contiguous of vector */
    int ibd[3] = { 5, 1, 3 };
    MPI_Datatype ib, hi, cv;
    MPI_Type_create_indexed_block(3, 2, ibd, MPI_SHORT, &ib);
    MPI_Type_commit(&ib);
    short ss[8] = { 0, 1, 2, 3, 4, 5, 6, 7 }, packed[6];
    int pos = 0;
    MPI_Pack(ss, 1, ib, packed, sizeof packed, &pos, MPI_COMM_WORLD);
    CHECK(pos == 12 && packed[0] == 5 && packed[1] == 6 && packed[2] == 1 && packed[3] == 2 &&
          packed[4] == 3 && packed[5] == 4, "indexed_block packs in type-map order");
    short un[8] = { 0 };
    pos = 0;
    MPI_Unpack(packed, sizeof packed, &pos, un, 1, ib, MPI_COMM_WORLD);
    CHECK(un[5] == 5 && un[6] == 6 && un[1] == 1 && un[4] == 4 && un[0] == 0 && un[7] == 0,
          "Unpack restores the layout");
    int hbl[2] = { 1, 2 };
    MPI_Aint hdp[2] = { 16, 0 };
    MPI_Type_create_hindexed(2, hbl, hdp, MPI_INT, &hi);
    MPI_Type_get_extent(hi, &lb, &ext);
    MPI_Type_size(hi, &sz);
    CHECK(lb == 0 && ext == 20 && sz == 12, "hindexed lb %ld extent %ld", (long)lb, (long)ext);
    MPI_Type_contiguous(3, col, &cv);
    MPI_Type_get_extent(cv, &lb, &ext);
    MPI_Type_size(cv, &sz);
    CHECK(sz == 240 && ext == 3 * 91 * 8, "contiguous of vector size %d extent %ld", sz, (long)ext);
    int ps;
    MPI_Pack_size(4, col, MPI_COMM_WORLD, &ps);
    CHECK(ps >= 320, "Pack_size of 4 columns >= 320 (%d)", ps);

    /* subarray 2x3 out of 4x5 (C order) */
    int sizes[2] = { 4, 5 }, subs[2] = { 2, 3 }, starts[2] = { 1, 2 };
    MPI_Datatype sa;
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &sa);
    MPI_Type_commit(&sa);
    int grid[20], out[6];
    for (int i = 0; i < 20; i++)
        grid[i] = i;
    pos = 0;
    MPI_Pack(grid, 1, sa, out, sizeof out, &pos, MPI_COMM_WORLD);
    MPI_Type_get_extent(sa, &lb, &ext);
    CHECK(out[0] == 7 && out[1] == 8 && out[2] == 9 && out[3] == 12 && out[5] == 14 && ext == 80,
          "subarray selects rows 1-2, columns 2-4");

    /* Get_address and an absolute struct with MPI_BOTTOM-free displacements */
    MPI_Aint a1, a2;
    MPI_Get_address(&p[0], &a1);
    MPI_Get_address(&p[1], &a2);
    CHECK(a2 - a1 == (MPI_Aint)sizeof(struct particle), "Get_address difference");

    /* pair types */
    MPI_Type_size(MPI_DOUBLE_INT, &sz);
    MPI_Type_get_extent(MPI_DOUBLE_INT, &lb, &ext);
    CHECK(sz == 12 && ext == 16, "MPI_DOUBLE_INT size %d extent %ld", sz, (long)ext);
    MPI_Type_size(MPI_2INT, &sz);
    CHECK(sz == 8, "MPI_2INT size");
    MPI_Type_size(MPI_C_DOUBLE_COMPLEX, &sz);
    int sz2;
    MPI_Type_size(MPI_DOUBLE_COMPLEX, &sz2);
    CHECK(sz == 16 && sz2 == 16, "complex sizes");

    MPI_Type_free(&col);
    MPI_Type_free(&idx);
    MPI_Type_free(&ptype);
    MPI_Type_free(&ptype2);
    MPI_Type_free(&hv);
    MPI_Type_free(&ib);
    MPI_Type_free(&hi);
    MPI_Type_free(&cv);
    MPI_Type_free(&sa);
    CHECK(col == MPI_DATATYPE_NULL, "Type_free resets the handle");

    /* MPI-3.1 sec 4.1.9: a type freed while a non-blocking receive that uses
     * it is pending stays alive until the receive completes, even when new
     * types are made meanwhile (they must not take its place). */
    {
        MPI_Datatype strided, other[4];
        MPI_Type_vector(8, 1, 4, MPI_INT, &strided);
        MPI_Type_commit(&strided);
        int in[32], out[8];
        for (int i = 0; i < 32; i++)
            in[i] = -1;
        for (int i = 0; i < 8; i++)
            out[i] = me * 100 + i;
        MPI_Request rq;
        MPI_Irecv(in, 1, strided, prev, 77, MPI_COMM_WORLD, &rq);
        MPI_Type_free(&strided);
        for (int i = 0; i < 4; i++) {
            MPI_Type_contiguous(8 + i, MPI_INT, &other[i]);
            MPI_Type_commit(&other[i]);
        }
        MPI_Barrier(MPI_COMM_WORLD);       /* the receive is pending on every rank */
        MPI_Send(out, 8, MPI_INT, next, 77, MPI_COMM_WORLD);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
        int good = strided == MPI_DATATYPE_NULL;
        for (int i = 0; i < 32; i++)
            good &= in[i] == (i % 4 ? -1 : prev * 100 + i / 4);
        CHECK(good, "a type freed during a pending Irecv still lays out its data");
        for (int i = 0; i < 4; i++)
            MPI_Type_free(&other[i]);
    }
    free(bd);
    free(bq);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
