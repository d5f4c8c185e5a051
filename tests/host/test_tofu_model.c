/* test_tofu_model.c - cmocka tests of the Tofu topology (drivers/tofu_emu/model/tofu_topo.c)
 * and timing model (tofu_model.c): hand-computed cases (one put, two puts on one
 * TNI, two TNIs on one link, two senders into one receiving TNI, multi-hop,
 * get) and the calibration against seed 000 sec 4.2-4.4. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <cmocka.h>
#include "tofu_model.h"

static struct tofu_sim *sim;

static int setup(void **state)
{
    (void)state;
    sim = malloc(sizeof *sim);
    return sim ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(sim);
    return 0;
}

/* ---- topology ---- */

static void test_shape_2x2x1(void **state)
{
    (void)state;
    struct tofu_shape s;
    assert_int_equal(tofu_shape_init(&s, 2, 2, 1), 0);
    /* x folds onto (X, a) = (1, 2); y (2 % 3 != 0) stays on Y = 2, b = 1 */
    const uint8_t want[6] = { 1, 2, 1, 2, 1, 1 };
    assert_memory_equal(s.size, want, 6);
    struct tofu_coords c;
    assert_int_equal(tofu_rank_to_coords(&s, 3, &c), 0);
    const uint8_t c3[6] = { 0, 1, 0, 1, 0, 0 };   /* x=1 -> X=0, a=1; y=1 -> Y=1, b=0 */
    assert_memory_equal(c.c, c3, 6);
    assert_int_equal(tofu_rank_to_coords(&s, 4, &c), -1);
    assert_int_equal(tofu_shape_init(&s, 0, 1, 1), -1);
    assert_int_equal(tofu_shape_init(&s, 50, 1, 1), -1);
}

static void test_roundtrip_and_neighbours(void **state)
{
    (void)state;
    const uint32_t shapes[][3] = { { 2, 2, 1 }, { 4, 3, 2 }, { 8, 6, 4 }, { 5, 7, 3 }, { 12, 1, 1 } };
    for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        struct tofu_shape s;
        assert_int_equal(tofu_shape_init(&s, shapes[k][0], shapes[k][1], shapes[k][2]), 0);
        uint32_t n = tofu_shape_nodes(&s);
        for (uint32_t r = 0; r < n; r++) {
            struct tofu_coords c;
            uint32_t log[3];
            assert_int_equal(tofu_rank_to_coords(&s, r, &c), 0);
            assert_int_equal(tofu_coords_to_rank(&s, &c), r);
            assert_int_equal(tofu_rank_to_log(&s, r, log), 0);
            assert_int_equal(tofu_log_to_rank(&s, log), r);
            /* logical neighbour l -> l+1 along each axis is one hop (snake) */
            for (int d = 0; d < 3; d++) {
                if (log[d] + 1 >= s.log[d])
                    continue;
                uint32_t nb[3] = { log[0], log[1], log[2] };
                nb[d]++;
                assert_int_equal(tofu_hops_rank(&s, r, (uint32_t)tofu_log_to_rank(&s, nb)), 1);
            }
            /* route length == hop count, route ends at the target, each hop
             * leaves the node the previous hop arrived at */
            for (uint32_t t = 0; t < n; t++) {
                struct tofu_hop h[TOFU_MAX_HOPS];
                int len = tofu_route(&s, r, t, h, TOFU_MAX_HOPS);
                assert_int_equal(len, (int)tofu_hops_rank(&s, r, t));
                uint32_t at = r;
                for (int i = 0; i < len; i++) {
                    assert_int_equal(h[i].node, at);
                    int64_t nx = tofu_neighbor(&s, at, h[i].port);
                    assert_true(nx >= 0);
                    at = (uint32_t)nx;
                }
                assert_int_equal(at, t);
            }
        }
    }
}

