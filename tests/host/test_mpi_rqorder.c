/* test_mpi_rqorder.c - cmocka tests of the request-channel reorder buffer
 * (libmpi_mbcf/pml_rqorder.c): items numbered 1, 2, ... arriving through two
 * FIFOs in any interleaving come out exactly once, in number order; early
 * items are kept (across ring growth), duplicates dropped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pml_rqorder.h"

static struct wire item(uint32_t k)
{
    struct wire w;
    memset(&w, 0, sizeof w);
    w.type = W_REQ;
    w.pad = k;
    w.rid = 1000 + k;
    return w;
}

/* Deliver w and everything it releases; append the numbers to out. */
static int deliver(struct rq_order *o, uint32_t k, uint32_t *out, int n)
{
    struct wire w = item(k), x;
    int r = rq_order_arrive(o, &w);
    assert_true(r >= 0);
    if (r == 1) {
        out[n++] = w.pad;
        while (rq_order_next(o, &x)) {
            assert_int_equal(x.rid, 1000 + x.pad);
            out[n++] = x.pad;
        }
    }
    return n;
}

static void test_in_order(void **s)
{
    (void)s;
    struct rq_order o;
    rq_order_init(&o);
    uint32_t out[8];
    int n = 0;
    for (uint32_t k = 1; k <= 5; k++)
        n = deliver(&o, k, out, n);
    assert_int_equal(n, 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(out[i], (uint32_t)i + 1);
    assert_int_equal(o.n, 0);
    rq_order_destroy(&o);
}

/* The message FIFO carries 200..207 attached while 1..199 still come
 * through the send-request FIFO: the attached ones wait, nothing blocks. */
static void test_attached_before_earlier(void **s)
{
    (void)s;
    struct rq_order o;
    rq_order_init(&o);
    uint32_t out[256];
    int n = 0;
    for (uint32_t k = 200; k <= 207; k++)
        n = deliver(&o, k, out, n);
    assert_int_equal(n, 0);
    assert_int_equal(o.n, 8);
    for (uint32_t k = 1; k <= 199; k++)
        n = deliver(&o, k, out, n);
    assert_int_equal(n, 207);
    for (int i = 0; i < n; i++)
        assert_int_equal(out[i], (uint32_t)i + 1);
    assert_int_equal(o.n, 0);
    rq_order_destroy(&o);
}

static void test_duplicates_dropped(void **s)
{
    (void)s;
    struct rq_order o;
    rq_order_init(&o);
    uint32_t out[16];
    int n = 0;
    n = deliver(&o, 1, out, n);
    n = deliver(&o, 1, out, n); /* handled before */
    n = deliver(&o, 3, out, n);
    n = deliver(&o, 3, out, n); /* kept twice: once */
    n = deliver(&o, 2, out, n);
    assert_int_equal(n, 3);
    assert_int_equal(out[2], 3);
    assert_int_equal(o.n, 0);
    rq_order_destroy(&o);
}

/* Random interleavings of two in-order streams (as the two FIFOs are),
 * numbers wrapping past 2^32. */
static void test_two_streams_random(void **s)
{
    (void)s;
    srand(7);
    for (int round = 0; round < 200; round++) {
        struct rq_order o;
        rq_order_init(&o);
        uint32_t base = round & 1 ? 0xffffff00u : 0;
        o.done = base;
        enum { N = 600 };
        uint32_t a[N], b[N], out[N];
        int na = 0, nb = 0, n = 0;
        for (uint32_t k = 1; k <= N; k++) {
            if (rand() % 3)
                a[na++] = base + k;
            else
                b[nb++] = base + k;
        }
        int ia = 0, ib = 0;
        while (ia < na || ib < nb) {
            int take_a = ib == nb || (ia < na && rand() % 2);
            n = deliver(&o, take_a ? a[ia++] : b[ib++], out, n);
        }
        assert_int_equal(n, N);
        for (int i = 0; i < N; i++)
            assert_int_equal(out[i], base + (uint32_t)i + 1);
        rq_order_destroy(&o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_order),
        cmocka_unit_test(test_attached_before_earlier),
        cmocka_unit_test(test_duplicates_dropped),
        cmocka_unit_test(test_two_streams_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
