/* test_mbcf_dead.c - dead peers in the MBCF engine over the simulated link
 * (test_mbcf_sim.c): a node that leaves (BYE) fails the operations
 * posted to it at once, but its last ack still completes what it had applied;
 * a node that goes silent (powered off, emulator killed) is declared dead
 * after dead_ns by every peer, also by one that sends it nothing (probes);
 * live peers under heavy loss and long idle times are never declared dead, nor
 * after a stall of the whole host longer than dead_ns, nor a node starved
 * for longer than the 4 s default on an oversubscribed host (the threshold
 * scales with the oversubscription); a dead peer stays dead (its later frames
 * are dropped). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "test_mbcf_sim.h"
#include "mbcf_abi.h"

#define MS 1000000ull
#define SEC 1000000000ull

static uint64_t dead_ns_cfg;
static void tweak_dead(struct mbcf_config *c) { c->dead_ns = dead_ns_cfg; }

static void run_until(struct sim *s, uint64_t t)
{
    while (s->now < t)
        sim_step(s);
}

/* a remote write of len bytes from a into a's region at node b */
static int put(struct sim *s, int a, int b, uint32_t off, uint32_t len, uint64_t cookie)
{
    return mbcf_post_put(s->node[a].eng, b, 0, SIM_VA(SIM_REGION_PAGES * a) + off,
                         off, len, cookie);
}

/* status of the completion with cookie at node a, -1 when none (yet) */
static int status_of(struct sim *s, int a, uint64_t cookie)
{
    struct sim_node *nd = &s->node[a];
    int st = -1, n = 0;
    for (size_t i = 0; i < nd->ncq; i++)
        if (nd->cq[i].cookie == cookie) {
            st = nd->cq[i].status;
            n++;
        }
    assert_true(n <= 1);   /* exactly once */
    return st;
}

static void test_bye_fails_pending_and_new_posts(void **state)
{
    (void)state;
    struct sim s;
    dead_ns_cfg = 0;                     /* BYE alone, no silence detection */
    sim_init(&s, 3, 1, tweak_dead);
    assert_int_equal(put(&s, 0, 2, 0, 100, 1), 0);
    run_until(&s, 5 * MS);
    assert_int_equal(status_of(&s, 0, 1), MBCF_OK);
    /* node 2 stops receiving, node 0 posts three more, node 2 says BYE */
    s.down[2] = 1;
    for (uint64_t c = 10; c < 13; c++)
        assert_int_equal(put(&s, 0, 2, 0, 3000, c), 0);
    run_until(&s, 8 * MS);
    assert_int_equal(status_of(&s, 0, 10), -1);          /* still waiting */
    mbcf_leave(s.node[2].eng);
    uint64_t t_bye = s.now;
    run_until(&s, s.now + 1 * MS);
    for (uint64_t c = 10; c < 13; c++)
        assert_int_equal(status_of(&s, 0, c), MBCF_E_PEER_DEAD);
    for (int n = 0; n < 2; n++) {         /* both peers learnt it, within the link delay */
        uint64_t left;
        assert_int_equal(mbcf_dead_mask(s.node[n].eng, &left), 1u << 2);
        assert_int_equal(left, 1u << 2);
        assert_int_equal(s.node[n].dead_why[2], MBCF_DEAD_LEFT);
        assert_true(s.node[n].dead_at[2] - t_bye < 1 * MS);
        assert_true(mbcf_dead_since(s.node[n].eng, 2) == s.node[n].dead_at[2]);
    }
    assert_int_equal(mbcf_outstanding(s.node[0].eng), 0);
    /* new posts to it fail at once; node 1 is unaffected */
    assert_true(mbcf_can_post(s.node[0].eng, 2));
    assert_int_equal(put(&s, 0, 2, 0, 10, 20), -MBCF_E_PEER_DEAD);
    assert_int_equal(put(&s, 0, 1, 0, 10, 21), 0);
    run_until(&s, s.now + 5 * MS);
    assert_int_equal(status_of(&s, 0, 21), MBCF_OK);
    assert_int_equal(mbcf_dead_mask(s.node[1].eng, NULL) & 1, 0);
    assert_int_equal(mbcf_engine_stats(s.node[2].eng)->tx_bye, 2);
    sim_free(&s);
}

