/* test_a2a_link.c - cmocka tests of the Alltoall link-load model
 * (scripts/sim/a2a_link.c): SimGrid's torus direction rule, a link load
 * computed by hand on a 4-node ring (and its whole-call totals, the
 * overlapping end of the bracket), the node and loopback terms with 2
 * ranks per node, Doublespread's first window on 3-D shapes (one flow per
 * link: the 6 directions), 1-D pairwise on a ring bound by its cut, and the
 * difference arrays against a hop-by-hop walk of every route on 3-D tori
 * with a scrambled placement. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "a2a_link.h"
#include "coll_a2a_sched.h"

#define MIB 1048576.0

static struct a2al_plat plat(int x, int y, int z)
{
    struct a2al_plat p;
    memset(&p, 0, sizeof p);
    p.pd[0] = x, p.pd[1] = y, p.pd[2] = z;
    p.link_mbps = 6800;
    p.hop_ns = 80;
    p.loop_mbps = 20000;
    return p;
}

static int *identity(int n)
{
    int *v = malloc(sizeof *v * (size_t)n);
    for (int i = 0; i < n; i++)
        v[i] = i;
    return v;
}

/* SimGrid TorusZone: up when the target is within half a ring to the right;
 * on an even ring the n/2 tie goes up, except from coordinate n/2 itself */
static void test_route_rule(void **state)
{
    (void)state;
    struct a2al_plat p = plat(8, 1, 1);
    int len[3], dir[3];
    assert_int_equal(a2al_route(&p, 0, 3, len, dir), 3);
    assert_int_equal(dir[0], 0);
    assert_int_equal(a2al_route(&p, 1, 6, len, dir), 3);       /* wraps down */
    assert_int_equal(dir[0], 1);
    assert_int_equal(a2al_route(&p, 0, 4, len, dir), 4);       /* tie: up */
    assert_int_equal(dir[0], 0);
    assert_int_equal(a2al_route(&p, 4, 0, len, dir), 4);       /* tie from n/2: down */
    assert_int_equal(dir[0], 1);
    assert_int_equal(a2al_route(&p, 5, 1, len, dir), 4);       /* tie past n/2: up, wrapping */
    assert_int_equal(dir[0], 0);
    struct a2al_plat q = plat(3, 3, 3);
    assert_int_equal(a2al_route(&q, 0, 26, len, dir), 3);      /* (0,0,0) -> (2,2,2): 1 down each */
    assert_int_equal(len[0] + len[1] + len[2], 3);
    assert_int_equal(dir[0] + dir[1] + dir[2], 3);
}

/* 4-node ring, 1-D job, pairwise. Round 1: every node 1 hop up (load 1).
 * Round 2: 0->2 and 1->3 up, 3->1 up (3 > n/2 wraps up), 2->0 down: up
 * links 0 and 1 carry 2 flows each. Round 3: every node 1 hop down. */
static void test_ring_by_hand(void **state)
{
    (void)state;
    struct a2al_plat p = plat(4, 1, 1);
    struct coll_shape sh;
    coll_shape_make("4", 4, &sh);
    int *id = identity(4);
    struct a2al_prof pr;
    assert_int_equal(a2al_profile(&p, &sh, id, A2AL_PAIRWISE, &pr), 0);
    assert_int_equal(pr.nwin, 3);
    int link[3] = { 1, 2, 1 }, hops[3] = { 1, 2, 1 };
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pr.w[i].link, link[i]);
        assert_int_equal(pr.w[i].hops, hops[i]);
        assert_int_equal(pr.w[i].node, 2);                     /* one out, one in */
    }
    double want = 4 * MIB / 6800e6 + 4 * 80e-9;
    assert_true(a2al_time(&p, &pr, MIB) > want * 0.999999 && a2al_time(&p, &pr, MIB) < want * 1.000001);
    /* overlapping end: up links 0 and 1 carry 1 + 2 flows over the call */
    assert_int_equal(pr.link_total, 3);
    assert_int_equal(pr.node_total, 6);
    want = 3 * MIB / 6800e6 + 4 * 80e-9;
    double to = a2al_time_overlap(&p, &pr, MIB);
    assert_true(to > want * 0.999999 && to < want * 1.000001);
    a2al_prof_free(&pr);
    free(id);
}

