/* test_klib.c - host tests of the kernel's memcpy/memset/memmove (kernel/klib.c,
 * built here under the names klib_*): every length 0..300 at every source and
 * destination alignment 0..15 against a byte-by-byte reference, bytes around the
 * destination untouched, overlapping memmove in both directions, memset values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

void *klib_memcpy(void *d, const void *s, size_t n);
void *klib_memset(void *d, int c, size_t n);
void *klib_memmove(void *d, const void *s, size_t n);

#define MAXN 300
#define PAD 24
static uint8_t src[MAXN + 2 * PAD], dst[MAXN + 2 * PAD], ref[MAXN + 2 * PAD];

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
    }
}

static void test_memcpy_all(void **s)
{
    (void)s;
    for (size_t n = 0; n <= MAXN; n++)
        for (int so = 0; so < 16; so++)
            for (int doff = 0; doff < 16; doff++) {
                fill(src, sizeof src, (uint32_t)(n * 257 + so));
                fill(dst, sizeof dst, 7);
                memcpy(ref, dst, sizeof dst);
                for (size_t i = 0; i < n; i++)      /* reference, byte by byte */
                    ref[PAD + doff + i] = src[so + i];
                void *r = klib_memcpy(dst + PAD + doff, src + so, n);
                assert_ptr_equal(r, dst + PAD + doff);
                assert_memory_equal(dst, ref, sizeof dst);
            }
}

static void test_memset_all(void **s)
{
    (void)s;
    for (size_t n = 0; n <= MAXN; n++)
        for (int doff = 0; doff < 16; doff++) {
            int c = (int)(n * 31 + (size_t)doff) - 128;   /* negative values too */
            fill(dst, sizeof dst, 3);
            memcpy(ref, dst, sizeof dst);
            for (size_t i = 0; i < n; i++)
                ref[PAD + doff + i] = (uint8_t)c;
            void *r = klib_memset(dst + PAD + doff, c, n);
            assert_ptr_equal(r, dst + PAD + doff);
            assert_memory_equal(dst, ref, sizeof dst);
        }
}

/* Overlap in both directions at every distance -40..40 (the buffer is one). */
static void test_memmove_overlap(void **s)
{
    (void)s;
    static uint8_t buf[MAXN + 2 * 64], want[MAXN + 2 * 64], tmp[MAXN];
    for (size_t n = 0; n <= MAXN; n += (n < 80 ? 1 : 13))
        for (int dist = -40; dist <= 40; dist++) {
            size_t from = 64, to = (size_t)(64 + dist);
            fill(buf, sizeof buf, (uint32_t)(n + 1000 + (size_t)(dist + 40)));
            memcpy(want, buf, sizeof buf);
            for (size_t i = 0; i < n; i++)   /* reference through a temporary */
                tmp[i] = want[from + i];
            for (size_t i = 0; i < n; i++)
                want[to + i] = tmp[i];
            void *r = klib_memmove(buf + to, buf + from, n);
            assert_ptr_equal(r, buf + to);
            assert_memory_equal(buf, want, sizeof buf);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_memcpy_all),
        cmocka_unit_test(test_memset_all),
        cmocka_unit_test(test_memmove_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