/* Frames from node 2 to node 0 lost: 2 applies 0's writes but 0 never hears
 * the ack, until the BYE, which carries it: those complete OK, not dead. */
static int drop_2_to_0;
static int drop_acks(struct sim *s, int src, int dst, const void *f, uint32_t len)
{
    (void)s; (void)f; (void)len;
    return drop_2_to_0 && src == 2 && dst == 0;
}

static void test_bye_carries_last_ack(void **state)
{
    (void)state;
    struct sim s;
    dead_ns_cfg = 0;
    sim_init(&s, 3, 2, tweak_dead);
    s.drop = drop_acks;
    drop_2_to_0 = 1;
    assert_int_equal(put(&s, 0, 2, 0, 5000, 1), 0);      /* 4 frames */
    assert_int_equal(put(&s, 0, 2, 8192, 64, 2), 0);
    run_until(&s, 50 * MS);
    assert_int_equal(status_of(&s, 0, 1), -1);
    assert_true(s.node[2].nlog >= 5);                     /* applied at node 2 */
    drop_2_to_0 = 0;
    mbcf_leave(s.node[2].eng);
    s.down[2] = 1;
    run_until(&s, s.now + 1 * MS);
    assert_int_equal(status_of(&s, 0, 1), MBCF_OK);
    assert_int_equal(status_of(&s, 0, 2), MBCF_OK);
    assert_int_equal(s.node[0].dead_why[2], MBCF_DEAD_LEFT);
    sim_free(&s);
}

static void test_silent_peer_declared_dead(void **state)
{
    (void)state;
    struct sim s;
    dead_ns_cfg = 2 * SEC;
    sim_init(&s, 3, 3, tweak_dead);
    assert_int_equal(put(&s, 0, 2, 0, 100, 1), 0);
    run_until(&s, 10 * MS);
    assert_int_equal(status_of(&s, 0, 1), MBCF_OK);
    /* node 2 is killed: nothing from it any more. Node 0 writes to it; node
     * 1 sends it nothing at all (only the probes can notice). */
    s.down[2] = 1;
    uint64_t t_kill = s.now;
    assert_int_equal(put(&s, 0, 2, 0, 100, 2), 0);
    run_until(&s, t_kill + 1 * SEC);
    assert_int_equal(status_of(&s, 0, 2), -1);           /* not yet */
    assert_int_equal(mbcf_dead_mask(s.node[0].eng, NULL), 0);
    run_until(&s, t_kill + 3 * SEC);
    assert_int_equal(status_of(&s, 0, 2), MBCF_E_PEER_DEAD);
    for (int n = 0; n < 2; n++) {
        uint64_t left;
        assert_int_equal(mbcf_dead_mask(s.node[n].eng, &left), 1u << 2);
        assert_int_equal(left, 0);
        assert_int_equal(s.node[n].dead_why[2], MBCF_DEAD_SILENT);
        /* declared within dead_ns (+ the last frame's age, + a tick) of the kill */
        uint64_t dt = s.node[n].dead_at[2] - t_kill;
        print_message("node %d declared node 2 dead %.3f s after the kill\n", n, dt / 1e9);
        assert_true(dt <= 2 * SEC + 1 * MS);
        assert_true(dt >= 2 * SEC - 10 * MS);
    }
    assert_true(mbcf_engine_stats(s.node[1].eng)->tx_probe > 0);
    /* the live pair answered each other's probes all along */
    assert_int_equal(mbcf_dead_mask(s.node[0].eng, NULL) & 2, 0);
    assert_int_equal(mbcf_dead_mask(s.node[1].eng, NULL) & 1, 0);
    sim_free(&s);
}

/* Heavy loss, duplication and jitter, long idle stretches: nobody dies, and
 * a workload afterwards still completes OK everywhere. */
static void test_no_false_death_under_loss(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct sim s;
        dead_ns_cfg = 1 * SEC;
        sim_init(&s, 4, 100 + seed, tweak_dead);
        s.loss_pm = 300;
        s.dup_pm = 50;
        s.jitter_ns = 200000;
        uint64_t c = 1;
        for (int round = 0; round < 4; round++) {
            for (int a = 0; a < 4; a++)
                for (int b = 0; b < 4; b++)
                    if (a != b)
                        assert_int_equal(put(&s, a, b, 64 * (uint32_t)b, 2000, c++), 0);
            run_until(&s, s.now + 15 * SEC);              /* mostly idle */
        }
        for (int a = 0; a < 4; a++) {
            assert_int_equal(mbcf_dead_mask(s.node[a].eng, NULL), 0);
            assert_int_equal(mbcf_outstanding(s.node[a].eng), 0);
            for (size_t i = 0; i < s.node[a].ncq; i++)
                assert_int_equal(s.node[a].cq[i].status, MBCF_OK);
        }
        sim_free(&s);
    }
}

