/* test_rsched.c - cmocka tests of RSched (libmpi_mbcf/rsched): the packings
 * of seed 000 figures 3, 5, 7, 9 and 11 checked by hand (SCALE-LES3 request
 * sets of Table 1 at k = 60, planning cost 1 byte per ns so a put lasts its
 * length in ns), the overhead-aware variant of sec 5, the constraints on
 * thousands of random request sets, the halo as a whole world (no two puts
 * meeting on one receive engine anywhere), names and errors. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rsched.h"
#include "rsched_halo.h"

/* Seed figures as cost: no fixed overhead, 1000 MB/s = 1 byte per ns. */
static const struct rsched_cost unit4 = { .nengines = 4, .put_ns = 0, .mbps = 1000, .access_ns = 0 };

/* Expected command: engine, start, end (rx must mirror the engine). */
struct want { int engine; uint64_t start, end; };

static void plan_of(const char *algo, int hcase, const struct rsched_cost *c,
                    struct rsched_put *puts, int *n, struct rsched_plan *p)
{
    /* process (1, 1) of a 4 x 4 grid: every neighbour distinct */
    *n = rsched_halo_puts(hcase, 60, 4, 4, 1, 1, puts, RSCHED_MAX_PUTS);
    assert_int_equal(rsched_schedule_named(algo, c, puts, *n, p), 0);
    char why[160] = "";
    struct rsched_algo a;
    assert_int_equal(rsched_parse(algo, &a), 0);
    int rc = rsched_check(p, c, puts, *n, a.kind == RSCHED_BL ? RSCHED_CHECK_BL : 0, a.m,
                          why, sizeof why);
    if (rc)
        fail_msg("%s on %s: %s", algo, rsched_halo_case_name(hcase), why);
}

static void expect(const char *algo, int hcase, const struct want *w, int nw, uint64_t makespan)
{
    struct rsched_put puts[RSCHED_MAX_PUTS];
    struct rsched_plan p;
    int n;
    plan_of(algo, hcase, &unit4, puts, &n, &p);
    assert_int_equal(n, nw);
    for (int i = 0; i < n; i++) {
        const struct rsched_cmd *c = &p.cmd[i];
        if (c->engine != w[i].engine || c->start != w[i].start || c->end != w[i].end ||
            c->rx_engine != c->engine) {
            rsched_print(stderr, &p, puts);
            fail_msg("%s %s put %d (%s): engine %d [%llu,%llu] rx %d, want engine %d [%llu,%llu]",
                     algo, rsched_halo_case_name(hcase), i, rsched_dir_name(puts[i].dir),
                     c->engine, (unsigned long long)c->start, (unsigned long long)c->end,
                     c->rx_engine, w[i].engine, (unsigned long long)w[i].start,
                     (unsigned long long)w[i].end);
        }
    }
    assert_int_equal(p.makespan, makespan);
}

/* Table 1 at k = 60: E/W 16384 B, N/S 8192 B, diagonals 1024 B. */
static void test_table1_sizes(void **state)
{
    (void)state;
    assert_int_equal(rsched_halo_len(RSCHED_E, 60), 16384);
    assert_int_equal(rsched_halo_len(RSCHED_S, 60), 8192);
    assert_int_equal(rsched_halo_len(RSCHED_SW, 60), 1024);
    assert_int_equal(rsched_halo_len(RSCHED_W, 872), 224256);
    assert_int_equal(rsched_halo_len(RSCHED_N, 872), 112128);
    assert_int_equal(rsched_halo_len(RSCHED_NE, 872), 14016);
    assert_int_equal(rsched_halo_len(RSCHED_E, 327), 84736);
    assert_int_equal(rsched_halo_len(RSCHED_N, 545), 70272);
    assert_int_equal(rsched_halo_len(RSCHED_NW, 763), 12272);
    struct rsched_put puts[RSCHED_MAX_PUTS];
    /* 14 commands in all (sec 4.1), diagonals posted first */
    assert_int_equal(rsched_halo_puts(RSCHED_HALO_ALL, 60, 8, 6, 0, 0, puts, RSCHED_MAX_PUTS), 14);
    assert_int_equal(puts[0].dir, RSCHED_NE);
    assert_int_equal(puts[8].dir, RSCHED_E);
    /* periodic neighbours of (0, 0) on 8 x 6 */
    assert_int_equal(puts[0].dest, 1 * 8 + 1);
    assert_int_equal(puts[9].dest, 7);                   /* W */
    assert_int_equal(rsched_halo_neighbor(8, 6, 0, 0, RSCHED_S), 5 * 8);
    assert_int_equal(rsched_halo_neighbor(8, 6, 0, 0, RSCHED_SW), 5 * 8 + 7);
    assert_int_equal(rsched_halo_puts(RSCHED_HALO_EW, 60, 8, 6, 0, 0, puts, RSCHED_MAX_PUTS), 2);
    assert_int_equal(rsched_halo_puts(RSCHED_HALO_NS, 60, 8, 6, 0, 0, puts, RSCHED_MAX_PUTS), 4);
    assert_int_equal(rsched_halo_puts(RSCHED_HALO_4DIR, 60, 8, 6, 0, 0, puts, RSCHED_MAX_PUTS), 6);
    assert_int_equal(rsched_halo_puts(RSCHED_HALO_DIAG, 60, 8, 6, 0, 0, puts, RSCHED_MAX_PUTS), 8);
}

