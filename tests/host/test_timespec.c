/* test_timespec.c - host tests of kernel/timespec.c: nanosleep durations and
 * deadlines saturate instead of wrapping (a huge tv_sec slept 0.29 s when
 * sec * 10^9 wrapped around 2^64). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "timespec.h"

static void ordinary_values(void **s)
{
    (void)s;
    uint64_t ns = 1;
    assert_int_equal(timespec_to_ns(0, 0, &ns), 0);
    assert_int_equal(ns, 0);
    assert_int_equal(timespec_to_ns(2, 500, &ns), 0);
    assert_int_equal(ns, 2000000500ull);
    assert_int_equal(timespec_to_ns(0, 999999999, &ns), 0);
    assert_int_equal(ns, 999999999ull);
    assert_int_equal(deadline_after(100, 50), 150);
}

static void invalid_values(void **s)
{
    (void)s;
    uint64_t ns = 7;
    assert_int_equal(timespec_to_ns(-1, 0, &ns), -1);
    assert_int_equal(timespec_to_ns(0, -1, &ns), -1);
    assert_int_equal(timespec_to_ns(0, 1000000000, &ns), -1);
    assert_int_equal(ns, 7);
}

static void huge_values_saturate(void **s)
{
    (void)s;
    uint64_t ns = 0;
    /* The hostile case: 2^63-1 seconds. Wrapping gave a sleep of a fraction
     * of a second; it must be forever. */
    assert_int_equal(timespec_to_ns(INT64_MAX, 999999999, &ns), 0);
    assert_true(ns == NS_FOREVER);
    assert_int_equal(timespec_to_ns(18446744074LL, 0, &ns), 0);        /* just above 2^64 ns */
    assert_true(ns == NS_FOREVER);
    assert_int_equal(timespec_to_ns(18446744073LL, 709551615, &ns), 0); /* exactly 2^64-1 ns */
    assert_true(ns == NS_FOREVER);
    assert_int_equal(timespec_to_ns(18446744073LL, 709551614, &ns), 0); /* one below */
    assert_true(ns == NS_FOREVER - 1);
    /* Every sec whose product wraps gives the largest value, never a small one. */
    for (int64_t sec = 18446744074LL; sec > 0 && sec < INT64_MAX / 2; sec = sec * 3 + 1) {
        assert_int_equal(timespec_to_ns(sec, 0, &ns), 0);
        assert_true(ns == NS_FOREVER);
    }
    /* A deadline beyond the clock's range is forever, not in the past. */
    assert_true(deadline_after(5000000000ull, NS_FOREVER) == NS_FOREVER);
    assert_true(deadline_after(NS_FOREVER - 10, 11) == NS_FOREVER);
    assert_true(deadline_after(NS_FOREVER - 10, 10) == NS_FOREVER);
    assert_true(deadline_after(NS_FOREVER - 10, 9) == NS_FOREVER - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ordinary_values),
        cmocka_unit_test(invalid_values),
        cmocka_unit_test(huge_values_saturate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