static void test_route_8x1x1(void **state)
{
    (void)state;
    struct tofu_shape s;
    assert_int_equal(tofu_shape_init(&s, 8, 1, 1), 0);   /* X = 4, a = 2 */
    struct tofu_hop h[TOFU_MAX_HOPS];
    /* rank 5: x=5 -> X=2, a=1 (even X, no snake); rank 3: X=1, a=1->0 snake */
    assert_int_equal(tofu_route(&s, 0, 5, h, TOFU_MAX_HOPS), 3);
    assert_int_equal(h[0].node, 0); assert_int_equal(h[0].port, TOFU_PORT_XP);
    assert_int_equal(h[1].node, 3); assert_int_equal(h[1].port, TOFU_PORT_XP);
    assert_int_equal(h[2].node, 4); assert_int_equal(h[2].port, TOFU_PORT_A);
    assert_int_equal(tofu_route(&s, 0, 5, h, 2), -1);
    assert_int_equal(tofu_route(&s, 0, 8, h, TOFU_MAX_HOPS), -1);
    assert_int_equal(tofu_neighbor(&s, 0, TOFU_PORT_YP), -1);
}

/* ---- engine, Tofu1 parameters: tni 4150, link 5000, node 13400 MB/s,
 * cmd 1000 ns, hop 100 ns, base 0 ---- */

static const struct tofu_params *p1;
static struct tofu_shape shape;

static void start(uint32_t lx, uint32_t ly, uint32_t lz)
{
    p1 = tofu_params(TOFU_MODE_TOFU1);
    assert_non_null(p1);
    assert_int_equal(tofu_shape_init(&shape, lx, ly, lz), 0);
    tofu_sim_init(sim, p1, &shape);
}

static int put(uint32_t node, uint8_t tni, uint32_t peer, uint8_t ptni, uint64_t bytes)
{
    struct tofu_cmd c = { .node = node, .tni = tni, .op = TOFU_OP_PUT, .peer = peer,
                          .peer_tni = ptni, .bytes = bytes };
    int i = tofu_sim_add(sim, &c);
    assert_true(i >= 0);
    return i;
}

static void test_one_put(void **state)
{
    (void)state;
    start(3, 1, 1);                         /* ring of 3 on X */
    put(0, 0, 1, 0, 415000);                /* 415000 B / 4150 MB/s = 100 us */
    assert_int_equal(tofu_sim_run(sim), 101100);
    const struct tofu_cmd *c = tofu_sim_cmd(sim, 0);
    assert_int_equal(c->start_ns, 0);
    assert_int_equal(c->flow_ns, 1000);
    assert_int_equal(c->end_ns, 101000);
    assert_int_equal(c->local_ns, 101000);
    assert_int_equal(c->deliver_ns, 101100);
    assert_int_equal(c->hops, 1);
    assert_int_equal(tofu_put_alone_ns(p1, 1, 415000), 101100);
}

static void test_two_puts_one_tni(void **state)
{
    (void)state;
    start(3, 1, 1);
    put(0, 0, 1, 0, 415000);
    put(0, 0, 1, 0, 415000);
    tofu_sim_run(sim);
    const struct tofu_cmd *b = tofu_sim_cmd(sim, 1);
    assert_int_equal(b->start_ns, 101000);  /* queue order: after the first */
    assert_int_equal(b->end_ns, 202000);
    assert_int_equal(b->deliver_ns, 202100);
}

static void test_two_tnis_one_link(void **state)
{
    (void)state;
    start(3, 1, 1);
    put(0, 0, 1, 0, 500000);                /* link 5000 shared: 2500 each */
    put(0, 1, 1, 1, 500000);
    tofu_sim_run(sim);
    assert_int_equal(tofu_sim_cmd(sim, 0)->end_ns, 201000);
    assert_int_equal(tofu_sim_cmd(sim, 1)->end_ns, 201000);
    /* unequal sizes: the short one ends, the long one speeds up to 4150 */
    start(3, 1, 1);
    put(0, 0, 1, 0, 250000);
    put(0, 1, 1, 1, 500000);
    tofu_sim_run(sim);
    assert_int_equal(tofu_sim_cmd(sim, 0)->end_ns, 101000);
    /* 250000 B left at 4150 MB/s: ceil(250000000 / 4150) = 60241 ns */
    assert_int_equal(tofu_sim_cmd(sim, 1)->end_ns, 101000 + 60241);
    /* two TNIs on two different links do not share */
    start(3, 1, 1);
    put(0, 0, 1, 0, 415000);
    put(0, 1, 2, 0, 415000);
    tofu_sim_run(sim);
    assert_int_equal(tofu_sim_cmd(sim, 1)->end_ns, 101000);
}