/* Fig. 3: E, W. RoundRobin(1) serialises; all others put them side by side. */
static void test_fig3_ew(void **state)
{
    (void)state;
    const struct want rr1[] = { { 0, 0, 16384 }, { 0, 16384, 32768 } };
    expect("rr1", RSCHED_HALO_EW, rr1, 2, 32768);
    const struct want par[] = { { 0, 0, 16384 }, { 1, 0, 16384 } };
    const char *others[] = { "rr2", "rr4", "bl1", "bl2", "bl4" };
    for (int a = 0; a < 5; a++)
        expect(others[a], RSCHED_HALO_EW, par, 2, 16384);
}

/* Fig. 5: N, N, S, S (posted so that RoundRobin sends one direction from
 * two engines at once). BLbased never runs one direction twice at once. */
static void test_fig5_ns(void **state)
{
    (void)state;
    const struct want rr1[] = { { 0, 0, 8192 }, { 0, 8192, 16384 }, { 0, 16384, 24576 }, { 0, 24576, 32768 } };
    expect("rr1", RSCHED_HALO_NS, rr1, 4, 32768);
    const struct want rr2[] = { { 0, 0, 8192 }, { 1, 0, 8192 }, { 0, 8192, 16384 }, { 1, 8192, 16384 } };
    expect("rr2", RSCHED_HALO_NS, rr2, 4, 16384);
    const struct want rr4[] = { { 0, 0, 8192 }, { 1, 0, 8192 }, { 2, 0, 8192 }, { 3, 0, 8192 } };
    expect("rr4", RSCHED_HALO_NS, rr4, 4, 8192);
    const struct want bl[] = { { 0, 0, 8192 }, { 0, 8192, 16384 }, { 1, 0, 8192 }, { 1, 8192, 16384 } };
    expect("bl1", RSCHED_HALO_NS, bl, 4, 16384);
    expect("bl2", RSCHED_HALO_NS, bl, 4, 16384);
    expect("bl4", RSCHED_HALO_NS, bl, 4, 16384);
}

/* Fig. 7: E, W, N, N, S, S. BLbased packs N and S under E and W. */
static void test_fig7_4dir(void **state)
{
    (void)state;
    const struct want rr4[] = { { 0, 0, 16384 }, { 1, 0, 16384 }, { 2, 0, 8192 },
                                { 3, 0, 8192 }, { 0, 16384, 24576 }, { 1, 16384, 24576 } };
    expect("rr4", RSCHED_HALO_4DIR, rr4, 6, 24576);
    const struct want rr2[] = { { 0, 0, 16384 }, { 1, 0, 16384 }, { 0, 16384, 24576 },
                                { 1, 16384, 24576 }, { 0, 24576, 32768 }, { 1, 24576, 32768 } };
    expect("rr2", RSCHED_HALO_4DIR, rr2, 6, 32768);
    const struct want bl[] = { { 0, 0, 16384 }, { 1, 0, 16384 }, { 2, 0, 8192 },
                               { 2, 8192, 16384 }, { 3, 0, 8192 }, { 3, 8192, 16384 } };
    expect("bl1", RSCHED_HALO_4DIR, bl, 6, 16384);
    expect("bl4", RSCHED_HALO_4DIR, bl, 6, 16384);
}

/* Fig. 9: NE, NE, NW, NW, SE, SE, SW, SW of 1024 B. BLbased(m) runs at
 * most m diagonals at once, never one direction twice at once. */
