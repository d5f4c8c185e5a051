/* klib.c - the few C library routines the kernel (and the compiler) needs. */
#include "kapi.h"

/* memcpy/memset/memmove copy 8 bytes per step in plain C. Not `rep movsb`:
 * QEMU's TCG (the accelerator here) runs a string instruction one element
 * per iteration through its translation loop, about 20 ns per byte on this
 * host, which made every 16-44-byte header, ring entry and user copy cost
 * about 1 us (MBCF step trace, README MBCF). Unaligned 8-byte accesses are
 * fine on x86-64. The attribute keeps GCC from turning the loops back into
 * calls to memcpy/memset (that would recurse). Portable: host-tested in
 * tests/host/test_klib.c. */
typedef uint64_t __attribute__((may_alias, aligned(1))) u64_any;
#define KLIB_LOOPS __attribute__((optimize("no-tree-loop-distribute-patterns")))

KLIB_LOOPS void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    for (; n >= 32; n -= 32, dp += 32, sp += 32) {
        uint64_t a = ((const u64_any *)sp)[0], b = ((const u64_any *)sp)[1];
        uint64_t c = ((const u64_any *)sp)[2], e = ((const u64_any *)sp)[3];
        ((u64_any *)dp)[0] = a;
        ((u64_any *)dp)[1] = b;
        ((u64_any *)dp)[2] = c;
        ((u64_any *)dp)[3] = e;
    }
    for (; n >= 8; n -= 8, dp += 8, sp += 8)
        *(u64_any *)dp = *(const u64_any *)sp;
    for (; n; n--)
        *dp++ = *sp++;
    return d;
}

KLIB_LOOPS void *memset(void *d, int c, size_t n)
{
    unsigned char *dp = d;
    uint64_t v = 0x0101010101010101ull * (unsigned char)c;
    for (; n >= 32; n -= 32, dp += 32) {
        ((u64_any *)dp)[0] = v;
        ((u64_any *)dp)[1] = v;
        ((u64_any *)dp)[2] = v;
        ((u64_any *)dp)[3] = v;
    }
    for (; n >= 8; n -= 8, dp += 8)
        *(u64_any *)dp = v;
    for (; n; n--)
        *dp++ = (unsigned char)c;
    return d;
}

/* Overlap-safe: forward when the destination is below the source (memcpy
 * reads each 8-byte word before it writes it, and never writes ahead of what
 * it has read), else backward from the end. */
KLIB_LOOPS void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    if (dp == sp || n == 0)
        return d;
    if (dp < sp || dp >= sp + n)
        return memcpy(d, s, n);
    dp += n;
    sp += n;
    for (; n >= 8; n -= 8) {
        dp -= 8;
        sp -= 8;
        *(u64_any *)dp = *(const u64_any *)sp;
    }
    while (n--)
        *--dp = *--sp;
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
    for (; n; n--, a++, b++) {
        if (*a != *b)
            return (unsigned char)*a - (unsigned char)*b;
        if (!*a)
            return 0;
    }
    return 0;
}
