/* fastcopy.c - memcpy, memmove and memset for guest programs, overriding
 * musl's libc.a ones (linked before libc by mpicc/mpif90 and MPI_GUEST_LIBS).
 * musl's x86-64 versions are `rep movsq` / `rep stosq` (src/string/x86_64/
 * memcpy.s, memmove.s, memset.s): fast on hardware with ERMS and under KVM,
 * but QEMU's TCG runs a `rep` string instruction one emulated iteration at a
 * time, while it translates a loop of SSE2 16-byte loads and stores once
 * (docs/fortran.md, "Runtime route"). Here: sizes below 16 B with two
 * overlapping scalar moves, up to 64 B with overlapping 16-byte moves, larger
 * ones with a 64-byte SSE2 loop on an aligned destination. The first and last
 * 16 bytes are loaded before anything is stored and stored last, so the
 * same loops serve memmove in either direction (C11 7.24.2.1-2, 7.24.6.1).
 * Built with -fno-tree-loop-distribute-patterns so that the compiler does not
 * turn the loops back into calls of these functions. With -DFASTCOPY_PREFIX
 * the functions are named fastcopy_memcpy etc. (host test). */
#include <emmintrin.h>
#include <stddef.h>
#include <stdint.h>
#include "fastcopy.h"

typedef uint64_t __attribute__((may_alias, aligned(1))) u64u;
typedef uint32_t __attribute__((may_alias, aligned(1))) u32u;
typedef uint16_t __attribute__((may_alias, aligned(1))) u16u;

static inline __m128i ld(const unsigned char *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

static inline void st(unsigned char *p, __m128i v)
{
    _mm_storeu_si128((__m128i *)p, v);
}

/* n < 16: every load before any store, so overlap is harmless */
static inline void copy_small(unsigned char *d, const unsigned char *s, size_t n)
{
    if (n >= 8) {
        uint64_t a = *(const u64u *)s, b = *(const u64u *)(s + n - 8);
        *(u64u *)d = a;
        *(u64u *)(d + n - 8) = b;
    } else if (n >= 4) {
        uint32_t a = *(const u32u *)s, b = *(const u32u *)(s + n - 4);
        *(u32u *)d = a;
        *(u32u *)(d + n - 4) = b;
    } else if (n >= 2) {
        uint16_t a = *(const u16u *)s, b = *(const u16u *)(s + n - 2);
        *(u16u *)d = a;
        *(u16u *)(d + n - 2) = b;
    } else if (n == 1) {
        *d = *s;
    }
}

/* 16 <= n <= 64: up to four overlapping 16-byte moves, all loads first */
static inline void copy_medium(unsigned char *d, const unsigned char *s, size_t n)
{
    __m128i a = ld(s), b = ld(s + n - 16);
    if (n > 32) {
        __m128i c = ld(s + 16), e = ld(s + n - 32);
        st(d + 16, c);
        st(d + n - 32, e);
    }
    st(d, a);
    st(d + n - 16, b);
}

/* n > 64, reading upwards: safe when d <= s or the areas are disjoint */
static void copy_up(unsigned char *d, const unsigned char *s, size_t n)
{
    __m128i head = ld(s), tail = ld(s + n - 16);
    size_t i = 16 - ((uintptr_t)d & 15); /* d + i is 16-byte aligned */
    for (; i + 64 <= n - 16; i += 64) {
        __m128i a = ld(s + i), b = ld(s + i + 16), c = ld(s + i + 32), e = ld(s + i + 48);
        _mm_store_si128((__m128i *)(d + i), a);
        _mm_store_si128((__m128i *)(d + i + 16), b);
        _mm_store_si128((__m128i *)(d + i + 32), c);
        _mm_store_si128((__m128i *)(d + i + 48), e);
    }
    for (; i < n - 16; i += 16)
        _mm_store_si128((__m128i *)(d + i), ld(s + i));
    st(d, head);
    st(d + n - 16, tail);
}

/* n > 64, reading downwards: safe when d > s */
static void copy_down(unsigned char *d, const unsigned char *s, size_t n)
{
    __m128i head = ld(s), tail = ld(s + n - 16);
    size_t e = n - ((uintptr_t)(d + n) & 15); /* d + e is 16-byte aligned */
    if (e == n)
        e -= 16;
    for (; e >= 16 + 64; e -= 64) {
        __m128i a = ld(s + e - 16), b = ld(s + e - 32), c = ld(s + e - 48), f = ld(s + e - 64);
        _mm_store_si128((__m128i *)(d + e - 16), a);
        _mm_store_si128((__m128i *)(d + e - 32), b);
        _mm_store_si128((__m128i *)(d + e - 48), c);
        _mm_store_si128((__m128i *)(d + e - 64), f);
    }
    for (; e > 16; e -= 16)
        _mm_store_si128((__m128i *)(d + e - 16), ld(s + e - 16));
    st(d + n - 16, tail);
    st(d, head);
}

void *FASTCOPY(memcpy)(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (n < 16)
        copy_small(d, s, n);
    else if (n <= 64)
        copy_medium(d, s, n);
    else
        copy_up(d, s, n);
    return dst;
}

void *FASTCOPY(memmove)(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d == s)
        return dst;
    if (n < 16)
        copy_small(d, s, n);
    else if (n <= 64)
        copy_medium(d, s, n);
    else if ((uintptr_t)d - (uintptr_t)s >= n) /* d below s, or disjoint */
        copy_up(d, s, n);
    else
        copy_down(d, s, n);
    return dst;
}

void *FASTCOPY(memset)(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    uint64_t b = (unsigned char)c * 0x0101010101010101ull;
    if (n < 16) {
        if (n >= 8) {
            *(u64u *)d = b;
            *(u64u *)(d + n - 8) = b;
        } else if (n >= 4) {
            *(u32u *)d = (uint32_t)b;
            *(u32u *)(d + n - 4) = (uint32_t)b;
        } else if (n >= 2) {
            *(u16u *)d = (uint16_t)b;
            *(u16u *)(d + n - 2) = (uint16_t)b;
        } else if (n == 1) {
            *d = (unsigned char)c;
        }
        return dst;
    }
    __m128i v = _mm_set1_epi8((char)c);
    st(d, v);
    st(d + n - 16, v);
    if (n <= 32)
        return dst;
    size_t i = 16 - ((uintptr_t)d & 15);
    for (; i + 64 <= n - 16; i += 64) {
        _mm_store_si128((__m128i *)(d + i), v);
        _mm_store_si128((__m128i *)(d + i + 16), v);
        _mm_store_si128((__m128i *)(d + i + 32), v);
        _mm_store_si128((__m128i *)(d + i + 48), v);
    }
    for (; i < n - 16; i += 16)
        _mm_store_si128((__m128i *)(d + i), v);
    return dst;
}