/* A peer taken for dead that comes back is still dead to us: its frames are
 * dropped, so it declares us dead in turn (no half-alive pair). */
static void test_dead_stays_dead(void **state)
{
    (void)state;
    struct sim s;
    dead_ns_cfg = 1 * SEC;
    sim_init(&s, 2, 7, tweak_dead);
    s.down[1] = 1;
    run_until(&s, 1100 * MS);
    assert_int_equal(s.node[0].dead_why[1], MBCF_DEAD_SILENT);
    s.down[1] = 0;                     /* it was only stalled */
    assert_int_equal(put(&s, 1, 0, 0, 100, 5), 0);
    run_until(&s, s.now + 1500 * MS);
    assert_true(mbcf_engine_stats(s.node[0].eng)->rx_from_dead > 0);
    assert_int_equal(status_of(&s, 1, 5), MBCF_E_PEER_DEAD);
    assert_int_equal(s.node[1].dead_why[0], MBCF_DEAD_SILENT);
    assert_int_equal(s.node[0].nlog, 0);                  /* nothing applied */
    sim_free(&s);
}

/* The whole host stops for longer than dead_ns (every node and the frames on
 * the wire wait): nobody is declared dead, since no node was running to see
 * the silence (check_peers counts the gap as its own stall); a write posted
 * before the stop completes OK after it; a node killed afterwards is still
 * declared dead within dead_ns of running time. */
static void test_host_stall_is_not_death(void **state)
{
    (void)state;
    struct sim s;
    dead_ns_cfg = 1 * SEC;
    sim_init(&s, 3, 21, tweak_dead);
    assert_int_equal(put(&s, 0, 1, 0, 3000, 1), 0);
    run_until(&s, 100 * MS);
    assert_int_equal(status_of(&s, 0, 1), MBCF_OK);
    assert_int_equal(put(&s, 1, 2, 0, 3000, 2), 0);
    sim_step(&s);                       /* its frames are on the wire */
    uint64_t stop = 3 * SEC;            /* 3 x dead_ns */
    s.now += stop;
    s.next_tick += stop;
    for (size_t i = 0; i < s.nheap; i++)
        s.heap[i]->t += stop;           /* same order: still a heap */
    run_until(&s, s.now + 500 * MS);
    for (int n = 0; n < 3; n++) {
        assert_int_equal(mbcf_dead_mask(s.node[n].eng, NULL), 0);
        assert_int_equal(mbcf_engine_stats(s.node[n].eng)->self_stalls, 1);
    }
    assert_int_equal(status_of(&s, 1, 2), MBCF_OK);
    s.down[2] = 1;
    uint64_t t_kill = s.now;
    run_until(&s, t_kill + 1500 * MS);
    for (int n = 0; n < 2; n++) {
        assert_int_equal(s.node[n].dead_why[2], MBCF_DEAD_SILENT);
        assert_true(s.node[n].dead_at[2] - t_kill <= 1 * SEC + 1 * MS);
    }
    sim_free(&s);
}

/* The threshold for an oversubscribed host: unchanged up to 2 vCPUs per core,
 * then in proportion; no overflow. */
static void test_dead_ns_oversub(void **state)
{
    (void)state;
    assert_int_equal(mbcf_dead_ns_oversub(4 * SEC, 0), 4 * SEC); /* not known */
    assert_int_equal(mbcf_dead_ns_oversub(4 * SEC, 50), 4 * SEC);
    assert_int_equal(mbcf_dead_ns_oversub(4 * SEC, 200), 4 * SEC);  /* 4 nodes, 2 cores */
    assert_int_equal(mbcf_dead_ns_oversub(4 * SEC, 400), 8 * SEC);  /* 8 nodes */
    assert_int_equal(mbcf_dead_ns_oversub(4 * SEC, 800), 16 * SEC); /* 16 nodes */
    assert_int_equal(mbcf_dead_ns_oversub(UINT64_MAX / 2, 800), UINT64_MAX / 2);
}