static void test_two_senders_one_rx_tni(void **state)
{
    (void)state;
    start(3, 1, 1);
    put(0, 0, 1, 0, 415000);                /* X+ from 0 */
    put(2, 0, 1, 0, 415000);                /* X- from 2, same receiving TNI */
    tofu_sim_run(sim);
    /* receiving TNI at 4150 MB/s shared: 2075 each -> 200 us */
    assert_int_equal(tofu_sim_cmd(sim, 0)->end_ns, 201000);
    assert_int_equal(tofu_sim_cmd(sim, 1)->end_ns, 201000);
    /* different receiving TNIs: full rate */
    start(3, 1, 1);
    put(0, 0, 1, 0, 415000);
    put(2, 0, 1, 1, 415000);
    tofu_sim_run(sim);
    assert_int_equal(tofu_sim_cmd(sim, 1)->end_ns, 101000);
}

static void test_multi_hop(void **state)
{
    (void)state;
    start(8, 1, 1);
    put(0, 0, 5, 0, 415000);                /* 3 hops: 0 -X+-> 3 -X+-> 4 -a-> 5 */
    tofu_sim_run(sim);
    const struct tofu_cmd *c = tofu_sim_cmd(sim, 0);
    assert_int_equal(c->hops, 3);
    assert_int_equal(c->end_ns, 101000);
    assert_int_equal(c->deliver_ns, 101300);
    /* a second flow on the middle link (3 X+) halves both */
    start(8, 1, 1);
    put(0, 0, 5, 0, 415000);
    put(3, 0, 4, 0, 415000);
    tofu_sim_run(sim);
    assert_int_equal(tofu_sim_cmd(sim, 0)->end_ns, 1000 + 166000);
    assert_int_equal(tofu_sim_cmd(sim, 1)->end_ns, 1000 + 166000);
    assert_int_equal(tofu_sim_cmd(sim, 0)->deliver_ns, 167300);
    assert_int_equal(tofu_sim_cmd(sim, 1)->deliver_ns, 167100);
}

static void test_get_and_atomic(void **state)
{
    (void)state;
    start(3, 1, 1);
    struct tofu_cmd g = { .node = 0, .tni = 0, .op = TOFU_OP_GET, .peer = 1, .bytes = 415000 };
    assert_int_equal(tofu_sim_add(sim, &g), 0);
    struct tofu_cmd a = { .node = 0, .tni = 0, .op = TOFU_OP_ATOMIC, .peer = 1, .bytes = 8 };
    assert_int_equal(tofu_sim_add(sim, &a), 1);
    tofu_sim_run(sim);
    const struct tofu_cmd *c = tofu_sim_cmd(sim, 0);
    assert_int_equal(c->flow_ns, 1100);     /* request travels one hop first */
    assert_int_equal(c->end_ns, 101100);
    assert_int_equal(c->local_ns, 101200);
    c = tofu_sim_cmd(sim, 1);
    assert_int_equal(c->start_ns, 101200);  /* the get held the TNI until it landed */
    /* 8 B at 4150 MB/s: ceil(8000 / 4150) = 2 ns */
    assert_int_equal(c->local_ns, 101200 + 1000 + 100 + 2 + 100);
}

