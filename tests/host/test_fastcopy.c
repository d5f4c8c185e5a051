/* test_fastcopy.c - host tests of the guest's memcpy, memmove and memset
 * (userland/lib/libfastcopy/fastcopy.c, built as fastcopy_*): every size
 * 0..4096 at every source and destination alignment modulo 16 against the
 * host libc, nothing written outside [dst, dst + n), the return value; memmove
 * with overlapping areas in both directions at distances 1..80 and near n. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "fastcopy.h"

#define MAXN 4096
#define PAD 64

static unsigned char src_buf[MAXN + 2 * PAD], dst_buf[MAXN + 2 * PAD], want[MAXN + 2 * PAD];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char)(seed >> 16);
    }
}

static void test_memcpy_sizes_alignments(void **st)
{
    (void)st;
    fill(src_buf, sizeof src_buf, 1);
    fill(dst_buf, sizeof dst_buf, 2);
    memcpy(want, dst_buf, sizeof want);
    for (size_t n = 0; n <= MAXN; n++)
        for (size_t sa = 0; sa < 16; sa++)
            for (size_t da = 0; da < 16; da++) {
                unsigned char *d = dst_buf + PAD + da;
                const unsigned char *s = src_buf + PAD + sa;
                assert_ptr_equal(fastcopy_memcpy(d, s, n), d);
                /* the copy, and the 16 bytes either side untouched */
                if (memcmp(d, s, n) != 0 || memcmp(d - 16, want + PAD + da - 16, 16) != 0 ||
                    memcmp(d + n, want + PAD + da + n, 16) != 0)
                    fail_msg("memcpy n=%zu src%%16=%zu dst%%16=%zu", n, sa, da);
                memcpy(d, want + PAD + da, n); /* restore */
            }
}

static void test_memset_sizes_alignments(void **st)
{
    (void)st;
    static const int values[] = { 0, 0x5a, 0xff, 0x1a5 /* only the low byte counts */ };
    fill(dst_buf, sizeof dst_buf, 3);
    memcpy(want, dst_buf, sizeof want);
    for (size_t v = 0; v < sizeof values / sizeof values[0]; v++)
        for (size_t n = 0; n <= MAXN; n++)
            for (size_t da = 0; da < 16; da++) {
                unsigned char *d = dst_buf + PAD + da;
                assert_ptr_equal(fastcopy_memset(d, values[v], n), d);
                for (size_t i = 0; i < n; i++)
                    if (d[i] != (unsigned char)values[v])
                        fail_msg("memset n=%zu dst%%16=%zu c=%#x: byte %zu is %#x", n, da, values[v], i, d[i]);
                if (memcmp(d - 16, want + PAD + da - 16, 16) != 0 || memcmp(d + n, want + PAD + da + n, 16) != 0)
                    fail_msg("memset n=%zu dst%%16=%zu wrote outside", n, da);
                memcpy(d, want + PAD + da, n);
            }
}

/* memmove(buf + off + delta, buf + off, n) against a copy through want[];
 * buf holds the pristine pattern outside the window each call touches */
static unsigned char move_buf[3 * MAXN + 4 * PAD], move_orig[sizeof move_buf];

static void check_move(size_t n, size_t off, long delta)
{
    unsigned char *s = move_buf + off, *d = s + delta;
    size_t lo = (delta < 0 ? off + delta : off) - PAD, hi = (delta < 0 ? off : off + delta) + n + PAD;
    memcpy(want, s, n);
    assert_ptr_equal(fastcopy_memmove(d, s, n), d);
    if (memcmp(d, want, n) != 0)
        fail_msg("memmove n=%zu src%%16=%zu delta=%ld: wrong copy", n, off % 16, delta);
    /* outside the destination, the window still holds the source's bytes */
    for (size_t i = lo; i < hi; i++)
        if ((move_buf + i < d || move_buf + i >= d + n) && move_buf[i] != move_orig[i])
            fail_msg("memmove n=%zu src%%16=%zu delta=%ld: byte %zd outside", n, off % 16, delta,
                     (ptrdiff_t)(move_buf + i - d));
    memcpy(move_buf + lo, move_orig + lo, hi - lo);
}

static void test_memmove_overlap(void **st)
{
    (void)st;
    size_t base = MAXN + 2 * PAD; /* room for delta down to -n */
    fill(move_orig, sizeof move_orig, 5);
    memcpy(move_buf, move_orig, sizeof move_buf);
    for (size_t n = 0; n <= MAXN; n += (n < 300 ? 1 : 37)) {
        for (size_t sa = 0; sa < 16; sa += 5) {
            for (long delta = -80; delta <= 80; delta++)
                check_move(n, base + sa, delta);
            check_move(n, base + sa, (long)(n / 2));
            check_move(n, base + sa, -(long)(n / 2));
            if (n > 1) {
                check_move(n, base + sa, (long)n - 1);
                check_move(n, base + sa, -(long)n + 1);
            }
        }
    }
    check_move(MAXN, base, 1);
    check_move(MAXN, base, -1);
}

static void test_memmove_disjoint(void **st)
{
    (void)st;
    fill(src_buf, sizeof src_buf, 4);
    for (size_t n = 0; n <= MAXN; n++)
        for (size_t a = 0; a < 16; a += 3) {
            unsigned char *d = dst_buf + PAD + a;
            assert_ptr_equal(fastcopy_memmove(d, src_buf + PAD + 15 - a, n), d);
            if (memcmp(d, src_buf + PAD + 15 - a, n) != 0)
                fail_msg("memmove disjoint n=%zu", n);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_memcpy_sizes_alignments),
        cmocka_unit_test(test_memset_sizes_alignments),
        cmocka_unit_test(test_memmove_overlap),
        cmocka_unit_test(test_memmove_disjoint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
