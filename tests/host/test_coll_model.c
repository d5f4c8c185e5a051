/* test_coll_model.c - cmocka tests of the segmented-pipeline cost models
 * (libmpi_mbcf/coll/coll_model.c, seed 004 eq. 3-7) and the default bcast
 * choice built on them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "coll_model.h"

/* Seed 004 sec 4 fitted figures: Trinaryx6 L=1.73us B=6.34GB/s,
 * Bintree3d L=4.29us B=6.64GB/s. */
#define TX6_L 1.73e-6
#define TX6_B 6.34e9
#define BT3_L 4.29e-6
#define BT3_B 6.64e9

static void test_sqrt(void **state)
{
    (void)state;
    assert_true(coll_model_sqrt(0) == 0);
    assert_true(coll_model_sqrt(-4) == 0);
    double xs[] = { 1e-12, 0.25, 2, 144, 1e18 };
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double r = coll_model_sqrt(xs[i]);
        double rel = (r * r - xs[i]) / xs[i];
        assert_true(rel < 1e-12 && rel > -1e-12);
    }
    assert_int_equal(coll_model_ceil_log2(1), 0);
    assert_int_equal(coll_model_ceil_log2(2), 1);
    assert_int_equal(coll_model_ceil_log2(3), 2);
    assert_int_equal(coll_model_ceil_log2(1024), 10);
    assert_int_equal(coll_model_ceil_log2(1025), 11);
}

/* eq. 4 by hand for one point, and eq. 3 for an unsegmented message. */
static void test_eq4_eq6_values(void **state)
{
    (void)state;
    /* 8x6x8 torus (Table 1 small 3D), M = 6 MiB, ms = 16 KiB */
    double M = 6.0 * 1048576, ms = 16384;
    double want = (8 + 6 + 8 + M / (6 * ms) - 3) * (TX6_L + ms / TX6_B);
    assert_true(coll_model_trinaryx6_time(TX6_L, TX6_B, M, ms, 8, 6, 8) == want);
    /* eq. 6: ceil lg 8 + ceil lg 6 + ceil lg 8 = 3+3+3 */
    want = (9 + M / ms - 1) * (BT3_L + ms / BT3_B);
    assert_true(coll_model_bintree3d_time(BT3_L, BT3_B, M, ms, 8, 6, 8) == want);
    /* binomial on 5 procs = 3 rounds of (L + M/B), eq. 3 */
    assert_true(coll_model_binomial_time(1e-4, 1e7, 1000, 5) == 3 * (1e-4 + 1000 / 1e7));
}

/* The optimum must beat its neighbours (it minimises the model). */
static void check_minimum(double (*t)(double, double, double, double, int, int, int),
                          double L, double B, double M, double opt, int x, int y, int z)
{
    double t0 = t(L, B, M, opt, x, y, z);
    double f[] = { 0.5, 0.9, 0.99, 1.01, 1.1, 2.0 };
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++)
        assert_true(t0 <= t(L, B, M, opt * f[i], x, y, z));
}

static void test_eq5_eq7_minimise(void **state)
{
    (void)state;
    int shapes[][3] = { { 8, 6, 8 }, { 16, 12, 16 }, { 3072, 1, 1 }, { 48, 64, 1 } };
    double Ms[] = { 65536, 1048576, 16.0 * 1048576 };
    for (unsigned s = 0; s < 4; s++)
        for (unsigned m = 0; m < 3; m++) {
            int x = shapes[s][0], y = shapes[s][1], z = shapes[s][2];
            double o5 = coll_model_trinaryx6_opt(TX6_L, TX6_B, Ms[m], x, y, z);
            double o7 = coll_model_bintree3d_opt(BT3_L, BT3_B, Ms[m], x, y, z);
            assert_true(o5 > 0 && o7 > 0);
            check_minimum(coll_model_trinaryx6_time, TX6_L, TX6_B, Ms[m], o5, x, y, z);
            check_minimum(coll_model_bintree3d_time, BT3_L, BT3_B, Ms[m], o7, x, y, z);
        }
    /* eq. 7 closed form on 16x12x16: sqrt(L B M / (4+4+4-1)) */
    double M = 1048576, o = coll_model_bintree3d_opt(BT3_L, BT3_B, M, 16, 12, 16);
    double w = coll_model_sqrt(BT3_L * BT3_B * M / 11);
    assert_true(o / w > 0.999999 && o / w < 1.000001);
    /* more hops to fill -> smaller segments; longer message -> larger */
    assert_true(coll_model_trinaryx6_opt(TX6_L, TX6_B, M, 16, 12, 16) <
                coll_model_trinaryx6_opt(TX6_L, TX6_B, M, 8, 6, 8));
    assert_true(coll_model_trinaryx6_opt(TX6_L, TX6_B, 4 * M, 8, 6, 8) >
                coll_model_trinaryx6_opt(TX6_L, TX6_B, M, 8, 6, 8));
}

