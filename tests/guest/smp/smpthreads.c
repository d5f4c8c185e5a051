/* smpthreads.c - musl pthreads on our kernel, unchanged libc:
 *   smpthreads [all]   1000 threads created and joined in batches; a mutex
 *                      counter and a condition-variable turn counter under
 *                      contention with exact totals; thread-local storage;
 *                      one thread pinned to each CPU reporting sched_getcpu;
 *                      then the badcalls checks.
 *   smpthreads fault   a second thread dereferences NULL: the process dies
 *   smpthreads exitgroup exit(5) while other threads spin (pinned to the last
 *                      CPU), wait on a futex forever and sleep: status 5 at once
 *   smpthreads badcalls clone with unsupported flags -> EINVAL, futex on bad
 *                      addresses -> EFAULT, gettid/getpid/affinity errors
 *   smpthreads bench N thread create+join and futex wake-up latency, median of N
 *   smpthreads ppn     prints pid and node info (several processes per node)
 * Lines "ok - ..." / "FAIL - ..." and a non-zero exit on any failure. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "cluster_user.h"
#include "cluster_abi.h"

/* linux/futex.h (not in musl-gcc's include path) */
#define FUTEX_WAIT_PRIVATE 128
#define FUTEX_WAKE_PRIVATE 129

static int failures;
#define CHECK(cond, ...) do { \
        if (cond) { printf("ok - "); } else { printf("FAIL - "); failures++; } \
        printf(__VA_ARGS__); printf("\n"); fflush(stdout); } while (0)

/* ---- 1000 threads in batches, TLS ---- */
static __thread long tls_value = -1;
static volatile long ran;
static pthread_mutex_t ran_lock = PTHREAD_MUTEX_INITIALIZER;

static void *batch_thread(void *arg)
{
    long id = (long)arg;
    int ok = tls_value == -1;          /* a fresh TLS block for every thread */
    tls_value = id;
    sched_yield();
    ok = ok && tls_value == id;
    pthread_mutex_lock(&ran_lock);
    ran++;
    pthread_mutex_unlock(&ran_lock);
    return (void *)(long)(ok ? id * 2 : -1);
}

static void test_many_threads(void)
{
    const int total = 1000, batch = 50;
    int bad = 0, created = 0;
    for (int b = 0; b < total / batch; b++) {
        pthread_t t[50];
        for (int i = 0; i < batch; i++) {
            int r = pthread_create(&t[i], NULL, batch_thread, (void *)(long)(b * batch + i));
            if (r) {
                printf("pthread_create: %s\n", strerror(r));
                bad++;
                t[i] = 0;
            } else {
                created++;
            }
        }
        for (int i = 0; i < batch; i++) {
            void *ret;
            if (!t[i])
                continue;
            if (pthread_join(t[i], &ret) || (long)ret != (long)(b * batch + i) * 2)
                bad++;
        }
    }
    CHECK(created == total && ran == total && bad == 0,
          "%d threads created and joined in batches of %d (ran %ld, %d bad)", created, batch, ran, bad);
    CHECK(tls_value == -1, "main thread's TLS untouched by the others");
}

/* ---- mutex counter and condition-variable turns ---- */
#define NWORK 8
#define ITERS 20000
#define TURNS 400
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long counter, turn;

static void *mutex_worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < ITERS; i++) {
        pthread_mutex_lock(&mtx);
        long v = counter;
        if ((i & 255) == 0)
            sched_yield();             /* hold the lock across a switch now and then */
        counter = v + 1;
        pthread_mutex_unlock(&mtx);
    }
    return NULL;
}

static void *turn_worker(void *arg)
{
    long id = (long)arg, mine = 0;
    for (int k = 0; k < TURNS; k++) {
        pthread_mutex_lock(&mtx);
        while (turn % NWORK != id)
            pthread_cond_wait(&cv, &mtx);
        turn++;
        mine++;
        pthread_cond_broadcast(&cv);
        pthread_mutex_unlock(&mtx);
    }
    return (void *)mine;
}

