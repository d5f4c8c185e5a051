/* test_mpi_dte.c - cmocka tests of the portable datatype engine
 * (libmpi_mbcf/objects/dte.c): extents, flattening, pack/unpack with partial ranges,
 * element counts, struct padding, resized types, bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "dte.h"

static struct dte t_int, t_double, t_char;

static int setup(void **s)
{
    (void)s;
    dte_init_basic(&t_int, 4, 4, 7);
    dte_init_basic(&t_double, 8, 8, 14);
    dte_init_basic(&t_char, 1, 1, 1);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    dte_destroy(&t_int);
    dte_destroy(&t_double);
    dte_destroy(&t_char);
    return 0;
}

/* vector(count=3, blocklen=2, stride=4 ints) */
static void build_vector(struct dte *v)
{
    int64_t bl[3] = { 2, 2, 2 }, dp[3] = { 0, 16, 32 };
    const struct dte *o[3] = { &t_int, &t_int, &t_int };
    assert_int_equal(dte_init_blocks(v, 3, bl, dp, o, 0), 0);
}

static void test_vector_layout(void **s)
{
    (void)s;
    struct dte v;
    build_vector(&v);
    assert_int_equal(v.size, 24);
    assert_int_equal(v.lb, 0);
    assert_int_equal(dte_extent(&v), 40);
    assert_int_equal(v.nsegs, 3);
    assert_int_equal(v.segs[1].off, 16);
    assert_int_equal(v.segs[1].len, 8);
    assert_int_equal(v.nelems, 6);
    assert_int_equal(v.red_basic, 7);
    assert_int_equal(v.red_n, 6);
    int64_t off;
    assert_false(dte_is_contig(&v, 1, &off));
    dte_destroy(&v);
}

static void test_pack_unpack_roundtrip(void **s)
{
    (void)s;
    struct dte v;
    build_vector(&v);
    int src[20], packed[12], dst[20];
    for (int i = 0; i < 20; i++)
        src[i] = i;
    assert_int_equal(dte_pack(&v, src, 2, packed, 0, 48), 48);
    /* instance 2 starts at extent 40 bytes = int 10 */
    int expect[12] = { 0, 1, 4, 5, 8, 9, 10, 11, 14, 15, 18, 19 };
    assert_memory_equal(packed, expect, sizeof expect);
    memset(dst, 0xff, sizeof dst);
    assert_int_equal(dte_unpack(&v, dst, 2, packed, 0, 48), 48);
    for (int i = 0; i < 20; i++) {
        int k = i < 10 ? i : i - 10;      /* second instance starts at int 10 */
        int in_map = k % 4 < 2 && k < 10;
        if (in_map)
            assert_int_equal(dst[i], i);
        else
            assert_int_equal(dst[i], -1);
    }
    dte_destroy(&v);
}

static void test_partial_range(void **s)
{
    (void)s;
    struct dte v;
    build_vector(&v);
    int src[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 }, out[4] = { 0 };
    /* bytes 6..18 of the stream: half of elem 1, elems 2-3, half of elem 4 */
    char buf[12];
    assert_int_equal(dte_pack(&v, src, 1, buf, 6, 12), 12);
    int whole[6];
    dte_pack(&v, src, 1, whole, 0, 24);
    assert_memory_equal(buf, (char *)whole + 6, 12);
    /* asking past the end is clipped */
    assert_int_equal(dte_pack(&v, src, 1, out, 20, 100), 4);
    /* truncated unpack touches only the first bytes */
    int dst[10];
    memset(dst, 0, sizeof dst);
    assert_int_equal(dte_unpack(&v, dst, 1, whole, 0, 12), 12);
    assert_int_equal(dst[0], 0);
    assert_int_equal(dst[1], 1);
    assert_int_equal(dst[4], 4);
    assert_int_equal(dst[5], 0);
    dte_destroy(&v);
}

static void test_elements(void **s)
{
    (void)s;
    /* struct { double; int; char } : elements are counted per basic type */
    struct dte st;
    int64_t bl[3] = { 1, 1, 1 }, dp[3] = { 0, 8, 12 };
    const struct dte *o[3] = { &t_double, &t_int, &t_char };
    assert_int_equal(dte_init_blocks(&st, 3, bl, dp, o, 1), 0);
    assert_int_equal(st.size, 13);
    assert_int_equal(dte_extent(&st), 16);      /* padded to the double alignment */
    assert_int_equal(st.true_ub - st.true_lb, 13);
    assert_int_equal(st.red_basic, -1);          /* mixed: no predefined op */
    assert_int_equal(dte_elements(&st, 13), 3);
    assert_int_equal(dte_elements(&st, 26), 6);
    assert_int_equal(dte_elements(&st, 8), 1);
    assert_int_equal(dte_elements(&st, 12), 2);
    assert_int_equal(dte_elements(&st, 13 + 8), 4);
    assert_int_equal(dte_elements(&st, 5), -1);  /* half a double */
    int64_t off;
    assert_false(dte_is_contig(&st, 2, &off));
    dte_destroy(&st);
}