/* Nothing to fill (D <= 0): do not segment. */
static void test_no_fill(void **state)
{
    (void)state;
    assert_true(coll_model_pipe_opt(1e-4, 1e7, 5000, 0, 1) == 5000);
    assert_true(coll_model_pipe_opt(1e-4, 1e7, 5000, -1, 1) == 5000);
    /* two processes: the whole message is one segment */
    assert_int_equal(coll_model_pipeline_segsize(1e-4, 4e7, 100000, 2, 8), 100000);
}

static void test_pipeline_segsize(void **state)
{
    (void)state;
    double L = 1e-4, B = 4e7;
    size_t M = 1 << 20;
    for (int p = 3; p <= 64; p++) {
        size_t s = coll_model_pipeline_segsize(L, B, M, p, 8);
        assert_true(s >= 8 && s <= M);
        assert_int_equal(s % 8, 0);
        /* within rounding of the real-valued optimum, and it minimises */
        double opt = coll_model_pipe_opt(L, B, (double)M, p - 2, 1);
        assert_true((double)s <= opt && (double)s > opt - 8);
        double t = coll_model_chain_pipeline_time(L, B, (double)M, (double)s, p);
        assert_true(t <= coll_model_chain_pipeline_time(L, B, (double)M, s * 0.5, p));
        assert_true(t <= coll_model_chain_pipeline_time(L, B, (double)M, s * 2.0, p));
    }
    /* tiny messages: at least one element, never more than M */
    assert_int_equal(coll_model_pipeline_segsize(L, B, 3, 7, 8), 3);
    assert_int_equal(coll_model_pipeline_segsize(L, B, 0, 7, 8), 0);
    /* opt = sqrt(1e-4 * 4e7 * 100 / 5) = 283 > M: one segment; elem 0 acts as 1 */
    assert_int_equal(coll_model_pipeline_segsize(L, B, 100, 7, 0), 100);
    /* opt = sqrt(1e-4 * 4e7 * 1e6 / 5) = 28284 -> 28280 with 8-byte elements */
    assert_int_equal(coll_model_pipeline_segsize(L, B, 1000000, 7, 8), 28280);
}

static void test_bcast_choice(void **state)
{
    (void)state;
    double L = 1e-4, B = 4e7;
    /* short messages: latency bound, binomial */
    for (int p = 2; p <= 64; p++)
        assert_int_equal(coll_model_bcast_choose(L, B, 8, p, 1), MODEL_BCAST_BINOMIAL);
    assert_int_equal(coll_model_bcast_choose(L, B, 1 << 20, 2, 1), MODEL_BCAST_BINOMIAL);
    /* long messages on many processes: not binomial (lg p * M/B loses) */
    assert_int_not_equal(coll_model_bcast_choose(L, B, 8 << 20, 16, 1), MODEL_BCAST_BINOMIAL);
    /* the choice is the cheapest of the three models */
    size_t Ms[] = { 64, 4096, 65536, 1 << 20 };
    for (int p = 3; p <= 33; p += 5)
        for (unsigned i = 0; i < 4; i++) {
            double m = (double)Ms[i];
            double tb = coll_model_binomial_time(L, B, m, p);
            double tp = coll_model_chain_pipeline_time(L, B, m,
                         (double)coll_model_pipeline_segsize(L, B, Ms[i], p, 1), p);
            double ts = coll_model_scatter_allgather_time(L, B, m, p);
            double best = tb < tp ? (tb < ts ? tb : ts) : (tp < ts ? tp : ts);
            enum coll_model_bcast c = coll_model_bcast_choose(L, B, Ms[i], p, 1);
            double got = c == MODEL_BCAST_BINOMIAL ? tb : c == MODEL_BCAST_PIPELINE ? tp : ts;
            assert_true(got == best);
        }
    /* fewer elements than processes: never scatter+allgather */
    assert_int_not_equal(coll_model_bcast_choose(1e-9, 1e3, 64, 32, 8),
                         MODEL_BCAST_SCATTER_ALLGATHER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sqrt),
        cmocka_unit_test(test_eq4_eq6_values),
        cmocka_unit_test(test_eq5_eq7_minimise),
        cmocka_unit_test(test_no_fill),
        cmocka_unit_test(test_pipeline_segsize),
        cmocka_unit_test(test_bcast_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
