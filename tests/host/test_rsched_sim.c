/* test_rsched_sim.c - cmocka tests of the RSched host simulation
 * (libmpi_mbcf/rsched/rsched_sim.c, rsched_table.c): the table has one row
 * per case x k x scheduler with Table 1's put counts and byte sums, times
 * that grow with k, the seed's simplest orderings (one engine slower than
 * two for E-W; BLbased(4) not slower than BLbased(1) on diagonals), CSV and
 * Markdown of the right shape, determinism, and clear errors. Runs the
 * 48-process simulation at two k only, so it is quick. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rsched_table.h"
#include "rsched_halo.h"

static const int ks[] = { 60, 872 };
#define NKS 2
#define MAXR 512

static struct rsched_row rows[MAXR], again[MAXR];

static int build(enum tofu_mode mode, struct rsched_row *out, const char *const **algos, int *na)
{
    struct rsched_sim_cfg cfg;
    rsched_sim_defaults(&cfg, mode);
    *algos = rsched_table_algos(mode, na);
    return rsched_table_build(&cfg, ks, NKS, *algos, *na, out, MAXR);
}

static uint64_t table1_bytes(int hcase, int k)
{
    struct rsched_put puts[RSCHED_MAX_PUTS];
    int n = rsched_halo_puts(hcase, k, 8, 6, 0, 0, puts, RSCHED_MAX_PUTS);
    uint64_t b = 0;
    for (int i = 0; i < n; i++)
        b += puts[i].len;
    return b;
}

static uint64_t largest_put(int hcase, int k)
{
    struct rsched_put puts[RSCHED_MAX_PUTS];
    int n = rsched_halo_puts(hcase, k, 8, 6, 0, 0, puts, RSCHED_MAX_PUTS);
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m = puts[i].len > m ? puts[i].len : m;
    return m;
}

static void check_mode(enum tofu_mode mode)
{
    const char *const *algos;
    int na;
    int n = build(mode, rows, &algos, &na);
    assert_int_equal(n, RSCHED_HALO_NCASES * NKS * na);
    static const int puts_per_case[RSCHED_HALO_NCASES] = { 2, 4, 6, 8, 14 };
    const struct tofu_params *p = tofu_params(mode);
    for (int i = 0; i < n; i++) {
        const struct rsched_row *r = &rows[i];
        assert_int_equal(r->mode, mode);
        assert_int_equal(r->n, puts_per_case[r->hcase]);
        assert_int_equal(r->bytes, table1_bytes(r->hcase, r->k));
        assert_true(r->plan_ns > 0);
        assert_true(r->comm_ns > 0);
        assert_int_equal(r->exchange_ns, r->comm_ns + p->exchange_ns);
        /* no put is faster than its bytes at link speed */
        assert_true(r->comm_ns * p->link_mbps >= largest_put(r->hcase, r->k) * 1000);
    }
    for (int c = 0; c < RSCHED_HALO_NCASES; c++)
        for (int a = 0; a < na; a++) {
            const struct rsched_row *lo = rsched_table_find(rows, n, mode, c, 60, algos[a]);
            const struct rsched_row *hi = rsched_table_find(rows, n, mode, c, 872, algos[a]);
            assert_non_null(lo);
            assert_non_null(hi);
            assert_true(hi->exchange_ns > lo->exchange_ns);
        }
    /* sec 4.2: one engine takes longer than two for the two E-W puts */
    for (int i = 0; i < NKS; i++) {
        assert_true(rsched_table_find(rows, n, mode, RSCHED_HALO_EW, ks[i], "rr1")->exchange_ns >
                    rsched_table_find(rows, n, mode, RSCHED_HALO_EW, ks[i], "rr2")->exchange_ns);
        assert_true(rsched_table_find(rows, n, mode, RSCHED_HALO_DIAG, ks[i], "bl4")->exchange_ns <=
                    rsched_table_find(rows, n, mode, RSCHED_HALO_DIAG, ks[i], "bl1")->exchange_ns);
    }
    /* deterministic: the same table twice */
    assert_int_equal(build(mode, again, &algos, &na), n);
    assert_memory_equal(rows, again, (size_t)n * sizeof rows[0]);
}