static void test_fig9_diag(void **state)
{
    (void)state;
    const struct want bl4[] = { { 0, 0, 1024 }, { 0, 1024, 2048 }, { 1, 0, 1024 }, { 1, 1024, 2048 },
                                { 2, 0, 1024 }, { 2, 1024, 2048 }, { 3, 0, 1024 }, { 3, 1024, 2048 } };
    expect("bl4", RSCHED_HALO_DIAG, bl4, 8, 2048);
    const struct want bl2[] = { { 0, 0, 1024 }, { 0, 1024, 2048 }, { 1, 0, 1024 }, { 1, 1024, 2048 },
                                { 0, 2048, 3072 }, { 0, 3072, 4096 }, { 1, 2048, 3072 }, { 1, 3072, 4096 } };
    expect("bl2", RSCHED_HALO_DIAG, bl2, 8, 4096);
    struct want bl1[8];
    for (int i = 0; i < 8; i++)
        bl1[i] = (struct want){ 0, 1024u * i, 1024u * (i + 1) };
    expect("bl1", RSCHED_HALO_DIAG, bl1, 8, 8192);
    const struct want rr4[] = { { 0, 0, 1024 }, { 1, 0, 1024 }, { 2, 0, 1024 }, { 3, 0, 1024 },
                                { 0, 1024, 2048 }, { 1, 1024, 2048 }, { 2, 1024, 2048 }, { 3, 1024, 2048 } };
    expect("rr4", RSCHED_HALO_DIAG, rr4, 8, 2048);
    const struct want rr2[] = { { 0, 0, 1024 }, { 1, 0, 1024 }, { 0, 1024, 2048 }, { 1, 1024, 2048 },
                                { 0, 2048, 3072 }, { 1, 2048, 3072 }, { 0, 3072, 4096 }, { 1, 3072, 4096 } };
    expect("rr2", RSCHED_HALO_DIAG, rr2, 8, 4096);
}

/* Fig. 11: all 8. BLbased places the diagonals last (sorted by length),
 * RoundRobin first (posting order). Puts: NE NE NW NW SE SE SW SW E W N N S S. */
static void test_fig11_all(void **state)
{
    (void)state;
    const struct want bl4[] = {
        { 0, 16384, 17408 }, { 0, 17408, 18432 }, { 1, 16384, 17408 }, { 1, 17408, 18432 },
        { 2, 16384, 17408 }, { 2, 17408, 18432 }, { 3, 16384, 17408 }, { 3, 17408, 18432 },
        { 0, 0, 16384 }, { 1, 0, 16384 }, { 2, 0, 8192 }, { 2, 8192, 16384 },
        { 3, 0, 8192 }, { 3, 8192, 16384 } };
    expect("bl4", RSCHED_HALO_ALL, bl4, 14, 18432);
    const struct want bl2[] = {
        { 0, 16384, 17408 }, { 0, 17408, 18432 }, { 1, 16384, 17408 }, { 1, 17408, 18432 },
        { 0, 18432, 19456 }, { 0, 19456, 20480 }, { 1, 18432, 19456 }, { 1, 19456, 20480 },
        { 0, 0, 16384 }, { 1, 0, 16384 }, { 2, 0, 8192 }, { 2, 8192, 16384 },
        { 3, 0, 8192 }, { 3, 8192, 16384 } };
    expect("bl2", RSCHED_HALO_ALL, bl2, 14, 20480);
    struct want bl1[14] = {
        [8] = { 0, 0, 16384 }, [9] = { 1, 0, 16384 }, [10] = { 2, 0, 8192 }, [11] = { 2, 8192, 16384 },
        [12] = { 3, 0, 8192 }, [13] = { 3, 8192, 16384 } };
    for (int i = 0; i < 8; i++)
        bl1[i] = (struct want){ 0, 16384 + 1024u * i, 16384 + 1024u * (i + 1) };
    expect("bl1", RSCHED_HALO_ALL, bl1, 14, 24576);
    const struct want rr4[] = {
        { 0, 0, 1024 }, { 1, 0, 1024 }, { 2, 0, 1024 }, { 3, 0, 1024 },
        { 0, 1024, 2048 }, { 1, 1024, 2048 }, { 2, 1024, 2048 }, { 3, 1024, 2048 },
        { 0, 2048, 18432 }, { 1, 2048, 18432 }, { 2, 2048, 10240 }, { 3, 2048, 10240 },
        { 0, 18432, 26624 }, { 1, 18432, 26624 } };
    expect("rr4", RSCHED_HALO_ALL, rr4, 14, 26624);
}

