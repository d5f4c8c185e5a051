/* test_pt.c - host tests of kernel/pt.c on page tables built in host memory
 * (a "physical address" is the host address of a 4 KiB-aligned page):
 * user-pointer range and permission checks, copies across page boundaries,
 * strings, large pages, range walks (pt_range: skipping absent levels,
 * pruning emptied tables). */
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
static int freed;
static void free_table(uint64_t pa)
{
    memset(p2v(pa), 0xEE, 4096);           /* a use after free shows */
    free((void *)(uintptr_t)pa);
    freed++;
}
static const struct pt_ops ops = { p2v, alloc_table, free_table };

/* Frees the tables of the tree under a table of `level` (4 = PML4; leaves
 * and large pages are not tables), so the ASan tier sees no leak. */
static void free_tree(uint64_t pa, int level)
{
    uint64_t *t = p2v(pa);
    for (int i = 0; level > 1 && i < 512; i++)
        if ((t[i] & PTE_P) && !(level < 4 && (t[i] & PTE_PS)))
            free_tree(t[i] & PTE_ADDR, level - 1);
    free((void *)(uintptr_t)pa);
}
static uint64_t root;
static uint8_t *pages[4];

/* User pages: 0x400000 (RW), 0x401000 (RW), 0x402000 (read-only),
 * 0x404000 supervisor-only; 0x403000 unmapped. */
static int setup(void **s)
{
    (void)s;
    root = alloc_table();
    uint64_t va[4] = { 0x400000, 0x401000, 0x402000, 0x404000 };
    uint64_t fl[4] = { PTE_P | PTE_U | PTE_W, PTE_P | PTE_U | PTE_W, PTE_P | PTE_U, PTE_P | PTE_W };
    for (int i = 0; i < 4; i++) {
        pages[i] = aligned_alloc(4096, 4096);
        memset(pages[i], 'a' + i, 4096);
        uint64_t *pte = pt_walk(&ops, root, va[i], 1, PTE_U);
        assert_non_null(pte);
        *pte = (uint64_t)(uintptr_t)pages[i] | fl[i];
    }
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    free_tree(root, 4);
    for (int i = 0; i < 4; i++)
        free(pages[i]);
    return 0;
}

static void walk_finds_and_misses(void **s)
{
    (void)s;
    uint64_t *pte = pt_walk(&ops, root, 0x401000, 0, 0);
    assert_non_null(pte);
    assert_ptr_equal(p2v(*pte & PTE_ADDR), pages[1]);
    assert_null(pt_walk(&ops, root, 0x7f0000000000ull, 0, 0));      /* no tables there */
    uint64_t *miss = pt_walk(&ops, root, 0x403000, 0, 0);             /* table exists, entry empty */
    assert_non_null(miss);
    assert_int_equal(*miss, 0);
    int before = tables;
    assert_non_null(pt_walk(&ops, root, 0x405000, 1, PTE_U));          /* same tables, no allocation */
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
    uint64_t *pdpt = p2v(pml4[0] & PTE_ADDR);
    uint64_t *pd = p2v(pdpt[0] & PTE_ADDR);
    pd[100] = (100ull << 21) | PTE_P | PTE_U | PTE_W | PTE_PS;
    assert_null(pt_walk(&ops, root, 100ull << 21, 0, 0));
    assert_int_equal(uaccess_check(&ops, root, 100ull << 21, 8, 0), -14);
}

/* ---- pt_range, on a tree of its own ---- */
struct visit_log { uint64_t va[64]; int n; uint64_t stop_at; int unmap; };
static int log_leaf(void *ctx, uint64_t va, uint64_t *pte)
{
    struct visit_log *l = ctx;
    if (l->n < 64)
        l->va[l->n] = va;
    l->n++;
    if (l->stop_at && va == l->stop_at)
        return 7;
    if (l->unmap)
        *pte = 0;
    return 0;
}

static uint64_t map_at(uint64_t r, uint64_t va)
{
    uint64_t *pte = pt_walk(&ops, r, va, 1, PTE_U);
    assert_non_null(pte);
    *pte = 0x1000 | PTE_P | PTE_U;           /* the frame is never touched */
    return va;
}

