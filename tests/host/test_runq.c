/* test_runq.c - cmocka tests for the scheduler's run queues (kernel/runq.c):
 * FIFO order, removal from the middle, placement by load and affinity,
 * stealing only threads allowed on the idle CPU. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "runq.h"

static void test_fifo(void **st)
{
    (void)st;
    struct runq q;
    struct rq_link l[5];
    runq_init(&q);
    assert_null(runq_pop(&q));
    for (int i = 0; i < 5; i++)
        runq_push(&q, &l[i]);
    assert_int_equal(runq_len(&q), 5);
    runq_remove(&q, &l[2]);
    assert_int_equal(runq_len(&q), 4);
    assert_ptr_equal(runq_pop(&q), &l[0]);
    assert_ptr_equal(runq_pop(&q), &l[1]);
    assert_ptr_equal(runq_pop(&q), &l[3]);
    runq_push(&q, &l[2]);
    assert_ptr_equal(runq_pop(&q), &l[4]);
    assert_ptr_equal(runq_pop(&q), &l[2]);
    assert_null(runq_pop(&q));
    assert_int_equal(runq_len(&q), 0);
}

static void test_pick(void **st)
{
    (void)st;
    int load[4] = { 3, 1, 2, 1 };
    assert_int_equal(runq_pick_cpu(load, 4, ~0ull, -1), 1);       /* least loaded, lowest index */
    assert_int_equal(runq_pick_cpu(load, 4, ~0ull, 2), 2);        /* prefer: within one thread */
    assert_int_equal(runq_pick_cpu(load, 4, ~0ull, 0), 1);        /* prefer too busy */
    assert_int_equal(runq_pick_cpu(load, 4, 1ull << 0, 3), 0);    /* pinned wins over load */
    assert_int_equal(runq_pick_cpu(load, 4, 0x4, -1), 2);
    assert_int_equal(runq_pick_cpu(load, 4, 1ull << 7, -1), -1);  /* only CPUs that do not exist */
    assert_int_equal(runq_pick_cpu(load, 2, 0xc, 1), -1);
}

static void test_steal(void **st)
{
    (void)st;
    struct runq q;
    struct rq_link l[3];
    runq_init(&q);
    l[0].allowed = 1;          /* pinned to CPU 0 */
    l[1].allowed = 3;
    l[2].allowed = 2;
    for (int i = 0; i < 3; i++)
        runq_push(&q, &l[i]);
    assert_ptr_equal(runq_steal(&q, 1), &l[1]);    /* first one allowed on CPU 1 */
    assert_ptr_equal(runq_steal(&q, 1), &l[2]);
    assert_null(runq_steal(&q, 1));                /* l[0] stays pinned */
    assert_null(runq_steal(&q, 64));
    assert_int_equal(runq_len(&q), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo),
        cmocka_unit_test(test_pick),
        cmocka_unit_test(test_steal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
