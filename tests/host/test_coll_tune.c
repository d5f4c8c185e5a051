/* test_coll_tune.c - cmocka tests of the node shape (coll_shape.c) and the
 * tuner (coll_tune.c): shape parsing and the ranks-per-node fold, the cost
 * terms against seed 004 eq. 4 and 6, the least-squares fit recovering
 * L and B, the segment choice near eq. 5, the 1-D penalty of Trinaryx6
 * (seed 004 sec 4.2), the table file, and the Fugaku-like rule bands. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>
#include "coll_shape.h"
#include "coll_tune.h"
#include "coll_model.h"

#define TX6_L 1.73e-6           /* seed 004 sec 4.2 fitted figures */
#define TX6_B 6.34e9

static int near(double a, double b, double rel)
{
    double d = a - b;
    return (d < 0 ? -d : d) <= rel * (b < 0 ? -b : b);
}

static void test_shape(void **state)
{
    (void)state;
    int n[3];
    struct coll_shape sh;
    assert_int_equal(coll_shape_parse("48x12x48", n), 0);
    assert_int_equal(n[0] * n[1] * n[2], 27648);
    assert_int_equal(coll_shape_parse("7", n), 0);
    assert_int_equal(n[1], 1);
    assert_int_equal(coll_shape_parse("2x", n), -1);
    assert_int_equal(coll_shape_parse("1x2x3x4", n), -1);
    assert_int_equal(coll_shape_parse("0x4", n), -1);
    /* 4 ranks per node fold into X: rank = x + 32*(y + 6*z) */
    assert_int_equal(coll_shape_make("8x6x8", 1536, &sh), 1);
    assert_int_equal(sh.ppn, 4);
    assert_int_equal(sh.n[0], 32);
    assert_int_equal(sh.ndims, 3);
    /* mismatch: 1-D fallback */
    assert_int_equal(coll_shape_make("5x5", 6, &sh), 0);
    assert_int_equal(sh.n[0], 6);
    assert_int_equal(sh.ndims, 1);
    coll_shape_make("3x2x2", 12, &sh);
    int c[3];
    for (int r = 0; r < 12; r++) {
        coll_shape_coords(&sh, r, c);
        assert_int_equal(coll_shape_rank(&sh, c), r);
    }
    assert_int_equal(coll_shape_step(&sh, 0, 0, -1), 2);     /* wraps */
    assert_int_equal(coll_shape_step(&sh, 0, 2, 1), 6);
}

static void test_terms_match_eq(void **state)
{
    (void)state;
    struct coll_shape sh;
    coll_shape_make("16x12x16", 3072, &sh);
    double M = 6.0 * 1024 * 1024, ms = 16384;                 /* M/6 multiple of ms */
    struct tune_terms x = coll_tune_bcast_terms(TB_TRINARYX6, &sh, M, ms);
    double t = x.R * TX6_L + x.X / TX6_B;
    assert_true(near(t, coll_model_trinaryx6_time(TX6_L, TX6_B, M, ms, 16, 12, 16), 1e-9));
    x = coll_tune_bcast_terms(TB_BINTREE3D, &sh, M, ms);
    t = x.R * TX6_L + x.X / TX6_B;
    assert_true(near(t, coll_model_bintree3d_time(TX6_L, TX6_B, M, ms, 16, 12, 16), 1e-9));
}

static void test_fit(void **state)
{
    (void)state;
    struct coll_shape sh;
    coll_shape_make("8x6x8", 384, &sh);
    struct tune_terms x[8];
    double t[8], L = 0, B = 0;
    int k = 0;
    for (double M = 4096; M <= 4 << 20; M *= 8, k++) {
        x[k] = coll_tune_bcast_terms(TB_TRINARYX6, &sh, M, 16384);
        t[k] = x[k].R * TX6_L + x[k].X / TX6_B;
    }
    assert_int_equal(coll_tune_fit(x, t, k, &L, &B), 0);
    assert_true(near(L, TX6_L, 1e-6));
    assert_true(near(B, TX6_B, 1e-6));
    assert_int_equal(coll_tune_fit(x, t, 0, &L, &B), -1);
}

/* The calibrated form T0 + R*L + X/B: recovered from sizes x segment
 * sizes (one segment size alone makes R and X proportional); with no
 * constant in the data T0 drops out rather than going negative. */
