/* test_kfmt.c - host tests of kernel/kfmt.c, the kernel console's printf:
 * conversions, length modifiers, widths and flags, truncation. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "kfmt.h"

static char out[64];

static int fmt(size_t cap, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    int n = kvsnprintf(out, cap, f, ap);
    va_end(ap);
    return n;
}

static void conversions(void **s)
{
    (void)s;
    fmt(sizeof out, "%d %i %u", -42, 7, 4000000000u);
    assert_string_equal(out, "-42 7 4000000000");
    fmt(sizeof out, "%x %X %lx", 0xbeefu, 0xbeefu, 0xffff800000000000ul);
    assert_string_equal(out, "beef BEEF ffff800000000000");
    fmt(sizeof out, "%ld %lu %llu %zu", (long)INT64_MIN, (unsigned long)UINT64_MAX, 12ull, (size_t)5);
    assert_string_equal(out, "-9223372036854775808 18446744073709551615 12 5");
    fmt(sizeof out, "%s|%c|%%|%s", "abc", 'z', (char *)NULL);
    assert_string_equal(out, "abc|z|%|(null)");
    fmt(sizeof out, "%p", (void *)0x1000);
    assert_string_equal(out, "0x1000");
    fmt(sizeof out, "%d", 0);
    assert_string_equal(out, "0");
}

static void widths(void **s)
{
    (void)s;
    fmt(sizeof out, "[%08x][%5d][%-5d][%-6s][%3s]", 0x1234u, 42, 42, "ab", "abcdef");
    assert_string_equal(out, "[00001234][   42][42   ][ab    ][abcdef]");
    fmt(sizeof out, "[%05d][%5d]", -42, -42);
    assert_string_equal(out, "[-0042][  -42]");
    fmt(sizeof out, "[%016lx]", 0x3e28a430ul);
    assert_string_equal(out, "[000000003e28a430]");
}

static void truncation(void **s)
{
    (void)s;
    memset(out, 'X', sizeof out);
    int n = fmt(8, "hello %s", "world");
    assert_int_equal(n, 11);                 /* full length, like snprintf */
    assert_string_equal(out, "hello w");
    assert_int_equal(out[8], 'X');           /* nothing written past cap */
    out[0] = 'Q';
    assert_int_equal(fmt(0, "abc"), 3);
    assert_int_equal(out[0], 'Q');
    fmt(sizeof out, "%q and %");             /* unknown conversion, lone % at the end */
    assert_string_equal(out, "%q and ");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(conversions),
        cmocka_unit_test(widths),
        cmocka_unit_test(truncation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
