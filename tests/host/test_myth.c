/* test_myth.c - cmocka tests of libmyth (userland/lib/libmyth):
 * thousands of ULTs with exact result sums, nested creates (recursive
 * fib and tree sums), join before and after the child ended, detach,
 * stealing happens (counted) and spreads work over workers, the context
 * switch keeps callee-saved registers and the MXCSR / x87 control word,
 * suspend from a ULT and resume from a thread that is not a worker, and
 * bad parameters refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <fenv.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "myth.h"

unsigned long myth_probe_regs(void (*fn)(void));
unsigned long myth_clobber_regs(void (*fn)(void));

/* The test bodies run as the main ULT, which may move to another worker's
 * pthread; cmocka keeps per-thread state, so bodies record the first failed
 * check and cmocka asserts after myth_fini has brought the main ULT home. */
static int fail_line;
static char fail_text[160];
#define CHECK(c) do { if (!(c) && !fail_line) { fail_line = __LINE__; \
    snprintf(fail_text, sizeof fail_text, "%s", #c); } } while (0)
#define CHECK_EQ(a, b) do { long long a_ = (long long)(a), b_ = (long long)(b); if (a_ != b_ && !fail_line) { \
    fail_line = __LINE__; snprintf(fail_text, sizeof fail_text, "%s == %s: %lld != %lld", #a, #b, a_, b_); } } while (0)
#define CHECK_NE(a, b) CHECK((a) != (b))

struct body { void (*fn)(void **); int workers; };
static void run_body(void **state)
{
    const struct body *b = *state;
    fail_line = 0;
    assert_int_equal(myth_init_withparam(b->workers, 32 * 1024), 0);
    b->fn(state);
    myth_fini();
    if (fail_line)
        fail_msg("line %d: %s", fail_line, fail_text);
}
#define T(fn, w) { #fn "_w" #w, run_body, NULL, NULL, &(struct body){ fn, w } }

static void *square(void *a)
{
    uintptr_t i = (uintptr_t)a;
    return (void *)(i * i);
}

static void test_many(void **state)
{
    (void)state;
    enum { N = 5000 };
    static myth_thread_t th[N];
    for (uintptr_t i = 0; i < N; i++) {
        th[i] = myth_create(square, (void *)i);
        CHECK((th[i]) != NULL);
    }
    uint64_t sum = 0;
    for (int i = 0; i < N; i++) {
        void *r;
        CHECK_EQ(myth_join(th[i], &r), 0);
        sum += (uintptr_t)r;
    }
    CHECK_EQ(sum, (uint64_t)(N - 1) * N * (2 * N - 1) / 6);
}

static void *fib(void *a)
{
    uintptr_t n = (uintptr_t)a;
    if (n < 2)
        return a;
    myth_thread_t t = myth_create(fib, (void *)(n - 1));
    void *y = fib((void *)(n - 2));
    void *x;
    myth_join(t, &x);
    return (void *)((uintptr_t)x + (uintptr_t)y);
}

static void test_nested_fib(void **state)
{
    (void)state;
    void *r = fib((void *)20);
    CHECK_EQ((uintptr_t)r, 6765);
}

struct range { uint64_t lo, hi, sum; };
static void *tree_sum(void *a)
{
    struct range *r = a;
    if (r->hi - r->lo <= 64) {
        uint64_t s = 0;
        for (uint64_t i = r->lo; i < r->hi; i++) {
            s += i;
            for (volatile int k = 0; k < 200; k++)   /* some work to steal */
                ;
        }
        r->sum = s;
        return NULL;
    }
    uint64_t mid = (r->lo + r->hi) / 2;
    struct range left = { r->lo, mid, 0 }, right = { mid, r->hi, 0 };
    myth_thread_t t = myth_create(tree_sum, &left);
    tree_sum(&right);
    myth_join(t, NULL);
    r->sum = left.sum + right.sum;
    return NULL;
}

static void test_nested_tree(void **state)
{
    (void)state;
    struct range r = { 0, 200000, 0 };
    tree_sum(&r);
    CHECK_EQ(r.sum, (uint64_t)199999 * 200000 / 2);
}

static void test_steal(void **state)
{
    (void)state;
    struct myth_stats a, b;
    myth_get_stats(&a);
    struct range r = { 0, 400000, 0 };
    tree_sum(&r);
    CHECK_EQ(r.sum, (uint64_t)399999 * 400000 / 2);
    myth_get_stats(&b);
    CHECK_EQ(b.workers, 4);
    CHECK(b.steals > a.steals);
    int busy = 0;
    for (int i = 0; i < 4; i++)
        busy += b.ran[i] > a.ran[i];
    CHECK(busy >= 2);
    printf("# steals %llu of %llu attempts; dispatches per worker %llu %llu %llu %llu\n",
                  (unsigned long long)(b.steals - a.steals),
                  (unsigned long long)(b.steal_attempts - a.steal_attempts),
                  (unsigned long long)(b.ran[0] - a.ran[0]), (unsigned long long)(b.ran[1] - a.ran[1]),
                  (unsigned long long)(b.ran[2] - a.ran[2]), (unsigned long long)(b.ran[3] - a.ran[3]));
}

static void *yield_then(void *a)
{
    for (int i = 0; i < 100; i++)
        myth_yield();
    return a;
}

static void test_join_orders(void **state)
{
    (void)state;
    void *r;
    myth_thread_t fast = myth_create(square, (void *)7);      /* ended before the join */
    CHECK_EQ(myth_join(fast, &r), 0);
    CHECK_EQ((uintptr_t)r, 49);
    myth_thread_t slow = myth_create(yield_then, (void *)99); /* still running at the join */
    CHECK_EQ(myth_join(slow, &r), 0);
    CHECK_EQ((uintptr_t)r, 99);
    CHECK_EQ(myth_join(NULL, &r), -1);
    CHECK_EQ(myth_join(myth_self(), &r), -1);
}

static atomic_int detached_done;
static void *bump(void *a)
{
    myth_yield();
    atomic_fetch_add(&detached_done, (int)(uintptr_t)a);
    return NULL;
}

static void test_detach(void **state)
{
    (void)state;
    atomic_store(&detached_done, 0);
    for (int i = 0; i < 1000; i++)
        myth_detach(myth_create(bump, (void *)1));
    for (int spins = 0; atomic_load(&detached_done) < 1000 && spins < 10000000; spins++)
        myth_yield();
    CHECK_EQ(atomic_load(&detached_done), 1000);
}

static void *clobberer(void *a)
{
    (void)a;
    for (int i = 0; i < 50; i++)
        myth_clobber_regs(myth_yield);
    return NULL;
}

static void *prober(void *a)
{
    (void)a;
    unsigned long bad = 0;
    for (int i = 0; i < 50; i++)
        bad |= myth_probe_regs(myth_yield);
    return (void *)bad;
}

static void test_callee_saved(void **state)
{
    (void)state;
    myth_thread_t c[4], p[4];
    for (int i = 0; i < 4; i++) {
        p[i] = myth_create(prober, NULL);
        c[i] = myth_create(clobberer, NULL);
    }
    for (int i = 0; i < 4; i++) {
        void *bad;
        myth_join(p[i], &bad);
        myth_join(c[i], NULL);
        CHECK_EQ((uintptr_t)bad, 0);
    }
}

static unsigned get_mxcsr(void)
{
    unsigned m;
    __asm__ volatile("stmxcsr %0" : "=m"(m));
    return m;
}
static unsigned get_fcw(void)
{
    unsigned short c;
    __asm__ volatile("fnstcw %0" : "=m"(c));
    return c;
}

struct fpu_case { int mode; unsigned mx_before, fcw_before, mx_after, fcw_after, fresh_mx, fresh_fcw; };
static void *fpu_ult(void *a)
{
    struct fpu_case *f = a;
    f->fresh_mx = get_mxcsr() & 0xffc0;       /* control bits only (flags are not saved) */
    f->fresh_fcw = get_fcw();
    fesetround(f->mode);
    f->mx_before = get_mxcsr() & 0xffc0;
    f->fcw_before = get_fcw();
    for (int i = 0; i < 20; i++)
        myth_yield();
    f->mx_after = get_mxcsr() & 0xffc0;
    f->fcw_after = get_fcw();
    return NULL;
}

static void test_fpu_control(void **state)
{
    (void)state;
    struct fpu_case f[3] = { { FE_UPWARD, 0, 0, 0, 0, 0, 0 }, { FE_TOWARDZERO, 0, 0, 0, 0, 0, 0 },
                             { FE_DOWNWARD, 0, 0, 0, 0, 0, 0 } };
    myth_thread_t t[3];
    for (int i = 0; i < 3; i++)
        t[i] = myth_create(fpu_ult, &f[i]);
    for (int i = 0; i < 3; i++)
        myth_join(t[i], NULL);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(f[i].fresh_mx, 0x1f80);     /* a new ULT starts with the defaults */
        CHECK_EQ(f[i].fresh_fcw, 0x037f);
        CHECK_NE(f[i].mx_before, 0x1f80);
        CHECK_EQ(f[i].mx_after, f[i].mx_before);
        CHECK_EQ(f[i].fcw_after, f[i].fcw_before);
    }
    CHECK_NE(f[0].fcw_before, f[1].fcw_before);
}

static _Atomic(myth_thread_t) parked;
static atomic_int resumed_by_other;
static void park(myth_thread_t self, void *arg)
{
    (void)arg;
    atomic_store(&parked, self);
}
static void *sleeper(void *a)
{
    (void)a;
    myth_suspend(park, NULL);
    return (void *)(uintptr_t)atomic_load(&resumed_by_other);
}
static void *resumer(void *a)
{
    (void)a;
    myth_thread_t t;
    while (!(t = atomic_load(&parked)))
        usleep(100);
    usleep(20000);
    atomic_store(&resumed_by_other, 1);
    myth_resume(t);
    return NULL;
}

static void test_suspend_resume(void **state)
{
    (void)state;
    atomic_store(&parked, NULL);
    atomic_store(&resumed_by_other, 0);
    pthread_t pt;
    pthread_create(&pt, NULL, resumer, NULL);
    myth_thread_t t = myth_create(sleeper, NULL);
    myth_thread_t w = myth_create(square, (void *)3);     /* others run meanwhile */
    void *r;
    myth_join(w, &r);
    CHECK_EQ((uintptr_t)r, 9);
    myth_join(t, &r);
    CHECK_EQ((uintptr_t)r, 1);
    pthread_join(pt, NULL);
}

static void test_bad_params(void **state)
{
    (void)state;
    assert_int_equal(myth_init_withparam(2, 1024), -1);     /* stack too small */
    assert_null(myth_self());
    assert_int_equal(myth_get_worker_num(), -1);
    assert_int_equal(myth_init_withparam(1, 0), 0);
    assert_int_equal(myth_init_withparam(1, 0), -1);        /* twice */
    assert_non_null(myth_self());
    myth_fini();
    setenv("MYTH_NUM_WORKERS", "zero", 1);
    assert_int_equal(myth_init(), -1);
    unsetenv("MYTH_NUM_WORKERS");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_many, 1), T(test_many, 4),
        T(test_nested_fib, 1), T(test_nested_fib, 4),
        T(test_nested_tree, 4), T(test_steal, 4),
        T(test_join_orders, 1), T(test_join_orders, 4),
        T(test_detach, 4),
        T(test_callee_saved, 1), T(test_callee_saved, 4),
        T(test_fpu_control, 1), T(test_fpu_control, 4),
        T(test_suspend_resume, 4),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
