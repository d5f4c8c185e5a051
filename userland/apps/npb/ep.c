/* NPB EP: generate 2^(M+1) uniform numbers, turn pairs into Gaussian deviates
 * by the Marsaglia polar method and tally them in square annuli (NPB 1.0 report
 * sec 2.2 "EP"; NPB 3.4 sums absolute values and also verifies the pair count).
 * Batches of 2^MK pairs are split over the processes; the only communication is
 * the final MPI_Allreduce of the sums and counts (as in the reference).
 * NPB_EP_THREADS=T (default 1) splits each process's batches again over T
 * pthreads (SMP nodes), like the reference's OpenMP version: each
 * thread keeps its own sums and counts, added in thread order afterwards, so
 * only the floating-point summation order differs from T = 1. */
#include "npb.h"
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MK 16              /* log2 of the pairs per batch */
#define NK (1 << MK)
#define NQ 10              /* number of annuli */
#define EP_SEED 271828183.0
#define EP_EPS 1e-8
#define EP_MAX_THREADS 64  /* as many as a node has vCPUs (--cpus 1..64) */

struct ep_class {
    char cls;
    int m;                 /* 2^(m+1) random numbers */
    double sx, sy, gc;     /* NPB 3.4 reference values */
};

static const struct ep_class ep_classes[] = {
    {'S', 24, 1.051299420395306e+07, 1.051517131857535e+07, 13176389.0},
    {'W', 25, 2.102505525182392e+07, 2.103162209578822e+07, 26354769.0},
    {'A', 28, 1.682235632304711e+08, 1.682195123368299e+08, 210832767.0},
};

/* One worker's share: batches [first, first + count), its buffer of 2 NK
 * uniform numbers, and its partial sums and annulus counts. */
struct ep_part {
    int64_t first, count;
    double *x;
    double sx, sy, q[NQ];
};

/* Part i of n items split over parts as evenly as possible (the first
 * n % parts get one more). */
static void ep_split(int64_t n, int64_t parts, int64_t i, int64_t *first, int64_t *count)
{
    int64_t base = n / parts, rem = n % parts;
    *count = base + (i < rem ? 1 : 0);
    *first = i * base + (i < rem ? i : rem);
}

/* The EP kernel proper (NPB 1.0 sec 2.2) over this part's batches. */
static void ep_batches(struct ep_part *p)
{
    /* an = a^(2 NK): the multiplier that skips one batch */
    double an = npb_pow46(NPB_A, 2 * (int64_t)NK);
    double *x = p->x;

    for (int64_t k = 0; k < p->count; k++) {
        double seed = EP_SEED;
        /* jump to batch first+k: seed * an^(first+k) */
        double jump = npb_pow46(an, p->first + k);
        randlc(&seed, jump);
        vranlc(2 * NK, &seed, NPB_A, x);
        for (int i = 0; i < NK; i++) {
            double x1 = 2.0 * x[2 * i] - 1.0;
            double x2 = 2.0 * x[2 * i + 1] - 1.0;
            double t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                double t2 = sqrt(-2.0 * log(t1) / t1);
                double t3 = fabs(x1 * t2);
                double t4 = fabs(x2 * t2);
                int l = (int)(t3 > t4 ? t3 : t4);
                p->q[l] += 1.0;
                p->sx += t3;
                p->sy += t4;
            }
        }
    }
}

static void *ep_thread(void *arg)
{
    ep_batches(arg);
    return NULL;
}

/* NPB_EP_THREADS: 1..EP_MAX_THREADS, 1 when unset; 0 for a bad value. */
static int ep_threads_from_env(void)
{
    const char *s = getenv("NPB_EP_THREADS");
    if (!s || !*s)
        return 1;
    char *end;
    long t = strtol(s, &end, 10);
    return (*end || t < 1 || t > EP_MAX_THREADS) ? 0 : (int)t;
}

/* Runs parts 1..nt-1 on threads and part 0 on the calling thread, then joins.
 * Returns 0, or the error number of the first pthread_create that failed
 * (after joining the threads already started). */