/* 2 nodes x 2 ranks, pairwise round 1: 0->1 and 2->3 stay in a node
 * (loopback), 1->2 and 3->0 cross; node 0 sends one flow and receives one. */
static void test_node_and_loopback(void **state)
{
    (void)state;
    struct a2al_plat p = plat(2, 1, 1);
    p.node_mbps = 4000;                         /* made the bottleneck */
    struct coll_shape sh;
    coll_shape_make("2", 4, &sh);
    assert_int_equal(sh.n[0], 4);
    int node_of[4] = { 0, 0, 1, 1 };
    struct a2al_prof pr;
    assert_int_equal(a2al_profile(&p, &sh, node_of, A2AL_PAIRWISE, &pr), 0);
    assert_int_equal(pr.w[0].node, 2);
    assert_int_equal(pr.w[0].link, 1);
    assert_true(pr.w[0].intra && pr.w[0].inter);
    double t = a2al_win_time(&p, &pr.w[0], MIB), want = 80e-9 + 2 * MIB / 4000e6;
    assert_true(t > want * 0.999999 && t < want * 1.000001);
    p.node_mbps = 0;                            /* then the link (6800) beats loopback (20000) */
    t = a2al_win_time(&p, &pr.w[0], MIB), want = 80e-9 + MIB / 6800e6;
    assert_true(t > want * 0.999999 && t < want * 1.000001);
    a2al_prof_free(&pr);
}

/* Doublespread's first window on a 3-D shape equal to the physical torus
 * is +-X, +-Y, +-Z: no link carries two flows, every route is one hop. */
static void test_ds_first_window(void **state)
{
    (void)state;
    static const int shapes[][3] = { { 4, 4, 4 }, { 8, 6, 8 }, { 3, 5, 4 } };
    for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        struct a2al_plat p = plat(shapes[s][0], shapes[s][1], shapes[s][2]);
        int n = shapes[s][0] * shapes[s][1] * shapes[s][2];
        struct coll_shape sh = { { shapes[s][0], shapes[s][1], shapes[s][2] }, 3, 1 };
        int *id = identity(n);
        struct a2al_prof pr;
        assert_int_equal(a2al_profile(&p, &sh, id, A2AL_DOUBLESPREAD, &pr), 0);
        assert_int_equal(pr.w[0].link, 1);
        assert_int_equal(pr.w[0].hops, 1);
        assert_int_equal(pr.w[0].node, 12);                    /* 6 out + 6 in */
        int more = 0;                                          /* later windows do share links */
        for (int i = 1; i < pr.nwin; i++)
            more |= pr.w[i].link > 1;
        assert_true(more);
        a2al_prof_free(&pr);
        free(id);
    }
}

/* 1-D pairwise on a ring of n: round r sends every flow min(r, n-r) hops
 * the same way round the ring, so the busiest link carries exactly the
 * flows crossing one cut, min(r, n-r), and the call's bandwidth term is
 * sum_r min(r, n-r) m / B = (n^2/4) m / B: the cut, not the links' total
 * capacity, sets the time (a Doublespread on the same ring is no faster
 * per byte: the same cut). */
static void test_pairwise_ring_cut(void **state)
{
    (void)state;
    for (int n = 5; n <= 12; n += 7) {
        struct a2al_plat p = plat(n, 1, 1);
        struct coll_shape sh;
        coll_shape_make(NULL, n, &sh);
        int *id = identity(n);
        struct a2al_prof pr;
        assert_int_equal(a2al_profile(&p, &sh, id, A2AL_PAIRWISE, &pr), 0);
        long sum = 0;
        for (int r = 1; r < n; r++) {
            int cut = r < n - r ? r : n - r;
            assert_int_equal(pr.w[r - 1].link, cut);
            sum += cut;
        }
        assert_int_equal(sum, n * n / 4);
        double bw = a2al_time(&p, &pr, 2 * MIB) - a2al_time(&p, &pr, MIB);
        assert_true(bw > sum * MIB / 6800e6 * 0.999999 && bw < sum * MIB / 6800e6 * 1.000001);
        a2al_prof_free(&pr);
        free(id);
    }
}

