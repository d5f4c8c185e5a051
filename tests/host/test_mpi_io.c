/* test_mpi_io.c - cmocka tests of MPI-IO's portable core
 * (libmpi_mbcf/io/io_view.c): views flattened to (offset, length) lists
 * (MPI-3.1 sec 13.3: filetype tiles from the displacement, holes skipped),
 * byte offsets and their inverse, request messages packed and checked,
 * shared file pointer arithmetic (sec 13.4.4), bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "io_view.h"

static struct dte t_int;

/* 2 ints at 0, a hole of 2 ints, extent 16: "xx.." */
static void build_strided(struct dte *v)
{
    int64_t bl[1] = { 2 }, dp[1] = { 0 };
    const struct dte *o[1] = { &t_int };
    struct dte tmp;
    assert_int_equal(dte_init_blocks(&tmp, 1, bl, dp, o, 0), 0);
    assert_int_equal(dte_init_resized(v, &tmp, 0, 16), 0);
    dte_destroy(&tmp);
}

static void test_contiguous_view(void **s)
{
    (void)s;
    struct io_view v = { 100, 1, NULL };
    struct io_seg *g;
    assert_int_equal(io_view_flatten(&v, 5, 50, &g), 1);
    assert_int_equal(g[0].off, 105);
    assert_int_equal(g[0].len, 50);
    free(g);
    assert_int_equal(io_view_flatten(&v, 5, 0, &g), 0);
    assert_int_equal(io_view_byte_offset(&v, 7), 107);
    assert_int_equal(io_view_bytes_before(&v, 150), 50);
    assert_int_equal(io_view_bytes_before(&v, 50), 0);
}

static void test_strided_view(void **s)
{
    (void)s;
    struct dte ft;
    build_strided(&ft);
    struct io_view v = { 1000, 4, &ft };
    struct io_seg *g;
    /* 20 bytes from view byte 4: 4 in tile 0, 8 in tile 1, 8 in tile 2 */
    assert_int_equal(io_view_flatten(&v, 4, 20, &g), 3);
    assert_int_equal(g[0].off, 1004);
    assert_int_equal(g[0].len, 4);
    assert_int_equal(g[1].off, 1016);
    assert_int_equal(g[1].len, 8);
    assert_int_equal(g[2].off, 1032);
    assert_int_equal(g[2].len, 8);
    free(g);
    assert_int_equal(io_view_byte_offset(&v, 8), 1016); /* second tile's first byte */
    assert_int_equal(io_view_byte_offset(&v, 13), 1021);
    /* inverse: bytes of the view before a file offset */
    assert_int_equal(io_view_bytes_before(&v, 1000), 0);
    assert_int_equal(io_view_bytes_before(&v, 1012), 8); /* in the hole */
    assert_int_equal(io_view_bytes_before(&v, 1020), 12);
    assert_int_equal(io_view_bytes_before(&v, 1000 + 16 * 100), 800);
    dte_destroy(&ft);
}

static void test_dense_tiles_merge(void **s)
{
    (void)s;
    struct io_view v = { 0, 4, &t_int }; /* an int filetype: no holes */
    struct io_seg *g;
    assert_int_equal(io_view_flatten(&v, 8, 400, &g), 1);
    assert_int_equal(g[0].off, 8);
    assert_int_equal(g[0].len, 400);
    free(g);
}

static void test_bad_view_input(void **s)
{
    (void)s;
    struct io_view v = { 0, 1, NULL };
    struct io_seg *g = (struct io_seg *)1;
    assert_int_equal(io_view_flatten(&v, -1, 4, &g), -1);
    assert_null(g);
    assert_int_equal(io_view_flatten(&v, 0, -4, &g), -1);
    v.disp = -8;
    assert_int_equal(io_view_flatten(&v, 0, 4, &g), -1);
    struct dte empty;
    const struct dte *o[1] = { &t_int };
    int64_t bl[1] = { 0 }, dp[1] = { 0 };
    assert_int_equal(dte_init_blocks(&empty, 1, bl, dp, o, 0), 0);
    struct io_view e = { 0, 4, &empty }; /* no data in the filetype */
    assert_int_equal(io_view_flatten(&e, 0, 4, &g), -1);
    assert_int_equal(io_view_byte_offset(&e, 0), -1);
    dte_destroy(&empty);
}

static void test_request_pack_parse(void **s)
{
    (void)s;
    struct io_seg sg[2] = { { 10, 3 }, { 40, 2 } };
    struct io_req h = { IO_OP_WRITE, 2, 7, 5 };
    int64_t len = io_req_len(2, 5);
    assert_int_equal(len, (int64_t)(sizeof h + 2 * sizeof(struct io_seg) + 5));
    char *m = malloc((size_t)len);
    io_req_pack(m, &h, sg, "abcde");
    struct io_req r;
    const struct io_seg *rs;
    const char *data;
    assert_int_equal(io_req_parse(m, len, &r, &rs, &data), 0);
    assert_int_equal(r.op, IO_OP_WRITE);
    assert_int_equal(r.nseg, 2);
    assert_int_equal(r.arg, 7);
    assert_int_equal(rs[1].off, 40);
    assert_memory_equal(data, "abcde", 5);
    assert_int_equal(io_segs_total(rs, r.nseg), 5);
    /* truncated or lying messages are refused */
    assert_int_equal(io_req_parse(m, len - 1, &r, &rs, &data), -1);
    assert_int_equal(io_req_parse(m, 4, &r, &rs, &data), -1);
    ((struct io_req *)m)->nseg = 1000;
    assert_int_equal(io_req_parse(m, len, &r, &rs, &data), -1);
    ((struct io_req *)m)->nseg = -1;
    assert_int_equal(io_req_parse(m, len, &r, &rs, &data), -1);
    free(m);
    struct io_seg bad[1] = { { -5, 3 } };
    assert_int_equal(io_segs_total(bad, 1), -1);
    assert_int_equal(io_req_len(1, (int64_t)1 << 40), -1);
}

static void test_shared_pointer(void **s)
{
    (void)s;
    int64_t sp = 0;
    assert_int_equal(io_sp_fetch_add(&sp, 10), 0);
    assert_int_equal(io_sp_fetch_add(&sp, 5), 10);
    assert_int_equal(sp, 15);
    assert_int_equal(io_sp_fetch_add(&sp, -20), -1); /* never below zero */
    assert_int_equal(sp, 15);
    assert_int_equal(io_sp_seek(15, 3, 0, 100), 3);   /* SEEK_SET */
    assert_int_equal(io_sp_seek(15, -5, 1, 100), 10); /* SEEK_CUR */
    assert_int_equal(io_sp_seek(15, -1, 2, 100), 99); /* SEEK_END */
    assert_int_equal(io_sp_seek(15, -16, 1, 100), -1);
}

int main(void)
{
    dte_init_basic(&t_int, 4, 4, 7);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contiguous_view),
        cmocka_unit_test(test_strided_view),
        cmocka_unit_test(test_dense_tiles_merge),
        cmocka_unit_test(test_bad_view_input),
        cmocka_unit_test(test_request_pack_parse),
        cmocka_unit_test(test_shared_pointer),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    dte_destroy(&t_int);
    return rc;
}
