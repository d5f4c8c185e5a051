/* test_futexq.c - cmocka tests for the futex wait queues (kernel/futexq.c):
 * wake count and FIFO order, keys separated by address space and address,
 * bitsets, removal on timeout, requeue keeping order. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "futexq.h"

static struct futexq q;
static struct futex_waiter *order[16];
static int norder;

static void record(struct futex_waiter *w, void *ctx)
{
    (void)ctx;
    order[norder++] = w;
}

static void test_wake_order_and_keys(void **st)
{
    (void)st;
    struct futex_waiter w[6] = { 0 };
    futexq_init(&q);
    norder = 0;
    for (int i = 0; i < 4; i++)
        futexq_add(&q, &w[i], 1, 0x1000, ~0u);
    futexq_add(&q, &w[4], 2, 0x1000, ~0u);     /* other address space, same address */
    futexq_add(&q, &w[5], 1, 0x1004, ~0u);     /* same space, other address */
    assert_int_equal(futexq_count(&q, 1, 0x1000), 4);
    assert_int_equal(futexq_wake(&q, 1, 0x1000, ~0u, 3, record, NULL), 3);
    assert_int_equal(norder, 3);
    assert_ptr_equal(order[0], &w[0]);
    assert_ptr_equal(order[1], &w[1]);
    assert_ptr_equal(order[2], &w[2]);
    assert_false(w[0].queued);
    assert_true(w[3].queued);
    assert_int_equal(futexq_wake(&q, 1, 0x1000, ~0u, 10, record, NULL), 1);
    assert_int_equal(futexq_wake(&q, 1, 0x1000, ~0u, 10, record, NULL), 0);
    assert_int_equal(futexq_count(&q, 2, 0x1000), 1);
    assert_int_equal(futexq_count(&q, 1, 0x1004), 1);
}

static void test_remove_and_bitset(void **st)
{
    (void)st;
    struct futex_waiter w[3] = { 0 };
    futexq_init(&q);
    norder = 0;
    futexq_add(&q, &w[0], 1, 0x2000, 0x1);
    futexq_add(&q, &w[1], 1, 0x2000, 0x2);
    futexq_add(&q, &w[2], 1, 0x2000, 0x3);
    futexq_remove(&q, &w[2]);                  /* timed out */
    futexq_remove(&q, &w[2]);                  /* twice is harmless */
    assert_int_equal(futexq_wake(&q, 1, 0x2000, 0x2, 5, record, NULL), 1);
    assert_ptr_equal(order[0], &w[1]);
    assert_int_equal(futexq_count(&q, 1, 0x2000), 1);
}

static void test_requeue(void **st)
{
    (void)st;
    struct futex_waiter w[5] = { 0 }, v = { 0 };
    futexq_init(&q);
    norder = 0;
    for (int i = 0; i < 5; i++)
        futexq_add(&q, &w[i], 7, 0x3000, ~0u);
    futexq_add(&q, &v, 7, 0x4000, ~0u);        /* already waiting on the target */
    assert_int_equal(futexq_requeue(&q, 7, 0x3000, 0x4000, 1, 2, record, NULL), 3);
    assert_ptr_equal(order[0], &w[0]);
    assert_int_equal(futexq_count(&q, 7, 0x3000), 2);
    assert_int_equal(futexq_count(&q, 7, 0x4000), 3);
    norder = 0;
    assert_int_equal(futexq_wake(&q, 7, 0x4000, ~0u, 10, record, NULL), 3);
    assert_ptr_equal(order[0], &v);            /* the earlier waiter first, then the moved ones in order */
    assert_ptr_equal(order[1], &w[1]);
    assert_ptr_equal(order[2], &w[2]);
    assert_int_equal(futexq_requeue(&q, 7, 0x3000, 0x3000, 0, 5, record, NULL), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wake_order_and_keys),
        cmocka_unit_test(test_remove_and_bitset),
        cmocka_unit_test(test_requeue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