/* Sec 5 / fig. 14: with engine e reachable only e us after engine 0, four
 * 500 B puts stay on the first two engines (done at 1.5 us) where plain
 * BLbased spreads them over four (engine 3 cannot finish before 3.5 us). */
static void test_overhead_aware(void **state)
{
    (void)state;
    struct rsched_cost c = { .nengines = 4, .put_ns = 0, .mbps = 1000, .access_ns = 1000 };
    struct rsched_put puts[4] = {
        { RSCHED_E, 500, 1 }, { RSCHED_W, 500, 2 }, { RSCHED_N, 500, 3 }, { RSCHED_S, 500, 4 } };
    struct rsched_plan p;
    assert_int_equal(rsched_schedule_named("bl4o", &c, puts, 4, &p), 0);
    const struct want w[] = { { 0, 0, 500 }, { 0, 500, 1000 }, { 0, 1000, 1500 }, { 1, 1000, 1500 } };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(p.cmd[i].engine, w[i].engine);
        assert_int_equal(p.cmd[i].start, w[i].start);
        assert_int_equal(p.cmd[i].end, w[i].end);
    }
    assert_int_equal(p.makespan, 1500);
    assert_int_equal(rsched_check(&p, &c, puts, 4, RSCHED_CHECK_BL, 4, NULL, 0), 0);
    assert_int_equal(rsched_schedule_named("bl4", &c, puts, 4, &p), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(p.cmd[i].engine, i);
    /* large puts: the pre-charge is small beside them, all engines used */
    for (int i = 0; i < 4; i++)
        puts[i].len = 100000;
    assert_int_equal(rsched_schedule_named("bl4o", &c, puts, 4, &p), 0);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(p.cmd[i].engine, i);
        assert_int_equal(p.cmd[i].start, 1000u * i);
    }
}

/* TofuD: 6 engines. bl6 on the diagonal halo still needs 2 rounds: each
 * direction's two puts share one link, so they go one after the other. */
