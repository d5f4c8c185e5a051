/* test_tofu_stadd.c - cmocka tests of the STADD table (drivers/tofu_emu/model/tofu_stadd.c):
 * the check every remote access passes at the target (inside, edges, beyond,
 * wrap, read-only, stale after deregistration, full table). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tofu_stadd.h"

static struct tofu_stadd_table t;

static void test_inside_and_edges(void **state)
{
    (void)state;
    tofu_stadd_init(&t);
    uint64_t s, va = 0;
    assert_int_equal(tofu_stadd_reg(&t, 0x400000, 4096, 0, &s), 0);
    assert_int_equal(tofu_stadd_check(&t, s, 4096, 1, &va), TOFU_STADD_OK);
    assert_int_equal(va, 0x400000);
    assert_int_equal(tofu_stadd_check(&t, s + 4000, 96, 1, &va), TOFU_STADD_OK);
    assert_int_equal(va, 0x400000 + 4000);
    assert_int_equal(tofu_stadd_check(&t, s + 4096, 0, 1, &va), TOFU_STADD_OK);
    /* one byte beyond the end, or starting beyond it */
    assert_int_equal(tofu_stadd_check(&t, s + 4000, 97, 1, &va), TOFU_STADD_RANGE);
    assert_int_equal(tofu_stadd_check(&t, s + 4097, 0, 0, &va), TOFU_STADD_RANGE);
    assert_int_equal(tofu_stadd_check(&t, s + 8, UINT64_MAX, 0, &va), TOFU_STADD_RANGE);
    /* a STADD nobody registered */
    assert_int_equal(tofu_stadd_check(&t, s ^ (1ull << 56), 8, 0, &va), TOFU_STADD_UNREG);
    assert_int_equal(tofu_stadd_check(&t, 0, 8, 0, &va), TOFU_STADD_UNREG);
    assert_int_equal(tofu_stadd_check(&t, s + (1ull << 40), 8, 0, &va), TOFU_STADD_UNREG);
}

static void test_read_only(void **state)
{
    (void)state;
    tofu_stadd_init(&t);
    uint64_t s, va;
    assert_int_equal(tofu_stadd_reg(&t, 0x1000, 64, TOFU_REG_READ_ONLY, &s), 0);
    assert_int_equal(tofu_stadd_check(&t, s, 8, 0, &va), TOFU_STADD_OK);
    assert_int_equal(tofu_stadd_check(&t, s, 8, 1, &va), TOFU_STADD_RDONLY);
}

static void test_dereg_stale(void **state)
{
    (void)state;
    tofu_stadd_init(&t);
    uint64_t s1, s2, va;
    assert_int_equal(tofu_stadd_reg(&t, 0x1000, 64, 0, &s1), 0);
    assert_int_equal(tofu_stadd_dereg(&t, s1 + 8), -1);     /* not the region's start */
    assert_int_equal(tofu_stadd_dereg(&t, s1), 0);
    assert_int_equal(tofu_stadd_dereg(&t, s1), -1);
    assert_int_equal(tofu_stadd_check(&t, s1, 8, 0, &va), TOFU_STADD_UNREG);
    /* the slot is reused with a new tag: the old STADD stays refused */
    assert_int_equal(tofu_stadd_reg(&t, 0x2000, 64, 0, &s2), 0);
    assert_int_equal(s2 >> 56, s1 >> 56);
    assert_true(s2 != s1);
    assert_int_equal(tofu_stadd_check(&t, s1, 8, 0, &va), TOFU_STADD_UNREG);
    assert_int_equal(tofu_stadd_check(&t, s2, 8, 0, &va), TOFU_STADD_OK);
}

/* Two tables with disjoint tag ranges (two tasks of one node): a STADD of
 * one is refused by the other; tags cycle inside the range; dereg_all drops
 * every region and the tag sequence goes on. */
static void test_tag_ranges(void **state)
{
    (void)state;
    static struct tofu_stadd_table a, b;
    uint64_t sa, sb, va;
    tofu_stadd_init_tags(&a, 1, 3);
    tofu_stadd_init_tags(&b, 4, 3);
    assert_int_equal(tofu_stadd_reg(&a, 0x400000, 4096, 0, &sa), 0);
    assert_int_equal(tofu_stadd_reg(&b, 0x400000, 4096, 0, &sb), 0);
    assert_true(sa != sb);
    assert_int_equal(sb >> 40 & 0xffff, 4);
    assert_int_equal(tofu_stadd_check(&a, sb, 8, 1, &va), TOFU_STADD_UNREG);
    assert_int_equal(tofu_stadd_check(&b, sa, 8, 1, &va), TOFU_STADD_UNREG);
    assert_int_equal(tofu_stadd_dereg(&a, sb), -1);
    for (int i = 0; i < 5; i++) { /* tags 2, 3, 1, 2, 3 */
        uint64_t s;
        assert_int_equal(tofu_stadd_reg(&a, 0x500000, 4096, 0, &s), 0);
        unsigned tag = (unsigned)(s >> 40 & 0xffff);
        assert_true(tag >= 1 && tag <= 3);
        assert_int_equal(tag, (unsigned)(i + 1) % 3 + 1);
    }
    tofu_stadd_dereg_all(&b);
    assert_int_equal(tofu_stadd_check(&b, sb, 8, 1, &va), TOFU_STADD_UNREG);
    assert_int_equal(tofu_stadd_reg(&b, 0x400000, 4096, 0, &sb), 0);
    assert_int_equal(sb >> 40 & 0xffff, 5);
}

static void test_bad_and_full(void **state)
{
    (void)state;
    tofu_stadd_init(&t);
    uint64_t s;
    assert_int_equal(tofu_stadd_reg(&t, 0x1000, 0, 0, &s), -2);
    assert_int_equal(tofu_stadd_reg(&t, UINT64_MAX - 8, 64, 0, &s), -2);
    assert_int_equal(tofu_stadd_reg(&t, 0, TOFU_STADD_MAX_LEN + 1, 0, &s), -2);
    for (int i = 0; i < TOFU_STADD_REGS; i++)
        assert_int_equal(tofu_stadd_reg(&t, 0x1000u * (unsigned)i, 16, 0, &s), 0);
    assert_int_equal(tofu_stadd_reg(&t, 0x1000, 16, 0, &s), -1);
    assert_string_equal(tofu_stadd_status_name(TOFU_STADD_RANGE), "out of range");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inside_and_edges),
        cmocka_unit_test(test_read_only),
        cmocka_unit_test(test_dereg_stale),
        cmocka_unit_test(test_bad_and_full),
        cmocka_unit_test(test_tag_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
