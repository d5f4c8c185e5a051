/* memcpy_bench.c - the libc's memcpy and malloc/free on one node, for the
 * runtime-route comparison (scripts/npb_official/route_memcpy): built once
 * with musl-gcc and once with gcc -static (glibc), booted on the same QEMU
 * node setup. Under TCG a `rep movs` runs as one emulated iteration per
 * element, while an SSE2 loop is translated once, so the two libcs' copies
 * can differ far more than on hardware. Prints "memcpy SIZE B: X MB/s" and
 * "malloc+free SIZE B: N ns". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void)
{
    static char a[1 << 20], b[1 << 20];
    static const size_t sizes[] = { 64, 1024, 8192, 65536, 1 << 20 };
    memset(a, 1, sizeof a);
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        long reps = (64L << 20) / (long)n;
        double t0 = now();
        for (long r = 0; r < reps; r++) {
            memcpy(b, a, n);
            __asm__ volatile("" ::
                                 : "memory");
        }
        double t = now() - t0;
        printf("memcpy %zu B: %.1f MB/s\n", n, (double)n * reps / t / 1e6);
    }
    for (unsigned i = 0; i < 4; i++) {
        size_t n = sizes[i];
        long reps = 100000;
        double t0 = now();
        for (long r = 0; r < reps; r++) {
            void *p = malloc(n);
            __asm__ volatile(""
                             :
                             : "r"(p)
                             : "memory");
            free(p);
        }
        printf("malloc+free %zu B: %.0f ns\n", n, (now() - t0) / reps * 1e9);
    }
    return 0;
}