static void test_fit3(void **state)
{
    (void)state;
    struct coll_shape sh;
    coll_shape_make("384", 384, &sh);
    struct tune_terms x[16];
    double t[16], T0 = 0, L = 0, B = 0, t0 = 7.5e-6;
    int k = 0;
    for (double M = 65536; M <= 1 << 20; M *= 4)
        for (double s = 4096; s <= 16384; s *= 4, k++) {
            x[k] = coll_tune_bcast_terms(TB_BINTREE3D, &sh, M, s);
            t[k] = t0 + x[k].R * TX6_L + x[k].X / TX6_B;
        }
    assert_int_equal(coll_tune_fit3(x, t, k, &T0, &L, &B), 0);
    assert_true(near(T0, t0, 1e-6));
    assert_true(near(L, TX6_L, 1e-6));
    assert_true(near(B, TX6_B, 1e-6));
    for (int i = 0; i < k; i++)
        t[i] -= t0;
    assert_int_equal(coll_tune_fit3(x, t, k, &T0, &L, &B), 0);
    assert_true(T0 < 1e-8);
    assert_true(near(L, TX6_L, 1e-6));
}

/* The steady-state term (coll_tune.h): samples made with a known Bc
 * (pipelined Bintree3d at several segment sizes) give back T0, L, B, Bc;
 * samples without one give Bc = 0 (the term is left out). */
static void test_fit4(void **state)
{
    (void)state;
    struct coll_shape sh;
    coll_shape_make("8x6x8", 384, &sh);
    struct tune_terms x[16];
    double t[16], T0 = 0, L = 0, B = 0, Bc = -1, t0 = 2e-6, bc = 3.4e9;
    int k = 0;
    for (double M = 65536; M <= 1 << 20; M *= 4)
        for (double s = 4096; s <= 65536; s *= 4, k++) {
            x[k] = coll_tune_bcast_terms(TB_BINTREE3D, &sh, M, s);
            assert_true(x[k].Xs > 0 && x[k].Xs < x[k].X);
            t[k] = t0 + coll_tune_cost(x[k], TX6_L, TX6_B, bc);
        }
    assert_int_equal(coll_tune_fit4(x, t, k, &T0, &L, &B, &Bc), 0);
    assert_true(near(T0, t0, 1e-4));
    assert_true(near(L, TX6_L, 1e-4));
    assert_true(near(B, TX6_B, 1e-4));
    assert_true(near(Bc, bc, 1e-4));
    for (int i = 0; i < k; i++)
        t[i] = t0 + coll_tune_cost(x[i], TX6_L, TX6_B, 0);
    assert_int_equal(coll_tune_fit4(x, t, k, &T0, &L, &B, &Bc), 0);
    assert_true(Bc == 0);
    assert_true(near(B, TX6_B, 1e-4));
}

static void test_segment_and_1d(void **state)
{
    (void)state;
    struct coll_shape s3, s1;
    coll_shape_make("16x12x16", 3072, &s3);
    coll_shape_make("3072", 3072, &s1);
    size_t M = 8 << 20;
    double t, saved = coll_tune_seg_min;
    coll_tune_seg_min = 64;
    size_t seg = coll_tune_bcast_seg(TB_TRINARYX6, &s3, M, TX6_L, TX6_B, &t);
    double opt = coll_model_trinaryx6_opt(TX6_L, TX6_B, (double)M, 16, 12, 16);
    /* the discrete choice is within a factor 2 of eq. 5's optimum and no worse */
    assert_true(seg > opt / 2 && seg < opt * 2);
    struct tune_terms xo = coll_tune_bcast_terms(TB_TRINARYX6, &s3, (double)M, (double)(long)opt);
    assert_true(t <= (xo.R * TX6_L + xo.X / TX6_B) * 1.0001);
    /* and within 1% of eq. 4 at eq. 5's optimum (whole segments cost a little) */
    assert_true(t <= coll_model_trinaryx6_time(TX6_L, TX6_B, (double)M, opt, 16, 12, 16) * 1.01);
    /* 1-D: Trinaryx6 is long (N-3 rounds) and its trees share X: Bintree3d wins */
    int allowed[TB_COUNT] = { 0 };
    allowed[TB_TRINARYX6] = allowed[TB_BINTREE3D] = 1;
    struct tune_choice c = coll_tune_bcast(&s1, M, TX6_L, TX6_B, allowed);
    assert_int_equal(c.alg, TB_BINTREE3D);
    c = coll_tune_bcast(&s3, M, TX6_L, TX6_B, allowed);
    assert_int_equal(c.alg, TB_TRINARYX6);
    coll_tune_seg_min = (size_t)saved;
}

