/* test_rsched_pcoll.c - cmocka tests of the pseudo-collective core
 * (libmpi_mbcf/rsched/rsched_pcoll.c) on an in-memory transport: one thread
 * per rank of a 4 x 4 periodic grid, puts as memcpy with a local completion
 * and a remote notice, pthread barriers. The SCALE-LES3 halo of all 8
 * directions is exchanged three times with every scheduler and every byte
 * checked; the puts must leave in the plan's engine order; request sets that
 * do not fit the mode make every rank fall back with a reason. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <cmocka.h>

#include "rsched_pcoll.h"
#include "rsched_halo.h"

enum { PX = 4, PY = 4, R = PX * PY, K = 60, MAXQ = RSCHED_MAX_PUTS };

struct world {
    pthread_barrier_t bar;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct rsched_pc_desc *box[R][R];
    int boxn[R][R];
    int acc;
    int local[R], remote[R];
    int issued[R][MAXQ], nissued[R];     /* put index order per rank (by engine, rx) */
    int issued_engine[R][MAXQ];
};

struct rank_ctx {
    struct world *w;
    int rank;
    struct rsched_pc_ops ops;
};

static int dir_of(void *ctx, int peer)
{
    struct rank_ctx *c = ctx;
    int dx = (peer % PX - c->rank % PX + PX) % PX, dy = (peer / PX - c->rank / PX + PY) % PY;
    return rsched_dir_from_offset(dx == PX - 1 ? -1 : dx, dy == PY - 1 ? -1 : dy);
}

static int reg(void *ctx, void *buf, uint32_t bytes, uint64_t *stadd)
{
    (void)ctx;
    (void)bytes;
    *stadd = (uint64_t)(uintptr_t)buf;
    return 0;
}

static int xchg(void *ctx, struct rsched_pc_desc *const out[], const int outn[],
                struct rsched_pc_desc *const in[], int inmax, int inn[])
{
    struct rank_ctx *c = ctx;
    struct world *w = c->w;
    for (int r = 0; r < R; r++) {
        w->box[c->rank][r] = out[r];
        w->boxn[c->rank][r] = outn[r];
    }
    pthread_barrier_wait(&w->bar);
    for (int r = 0; r < R; r++) {
        inn[r] = w->boxn[r][c->rank] < inmax ? w->boxn[r][c->rank] : inmax;
        memcpy(in[r], w->box[r][c->rank], (size_t)inn[r] * sizeof *in[r]);
    }
    pthread_barrier_wait(&w->bar);
    return 0;
}

static int agree(void *ctx, int ok)
{
    struct rank_ctx *c = ctx;
    struct world *w = c->w;
    pthread_mutex_lock(&w->mu);
    w->acc &= ok;
    pthread_mutex_unlock(&w->mu);
    pthread_barrier_wait(&w->bar);
    int all = w->acc;
    pthread_barrier_wait(&w->bar);
    if (c->rank == 0)
        w->acc = 1;
    pthread_barrier_wait(&w->bar);
    return all;
}

static int put(void *ctx, int engine, int peer, int rx_engine, uint64_t lstadd, uint64_t rstadd,
               uint32_t bytes)
{
    struct rank_ctx *c = ctx;
    struct world *w = c->w;
    if (rx_engine != engine)
        return -1;      /* the mirror rule of rsched_bl.c */
    memcpy((void *)(uintptr_t)rstadd, (const void *)(uintptr_t)lstadd, bytes);
    pthread_mutex_lock(&w->mu);
    w->issued_engine[c->rank][w->nissued[c->rank]] = engine;
    w->issued[c->rank][w->nissued[c->rank]++] = (int)bytes;
    w->local[c->rank]++;
    w->remote[peer]++;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return 0;
}

static int wait_one(void *ctx, int *remote)
{
    struct rank_ctx *c = ctx;
    struct world *w = c->w;
    pthread_mutex_lock(&w->mu);
    while (!w->local[c->rank] && !w->remote[c->rank])
        pthread_cond_wait(&w->cv, &w->mu);
    *remote = !w->local[c->rank];
    if (*remote)
        w->remote[c->rank]--;
    else
        w->local[c->rank]--;
    pthread_mutex_unlock(&w->mu);
    return 0;
}

/* rsched_pc_test's non-blocking poll: 1 with a completion, 0 without */
static int poll_one(void *ctx, int *remote)
{
    struct rank_ctx *c = ctx;
    struct world *w = c->w;
    pthread_mutex_lock(&w->mu);
    int got = w->local[c->rank] || w->remote[c->rank];
    if (got) {
        *remote = !w->local[c->rank];
        if (*remote)
            w->remote[c->rank]--;
        else
            w->local[c->rank]--;
    }
    pthread_mutex_unlock(&w->mu);
    return got;
}

static int barrier(void *ctx)
{
    pthread_barrier_wait(&((struct rank_ctx *)ctx)->w->bar);
    return 0;
}

