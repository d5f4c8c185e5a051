/* test_mbcf_ep.c - host tests of the endpoint mapping (userland/lib/libmbcf/mbcf_ep.c):
 * rank = node * ppn + local, both ways, bad input, dead-node masks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "mbcf_ep.h"

static void test_round_trip(void **st)
{
    (void)st;
    static const int shapes[][2] = { {1, 1}, {2, 2}, {1, 4}, {4, 1}, {3, 5}, {2, 64} };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int nodes = shapes[s][0], ppn = shapes[s][1], seen = 0;
        for (int n = 0; n < nodes; n++)
            for (int l = 0; l < ppn; l++) {
                int ep = mbcf_ep_make(n, l, nodes, ppn);
                assert_int_equal(ep, seen++);          /* dense, node-major */
                assert_int_equal(mbcf_ep_node(ep, nodes, ppn), n);
                assert_int_equal(mbcf_ep_local(ep, nodes, ppn), l);
            }
        assert_int_equal(mbcf_ep_node(nodes * ppn, nodes, ppn), -1);
    }
}

static void test_issue_shapes(void **st)
{
    (void)st;
    /* 2 nodes x 2 ranks: ranks 0-1 on node 0 (intra), rank 2 on node 1 */
    assert_int_equal(mbcf_ep_node(1, 2, 2), 0);
    assert_int_equal(mbcf_ep_node(2, 2, 2), 1);
    assert_int_equal(mbcf_ep_local(3, 2, 2), 1);
    /* 1 node x 4 ranks: all on node 0 */
    for (int r = 0; r < 4; r++) {
        assert_int_equal(mbcf_ep_node(r, 1, 4), 0);
        assert_int_equal(mbcf_ep_local(r, 1, 4), r);
    }
}

static void test_bad_input(void **st)
{
    (void)st;
    assert_int_equal(mbcf_ep_make(0, 0, 1, 0), -1);
    assert_int_equal(mbcf_ep_make(0, 0, 1, 65), -1);
    assert_int_equal(mbcf_ep_make(0, 0, 0, 1), -1);
    assert_int_equal(mbcf_ep_make(2, 0, 2, 2), -1);
    assert_int_equal(mbcf_ep_make(0, 2, 2, 2), -1);
    assert_int_equal(mbcf_ep_make(-1, 0, 2, 2), -1);
    assert_int_equal(mbcf_ep_local(-1, 2, 2), -1);
    assert_int_equal(mbcf_ep_node(4, 2, 2), -1);
}

static void test_dead_mask(void **st)
{
    (void)st;
    assert_true(mbcf_ep_dead_mask(0x5, 1) == 0x5);
    assert_true(mbcf_ep_dead_mask(0x2, 2) == 0xc);          /* node 1 = ranks 2, 3 */
    assert_true(mbcf_ep_dead_mask(0x3, 4) == 0xff);
    assert_true(mbcf_ep_dead_mask(1ull << 63, 2) == 0);     /* ranks 126, 127: not representable */
    assert_true(mbcf_ep_dead_mask(1ull << 31, 2) == 3ull << 62);
    assert_true(mbcf_ep_dead_mask(0x1, 0) == 0);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_issue_shapes),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_dead_mask),
    };
    return cmocka_run_group_tests(t, NULL, NULL);
}
