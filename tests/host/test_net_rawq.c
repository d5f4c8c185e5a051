/* test_net_rawq.c - cmocka tests for the raw receive queue (kernel/net/net_rawq.c):
 * FIFO order, content, full -> refused without damage, wrap-around. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "net_rawq.h"

#define SLOTS 64u
static struct net_rawq q;
static struct net_rawq_slot storage[SLOTS];

static void test_empty(void **st)
{
    (void)st;
    net_rawq_init(&q, storage, SLOTS);
    assert_int_equal(net_rawq_count(&q), 0);
    assert_null(net_rawq_front(&q));
    net_rawq_pop(&q);   /* harmless */
    assert_int_equal(net_rawq_count(&q), 0);
}

static void test_fifo_and_full(void **st)
{
    (void)st;
    net_rawq_init(&q, storage, SLOTS);
    uint8_t buf[CLUSTER_PAYLOAD_MAX];
    for (uint32_t i = 0; i < SLOTS; i++) {
        memset(buf, (int)i, sizeof buf);
        assert_int_equal(net_rawq_push(&q, (int)(i % 4), buf, i % 50), 0);
    }
    assert_int_equal(net_rawq_count(&q), SLOTS);
    assert_int_equal(net_rawq_push(&q, 0, buf, 1), -1);
    assert_int_equal(net_rawq_count(&q), SLOTS);
    for (uint32_t i = 0; i < SLOTS; i++) {
        const struct net_rawq_slot *s = net_rawq_front(&q);
        assert_non_null(s);
        assert_int_equal(s->src_rank, (int)(i % 4));
        assert_int_equal(s->len, i % 50);
        for (uint32_t k = 0; k < s->len; k++)
            assert_int_equal(s->data[k], (uint8_t)i);
        net_rawq_pop(&q);
    }
    assert_null(net_rawq_front(&q));
}

static void test_too_long(void **st)
{
    (void)st;
    net_rawq_init(&q, storage, SLOTS);
    static uint8_t big[CLUSTER_PAYLOAD_MAX + 1];
    assert_int_equal(net_rawq_push(&q, 0, big, CLUSTER_PAYLOAD_MAX + 1), -1);
    assert_int_equal(net_rawq_count(&q), 0);
    assert_int_equal(net_rawq_push(&q, 0, big, CLUSTER_PAYLOAD_MAX), 0);
}

static void test_counter_wrap(void **st)
{
    (void)st;
    net_rawq_init(&q, storage, SLOTS);
    q.head = q.tail = 0xFFFFFFF0u;
    uint8_t b = 0;
    for (int round = 0; round < 40; round++) {
        b = (uint8_t)round;
        assert_int_equal(net_rawq_push(&q, round, &b, 1), 0);
        assert_int_equal(net_rawq_count(&q), 1);
        const struct net_rawq_slot *s = net_rawq_front(&q);
        assert_int_equal(s->src_rank, round);
        assert_int_equal(s->data[0], (uint8_t)round);
        net_rawq_pop(&q);
    }
    assert_int_equal(net_rawq_count(&q), 0);
}

static void test_bad_storage(void **st)
{
    (void)st;
    uint8_t b = 1;
    net_rawq_init(&q, NULL, 0);          /* allocation failed */
    assert_int_equal(net_rawq_push(&q, 0, &b, 1), -1);
    assert_null(net_rawq_front(&q));
    net_rawq_init(&q, storage, 48);      /* not a power of two: refused */
    assert_int_equal(net_rawq_push(&q, 0, &b, 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_fifo_and_full),
        cmocka_unit_test(test_too_long),
        cmocka_unit_test(test_counter_wrap),
        cmocka_unit_test(test_bad_storage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
