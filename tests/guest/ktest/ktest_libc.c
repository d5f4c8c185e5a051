/* ktest_libc.c - musl on our kernel: printf of doubles, a 100 MB malloc touched
 * page by page, qsort, libm against known values, big mmap/munmap, realloc
 * growth (mremap), time. Prints one "ok"/"not ok" line per check; exits 0 only
 * if all pass. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static int failures, n;

static void check(int cond, const char *what)
{
    printf("%s %d - %s\n", cond ? "ok" : "not ok", ++n, what);
    if (!cond)
        failures++;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int near(double a, double b) { return fabs(a - b) <= 1e-12 * (fabs(b) > 1 ? fabs(b) : 1); }

int main(void)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%.6f %.3e %g", 3.14159265358979, 12345.678, 0.1 + 0.2);
    check(!strcmp(buf, "3.141593 1.235e+04 0.3"), "printf of doubles");
    printf("  printf gives \"%s\"\n", buf);

    size_t big = 100u << 20;
    unsigned char *p = malloc(big);
    check(p != NULL, "malloc 100 MB");
    if (p) {
        int zero = 1;
        for (size_t i = 0; i < big; i += 4096)
            zero &= p[i] == 0;
        for (size_t i = 0; i < big; i += 4096)
            p[i] = (unsigned char)(i >> 12);
        int good = 1;
        for (size_t i = 0; i < big; i += 4096)
            good &= p[i] == (unsigned char)(i >> 12);
        check(zero && good, "100 MB touched page by page (zero-filled, then written and read back)");
        free(p);
    }

    int v[1000];
    unsigned s = 12345;
    for (int i = 0; i < 1000; i++) {
        s = s * 1103515245u + 12345u;
        v[i] = (int)(s >> 8) % 100000;
    }
    qsort(v, 1000, sizeof v[0], cmp_int);
    int sorted = 1;
    for (int i = 1; i < 1000; i++)
        sorted &= v[i - 1] <= v[i];
    check(sorted, "qsort of 1000 ints");

    volatile double one = 1.0, two = 2.0, half = 0.5;
    check(near(sin(half), 0.479425538604203), "sin(0.5)");
    check(near(exp(one), 2.718281828459045), "exp(1)");
    check(near(log(two), 0.6931471805599453), "log(2)");
    check(near(sqrt(two), 1.4142135623730951), "sqrt(2)");
    check(near(pow(two, 10.5), 1448.1546878700492), "pow(2, 10.5)");

    size_t len = 64u << 20;
    char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    check(m != MAP_FAILED, "mmap 64 MB anonymous");
    if (m != MAP_FAILED) {
        memset(m, 0x5a, len);
        check(m[len - 1] == 0x5a && munmap(m, len) == 0, "write 64 MB and munmap");
    }

    char *r = malloc(1 << 20);
    memset(r, 7, 1 << 20);
    r = realloc(r, 16 << 20);
    check(r && r[(1 << 20) - 1] == 7, "realloc 1 MB -> 16 MB keeps contents");
    free(r);

    struct timespec t0, t1, d = { 0, 20 * 1000 * 1000 };
    clock_gettime(CLOCK_MONOTONIC, &t0);
    nanosleep(&d, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    check(dt >= 0.019 && dt < 0.5, "nanosleep 20 ms measured by CLOCK_MONOTONIC");
    printf("  slept %.2f ms\n", dt * 1e3);
    struct timespec rt;
    clock_gettime(CLOCK_REALTIME, &rt);
    check(rt.tv_sec > 1600000000, "CLOCK_REALTIME after 2020");

    printf("ktest_libc: %d checks, %d failed\n", n, failures);
    return failures ? 1 : 0;
}
