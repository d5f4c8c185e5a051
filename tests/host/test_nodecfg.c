/* test_nodecfg.c - host tests of kernel/nodecfg.c: the fw_cfg strings the
 * launcher passes (numbers, torus shape, wait mode, NUL-separated argv/env)
 * are parsed exactly and anything malformed is refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "nodecfg.h"

static int num(const char *s, int64_t max, int64_t *v) { return nodecfg_parse_uint(s, strlen(s), max, v); }

static void numbers(void **s)
{
    (void)s;
    int64_t v = -1;
    assert_int_equal(num("0", 10, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(num("42\n", 100, &v), 0);
    assert_int_equal(v, 42);
    assert_int_equal(num("100", 100, &v), 0);
    v = 7;
    assert_int_equal(num("101", 100, &v), -1);
    assert_int_equal(v, 7);                        /* untouched on failure */
    assert_int_equal(num("", 100, &v), -1);
    assert_int_equal(num("\n", 100, &v), -1);
    assert_int_equal(num("-1", 100, &v), -1);
    assert_int_equal(num("1x", 100, &v), -1);
    assert_int_equal(num(" 1", 100, &v), -1);
    assert_int_equal(num("99999999999999999999", INT64_MAX, &v), -1);
    assert_int_equal(nodecfg_parse_uint("12", 1, 100, &v), 0);   /* honours len */
    assert_int_equal(v, 1);
}

static void torus(void **s)
{
    (void)s;
    int32_t t[3] = { 0, 0, 0 };
    assert_int_equal(nodecfg_parse_torus("2x3x4", 5, t), 0);
    assert_int_equal(t[0], 2);
    assert_int_equal(t[1], 3);
    assert_int_equal(t[2], 4);
    assert_int_equal(nodecfg_parse_torus("8", 1, t), 0);
    assert_int_equal(t[0], 8);
    assert_int_equal(t[1], 1);
    assert_int_equal(t[2], 1);
    assert_int_equal(nodecfg_parse_torus("2x2\n", 4, t), 0);
    assert_int_equal(t[1], 2);
    const char *bad[] = { "", "x", "2x", "x2", "2xx2", "0x2", "2x3x4x5", "2*3", "5000", "a" };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        t[0] = 77;
        assert_int_equal(nodecfg_parse_torus(bad[i], strlen(bad[i]), t), -1);
        assert_int_equal(t[0], 77);
    }
}

static void wait_mode(void **s)
{
    (void)s;
    assert_int_equal(nodecfg_parse_wait_mode("adaptive", 8), 0);
    assert_int_equal(nodecfg_parse_wait_mode("poll\n", 5), 1);
    assert_int_equal(nodecfg_parse_wait_mode("pol", 3), -1);
    assert_int_equal(nodecfg_parse_wait_mode("polling", 7), -1);
    assert_int_equal(nodecfg_parse_wait_mode("", 0), -1);
}

static void split(void **s)
{
    (void)s;
    char b1[32] = "prog\0-n\0" "3\0";
    char *v[4];
    assert_int_equal(nodecfg_split(b1, 10, v, 4), 3);
    assert_string_equal(v[0], "prog");
    assert_string_equal(v[1], "-n");
    assert_string_equal(v[2], "3");
    char b2[32] = "a=1\0b=2";                          /* last string without its NUL */
    assert_int_equal(nodecfg_split(b2, 7, v, 4), 2);
    assert_string_equal(v[1], "b=2");
    char b3[32] = "a\0\0b\0";                          /* empty argument kept */
    assert_int_equal(nodecfg_split(b3, 5, v, 4), 3);
    assert_string_equal(v[1], "");
    char b4[32] = "1\0" "2\0" "3\0" "4\0" "5\0";
    assert_int_equal(nodecfg_split(b4, 10, v, 4), -1);
    assert_int_equal(nodecfg_split(b4, 0, v, 4), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers),
        cmocka_unit_test(torus),
        cmocka_unit_test(wait_mode),
        cmocka_unit_test(split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