static void test_incremental_and_bad_input(void **state)
{
    (void)state;
    start(3, 1, 1);
    put(0, 0, 1, 0, 415000);
    assert_int_equal(tofu_sim_advance(sim, 50000), 1);
    assert_int_equal(tofu_sim_now(sim), 50000);
    /* added "in the past": moved to now, and queued behind the first */
    struct tofu_cmd c = { .node = 0, .tni = 0, .op = TOFU_OP_PUT, .peer = 1, .bytes = 4150,
                          .issue_ns = 10 };
    assert_int_equal(tofu_sim_add(sim, &c), 1);
    assert_int_equal(tofu_sim_cmd(sim, 1)->issue_ns, 50000);
    assert_int_equal(tofu_sim_advance(sim, 101000), 1);
    tofu_sim_retire(sim);
    assert_int_equal(tofu_sim_count(sim), 1);
    tofu_sim_run(sim);
    assert_int_equal(tofu_sim_cmd(sim, 0)->end_ns, 101000 + 1000 + 1000);
    /* bad input */
    struct tofu_cmd bad = { .node = 3, .op = TOFU_OP_PUT, .peer = 1, .bytes = 8 };
    assert_int_equal(tofu_sim_add(sim, &bad), -1);
    bad.node = 0; bad.tni = 4;
    assert_int_equal(tofu_sim_add(sim, &bad), -1);
    bad.tni = 0; bad.op = 9;
    assert_int_equal(tofu_sim_add(sim, &bad), -1);
    bad.op = TOFU_OP_PUT; bad.bytes = (16u << 20) + 1;
    assert_int_equal(tofu_sim_add(sim, &bad), -1);
    assert_null(tofu_params(7));
    assert_int_equal(tofu_mode_from_name("tofud"), TOFU_MODE_TOFUD);
    assert_int_equal(tofu_mode_from_name("tofu3"), 0);
}

static void test_tofud_latency(void **state)
{
    (void)state;
    const struct tofu_params *pd = tofu_params(TOFU_MODE_TOFUD);
    assert_int_equal(pd->n_tni, 6);
    /* Ajima et al. 2018: 8-byte put latency 0.49 us (one hop) */
    assert_int_equal(tofu_put_alone_ns(pd, 1, 8), 490);
    /* 6 TNIs to 6 different neighbours: the node reaches its injection rate */
    struct tofu_shape s;
    assert_int_equal(tofu_shape_init(&s, 4, 3, 4), 0);   /* X2 a2, Y1 b3, Z2 c2 */
    tofu_sim_init(sim, pd, &s);
    const enum tofu_port ports[6] = { TOFU_PORT_XP, TOFU_PORT_A, TOFU_PORT_BP, TOFU_PORT_BM,
                                      TOFU_PORT_ZP, TOFU_PORT_C };
    uint64_t bytes = 16u << 20;
    for (int t = 0; t < 6; t++) {
        int64_t nb = tofu_neighbor(&s, 0, ports[t]);
        assert_true(nb > 0);
        struct tofu_cmd c = { .node = 0, .tni = (uint8_t)t, .op = TOFU_OP_PUT,
                              .peer = (uint32_t)nb, .peer_tni = (uint8_t)t, .bytes = bytes };
        assert_true(tofu_sim_add(sim, &c) >= 0);
    }
    tofu_sim_run(sim);
    uint64_t end = tofu_sim_cmd(sim, 5)->end_ns - pd->cmd_ns;
    uint64_t mbps = 6 * bytes * 1000 / end;
    print_message("tofud: 6 TNIs x 16 MiB to 6 neighbours: %llu MB/s injection\n",
                  (unsigned long long)mbps);
    assert_true(mbps > 37000 && mbps <= 38100);
}

/* ---- seed 000 calibration: a 4x4 2-D torus, every node exchanging halos at
 * once; time per exchange = exchange_ns + last delivery.  Table 1, grid 872:
 * east-west 224,256 B x 1 per direction, north-south 112,128 B x 2. ---- */

enum dir { E, W, N, S };

struct put_plan { enum dir d; uint8_t tni; uint64_t bytes; };

static uint32_t neighbour(uint32_t r, enum dir d)
{
    uint32_t x = r % 4, y = r / 4;
    switch (d) {
    case E: x = (x + 1) % 4; break;
    case W: x = (x + 3) % 4; break;
    case N: y = (y + 1) % 4; break;
    case S: y = (y + 3) % 4; break;
    }
    return y * 4 + x;
}