static int ep_run_parts(struct ep_part *parts, int nt)
{
    pthread_t tid[EP_MAX_THREADS];
    int started = 1, err = 0;
    for (; started < nt; started++) {
        err = pthread_create(&tid[started], NULL, ep_thread, &parts[started]);
        if (err)
            break;
    }
    if (!err)
        ep_batches(&parts[0]);
    for (int t = 1; t < started; t++)
        pthread_join(tid[t], NULL);
    return err;
}

int npb_ep(char cls)
{
    const struct ep_class *c = NULL;
    for (size_t i = 0; i < sizeof ep_classes / sizeof ep_classes[0]; i++)
        if (ep_classes[i].cls == toupper((unsigned char)cls))
            c = &ep_classes[i];
    if (!c)
        return npb_refuse("EP", "unknown class '%c' (use S, W or A)", cls);
    int nt = ep_threads_from_env();
    if (!npb_all_ok(nt > 0))
        return npb_refuse("EP", "NPB_EP_THREADS wants 1..%d threads per process", EP_MAX_THREADS);

    int me = npb_rank(), np = npb_nprocs();
    int64_t nn = INT64_C(1) << (c->m - MK); /* number of batches */
    /* EP runs on any process count: batches split as evenly as possible,
     * then this process's share again over its threads */
    int64_t first, count;
    ep_split(nn, np, me, &first, &count);

    struct ep_part parts[EP_MAX_THREADS];
    memset(parts, 0, sizeof parts);
    int ok_mem = 1;
    for (int t = 0; t < nt; t++) {
        ep_split(count, nt, t, &parts[t].first, &parts[t].count);
        parts[t].first += first;
        parts[t].x = npb_alloc(2 * NK * sizeof(double));
        if (!parts[t].x)
            ok_mem = 0;
        else
            for (int i = 0; i < 2 * NK; i++)
                parts[t].x[i] = -1.0e99;
    }
    int rc = NPB_OK;
    if (!npb_all_ok(ok_mem)) {
        rc = npb_refuse("EP", "out of memory");
        goto out;
    }

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();

    int err = nt > 1 ? ep_run_parts(parts, nt) : (ep_batches(&parts[0]), 0);
    if (!npb_all_ok(err == 0)) {
        if (err)
            fprintf(stderr, "EP: rank %d: pthread_create: %s\n", me, strerror(err));
        rc = npb_refuse("EP", "could not start %d threads per process", nt);
        goto out;
    }

    /* combine the threads' shares in thread order (deterministic) */
    double loc[2 + NQ] = {0}, tot[2 + NQ];
    for (int t = 0; t < nt; t++) {
        loc[0] += parts[t].sx;
        loc[1] += parts[t].sy;
        for (int i = 0; i < NQ; i++)
            loc[2 + i] += parts[t].q[i];
    }
    MPI_Allreduce(loc, tot, 2 + NQ, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double tm = npb_max_time(MPI_Wtime() - t0);

    double gc = 0.0;
    for (int i = 0; i < NQ; i++)
        gc += tot[2 + i];
    int ok = npb_rel_ok(tot[0], c->sx, EP_EPS) && npb_rel_ok(tot[1], c->sy, EP_EPS) &&
             npb_rel_ok(gc, c->gc, EP_EPS);

    if (me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- EP Benchmark\n\n");
        printf(" Number of random numbers generated: %15.0f\n", ldexp(1.0, c->m + 1));
        printf(" Number of active processes:         %15d\n\n", np);
        printf(" EP Benchmark Results:\n\n CPU Time = %10.4f\n N = 2^%5d\n", tm, c->m);
        printf(" No. Gaussian Pairs = %15.0f\n Sums = %25.15e %25.15e\n Counts:\n", gc, tot[0], tot[1]);
        for (int i = 0; i < NQ; i++)
            printf("%3d%15.0f\n", i, tot[2 + i]);
    }
    struct npb_result r = {.name = "EP", .cls = c->cls, .iterations = 0, .seconds = tm,
                           .mops = ldexp(1.0, c->m + 1) / tm / 1e6,
                           .optype = "Random numbers generated", .verified = ok,
                           .threads = nt > 1 ? nt : 0};
    snprintf(r.size, sizeof r.size, "%.0f", ldexp(1.0, c->m + 1));
    npb_print_result(&r);
    rc = ok ? NPB_OK : NPB_FAILED;
out:
    for (int t = 0; t < nt; t++)
        free(parts[t].x);
    return rc;
}