static void test_tofud_six(void **state)
{
    (void)state;
    struct rsched_cost c6 = unit4;
    c6.nengines = 6;
    struct rsched_put puts[RSCHED_MAX_PUTS];
    struct rsched_plan p;
    int n = rsched_halo_puts(RSCHED_HALO_DIAG, 60, 8, 6, 2, 2, puts, RSCHED_MAX_PUTS);
    assert_int_equal(rsched_schedule_named("bl6", &c6, puts, n, &p), 0);
    assert_int_equal(rsched_check(&p, &c6, puts, n, RSCHED_CHECK_BL, 6, NULL, 0), 0);
    assert_int_equal(p.makespan, 2048);           /* one link per direction, 2 puts each */
    assert_int_equal(rsched_schedule_named("rr6", &c6, puts, n, &p), 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(p.cmd[i].engine, i % 6);
    /* bl6 needs 6 engines: refused on Tofu1's 4 */
    assert_int_equal(rsched_schedule_named("bl6", &unit4, puts, n, &p), RSCHED_ENGINES);
    assert_int_equal(rsched_schedule_named("rr6", &unit4, puts, n, &p), RSCHED_ENGINES);
}

static uint32_t rng_state = 12345;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

/* Thousands of random request sets, every algorithm: the invariants of
 * rsched_check, plus BLbased's constraints, plus determinism. */
static void test_random_constraints(void **state)
{
    (void)state;
    static const uint32_t sizes[] = { 8, 32, 1024, 4096, 8192, 16384, 65536, 224256 };
    int checked = 0;
    for (int iter = 0; iter < 3000; iter++) {
        struct rsched_cost c = { .nengines = 1 + (int)rnd(RSCHED_MAX_ENGINES),
                                 .put_ns = rnd(2000), .mbps = 100 + rnd(8000),
                                 .access_ns = rnd(3) * 500 };
        struct rsched_put puts[RSCHED_MAX_PUTS];
        int n = (int)rnd(iter % 10 == 0 ? RSCHED_MAX_PUTS + 1 : 17);
        for (int i = 0; i < n; i++) {
            puts[i].dir = (int)rnd(RSCHED_NDIR);
            puts[i].len = rnd(4) ? sizes[rnd(8)] : 1 + rnd(300000);
            puts[i].dest = (int)rnd(6);
        }
        for (int kind = 0; kind < 3; kind++) {
            for (int m = 1; m <= c.nengines; m++) {
                struct rsched_algo a = { .kind = kind == 0 ? RSCHED_RR : RSCHED_BL, .m = m,
                                         .overhead_aware = kind == 2 };
                struct rsched_plan p, q;
                char why[160] = "", name[16];
                assert_int_equal(rsched_schedule(&a, &c, puts, n, &p), 0);
                int rc = rsched_check(&p, &c, puts, n, a.kind == RSCHED_BL ? RSCHED_CHECK_BL : 0,
                                      m, why, sizeof why);
                if (rc)
                    fail_msg("iter %d %s: %s", iter, rsched_name(&a, name, sizeof name), why);
                for (int i = 0; i < n; i++) {
                    if (a.kind == RSCHED_RR)
                        assert_true(p.cmd[i].engine < m);
                    if (a.overhead_aware)
                        assert_true(p.cmd[i].start >= (uint64_t)p.cmd[i].engine * c.access_ns);
                }
                assert_int_equal(rsched_schedule(&a, &c, puts, n, &q), 0);
                assert_memory_equal(&p, &q, sizeof p);
                checked++;
            }
        }
    }
    assert_true(checked > 3000 * 3);
}

/* A check that could fail: each constraint violated on purpose is reported. */
static void test_check_catches(void **state)
{
    (void)state;
    struct rsched_put puts[2] = { { RSCHED_N, 1000, 5 }, { RSCHED_N, 1000, 5 } };
    struct rsched_plan p;
    char why[160];
    assert_int_equal(rsched_schedule_named("rr2", &unit4, puts, 2, &p), 0);
    assert_int_equal(rsched_check(&p, &unit4, puts, 2, 0, 4, why, sizeof why), 0);
    assert_int_equal(rsched_check(&p, &unit4, puts, 2, RSCHED_CHECK_BL, 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "link N"));
    puts[1].dir = RSCHED_S;
    p.cmd[1].rx_engine = 0;                       /* both land on engine 0 of rank 5 */
    assert_int_equal(rsched_check(&p, &unit4, puts, 2, RSCHED_CHECK_BL, 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "receive engine"));
    puts[0].dir = RSCHED_NE;
    puts[1].dir = RSCHED_SW;
    p.cmd[1].rx_engine = 1;
    assert_int_equal(rsched_check(&p, &unit4, puts, 2, RSCHED_CHECK_BL, 2, why, sizeof why), 0);
    assert_int_equal(rsched_check(&p, &unit4, puts, 2, RSCHED_CHECK_BL, 1, why, sizeof why), -1);
    assert_non_null(strstr(why, "diagonal"));
    p.cmd[1].engine = 0;
    assert_int_equal(rsched_check(&p, &unit4, puts, 2, 0, 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "engine 0"));
    p.cmd[1].engine = 1;
    p.cmd[1].put = 0;
    assert_int_equal(rsched_check(&p, &unit4, puts, 2, 0, 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "exactly once"));
}

/* The whole 8 x 6 world runs the same plan shape: at every destination, no
 * two incoming puts overlap on one receive engine (mirror rule, rsched_bl.c). */
static void test_world_receive_engines(void **state)
{
    (void)state;
    enum { PX = 8, PY = 6, NP = PX * PY };
    static const char *algos[] = { "rr1", "rr2", "rr4", "bl1", "bl2", "bl4", "bl4o" };
    struct rsched_cost c = { .nengines = 4, .put_ns = 300, .mbps = 4000, .access_ns = 1000 };
    for (unsigned a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        for (int hc = 0; hc < RSCHED_HALO_NCASES; hc++) {
            static struct rsched_put puts[NP][RSCHED_MAX_PUTS];
            static struct rsched_plan plans[NP];
            int n = 0;
            for (int r = 0; r < NP; r++) {
                n = rsched_halo_puts(hc, 872, PX, PY, r % PX, r / PX, puts[r], RSCHED_MAX_PUTS);
                assert_int_equal(rsched_schedule_named(algos[a], &c, puts[r], n, &plans[r]), 0);
            }
            for (int r = 0; r < NP; r++)
                for (int i = 0; i < n; i++)
                    for (int s = 0; s < NP; s++)
                        for (int j = 0; j < n; j++) {
                            const struct rsched_cmd *x = &plans[r].cmd[i], *y = &plans[s].cmd[j];
                            if ((r == s && i == j) || puts[r][i].dest != puts[s][j].dest ||
                                x->rx_engine != y->rx_engine)
                                continue;
                            if (x->start < y->end && y->start < x->end)
                                fail_msg("%s %s: ranks %d and %d meet on rx engine %d of %d",
                                         algos[a], rsched_halo_case_name(hc), r, s, x->rx_engine,
                                         puts[r][i].dest);
                        }
        }
    }
}

static void test_names_and_errors(void **state)
{
    (void)state;
    struct rsched_algo a;
    char buf[16];
    static const char *good[] = { "rr1", "rr2", "rr4", "bl1", "bl2", "bl4", "bl4o", "bl6", "bl6o", "rr6" };
    for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
        assert_int_equal(rsched_parse(good[i], &a), 0);
        assert_string_equal(rsched_name(&a, buf, sizeof buf), good[i]);
    }
    static const char *bad[] = { "", "rr", "rr0", "rr9", "bl4x", "rr4o", "bl44", "RR4", "off", "x" };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(rsched_parse(bad[i], &a), RSCHED_EINVAL);
    assert_int_equal(rsched_parse(NULL, &a), RSCHED_EINVAL);
    struct rsched_put puts[2] = { { RSCHED_E, 10, 1 }, { 9, 10, 1 } };
    struct rsched_plan p;
    assert_int_equal(rsched_schedule_named("bl4", &unit4, puts, 2, &p), RSCHED_EINVAL);
    assert_int_equal(rsched_schedule_named("bl4", &unit4, puts, RSCHED_MAX_PUTS + 1, &p), RSCHED_EINVAL);
    assert_int_equal(rsched_schedule_named("bl4", &unit4, puts, -1, &p), RSCHED_EINVAL);
    struct rsched_cost zero = unit4;
    zero.mbps = 0;
    assert_int_equal(rsched_schedule_named("bl4", &zero, puts, 1, &p), RSCHED_EINVAL);
    assert_int_equal(rsched_schedule_named("nope", &unit4, puts, 1, &p), RSCHED_EINVAL);
    assert_int_equal(rsched_schedule_named("bl4", &unit4, puts, 0, &p), 0);
    assert_int_equal(p.makespan, 0);
    assert_non_null(strstr(rsched_strerror(RSCHED_ENGINES), "RSCHED_ENGINES"));
    assert_int_equal(rsched_dir_opposite(RSCHED_NE), RSCHED_SW);
    assert_int_equal(rsched_dir_opposite(RSCHED_W), RSCHED_E);
    assert_int_equal(rsched_dir_opposite(42), -1);
    assert_int_equal(rsched_dir_from_offset(-1, 1), RSCHED_NW);
    assert_int_equal(rsched_dir_from_offset(0, 0), -1);
    assert_int_equal(rsched_dir_from_offset(2, 0), -1);
    assert_string_equal(rsched_dir_name(42), "?");
    assert_int_equal(rsched_halo_case_from_name("all8"), RSCHED_HALO_ALL);
    assert_int_equal(rsched_halo_case_from_name("up"), -1);
}