static double exchange_us(const struct put_plan *plan, unsigned n)
{
    start(4, 4, 1);
    for (uint32_t r = 0; r < 16; r++)
        for (unsigned i = 0; i < n; i++)
            put(r, plan[i].tni, neighbour(r, plan[i].d), plan[i].tni, plan[i].bytes);
    uint64_t last = tofu_sim_run(sim);
    return (p1->exchange_ns + last) / 1000.0;
}

static void calib(const char *what, const struct put_plan *plan, unsigned n, double seed_us)
{
    double us = exchange_us(plan, n);
    double err = (us - seed_us) / seed_us * 100;
    print_message("seed000 %-34s model %6.1f us  seed %5.1f us  (%+.1f%%)\n", what, us,
                  seed_us, err);
    assert_true(err > -5 && err < 5);
}

static void test_seed000_calibration(void **state)
{
    (void)state;
    const uint64_t EW = 224256, NS = 112128;
    /* sec 4.2: 2 TNIs, E and W at once: 72 us */
    const struct put_plan ew[] = { { E, 0, EW }, { W, 1, EW } };
    calib("4.2 east-west, 2 TNIs", ew, 2, 72);
    /* sec 4.2: RoundRobin(1), both on one TNI: net transfer doubled, 18 + 2 x 54 */
    const struct put_plan ew1[] = { { E, 0, EW }, { W, 0, EW } };
    calib("4.2 east-west, RoundRobin(1)", ew1, 2, 18 + 2 * 54);
    /* sec 4.3: BLbased, same direction never at once: 74 us */
    const struct put_plan nsbl[] = { { N, 0, NS }, { N, 0, NS }, { S, 1, NS }, { S, 1, NS } };
    calib("4.3 north-south, BLbased", nsbl, 4, 74);
    /* sec 4.3: RoundRobin(4), two TNIs share each link: 64 us */
    const struct put_plan ns4[] = { { N, 0, NS }, { N, 1, NS }, { S, 2, NS }, { S, 3, NS } };
    calib("4.3 north-south, RoundRobin(4)", ns4, 4, 64);
    /* sec 4.4: RoundRobin(2) north-south: 108 us */
    const struct put_plan ns2[] = { { N, 0, NS }, { N, 1, NS }, { S, 0, NS }, { S, 1, NS } };
    calib("4.4 north-south, RoundRobin(2)", ns2, 4, 108);
    /* sec 4.4: BLbased(4), four directions: 86 us */
    const struct put_plan all[] = { { E, 0, EW }, { W, 1, EW }, { N, 2, NS }, { N, 2, NS },
                                    { S, 3, NS }, { S, 3, NS } };
    calib("4.4 four directions, BLbased(4)", all, 6, 86);
    /* the rates the paper derives: one TNI 3.8-4.0 GB/s, a shared link 4.8 GB/s */
    double one = EW / (exchange_us(ew, 2) - 18) / 1000;
    double shared = 2 * NS / (exchange_us(ns4, 4) - 18) / 1000;
    print_message("seed000 single TNI %.2f GB/s (seed 3.8-4.0), two TNIs on a link %.2f GB/s "
                  "(seed 4.8)\n", one, shared);
    assert_true(one > 3.7 && one < 4.3);
    assert_true(shared > 4.6 && shared < 5.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape_2x2x1),
        cmocka_unit_test(test_roundtrip_and_neighbours),
        cmocka_unit_test(test_route_8x1x1),
        cmocka_unit_test(test_one_put),
        cmocka_unit_test(test_two_puts_one_tni),
        cmocka_unit_test(test_two_tnis_one_link),
        cmocka_unit_test(test_two_senders_one_rx_tni),
        cmocka_unit_test(test_multi_hop),
        cmocka_unit_test(test_get_and_atomic),
        cmocka_unit_test(test_incremental_and_bad_input),
        cmocka_unit_test(test_tofud_latency),
        cmocka_unit_test(test_seed000_calibration),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