static void test_mutex_condvar(void)
{
    pthread_t t[NWORK];
    for (long i = 0; i < NWORK; i++)
        pthread_create(&t[i], NULL, mutex_worker, NULL);
    for (int i = 0; i < NWORK; i++)
        pthread_join(t[i], NULL);
    CHECK(counter == (long)NWORK * ITERS, "mutex counter: %ld of %ld", counter, (long)NWORK * ITERS);
    long sum = 0;
    for (long i = 0; i < NWORK; i++)
        pthread_create(&t[i], NULL, turn_worker, (void *)i);
    for (int i = 0; i < NWORK; i++) {
        void *r;
        pthread_join(t[i], &r);
        sum += (long)r;
    }
    CHECK(turn == (long)NWORK * TURNS && sum == turn, "condition-variable turns in order: %ld of %ld", turn,
          (long)NWORK * TURNS);
}

/* ---- a thread pinned to each CPU ---- */
struct pin { int cpu, got, set_err; };

static void *pin_worker(void *arg)
{
    struct pin *p = arg;
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(p->cpu, &s);
    p->set_err = sched_setaffinity(0, sizeof s, &s) ? errno : 0;
    for (int i = 0; i < 3; i++)
        sched_yield();
    p->got = sched_getcpu();
    return NULL;
}

static void test_pinning(void)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    if (sched_getaffinity(0, sizeof s, &s)) {
        CHECK(0, "sched_getaffinity: %s", strerror(errno));
        return;
    }
    int n = CPU_COUNT(&s);
    printf("smpthreads: %d CPUs\n", n);
    struct pin p[64];
    pthread_t t[64];
    for (int c = 0; c < n && c < 64; c++) {
        p[c].cpu = c;
        pthread_create(&t[c], NULL, pin_worker, &p[c]);
    }
    for (int c = 0; c < n && c < 64; c++) {
        pthread_join(t[c], NULL);
        printf("smpthreads: thread pinned to CPU %d reports CPU %d\n", c, p[c].got);
        CHECK(p[c].set_err == 0 && p[c].got == c, "thread pinned to CPU %d runs there (sched_getcpu %d)", c,
              p[c].got);
    }
}

/* ---- bad input ---- */
static void test_badcalls(void)
{
    long r = syscall(SYS_clone, 0x20000 /* CLONE_NEWNS */ | CLONE_VM | CLONE_THREAD | CLONE_SIGHAND, 0, 0, 0, 0);
    CHECK(r == -1 && errno == EINVAL, "clone with CLONE_NEWNS -> EINVAL (%ld, %s)", r, strerror(errno));
    r = syscall(SYS_clone, 17 /* SIGCHLD: fork */, 0, 0, 0, 0);
    CHECK(r == -1 && errno == EINVAL, "clone as fork -> EINVAL (%ld, %s)", r, strerror(errno));
    r = syscall(SYS_futex, (int *)0x10, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
    CHECK(r == -1 && errno == EFAULT, "futex wait on address 0x10 -> EFAULT (%s)", strerror(errno));
    r = syscall(SYS_futex, (int *)0x7ffffffff000ull, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    CHECK(r == -1 && errno == EFAULT, "futex wake on an unmapped address -> EFAULT (%s)", strerror(errno));
    int word = 5;
    r = syscall(SYS_futex, (char *)&word + 1, FUTEX_WAIT_PRIVATE, 5, NULL, NULL, 0);
    CHECK(r == -1 && errno == EINVAL, "futex on an unaligned address -> EINVAL (%s)", strerror(errno));
    r = syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 4, NULL, NULL, 0);
    CHECK(r == -1 && errno == EAGAIN, "futex wait with a stale value -> EAGAIN (%s)", strerror(errno));
    struct timespec ts = { 0, 20 * 1000 * 1000 };
    uint64_t t0 = cluster_rdtsc();
    r = syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 5, &ts, NULL, 0);
    uint64_t dt = cluster_rdtsc() - t0;
    struct node_info ni;
    cluster_syscall3(SYS_node_info, (long)&ni, 0, 0);
    double ms = (double)dt * 1e3 / (double)ni.tsc_hz;
    CHECK(r == -1 && errno == ETIMEDOUT && ms >= 19.0, "futex wait with a 20 ms timeout -> ETIMEDOUT after %.1f ms",
          ms);
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(63, &s);
    CHECK(sched_setaffinity(0, sizeof s, &s) == -1 && errno == EINVAL, "affinity to no online CPU -> EINVAL");
    CHECK(syscall(SYS_gettid) == getpid(), "main thread: gettid == getpid (%ld)", (long)getpid());
}