/* Node 2 is starved as one of 16 one-vCPU nodes on 2 cores can be: five
 * times it stops for 6 s (longer than the 4 s default; frames to it wait in
 * the host's queue), then runs for 300 ms, in which it answers the probes
 * and the writes of its peers and writes itself. Returns the peers' dead
 * masks ORed; every write completes OK when nobody was declared dead. */
static uint64_t starved_run(uint64_t dead_ns, struct sim *s)
{
    dead_ns_cfg = dead_ns;
    sim_init(s, 3, 31, tweak_dead);
    uint64_t c = 1;
    for (int cycle = 0; cycle < 5; cycle++) {
        for (int k = 0; k < 2; k++) { /* 0 -> 2 and 2 -> 1 (fails once taken for dead) */
            int r = k ? put(s, 2, 1, 0, 3000, c++) : put(s, 0, 2, 0, 3000, c++);
            assert_true(r == 0 || r == -MBCF_E_PEER_DEAD);
        }
        run_until(s, s->now + 300 * MS);
        s->pause_until[2] = s->now + 6 * SEC;
        run_until(s, s->pause_until[2]);
    }
    run_until(s, s->now + 500 * MS);
    return mbcf_dead_mask(s->node[0].eng, NULL) | mbcf_dead_mask(s->node[1].eng, NULL);
}

static void test_starved_node_not_dead(void **state)
{
    (void)state;
    struct sim s;
    /* the 4 s default alone: the starved node is taken for dead */
    assert_int_equal(starved_run(4 * SEC, &s), 1u << 2);
    sim_free(&s);
    /* scaled for 16 nodes on 2 cores (16 s): nobody dies, all writes land */
    uint64_t dead_ns = mbcf_dead_ns_oversub(4 * SEC, 16 * 100 / 2);
    assert_int_equal(starved_run(dead_ns, &s), 0);
    assert_int_equal(mbcf_dead_mask(s.node[2].eng, NULL), 0);
    assert_true(mbcf_engine_stats(s.node[2].eng)->self_stalls >= 5);
    for (int a = 0; a < 3; a++) {
        assert_int_equal(mbcf_outstanding(s.node[a].eng), 0);
        for (size_t i = 0; i < s.node[a].ncq; i++)
            assert_int_equal(s.node[a].cq[i].status, MBCF_OK);
    }
    /* ... and a node killed now is declared dead within the scaled threshold */
    s.down[2] = 1;
    uint64_t t_kill = s.now;
    run_until(&s, t_kill + dead_ns + 100 * MS);
    for (int n = 0; n < 2; n++) {
        assert_int_equal(s.node[n].dead_why[2], MBCF_DEAD_SILENT);
        print_message("node %d declared the killed node 2 dead %.3f s after the kill\n", n,
                      (s.node[n].dead_at[2] - t_kill) / 1e9);
        assert_true(s.node[n].dead_at[2] - t_kill <= dead_ns + 1 * MS);
    }
    sim_free(&s);
}

/* dead_ns 0 (the default): no probes, nobody is ever declared dead. */
static void test_off_by_default(void **state)
{
    (void)state;
    struct sim s;
    sim_init(&s, 2, 9, NULL);
    s.down[1] = 1;
    assert_int_equal(put(&s, 0, 1, 0, 100, 1), 0);
    run_until(&s, 30 * SEC);
    assert_int_equal(status_of(&s, 0, 1), -1);
    assert_int_equal(mbcf_dead_mask(s.node[0].eng, NULL), 0);
    assert_int_equal(mbcf_engine_stats(s.node[0].eng)->tx_probe, 0);
    sim_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bye_fails_pending_and_new_posts),
        cmocka_unit_test(test_bye_carries_last_ack),
        cmocka_unit_test(test_silent_peer_declared_dead),
        cmocka_unit_test(test_host_stall_is_not_death),
        cmocka_unit_test(test_no_false_death_under_loss),
        cmocka_unit_test(test_dead_stays_dead),
        cmocka_unit_test(test_off_by_default),
        cmocka_unit_test(test_dead_ns_oversub),
        cmocka_unit_test(test_starved_node_not_dead),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