static void range_visits_in_order_and_skips_absent_levels(void **s)
{
    (void)s;
    uint64_t r = alloc_table();
    /* Three pages far apart: different PML4, PDPT and PD entries. */
    uint64_t a = map_at(r, 0x400000), b = map_at(r, 0x7f0000001000ull), c = map_at(r, 0x100000000000ull);
    /* Over the whole user half (2^35 pages: one walk per page would not
     * finish), stopping at b: a and c come first (address order). */
    struct visit_log l = { .stop_at = b };
    assert_int_equal(pt_range(&ops, r, 0, 1ull << 47, log_leaf, &l, 0), 7);
    assert_int_equal(l.n, 3);
    assert_int_equal(l.va[0], a);
    assert_int_equal(l.va[1], c);
    assert_int_equal(l.va[2], b);
    /* Half-open bounds: a range just above c holds nothing, one ending just
     * after c holds only c (a lies below it). */
    struct visit_log m = { .stop_at = 0 };
    assert_int_equal(pt_range(&ops, r, c + 4096, b, log_leaf, &m, 0), 0);
    assert_int_equal(m.n, 0);
    assert_int_equal(pt_range(&ops, r, a + 4096, c + 4096, log_leaf, &m, 0), 0);
    assert_int_equal(m.n, 1);
    assert_int_equal(m.va[0], c);
    free_tree(r, 4);
}

static void range_prune_frees_emptied_tables_only(void **s)
{
    (void)s;
    uint64_t r = alloc_table();
    int t0 = tables;
    map_at(r, 0x400000);
    map_at(r, 0x401000);
    map_at(r, 0x200000000000ull);
    assert_int_equal(tables - t0, 6);      /* 3 tables for each of the two regions */
    freed = 0;
    struct visit_log l = { .unmap = 1 };
    /* Unmap one of two pages in the low region: its tables stay. */
    assert_int_equal(pt_range(&ops, r, 0x400000, 0x401000, log_leaf, &l, 1), 0);
    assert_int_equal(freed, 0);
    assert_non_null(pt_walk(&ops, r, 0x401000, 0, 0));
    /* The other: PT, PD and PDPT of that region go back, the root stays. */
    assert_int_equal(pt_range(&ops, r, 0x401000, 0x402000, log_leaf, &l, 1), 0);
    assert_int_equal(freed, 3);
    assert_int_equal(((uint64_t *)p2v(r))[0], 0);
    assert_null(pt_walk(&ops, r, 0x401000, 0, 0));
    assert_non_null(pt_walk(&ops, r, 0x200000000000ull, 0, 0));
    /* Tables made by a walk that never got a page (a failed mapping) are
     * pruned too: fn NULL only prunes. */
    assert_non_null(pt_walk(&ops, r, 0x500000000000ull, 1, PTE_U));
    freed = 0;
    assert_int_equal(pt_range(&ops, r, 0x500000000000ull, 0x500000001000ull, NULL, NULL, 1), 0);
    assert_int_equal(freed, 3);
    /* An empty 64 TiB range over the last region: everything goes. */
    freed = 0;
    assert_int_equal(pt_range(&ops, r, 0x100000000000ull, 0x500000000000ull, log_leaf, &l, 1), 0);
    assert_int_equal(freed, 3);
    for (int i = 0; i < 512; i++)
        assert_int_equal(((uint64_t *)p2v(r))[i], 0);
    /* hi above 2^48 is clipped; lo >= hi does nothing. */
    assert_int_equal(pt_range(&ops, r, 0x1000, UINT64_MAX, log_leaf, &l, 1), 0);
    assert_int_equal(pt_range(&ops, r, 0x2000, 0x1000, log_leaf, &l, 1), 0);
    free_tree(r, 4);
}

static void range_skips_large_pages(void **s)
{
    (void)s;
    uint64_t r = alloc_table();
    map_at(r, 0x400000);
    uint64_t *pd = p2v(((uint64_t *)p2v(((uint64_t *)p2v(r))[0] & PTE_ADDR))[0] & PTE_ADDR);
    pd[5] = (5ull << 21) | PTE_P | PTE_PS | PTE_U;
    struct visit_log l = { .stop_at = 0 };
    assert_int_equal(pt_range(&ops, r, 0, 1ull << 30, log_leaf, &l, 0), 0);
    assert_int_equal(l.n, 1);
    assert_int_equal(l.va[0], 0x400000);
    assert_int_equal(pd[5], (5ull << 21) | PTE_P | PTE_PS | PTE_U);
    free_tree(r, 4);
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
        cmocka_unit_test(range_visits_in_order_and_skips_absent_levels),
        cmocka_unit_test(range_prune_frees_emptied_tables_only),
        cmocka_unit_test(range_skips_large_pages),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