/* ---- a thread that faults ---- */
static void *fault_worker(void *arg)
{
    (void)arg;
    printf("smpthreads: thread about to fault\n");
    fflush(stdout);
    return (void *)(long)*(volatile int *)0;
}

static void test_fault(void)
{
    pthread_t t;
    pthread_create(&t, NULL, fault_worker, NULL);
    pthread_join(t, NULL);
    printf("smpthreads: FAIL - still running after the thread faulted\n");
    exit(3);
}

static void pin_self(int cpu)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    if (sched_setaffinity(0, sizeof s, &s))
        printf("smpthreads: pinning to CPU %d: %s\n", cpu, strerror(errno));
}

/* ---- exit_group with threads running, blocked and asleep ---- */
static volatile int forever, started;
static void *spin_worker(void *arg)
{
    pin_self((int)(long)arg);
    __atomic_fetch_add(&started, 1, __ATOMIC_SEQ_CST);
    for (;;)
        __asm__ volatile("pause");
    return NULL;
}
static void *block_worker(void *arg)
{
    (void)arg;
    __atomic_fetch_add(&started, 1, __ATOMIC_SEQ_CST);
    for (;;)
        syscall(SYS_futex, &forever, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
    return NULL;
}
static void *sleep_worker(void *arg)
{
    (void)arg;
    __atomic_fetch_add(&started, 1, __ATOMIC_SEQ_CST);
    for (;;)
        sleep(1000);
    return NULL;
}

static void test_exitgroup(void)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    sched_getaffinity(0, sizeof s, &s);
    pthread_t t;
    pthread_create(&t, NULL, spin_worker, (void *)(long)(CPU_COUNT(&s) - 1));
    pthread_create(&t, NULL, block_worker, NULL);
    pthread_create(&t, NULL, sleep_worker, NULL);
    while (started < 3)
        sched_yield();
    usleep(20000);
    printf("smpthreads: 3 threads running, blocked, asleep: exit(5)\n");
    exit(5);
}

/* ---- bench ---- */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}
static void *empty_thread(void *a) { return a; }

static volatile int ping, pong;
static int pong_cpu;