/* The printed schedule: one block per engine, one line per put in order. */
static void test_print(void **state)
{
    (void)state;
    struct rsched_put puts[RSCHED_MAX_PUTS];
    struct rsched_plan p;
    int n;
    plan_of("bl4", RSCHED_HALO_NS, &unit4, puts, &n, &p);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    rsched_print(f, &p, puts);
    fclose(f);
    assert_non_null(strstr(text, "# makespan 16384 ns, 4 puts on 4 engines"));
    assert_non_null(strstr(text, "engine 0: 2 puts\n  start        0 end     8192  N  len    8192"));
    assert_non_null(strstr(text, "  start     8192 end    16384  S  len    8192"));
    assert_non_null(strstr(text, "engine 3: 0 puts"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table1_sizes),
        cmocka_unit_test(test_fig3_ew),
        cmocka_unit_test(test_fig5_ns),
        cmocka_unit_test(test_fig7_4dir),
        cmocka_unit_test(test_fig9_diag),
        cmocka_unit_test(test_fig11_all),
        cmocka_unit_test(test_overhead_aware),
        cmocka_unit_test(test_tofud_six),
        cmocka_unit_test(test_random_constraints),
        cmocka_unit_test(test_check_catches),
        cmocka_unit_test(test_world_receive_engines),
        cmocka_unit_test(test_names_and_errors),
        cmocka_unit_test(test_print),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
