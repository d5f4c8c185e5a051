/* NPB EP: generate 2^(M+1) uniform numbers, turn pairs into Gaussian deviates
 * by the Marsaglia polar method and tally them in square annuli (NPB 1.0 report
 * sec 2.2 "EP"; NPB 3.4 sums absolute values and also verifies the pair count).
 * Batches of 2^MK pairs are split over the processes; the only communication is
 * the final MPI_Allreduce of the sums and counts (as in the reference). */
#include "npb.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MK 16              /* log2 of the pairs per batch */
#define NK (1 << MK)
#define NQ 10              /* number of annuli */
#define EP_SEED 271828183.0
#define EP_EPS 1e-8

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

int npb_ep(char cls)
{
    const struct ep_class *c = NULL;
    for (size_t i = 0; i < sizeof ep_classes / sizeof ep_classes[0]; i++)
        if (ep_classes[i].cls == toupper((unsigned char)cls))
            c = &ep_classes[i];
    if (!c)
        return npb_refuse("EP", "unknown class '%c' (use S, W or A)", cls);

    int me = npb_rank(), np = npb_nprocs();
    int64_t nn = INT64_C(1) << (c->m - MK); /* number of batches */
    /* EP runs on any process count: batches split as evenly as possible */
    int64_t base = nn / np, rem = nn % np;
    int64_t count = base + (me < rem ? 1 : 0);
    int64_t first = me * base + (me < rem ? me : rem);

    double *x = npb_alloc(2 * NK * sizeof(double));
    if (!npb_all_ok(x != NULL)) {
        free(x);
        return npb_refuse("EP", "out of memory");
    }
    for (int i = 0; i < 2 * NK; i++)
        x[i] = -1.0e99;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();

    /* an = a^(2 NK): the multiplier that skips one batch */
    double an = npb_pow46(NPB_A, 2 * (int64_t)NK);
    double sx = 0.0, sy = 0.0, q[NQ] = {0};

    for (int64_t k = 0; k < count; k++) {
        double seed = EP_SEED;
        /* jump to batch first+k: seed * an^(first+k) */
        double jump = npb_pow46(an, first + k);
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
                q[l] += 1.0;
                sx += t3;
                sy += t4;
            }
        }
    }

    double loc[2 + NQ], tot[2 + NQ];
    loc[0] = sx;
    loc[1] = sy;
    for (int i = 0; i < NQ; i++)
        loc[2 + i] = q[i];
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
                           .optype = "Random numbers generated", .verified = ok};
    snprintf(r.size, sizeof r.size, "%.0f", ldexp(1.0, c->m + 1));
    npb_print_result(&r);
    free(x);
    return ok ? NPB_OK : NPB_FAILED;
}
