/* test_palloc.c - host tests of kernel/palloc.c: lowest-first deterministic
 * allocation, contiguous runs that skip holes, exhaustion, double and
 * out-of-range frees refused without changing anything. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "palloc.h"

static uint64_t bits[64];
static struct palloc pa;

static void setup_1000(void)
{
    palloc_init(&pa, bits, 1000);
    palloc_mark_free(&pa, 256, 744);   /* frames 256..999 usable */
}

static void starts_all_used(void **s)
{
    (void)s;
    palloc_init(&pa, bits, 1000);
    assert_int_equal(pa.nfree, 0);
    assert_int_equal(palloc_alloc(&pa, 1), -1);
}

static void lowest_first_and_deterministic(void **s)
{
    (void)s;
    setup_1000();
    assert_int_equal(pa.nfree, 744);
    assert_int_equal(palloc_alloc(&pa, 1), 256);
    assert_int_equal(palloc_alloc(&pa, 1), 257);
    assert_int_equal(palloc_alloc(&pa, 4), 258);
    assert_int_equal(pa.nfree, 738);
    assert_int_equal(palloc_free(&pa, 257, 1), 0);
    assert_int_equal(palloc_alloc(&pa, 1), 257);   /* the hole is reused first */
    setup_1000();                                  /* same calls, same answers */
    assert_int_equal(palloc_alloc(&pa, 1), 256);
}

static void contiguous_runs_skip_holes(void **s)
{
    (void)s;
    setup_1000();
    for (int i = 0; i < 10; i++)
        assert_int_equal(palloc_alloc(&pa, 1), 256 + i);
    assert_int_equal(palloc_free(&pa, 258, 2), 0);   /* 2-frame hole at 258 */
    assert_int_equal(palloc_alloc(&pa, 3), 266);     /* does not fit the hole */
    assert_int_equal(palloc_alloc(&pa, 2), 258);     /* fits exactly */
    assert_int_equal(palloc_alloc(&pa, 100), 269);
}

static void spans_word_boundaries(void **s)
{
    (void)s;
    palloc_init(&pa, bits, 1000);
    palloc_mark_free(&pa, 60, 10);                   /* frames 60..69 cross bit-word 0/1 */
    assert_int_equal(palloc_alloc(&pa, 10), 60);
    assert_int_equal(palloc_alloc(&pa, 1), -1);
}

static void exhaustion_returns_minus_one(void **s)
{
    (void)s;
    setup_1000();
    assert_int_equal(palloc_alloc(&pa, 745), -1);
    assert_int_equal(palloc_alloc(&pa, 744), 256);
    assert_int_equal(pa.nfree, 0);
    assert_int_equal(palloc_alloc(&pa, 1), -1);
    assert_int_equal(palloc_alloc(&pa, 0), -1);
}

static void bad_frees_are_refused(void **s)
{
    (void)s;
    setup_1000();
    int64_t f = palloc_alloc(&pa, 4);
    uint64_t before = pa.nfree;
    assert_int_equal(palloc_free(&pa, (uint64_t)f + 2, 4), -1);   /* overlaps free frames */
    assert_int_equal(pa.nfree, before);
    assert_false(palloc_is_free(&pa, (uint64_t)f + 2));           /* nothing was freed */
    assert_int_equal(palloc_free(&pa, 999, 2), -1);               /* past the end */
    assert_int_equal(palloc_free(&pa, 5000, 1), -1);
    assert_int_equal(palloc_free(&pa, (uint64_t)f, 0), -1);
    assert_int_equal(palloc_free(&pa, (uint64_t)f, 4), 0);
    assert_int_equal(palloc_free(&pa, (uint64_t)f, 4), -1);       /* double free */
    assert_int_equal(pa.nfree, before + 4);
}

static void mark_used_and_clipping(void **s)
{
    (void)s;
    setup_1000();
    palloc_mark_used(&pa, 256, 10);
    assert_int_equal(pa.nfree, 734);
    assert_int_equal(palloc_alloc(&pa, 1), 266);
    palloc_mark_free(&pa, 990, 100);                 /* clipped at 1000 */
    assert_int_equal(pa.nfree, 733);
    palloc_mark_used(&pa, 995, 100);
    assert_int_equal(pa.nfree, 728);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(starts_all_used),
        cmocka_unit_test(lowest_first_and_deterministic),
        cmocka_unit_test(contiguous_runs_skip_holes),
        cmocka_unit_test(spans_word_boundaries),
        cmocka_unit_test(exhaustion_returns_minus_one),
        cmocka_unit_test(bad_frees_are_refused),
        cmocka_unit_test(mark_used_and_clipping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
