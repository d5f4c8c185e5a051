/* mythbench.c - libmyth micro-figures (MassiveThreads/Argobots
 * report the same two): ULT create+join of an empty function and
 * myth_yield between two ULTs, in ns per operation, beside pthread
 * create+join measured in the same run. Each figure is the median of
 * batches (noisy shared host: docs/architecture.md). Output: CSV on stdout,
 *   op,workers,batches,per_batch,median_ns,min_ns
 * Usage: mythbench [WORKERS] (default 1). */
#include "myth.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BATCHES 31

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *op, int workers, int per, double *ns)
{
    qsort(ns, BATCHES, sizeof *ns, cmp_d);
    printf("%s,%d,%d,%d,%.1f,%.1f\n", op, workers, BATCHES, per, ns[BATCHES / 2], ns[0]);
}

static void *empty(void *a)
{
    return a;
}

static volatile int stop_yield;
static void *yielder(void *a)
{
    (void)a;
    while (!stop_yield)
        myth_yield();
    return NULL;
}

int main(int argc, char **argv)
{
    int workers = argc > 1 ? atoi(argv[1]) : 1;
    double ns[BATCHES];
    enum { ULT_PER = 10000, YIELD_PER = 20000, PT_PER = 200 };
    if (myth_init_withparam(workers, 0))
        return 1;
    puts("op,workers,batches,per_batch,median_ns,min_ns");
    for (int b = 0; b < BATCHES; b++) {
        uint64_t t0 = now_ns();
        for (int i = 0; i < ULT_PER; i++)
            myth_join(myth_create(empty, NULL), NULL);
        ns[b] = (double)(now_ns() - t0) / ULT_PER;
    }
    report("ult_create_join", workers, ULT_PER, ns);
    /* yield: the main ULT and one other take turns, on one worker (with
     * more, the other is stolen and a yield finds no one to switch to) */
    if (workers > 1)
        goto pthreads;
    stop_yield = 0;
    myth_thread_t y = myth_create(yielder, NULL);
    for (int b = 0; b < BATCHES; b++) {
        uint64_t t0 = now_ns();
        for (int i = 0; i < YIELD_PER; i++)
            myth_yield();
        ns[b] = (double)(now_ns() - t0) / YIELD_PER;
    }
    stop_yield = 1;
    myth_join(y, NULL);
    report("ult_yield", workers, YIELD_PER, ns);
pthreads:
    myth_fini();
    for (int b = 0; b < BATCHES; b++) {
        uint64_t t0 = now_ns();
        for (int i = 0; i < PT_PER; i++) {
            pthread_t t;
            if (pthread_create(&t, NULL, empty, NULL))
                return 1;
            pthread_join(t, NULL);
        }
        ns[b] = (double)(now_ns() - t0) / PT_PER;
    }
    report("pthread_create_join", 0, PT_PER, ns);
    return 0;
}