static void *pong_thread(void *arg)
{
    long n = (long)arg;
    pin_self(pong_cpu);
    for (long i = 1; i <= n; i++) {
        while (ping != i)
            syscall(SYS_futex, &ping, FUTEX_WAIT_PRIVATE, (int)(i - 1), NULL, NULL, 0);
        pong = (int)i;
        syscall(SYS_futex, &pong, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
    return NULL;
}

/* A fixed amount of integer work (an LCG chain the compiler cannot fold). */
static volatile uint64_t compute_sink;
static void *compute(void *arg)
{
    uint64_t x = (uint64_t)(long)arg + 1;
    for (long i = 0; i < 10000000; i++)
        x = x * 6364136223846793005ull + 1442695040888963407ull;
    compute_sink += x;
    return NULL;
}

/* Wall time of the work done by one thread, then twice the work split over
 * two threads, 7 times each: the ratio of the medians shows whether the
 * second CPU runs in parallel. */
static int cmp_u64(const void *a, const void *b);
static void bench_compute(double us)
{
    enum { REPS = 7 };
    uint64_t one[REPS], two[REPS];
    for (int r = 0; r < REPS; r++) {
        uint64_t t0 = cluster_rdtsc();
        compute(NULL);
        uint64_t t1 = cluster_rdtsc();
        pthread_t a, b;
        pthread_create(&a, NULL, compute, (void *)1);
        pthread_create(&b, NULL, compute, (void *)2);
        pthread_join(a, NULL);
        pthread_join(b, NULL);
        one[r] = t1 - t0;
        two[r] = cluster_rdtsc() - t1;
    }
    qsort(one, REPS, sizeof one[0], cmp_u64);
    qsort(two, REPS, sizeof two[0], cmp_u64);
    printf("bench: compute_1thread_us median %.0f p10 %.0f p90 %.0f n %d\n", (double)one[REPS / 2] * us,
           (double)one[0] * us, (double)one[REPS - 1] * us, REPS);
    printf("bench: compute_2threads_2x_work_us median %.0f p10 %.0f p90 %.0f n %d\n", (double)two[REPS / 2] * us,
           (double)two[0] * us, (double)two[REPS - 1] * us, REPS);
}

static void bench(int n)
{
    struct node_info ni;
    cluster_syscall3(SYS_node_info, (long)&ni, 0, 0);
    double us = 1e6 / (double)ni.tsc_hz;
    uint64_t *v = calloc((size_t)n, sizeof *v);
    for (int i = 0; i < n; i++) {
        pthread_t t;
        uint64_t t0 = cluster_rdtsc();
        pthread_create(&t, NULL, empty_thread, NULL);
        pthread_join(t, NULL);
        v[i] = cluster_rdtsc() - t0;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_u64);
    printf("bench: thread_create_join_us median %.1f p10 %.1f p90 %.1f n %d\n", (double)v[n / 2] * us,
           (double)v[n / 10] * us, (double)v[n * 9 / 10] * us, n);
    cpu_set_t all;
    CPU_ZERO(&all);
    sched_getaffinity(0, sizeof all, &all);
    /* Ping-pong through two futexes, both threads on CPU 0, then (with two
     * CPUs or more) on CPUs 0 and 1: the wake-up crosses CPUs with an IPI. */
    for (int cross = 0; cross <= (CPU_COUNT(&all) > 1); cross++) {
        pin_self(0);
        pong_cpu = cross ? 1 : 0;
        ping = pong = 0;
        pthread_t t;
        pthread_create(&t, NULL, pong_thread, (void *)(long)n);
        for (int i = 1; i <= n; i++) {
            uint64_t t0 = cluster_rdtsc();
            ping = i;
            syscall(SYS_futex, &ping, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
            while (pong != i)
                syscall(SYS_futex, &pong, FUTEX_WAIT_PRIVATE, i - 1, NULL, NULL, 0);
            v[i - 1] = cluster_rdtsc() - t0;
        }
        pthread_join(t, NULL);
        qsort(v, (size_t)n, sizeof *v, cmp_u64);
        /* one round trip holds two wake-ups */
        printf("bench: %s median %.1f p10 %.1f p90 %.1f n %d\n", cross ? "futex_wake_xcpu_us" : "futex_wake_us",
               (double)v[n / 2] * us / 2, (double)v[n / 10] * us / 2, (double)v[n * 9 / 10] * us / 2, n);
    }
    CPU_ZERO(&all);
    for (int c = 0; c < 64; c++)
        CPU_SET(c, &all);
    sched_setaffinity(0, sizeof all, &all);      /* unpinned again for the compute part */
    bench_compute(us);
    free(v);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "all";
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (!strcmp(mode, "fault")) {
        test_fault();
    } else if (!strcmp(mode, "exitgroup")) {
        test_exitgroup();
    } else if (!strcmp(mode, "badcalls")) {
        test_badcalls();
    } else if (!strcmp(mode, "bench")) {
        bench(argc > 2 ? atoi(argv[2]) : 200);
    } else if (!strcmp(mode, "ppn")) {
        struct node_info ni;
        cluster_syscall3(SYS_node_info, (long)&ni, 0, 0);
        printf("smpthreads: process pid %d on node %d\n", (int)getpid(), ni.rank);
        return getpid() == 2 && argc > 2 ? atoi(argv[2]) : 0;
    } else if (!strcmp(mode, "all")) {
        test_many_threads();
        test_mutex_condvar();
        test_pinning();
        test_badcalls();
    } else {
        fprintf(stderr, "usage: smpthreads [all|fault|exitgroup|badcalls|bench N|ppn [status]]\n");
        return 2;
    }
    printf("smpthreads: %s done, %d failures\n", mode, failures);
    return failures ? 1 : 0;
}