static void test_resized_and_contig(void **s)
{
    (void)s;
    struct dte c, r;
    int64_t bl = 4, dp = 0;
    const struct dte *o[1] = { &t_double };
    assert_int_equal(dte_init_blocks(&c, 1, &bl, &dp, o, 0), 0);
    int64_t off = -1;
    assert_true(dte_is_contig(&c, 10, &off));
    assert_int_equal(off, 0);
    assert_int_equal(dte_init_resized(&r, &c, -8, 48), 0);
    assert_int_equal(r.lb, -8);
    assert_int_equal(dte_extent(&r), 48);
    assert_int_equal(r.true_lb, 0);
    assert_int_equal(r.true_ub, 32);
    assert_true(dte_is_contig(&r, 1, &off));
    assert_false(dte_is_contig(&r, 2, &off));    /* extent 48 > size 32: gaps */
    double src[12], pk[8];
    for (int i = 0; i < 12; i++)
        src[i] = i;
    dte_pack(&r, src, 2, pk, 0, 64);
    assert_true(pk[3] == 3.0 && pk[4] == 6.0 && pk[7] == 9.0);
    dte_destroy(&c);
    dte_destroy(&r);
}

static void test_negative_and_empty(void **s)
{
    (void)s;
    struct dte d;
    int64_t bl = -1, dp = 0;
    const struct dte *o[1] = { &t_int };
    assert_int_equal(dte_init_blocks(&d, 1, &bl, &dp, o, 0), -1);
    assert_int_equal(dte_init_blocks(&d, -2, &bl, &dp, o, 0), -1);
    bl = 0;
    assert_int_equal(dte_init_blocks(&d, 1, &bl, &dp, o, 0), 0);
    assert_int_equal(d.size, 0);
    assert_int_equal(dte_extent(&d), 0);
    char x = 0;
    assert_int_equal(dte_pack(&d, &x, 5, &x, 0, 10), 0);
    assert_int_equal(dte_elements(&d, 0), 0);
    dte_destroy(&d);
    /* negative stride: extent spans the lowest to the highest block */
    int64_t bl2[2] = { 1, 1 }, dp2[2] = { 8, -8 };
    const struct dte *o2[2] = { &t_int, &t_int };
    assert_int_equal(dte_init_blocks(&d, 2, bl2, dp2, o2, 0), 0);
    assert_int_equal(d.lb, -8);
    assert_int_equal(d.ub, 12);
    int arr[5] = { 10, 11, 12, 13, 14 }, pk[2];
    dte_pack(&d, &arr[2], 1, pk, 0, 8);
    assert_int_equal(pk[0], 14);
    assert_int_equal(pk[1], 10);
    dte_destroy(&d);
}

static void test_pair(void **s)
{
    (void)s;
    struct dte p;
    assert_int_equal(dte_init_pair(&p, 34, 8, 14, 4, 7, 8, 16, 8), 0);
    assert_int_equal(p.size, 12);
    assert_int_equal(dte_extent(&p), 16);
    assert_int_equal(p.nelems, 2);
    assert_int_equal(p.red_basic, 34);
    assert_int_equal(dte_elements(&p, 24), 4);
    dte_destroy(&p);
}

/* 2^40 chars in one block, then that block twice with a gap, and a block of
 * a dense 2-int type: the layout is built without a step per element (the
 * per-element loop took hours at this size) and is one segment and one run
 * per dense stretch */
static void test_huge_dense_block(void **s)
{
    (void)s;
    struct dte big, two, pair2, vecb;
    int64_t n = (int64_t)1 << 40, zero = 0;
    const struct dte *oc[1] = { &t_char };
    assert_int_equal(dte_init_blocks(&big, 1, &n, &zero, oc, 0), 0);
    assert_int_equal(big.nsegs, 1);
    assert_int_equal(big.segs[0].len, n);
    assert_int_equal(big.nruns, 1);
    assert_int_equal(big.runs[0].n, n);
    assert_int_equal(big.size, n);
    assert_int_equal(dte_extent(&big), n);
    int64_t bl2[2] = { 1, 1 }, dp2[2] = { 0, n + 8 };
    const struct dte *ob[2] = { &big, &big };
    assert_int_equal(dte_init_blocks(&two, 2, bl2, dp2, ob, 0), 0);
    assert_int_equal(two.nsegs, 2);
    assert_int_equal(two.nruns, 1);
    assert_int_equal(two.size, 2 * n);
    int64_t two_ints = 2;
    const struct dte *oi[1] = { &t_int };
    assert_int_equal(dte_init_blocks(&pair2, 1, &two_ints, &zero, oi, 0), 0);
    int64_t m = (int64_t)1 << 38;
    const struct dte *op[1] = { &pair2 };
    assert_int_equal(dte_init_blocks(&vecb, 1, &m, &zero, op, 0), 0);
    assert_int_equal(vecb.nsegs, 1);
    assert_int_equal(vecb.segs[0].len, 8 * m);
    assert_int_equal(vecb.runs[0].n, 2 * m);
    dte_destroy(&big);
    dte_destroy(&two);
    dte_destroy(&pair2);
    dte_destroy(&vecb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vector_layout),
        cmocka_unit_test(test_pack_unpack_roundtrip),
        cmocka_unit_test(test_partial_range),
        cmocka_unit_test(test_elements),
        cmocka_unit_test(test_resized_and_contig),
        cmocka_unit_test(test_negative_and_empty),
        cmocka_unit_test(test_pair),
        cmocka_unit_test(test_huge_dense_block),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