/* Hop-by-hop walk of one route, counting each link direction. */
static void walk(const struct a2al_plat *p, int a, int b, int *cnt)
{
    int len[3], dir[3], c[3] = { a % p->pd[0], a / p->pd[0] % p->pd[1], a / (p->pd[0] * p->pd[1]) };
    a2al_route(p, a, b, len, dir);
    for (int d = 0; d < 3; d++)
        for (int h = 0; h < len[d]; h++) {
            int n = p->pd[d], from = c[d];
            c[d] = dir[d] ? (c[d] + n - 1) % n : (c[d] + 1) % n;
            int at[3] = { c[0], c[1], c[2] };
            at[d] = dir[d] ? c[d] : from;             /* a link is named by its lower end */
            int node = at[0] + p->pd[0] * (at[1] + p->pd[1] * at[2]);
            cnt[(node * 3 + d) * 2 + dir[d]]++;
        }
}

/* The difference arrays against the walk, window by window, for both
 * algorithms, 1 and 2 ranks per node, with a scrambled placement. */
static void test_against_walk(void **state)
{
    (void)state;
    struct a2al_plat p = plat(4, 3, 5);
    int nn = 60;
    for (int ppn = 1; ppn <= 2; ppn++)
        for (int alg = 0; alg < 2; alg++) {
            int size = nn * ppn, *node_of = malloc(sizeof(int) * (size_t)size);
            for (int r = 0; r < size; r++)
                node_of[r] = (r / ppn * 7 + 3) % nn;          /* 7 is prime to 60 */
            struct coll_shape sh;
            coll_shape_make(alg ? "5x12" : "60", size, &sh);
            struct a2al_prof pr;
            assert_int_equal(a2al_profile(&p, &sh, node_of, (enum a2al_alg)alg, &pr), 0);
            int *steps = NULL, nsteps = size - 1, per = 1;
            if (alg == A2AL_DOUBLESPREAD) {
                nsteps = coll_ds_steps(&sh, &steps);
                per = COLL_DS_WINDOW;
            }
            int *cnt = malloc(sizeof(int) * (size_t)nn * 6);
            for (int w = 0; w < pr.nwin; w++) {
                memset(cnt, 0, sizeof(int) * (size_t)nn * 6);
                for (int k = w * per; k < (w + 1) * per && k < nsteps; k++)
                    for (int r = 0; r < size; r++) {
                        int src, d[2], nd = 1;
                        if (alg == A2AL_PAIRWISE) {
                            d[0] = coll_pairwise_peer(r, size, k + 1, &src);
                        } else {
                            d[0] = coll_ds_shift(&sh, r, steps[k], 1);
                            if (coll_ds_neg(&sh, steps[k]) != steps[k])
                                d[nd++] = coll_ds_shift(&sh, r, steps[k], -1);
                        }
                        for (int j = 0; j < nd; j++)
                            if (node_of[r] != node_of[d[j]])
                                walk(&p, node_of[r], node_of[d[j]], cnt);
                    }
                int mx = 0;
                for (int i = 0; i < nn * 6; i++)
                    mx = cnt[i] > mx ? cnt[i] : mx;
                assert_int_equal(pr.w[w].link, mx);
            }
            free(cnt);
            free(steps);
            free(node_of);
            a2al_prof_free(&pr);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_route_rule),
        cmocka_unit_test(test_ring_by_hand),
        cmocka_unit_test(test_node_and_loopback),
        cmocka_unit_test(test_ds_first_window),
        cmocka_unit_test(test_pairwise_ring_cut),
        cmocka_unit_test(test_against_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