/* What each rank does in one scenario. */
struct job {
    struct rank_ctx ctx;
    const char *algo;
    int scenario;           /* 0 halo, 1 tag mismatch at rank 5, 2 non-neighbour, 3 size mismatch,
                             * 4 communicator mismatch at rank 6, 5 halo completed by rsched_pc_test */
    int rc;
    char why[128];
    long bad_bytes;
    int order_ok, state_ok, run_ok;
};

static uint8_t pattern(int from, int tag, int round, uint32_t off)
{
    return (uint8_t)(from * 31 + tag * 7 + round * 3 + off);
}

static void *rank_main(void *arg)
{
    struct job *j = arg;
    int me = j->ctx.rank;
    struct rsched_put halo[RSCHED_MAX_PUTS];
    int n = rsched_halo_puts(RSCHED_HALO_ALL, K, PX, PY, me % PX, me / PX, halo, RSCHED_MAX_PUTS);
    struct rsched_pc_req reqs[2 * RSCHED_MAX_PUTS];
    uint8_t *sbuf[RSCHED_MAX_PUTS], *rbuf[RSCHED_MAX_PUTS];
    int rpeer[RSCHED_MAX_PUTS], rtag[RSCHED_MAX_PUTS], stag[RSCHED_MAX_PUTS], nr = 0;
    for (int i = 0; i < n; i++) { /* receives first, like userland/apps/halo */
        int s = i > 0 && halo[i - 1].dir == halo[i].dir;
        rbuf[i] = calloc(1, halo[i].len);
        rpeer[i] = halo[i].dest;        /* the neighbour in direction d sends toward opposite(d) */
        rtag[i] = rsched_dir_opposite(halo[i].dir) * 2 + s;
        reqs[nr++] = (struct rsched_pc_req){ 0, rbuf[i], halo[i].len, rpeer[i], rtag[i], 7 };
    }
    for (int i = 0; i < n; i++) {
        int s = i > 0 && halo[i - 1].dir == halo[i].dir;
        uint32_t len = halo[i].len;
        int peer = halo[i].dest;
        sbuf[i] = malloc(len + 64);
        stag[i] = halo[i].dir * 2 + s;
        if (j->scenario == 1 && me == 5 && i == 3)
            stag[i] += 100;
        if (j->scenario == 2 && me == 0 && i == 0)
            peer = 2 * PX + 2;          /* two cells away on both axes */
        if (j->scenario == 3 && me == 9 && i == 8)
            len += 8;
        /* scenario 4: the same source and tag on another communicator */
        uint32_t ctx = j->scenario == 4 && me == 6 && i == 2 ? 8 : 7;
        reqs[nr++] = (struct rsched_pc_req){ 1, sbuf[i], len, peer, stag[i], ctx };
    }
    struct rsched_algo a;
    struct rsched_cost cost = { .nengines = 4, .put_ns = 1000, .mbps = 4150, .access_ns = 1000 };
    rsched_parse(j->algo, &a);
    struct rsched_pc pc;
    j->rc = rsched_pc_init(&pc, &a, &cost, reqs, nr, &j->ctx.ops);
    memcpy(j->why, pc.why, sizeof j->why);
    j->order_ok = 1;
    j->run_ok = 1;
    j->state_ok = rsched_pc_wait(&pc) == RSCHED_PC_ESTATE;
    if (j->rc == 0) {
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < n; i++) {
                for (uint32_t b = 0; b < halo[i].len; b++)
                    sbuf[i][b] = pattern(me, stag[i], round, b);
                memset(rbuf[i], 0xee, halo[i].len);
            }
            j->ctx.w->nissued[me] = 0;
            /* no cmocka asserts in threads: flags checked by the main thread */
            j->run_ok &= rsched_pc_start(&pc) == 0;
            if (round == 0)
                j->state_ok &= rsched_pc_start(&pc) == RSCHED_PC_ESTATE;
            if (j->scenario == 5) {     /* MPI_Test until done */
                int done = 0, polls = 0;
                while (!done && polls++ < 100000000)
                    j->run_ok &= rsched_pc_test(&pc, &done) == 0;
                j->run_ok &= done;
                j->state_ok &= rsched_pc_test(&pc, &done) == RSCHED_PC_ESTATE && !done;
            } else {
                j->run_ok &= rsched_pc_wait(&pc) == 0;
            }
            for (int i = 0; i < n; i++)
                for (uint32_t b = 0; b < halo[i].len; b++)
                    j->bad_bytes += rbuf[i][b] != pattern(rpeer[i], rtag[i], round, b);
            /* the puts left engine by engine in the plan's queue order */
            int k = 0;
            for (int e = 0; e < pc.plan.nengines; e++)
                for (int q = 0; q < pc.plan.nq[e]; q++, k++)
                    j->order_ok &= j->ctx.w->issued_engine[me][k] == e &&
                                   j->ctx.w->issued[me][k] == (int)halo[pc.plan.q[e][q]].len;
            j->order_ok &= k == n && j->ctx.w->nissued[me] == n;
        }
    }
    for (int i = 0; i < n; i++) {
        free(sbuf[i]);
        free(rbuf[i]);
    }
    return NULL;
}