static void test_table_and_rule(void **state)
{
    (void)state;
    char path[] = "/tmp/test_coll_tune.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "# comment\nbcast trinaryx6 8x6x8 1 1.73 6340\nalltoall doublespread 8x6x8 4 2 900\n");
    fclose(f);
    assert_int_equal(coll_tune_load(path), 2);
    struct coll_shape sh;
    double L, B;
    coll_shape_make("8x6x8", 384, &sh);
    coll_tune_params("bcast", "trinaryx6", &sh, 1, 1, &L, &B);
    assert_true(near(L, 1.73e-6, 1e-9) && near(B, 6.34e9, 1e-9));
    coll_tune_params("bcast", "bintree3d", &sh, 1, 2, &L, &B);      /* default */
    assert_true(L == 1 && B == 2);
    coll_shape_make("8x6x8", 1536, &sh);
    coll_tune_params("alltoall", "doublespread", &sh, 1, 1, &L, &B);
    assert_true(near(B, 9e8, 1e-9));
    f = fopen(path, "w");
    fprintf(f, "bcast trinaryx6 8x6x8 one 1 2\n");
    fclose(f);
    assert_int_equal(coll_tune_load(path), -1);
    unlink(path);
    assert_int_equal(coll_tune_load(path), -1);
    assert_int_equal(coll_tune_bcast_fugaku(512).alg, TB_BINTREE);
    assert_int_equal(coll_tune_bcast_fugaku(1024).alg, TB_BINTREE3D);
    assert_int_equal(coll_tune_bcast_fugaku(32768).alg, TB_BINTREE3D);
    assert_int_equal(coll_tune_bcast_fugaku(65536).alg, TB_TRINARYX6);
    assert_int_equal((int)coll_tune_bcast_fugaku(65536).seg, 16384);
}

/* The carry-over default (coll_tune.h): a node count without any fit of
 * the collective takes the same algorithm's entry of the same ppn and
 * dimension count at the nearest node count; it chooses exactly as the
 * table relabelled to the new shapes would (docs/collectives.md "The tuner
 * at 3072 nodes"); exact entries, other dimension counts, other ppn and a
 * node count with any fit of the collective are not carried. */
