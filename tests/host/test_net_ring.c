/* test_net_ring.c - cmocka tests for e1000 descriptor ring index arithmetic
 * (drivers/e1000/e1000_ring.h): wrap-around, free-slot count, RDT placement. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "e1000_ring.h"

static void test_next_wraps(void **st)
{
    (void)st;
    assert_int_equal(ring_next(0, 256), 1);
    assert_int_equal(ring_next(255, 256), 0);
    assert_int_equal(ring_add(250, 10, 256), 4);
}

static void test_dist(void **st)
{
    (void)st;
    assert_int_equal(ring_dist(10, 10, 256), 0);
    assert_int_equal(ring_dist(10, 20, 256), 10);
    assert_int_equal(ring_dist(250, 4, 256), 10);
    assert_int_equal(ring_dist(4, 250, 256), 246);
}

static void test_tx_free(void **st)
{
    (void)st;
    assert_int_equal(ring_tx_free(0, 0, 256), 255);     /* empty ring */
    assert_int_equal(ring_tx_free(0, 255, 256), 0);     /* full: one slot kept */
    assert_int_equal(ring_tx_free(100, 99, 256), 0);
    assert_int_equal(ring_tx_free(100, 110, 256), 245);
    /* Filling every free slot never makes tail == clean. */
    for (uint32_t c = 0; c < 256; c += 17) {
        uint32_t t = ring_add(c, ring_tx_free(c, c, 256), 256);
        assert_int_not_equal(t, c);
        assert_int_equal(ring_tx_free(c, t, 256), 0);
    }
}

static void test_rx_tail(void **st)
{
    (void)st;
    assert_int_equal(ring_rx_tail_for(0, 256), 255);
    assert_int_equal(ring_rx_tail_for(1, 256), 0);
    assert_int_equal(ring_rx_tail_for(200, 256), 199);
    /* Hardware may fill from next up to RDT: size - 1 buffers, never RDH == RDT while free. */
    assert_int_equal(ring_dist(7, ring_rx_tail_for(7, 256), 256), 255);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_next_wraps),
        cmocka_unit_test(test_dist),
        cmocka_unit_test(test_tx_free),
        cmocka_unit_test(test_rx_tail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