static void test_table_tofu1(void **state)
{
    (void)state;
    check_mode(TOFU_MODE_TOFU1);
}

static void test_table_tofud(void **state)
{
    (void)state;
    check_mode(TOFU_MODE_TOFUD);
}

static int count_lines(const char *s, const char *prefix)
{
    int c = 0;
    size_t l = strlen(prefix);
    for (const char *p = s; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p)
        if (!strncmp(p, prefix, l))
            c++;
    return c;
}

static void test_csv_and_md_shape(void **state)
{
    (void)state;
    const char *const *algos;
    int na, n = build(TOFU_MODE_TOFU1, rows, &algos, &na);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    rsched_table_csv(f, rows, n, 1);
    fclose(f);
    assert_int_equal(count_lines(text, ""), n + 1);
    assert_int_equal(count_lines(text, "mode,case,k,algo,puts,bytes,plan_us,comm_us,exchange_us"), 1);
    assert_int_equal(count_lines(text, "tofu1,all8,872,bl4,14,1009152,"), 1);
    assert_int_equal(count_lines(text, "tofu1,ew,60,rr1,2,32768,"), 1);
    for (const char *p = strchr(text, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
        int commas = 0;
        for (const char *q = p; *q != '\n'; q++)
            commas += *q == ',';
        assert_int_equal(commas, 8);
    }
    free(text);
    f = open_memstream(&text, &len);
    rsched_table_md(f, rows, n, algos, na);
    fclose(f);
    /* one table per case: title, header, rule, one line per k */
    assert_int_equal(count_lines(text, "tofu1, "), RSCHED_HALO_NCASES);
    assert_int_equal(count_lines(text, "| k | bytes/proc | orig | rr1 | rr2 | rr4 | bl1 | bl2 | bl4 | bl4o |"),
                     RSCHED_HALO_NCASES);
    assert_int_equal(count_lines(text, "| 60 | "), RSCHED_HALO_NCASES);
    assert_int_equal(count_lines(text, "| 872 | "), RSCHED_HALO_NCASES);
    assert_non_null(strstr(text, "**"));      /* the fastest of a row in bold */
    free(text);
}

static void test_errors(void **state)
{
    (void)state;
    struct rsched_sim_cfg cfg;
    static struct rsched_sim_out out;
    rsched_sim_defaults(&cfg, TOFU_MODE_TOFU1);
    assert_int_equal(rsched_sim_run(&cfg, "bl6", RSCHED_HALO_ALL, 60, &out), RSCHED_ENGINES);
    assert_int_equal(rsched_sim_run(&cfg, "fast", RSCHED_HALO_ALL, 60, &out), RSCHED_EINVAL);
    assert_int_equal(rsched_sim_run(&cfg, "orig9", RSCHED_HALO_ALL, 60, &out), RSCHED_EINVAL);
    assert_int_equal(rsched_sim_run(&cfg, "bl4", 17, 60, &out), RSCHED_EINVAL);
    cfg.px = 100;
    assert_int_equal(rsched_sim_run(&cfg, "bl4", RSCHED_HALO_ALL, 60, &out), RSCHED_SIM_EMODEL);
    rsched_sim_defaults(&cfg, TOFU_MODE_TOFUD);
    assert_int_equal(rsched_sim_run(&cfg, "bl6o", RSCHED_HALO_ALL, 60, &out), 0);
    assert_int_equal(out.n, 14);
    assert_int_equal(out.plan.nengines, 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_tofu1),
        cmocka_unit_test(test_table_tofud),
        cmocka_unit_test(test_csv_and_md_shape),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
