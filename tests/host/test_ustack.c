/* test_ustack.c - host tests of kernel/ustack.c: the initial stack matches the
 * System V AMD64 layout (argc, argv, envp, auxv with AT_RANDOM/AT_EXECFN),
 * is 16-byte aligned, and a too-small area is refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "ustack.h"

#define TOP 0x7ffffffff000ull
static uint8_t buf[8192];

static const char *at(uint64_t uaddr) { return (const char *)buf + (uaddr - (TOP - sizeof buf)); }
static uint64_t word(uint64_t uaddr) { uint64_t v; memcpy(&v, at(uaddr), 8); return v; }

static void layout(void **s)
{
    (void)s;
    const char *argv[] = { "prog", "-x", "hello world" };
    const char *envp[] = { "A=1", "PATH=/bin" };
    const uint64_t aux[][2] = { { AT_PAGESZ, 4096 }, { AT_PHDR, 0x400040 }, { AT_ENTRY, 0x401000 } };
    struct ustack_args a = { 3, 2, argv, envp, 3, aux, { 0 } };
    for (int i = 0; i < 16; i++)
        a.random[i] = (uint8_t)(i * 7 + 1);
    uint64_t rsp = ustack_build(buf, sizeof buf, TOP, &a);
    assert_true(rsp != 0);
    assert_int_equal(rsp % 16, 0);
    assert_true(rsp >= TOP - sizeof buf && rsp < TOP);
    uint64_t p = rsp;
    assert_int_equal(word(p), 3);
    for (int i = 0; i < 3; i++)
        assert_string_equal(at(word(p + 8 + 8 * (uint64_t)i)), argv[i]);
    assert_int_equal(word(p + 32), 0);
    assert_string_equal(at(word(p + 40)), "A=1");
    assert_string_equal(at(word(p + 48)), "PATH=/bin");
    assert_int_equal(word(p + 56), 0);
    uint64_t q = p + 64;
    int seen_random = 0, seen_execfn = 0, seen_platform = 0, n = 0;
    for (;; q += 16, n++) {
        uint64_t type = word(q), val = word(q + 8);
        if (type == AT_NULL)
            break;
        if (n < 3) {
            assert_int_equal(type, aux[n][0]);
            assert_int_equal(val, aux[n][1]);
        }
        if (type == AT_RANDOM) {
            seen_random = 1;
            assert_memory_equal(at(val), a.random, 16);
        }
        if (type == AT_EXECFN) {
            seen_execfn = 1;
            assert_string_equal(at(val), "prog");
        }
        if (type == AT_PLATFORM) {
            seen_platform = 1;
            assert_string_equal(at(val), "x86_64");
        }
        assert_true(n < 20);
    }
    assert_true(seen_random && seen_execfn && seen_platform);
    assert_true(q + 16 <= TOP);
}

static void no_args(void **s)
{
    (void)s;
    struct ustack_args a = { 0, 0, NULL, NULL, 0, NULL, { 0 } };
    uint64_t rsp = ustack_build(buf, sizeof buf, TOP, &a);
    assert_true(rsp != 0);
    assert_int_equal(word(rsp), 0);
    assert_int_equal(word(rsp + 8), 0);    /* argv terminator */
    assert_int_equal(word(rsp + 16), 0);   /* envp terminator */
}

static void too_small_is_refused(void **s)
{
    (void)s;
    char big[3000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    const char *argv[] = { big, big, big };
    struct ustack_args a = { 3, 0, argv, NULL, 0, NULL, { 0 } };
    assert_int_equal(ustack_build(buf, sizeof buf, TOP, &a), 0);
    struct ustack_args b = { -1, 0, argv, NULL, 0, NULL, { 0 } };
    assert_int_equal(ustack_build(buf, sizeof buf, TOP, &b), 0);
    const char *one[] = { "p" };
    struct ustack_args c = { 1, 0, one, NULL, 0, NULL, { 0 } };
    assert_int_equal(ustack_build(buf, 64, TOP, &c), 0);         /* strings fit, vector does not */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(layout),
        cmocka_unit_test(no_args),
        cmocka_unit_test(too_small_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
