/* test_shm_table.c - host tests of the node-local shared segment table
 * (kernel/shm_table.c): lookup by key and by physical address, references
 * counted per page mapping, the slot and key free again after the last
 * reference, a full table, refused double keys and over-release. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "shm_table.h"

static void test_find(void **state)
{
    (void)state;
    static struct shm_table t;
    struct shm_seg *a = shm_add(&t, 7, 0x100000, 4), *b = shm_add(&t, 8, 0x200000, 1);
    assert_non_null(a);
    assert_non_null(b);
    assert_ptr_equal(shm_find_key(&t, 7), a);
    assert_ptr_equal(shm_find_key(&t, 8), b);
    assert_null(shm_find_key(&t, 9));
    assert_ptr_equal(shm_find_pa(&t, 0x100000), a);
    assert_ptr_equal(shm_find_pa(&t, 0x103fff), a); /* last byte of page 4 */
    assert_null(shm_find_pa(&t, 0x104000));         /* one past the end */
    assert_ptr_equal(shm_find_pa(&t, 0x200800), b);
    assert_null(shm_find_pa(&t, 0xfffff));
    assert_null(shm_add(&t, 7, 0x300000, 1));  /* key taken */
    assert_null(shm_add(&t, 10, 0x300000, 0)); /* empty */
}

static void test_refs(void **state)
{
    (void)state;
    static struct shm_table t;
    struct shm_seg *s = shm_add(&t, 1, 0x400000, 2);
    s->refs += 2;                         /* process A maps both pages */
    s->refs += 2;                         /* process B too */
    assert_int_equal(shm_unref(s, 1), 0); /* A unmaps one page */
    assert_int_equal(shm_unref(s, 2), 0); /* B ends */
    assert_ptr_equal(shm_find_key(&t, 1), s);
    assert_int_equal(shm_unref(s, 2), -1); /* more than held: refused, nothing changes */
    assert_int_equal(s->refs, 1);
    assert_int_equal(shm_unref(s, 1), 1); /* the last page mapping: freed */
    assert_null(shm_find_key(&t, 1));
    assert_null(shm_find_pa(&t, 0x400000));
    struct shm_seg *again = shm_add(&t, 1, 0x500000, 1); /* the key is free again */
    assert_non_null(again);
    assert_int_equal(again->refs, 0);
}

static void test_full(void **state)
{
    (void)state;
    static struct shm_table t;
    for (uint64_t i = 0; i < SHM_MAX_SEGS; i++)
        assert_non_null(shm_add(&t, 100 + i, 0x1000000 + i * 0x10000, 1));
    assert_null(shm_add(&t, 999, 0x9000000, 1));
    struct shm_seg *s = shm_find_key(&t, 105);
    s->refs = 1;
    assert_int_equal(shm_unref(s, 1), 1);
    assert_non_null(shm_add(&t, 999, 0x9000000, 1)); /* the freed slot is reused */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_refs),
        cmocka_unit_test(test_full),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
