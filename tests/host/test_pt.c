/* test_pt.c - host tests of kernel/pt.c on page tables built in host memory
 * (a "physical address" is the host address of a 4 KiB-aligned page):
 * user-pointer range and permission checks, copies across page boundaries,
 * strings, large pages. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pt.h"

static void *p2v(uint64_t pa) { return (void *)(uintptr_t)pa; }
static int tables;
static uint64_t alloc_table(void)
{
    void *p = aligned_alloc(4096, 4096);
    memset(p, 0, 4096);
    tables++;
    return (uint64_t)(uintptr_t)p;
}
static const struct pt_ops ops = { p2v, alloc_table };
static uint64_t root;
static uint8_t *pages[4];

/* User pages: 0x400000 (RW), 0x401000 (RW), 0x402000 (read-only),
 * 0x404000 supervisor-only; 0x403000 unmapped. */
static int setup(void **s)
{
    (void)s;
    root = alloc_table();
    uint64_t va[4] = { 0x400000, 0x401000, 0x402000, 0x404000 };
    uint64_t fl[4] = { PT_P | PT_U | PT_W, PT_P | PT_U | PT_W, PT_P | PT_U, PT_P | PT_W };
    for (int i = 0; i < 4; i++) {
        pages[i] = aligned_alloc(4096, 4096);
        memset(pages[i], 'a' + i, 4096);
        uint64_t *pte = pt_walk(&ops, root, va[i], 1, PT_U);
        assert_non_null(pte);
        *pte = (uint64_t)(uintptr_t)pages[i] | fl[i];
    }
    return 0;
}

static void walk_finds_and_misses(void **s)
{
    (void)s;
    uint64_t *pte = pt_walk(&ops, root, 0x401000, 0, 0);
    assert_non_null(pte);
    assert_ptr_equal(p2v(*pte & PT_ADDR), pages[1]);
    assert_null(pt_walk(&ops, root, 0x7f0000000000ull, 0, 0));      /* no tables there */
    uint64_t *miss = pt_walk(&ops, root, 0x403000, 0, 0);             /* table exists, entry empty */
    assert_non_null(miss);
    assert_int_equal(*miss, 0);
    int before = tables;
    assert_non_null(pt_walk(&ops, root, 0x405000, 1, PT_U));          /* same tables, no allocation */
    assert_int_equal(tables, before);
}

static void range_checks(void **s)
{
    (void)s;
    assert_true(uaccess_range_ok(0x400000, 10));
    assert_true(uaccess_range_ok(USER_TOP - 1, 1));
    assert_false(uaccess_range_ok(USER_TOP - 1, 2));
    assert_false(uaccess_range_ok(USER_TOP, 1));
    assert_false(uaccess_range_ok(0xffff800000000000ull, 8));
    assert_false(uaccess_range_ok(0x1000, UINT64_MAX));                /* wraps */
    assert_true(uaccess_range_ok(0x1000, 0));
}

static void permission_checks(void **s)
{
    (void)s;
    assert_int_equal(uaccess_check(&ops, root, 0x400010, 100, 1), 0);
    assert_int_equal(uaccess_check(&ops, root, 0x400ff0, 0x20, 1), 0);      /* across two RW pages */
    assert_int_equal(uaccess_check(&ops, root, 0x401ff0, 0x20, 0), 0);      /* into the RO page, read */
    assert_int_equal(uaccess_check(&ops, root, 0x401ff0, 0x20, 1), -14);    /* ... write */
    assert_int_equal(uaccess_check(&ops, root, 0x402ff0, 0x20, 0), -14);    /* into the hole */
    assert_int_equal(uaccess_check(&ops, root, 0x404000, 1, 0), -14);       /* supervisor page */
    assert_int_equal(uaccess_check(&ops, root, 0x10, 4, 0), -14);           /* NULL page */
    assert_int_equal(uaccess_check(&ops, root, 0xffff800000000000ull, 4, 0), -14);
    assert_int_equal(uaccess_check(&ops, root, 0x400000, UINT64_MAX - 0x100, 0), -14);
    assert_int_equal(uaccess_check(&ops, root, 0x10, 0, 1), 0);             /* empty range */
}

static void copies_cross_pages(void **s)
{
    (void)s;
    char buf[64];
    memset(buf, 'X', sizeof buf);
    assert_int_equal(uaccess_copy_out(&ops, root, 0x400ff0, buf, 32), 0);
    assert_memory_equal(pages[0] + 0xff0, buf, 16);
    assert_memory_equal(pages[1], buf, 16);
    assert_int_equal(pages[1][16], 'b');
    char in[32];
    assert_int_equal(uaccess_copy_in(&ops, root, in, 0x401ff8, 16), 0);
    assert_memory_equal(in, "bbbbbbbbcccccccc", 16);
    /* A failing copy writes nothing. */
    memset(in, 0, sizeof in);
    assert_int_equal(uaccess_copy_out(&ops, root, 0x401ff8, buf, 16), -14);
    assert_int_equal(pages[1][0xff8], 'b');
    assert_int_equal(uaccess_copy_in(&ops, root, in, 0x402ff8, 16), -14);
}

static void strings(void **s)
{
    (void)s;
    memcpy(pages[0] + 0xffc, "abc", 4);
    char out[16];
    assert_int_equal(uaccess_strncpy_in(&ops, root, out, 0x400ffc, sizeof out), 3);
    assert_string_equal(out, "abc");
    memcpy(pages[2] + 0xffc, "wxyz", 4);                                   /* runs into the hole */
    assert_int_equal(uaccess_strncpy_in(&ops, root, out, 0x402ffc, sizeof out), -14);
    assert_int_equal(uaccess_strncpy_in(&ops, root, out, 0x401000, 8), -36); /* no NUL within 8 */
    assert_int_equal(out[7], '\0');
}

static void large_pages_are_not_user_memory(void **s)
{
    (void)s;
    uint64_t *pml4 = p2v(root);
    uint64_t *pdpt = p2v(pml4[0] & PT_ADDR);
    uint64_t *pd = p2v(pdpt[0] & PT_ADDR);
    pd[100] = (100ull << 21) | PT_P | PT_U | PT_W | PT_PS;
    assert_null(pt_walk(&ops, root, 100ull << 21, 0, 0));
    assert_int_equal(uaccess_check(&ops, root, 100ull << 21, 8, 0), -14);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walk_finds_and_misses),
        cmocka_unit_test(range_checks),
        cmocka_unit_test(permission_checks),
        cmocka_unit_test(copies_cross_pages),
        cmocka_unit_test(strings),
        cmocka_unit_test(large_pages_are_not_user_memory),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