static void write_table(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_carry_over(void **state)
{
    (void)state;
    char path[] = "/tmp/test_coll_tune.XXXXXX";
    int fd = mkstemp(path), from[3];
    assert_true(fd >= 0);
    close(fd);
    static const char t384[] =
        "bcast trinaryx6 8x6x8 1 1.73 6340 30\nbcast bintree3d 8x6x8 1 4.29 6640 1\n"
        "bcast bintree6d 8x6x8 1 0.5 3000 1.2 2100\nbcast bintree3d 384 1 2.0 3000\n"
        "bcast trinaryx6 384 1 1.0 6800 34\nbcast split_bintree 384 1 0.3 2000\n"
        "alltoall doublespread 8x6x8 1 0.1 5000\nalltoall pairwise 16x12x16 1 0.2 4000\n";
    static const char t3072[] =
        "bcast trinaryx6 16x12x16 1 1.73 6340 30\nbcast bintree3d 16x12x16 1 4.29 6640 1\n"
        "bcast bintree6d 16x12x16 1 0.5 3000 1.2 2100\nbcast bintree3d 3072 1 2.0 3000\n"
        "bcast trinaryx6 3072 1 1.0 6800 34\nbcast split_bintree 3072 1 0.3 2000\n";
    write_table(path, t384);
    assert_int_equal(coll_tune_load(path), 8);
    struct coll_shape sh;
    double L, B;
    coll_shape_make("16x12x16", 3072, &sh);
    assert_int_equal(coll_tune_params("bcast", "trinaryx6", &sh, 1, 1, &L, &B), 1);
    assert_true(near(L, 1.73e-6, 1e-9) && near(B, 6.34e9, 1e-9));
    assert_int_equal(coll_tune_params("bcast", "bintree3d", &sh, 1, 1, &L, &B), 1);
    assert_true(near(L, 4.29e-6, 1e-9));                     /* the 3-D entry, not the 1-D one */
    assert_int_equal(coll_tune_carried("bcast", &sh, from), 1);
    assert_true(from[0] == 8 && from[1] == 6 && from[2] == 8);
    assert_int_equal(coll_tune_params("bcast", "binomial", &sh, 1, 2, &L, &B), 0);
    assert_true(L == 1 && B == 2);                            /* no entry anywhere: default */
    /* alltoall has a fit at 3072 nodes (pairwise): Doublespread not carried */
    assert_int_equal(coll_tune_params("alltoall", "doublespread", &sh, 1, 2, &L, &B), 0);
    assert_int_equal(coll_tune_carried("alltoall", &sh, from), 0);
    coll_shape_make("3072", 3072, &sh);                       /* 1-D takes the 1-D entry */
    assert_int_equal(coll_tune_params("bcast", "bintree3d", &sh, 1, 1, &L, &B), 1);
    assert_true(near(L, 2.0e-6, 1e-9));
    coll_shape_make("48x64", 3072, &sh);                      /* no 2-D fit: default */
    assert_int_equal(coll_tune_params("bcast", "trinaryx6", &sh, 1, 2, &L, &B), 0);
    coll_shape_make("16x12x16", 4 * 3072, &sh);               /* no ppn 4 fit: default */
    assert_int_equal(coll_tune_params("bcast", "trinaryx6", &sh, 1, 2, &L, &B), 0);
    coll_shape_make("8x6x8", 384, &sh);                       /* exact shape: not carried */
    assert_int_equal(coll_tune_carried("bcast", &sh, from), 0);
    /* the choices equal those of the relabelled table, every size and shape */
    static const char *shapes[] = { "16x12x16", "3072", "48x12x48" };
    static const int sizes[] = { 3072, 3072, 27648 };
    for (int i = 0; i < 3; i++)
        for (size_t M = 64; M <= (1u << 20); M *= 4) {
            coll_shape_make(shapes[i], sizes[i], &sh);
            write_table(path, t384);
            assert_int_equal(coll_tune_load(path), 8);
            struct tune_choice a = coll_tune_bcast(&sh, M, 0.5e-6, 6.8e9, NULL);
            coll_tune_carry = 0;
            struct tune_choice d = coll_tune_bcast(&sh, M, 0.5e-6, 6.8e9, NULL);
            coll_tune_carry = 1;
            if (i < 2) {
                write_table(path, t3072);
                assert_int_equal(coll_tune_load(path), 6);
                struct tune_choice b = coll_tune_bcast(&sh, M, 0.5e-6, 6.8e9, NULL);
                assert_int_equal(a.alg, b.alg);
                assert_int_equal((int)a.seg, (int)b.seg);
                assert_true(near(a.t, b.t, 1e-12));
            }
            assert_false(near(a.t, d.t, 1e-3));              /* not the built-in figures */
        }
    /* the nearest node count wins */
    write_table(path, "bcast binomial 4x4x4 1 1 1000\nbcast binomial 16x16x16 1 3 1000\n");
    assert_int_equal(coll_tune_load(path), 2);
    coll_shape_make("8x6x8", 384, &sh);                       /* 384/64 = 6 < 4096/384 */
    coll_tune_params("bcast", "binomial", &sh, 0, 0, &L, &B);
    assert_true(near(L, 1e-6, 1e-9));
    coll_shape_make("16x12x16", 3072, &sh);                   /* 4096/3072 < 3072/64 */
    coll_tune_params("bcast", "binomial", &sh, 0, 0, &L, &B);
    assert_true(near(L, 3e-6, 1e-9));
    coll_tune_carry = 0;
    assert_int_equal(coll_tune_params("bcast", "binomial", &sh, 0, 0, &L, &B), 0);
    coll_tune_carry = 1;
    unlink(path);
    coll_tune_load(path);                                     /* empty the table */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape),
        cmocka_unit_test(test_terms_match_eq),
        cmocka_unit_test(test_fit),
        cmocka_unit_test(test_fit3),
        cmocka_unit_test(test_fit4),
        cmocka_unit_test(test_segment_and_1d),
        cmocka_unit_test(test_table_and_rule),
        cmocka_unit_test(test_carry_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