static void run_world(const char *algo, int scenario, struct job jobs[R])
{
    static const struct rsched_pc_ops proto = { .dir_of = dir_of, .reg = reg, .xchg = xchg,
                                                .agree = agree, .put = put, .wait = wait_one,
                                                .barrier = barrier, .nranks = R };
    static struct world w;
    memset(&w, 0, sizeof w);
    pthread_barrier_init(&w.bar, NULL, R);
    pthread_mutex_init(&w.mu, NULL);
    pthread_cond_init(&w.cv, NULL);
    w.acc = 1;
    pthread_t th[R];
    for (int r = 0; r < R; r++) {
        memset(&jobs[r], 0, sizeof jobs[r]);
        jobs[r].ctx.w = &w;
        jobs[r].ctx.rank = r;
        jobs[r].ctx.ops = proto;
        jobs[r].ctx.ops.ctx = &jobs[r].ctx;
        jobs[r].ctx.ops.rank = r;
        if (scenario == 5)
            jobs[r].ctx.ops.poll = poll_one;
        jobs[r].algo = algo;
        jobs[r].scenario = scenario;
        assert_int_equal(pthread_create(&th[r], NULL, rank_main, &jobs[r]), 0);
    }
    for (int r = 0; r < R; r++)
        pthread_join(th[r], NULL);
    pthread_barrier_destroy(&w.bar);
}

static void test_halo_every_scheduler(void **state)
{
    (void)state;
    static const char *algos[] = { "rr1", "rr2", "rr4", "bl1", "bl2", "bl4", "bl4o" };
    static struct job jobs[R];
    for (unsigned a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        run_world(algos[a], 0, jobs);
        for (int r = 0; r < R; r++) {
            if (jobs[r].rc)
                fail_msg("%s rank %d: init %d (%s)", algos[a], r, jobs[r].rc, jobs[r].why);
            assert_true(jobs[r].run_ok);
            assert_int_equal(jobs[r].bad_bytes, 0);
            assert_true(jobs[r].order_ok);
            assert_true(jobs[r].state_ok);
        }
    }
}

static void expect_fallback(int scenario, const char *culprit_why, int culprit)
{
    static struct job jobs[R];
    run_world("bl4", scenario, jobs);
    for (int r = 0; r < R; r++) {
        if (jobs[r].rc != RSCHED_PC_FALLBACK)
            fail_msg("scenario %d rank %d: init %d, want fallback", scenario, r, jobs[r].rc);
        assert_true(jobs[r].why[0] != 0);
    }
    if (!strstr(jobs[culprit].why, culprit_why))
        fail_msg("scenario %d rank %d says '%s'", scenario, culprit, jobs[culprit].why);
}

static void test_fallback_tag_mismatch(void **state)
{
    (void)state;
    expect_fallback(1, "has no persistent receive", 5);
}

static void test_fallback_not_a_neighbour(void **state)
{
    (void)state;
    expect_fallback(2, "no neighbour on the process grid", 0);
}

static void test_fallback_size_mismatch(void **state)
{
    (void)state;
    expect_fallback(3, "bytes here", 9);
}

static void test_fallback_other_communicator(void **state)
{
    (void)state;
    expect_fallback(4, "has no persistent receive", 6);
}

/* MPI_Test's path: rsched_pc_test polls without waiting until all is in. */
static void test_completion_by_test(void **state)
{
    (void)state;
    static struct job jobs[R];
    run_world("bl4", 5, jobs);
    for (int r = 0; r < R; r++) {
        if (jobs[r].rc)
            fail_msg("rank %d: init %d (%s)", r, jobs[r].rc, jobs[r].why);
        assert_true(jobs[r].run_ok);
        assert_int_equal(jobs[r].bad_bytes, 0);
        assert_true(jobs[r].state_ok);
    }
}

static void test_bad_arguments(void **state)
{
    (void)state;
    struct rsched_pc pc;
    struct rsched_algo a = { RSCHED_BL, 4, 0 };
    struct rsched_cost c = { 4, 0, 1000, 0 };
    struct rsched_pc_ops o = { .nranks = 0 };
    assert_int_equal(rsched_pc_init(&pc, &a, &c, NULL, 0, &o), RSCHED_EINVAL);
    o.nranks = 4;
    o.rank = 4;
    assert_int_equal(rsched_pc_init(&pc, &a, &c, NULL, 0, &o), RSCHED_EINVAL);
    assert_int_equal(rsched_pc_init(&pc, &a, &c, NULL, -1, &o), RSCHED_EINVAL);
    assert_int_equal(rsched_pc_init(NULL, &a, &c, NULL, 0, &o), RSCHED_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_halo_every_scheduler),
        cmocka_unit_test(test_fallback_tag_mismatch),
        cmocka_unit_test(test_fallback_not_a_neighbour),
        cmocka_unit_test(test_fallback_size_mismatch),
        cmocka_unit_test(test_fallback_other_communicator),
        cmocka_unit_test(test_completion_by_test),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
