/* NPB BT: Beam-Warming approximate factorisation of the implicit Euler step
 * for the 3-D compressible Navier-Stokes equations, solved as three sets of
 * block-tridiagonal (5x5) line systems per step (NPB 2 report NAS-95-020
 * sec. 3; classes, time steps, dt and reference norms of NPB 3.4, tolerance
 * 1e-8).  Runs on a square number of processes with the multi-partition
 * scheme (adi_int.h). */
#include "bt_int.h"
#include "npb.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const struct adi_class bt_classes[] = {
    {'S', 12, 60, 0.01,
     {1.7034283709541311e-01, 1.2975252070034097e-02, 3.2527926989486055e-02, 2.6436421275166801e-02,
      1.9211784131744430e-01},
     {4.9976913345811579e-04, 4.5195666782961927e-05, 7.3973765172921357e-05, 7.3821238632439731e-05,
      8.9269630987491446e-04}},
    {'W', 24, 200, 0.0008,
     {0.1125590409344e+03, 0.1180007595731e+02, 0.2710329767846e+02, 0.2469174937669e+02, 0.2638427874317e+03},
     {0.4419655736008e+01, 0.4638531260002e+00, 0.1011551749967e+01, 0.9235878729944e+00, 0.1018045837718e+02}},
    {'A', 64, 200, 0.0008,
     {1.0806346714637264e+02, 1.1319730901220813e+01, 2.5974354511582465e+01, 2.3665622544678910e+01,
      2.5278963211748344e+02},
     {4.2348416040525025e+00, 4.4390282496995698e-01, 9.6692480136345650e-01, 8.8302063039765474e-01,
      9.7379901770829278e+00}},
};

static void bt_free(struct bt_state *bs)
{
    for (int c = 0; bs->lhsc && c < bs->adi.ncells; c++)
        free(bs->lhsc[c]);
    free(bs->lhsc);
    adi_free(&bs->adi);
}

int npb_bt(char cls)
{
    struct bt_state st = {0}, *bs = &st;
    struct adi_state *s = &bs->adi;
    const struct adi_class *c = NULL;
    for (size_t i = 0; i < sizeof bt_classes / sizeof bt_classes[0]; i++)
        if (bt_classes[i].cls == toupper((unsigned char)cls))
            c = &bt_classes[i];
    if (!c)
        return npb_refuse("BT", "unknown class '%c' (use S, W or A)", cls);
    s->np = npb_nprocs();
    s->me = npb_rank();
    s->q = npb_isqrt_exact(s->np);
    if (!s->q)
        return npb_refuse("BT", "needs a square number of processes (1, 4, 9, ...), got %d", s->np);
    if (c->n / s->q < 3)
        return npb_refuse("BT", "class %c with %d processes gives cells under 3 points per axis", c->cls, s->np);
    /* memory: u, rhs, forcing with ghosts + 25 doubles per point of C' */
    double cell = c->n / (double)s->q + 1;
    double need = s->q * ((cell + 4) * (cell + 4) * (cell + 4) * 15.0 + cell * cell * cell * 25.0) * 8.0;
    uint64_t phys = npb_phys_mem();
    int ok = !(phys && need > phys / 10 * 9);
    size_t line_buf = (size_t)(cell + 1) * (size_t)(cell + 1) * 30;
    ok = ok && adi_setup(s, c, "BT", line_buf);
    if (ok) {
        bs->lhsc = calloc((size_t)s->ncells, sizeof(double *));
        ok = bs->lhsc != NULL;
        for (int i = 0; ok && i < s->ncells; i++) {
            const struct adi_cell *cl = &s->cell[i];
            bs->lhsc[i] = calloc((size_t)cl->size[0] * cl->size[1] * cl->size[2] * 25, sizeof(double));
            ok = bs->lhsc[i] != NULL;
        }
    }
    if (!npb_all_ok(ok)) {
        bt_free(bs);
        return npb_refuse("BT", "class %c needs %.0f MB per process with %d processes: not enough memory", c->cls,
                          need / 1048576.0, s->np);
    }
    if (s->me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- BT Benchmark\n\n");
        printf(" Size: %4dx%4dx%4d  (class %c)\n Iterations: %4d    dt: %11.7f\n", c->n, c->n, c->n, c->cls,
               c->niter, c->dt);
        printf(" Number of processes: %5d  (multi-partition, %d cells each)\n\n", s->np, s->q);
        fflush(stdout);
    }
    adi_initialize(s);
    adi_exact_rhs(s);
    /* one untimed step touches all data, then start over (as the reference) */
    bt_adi(bs);
    adi_initialize(s);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int step = 1; step <= c->niter; step++) {
        if (s->me == 0 && (step % 20 == 0 || step == c->niter || step == 1)) {
            printf(" Time step %4d\n", step);
            fflush(stdout);
        }
        bt_adi(bs);
    }
    double tm = npb_max_time(MPI_Wtime() - t0);

    double xce[5], xcr[5];
    adi_error_norm(s, xce);
    adi_copy_faces(s);
    adi_compute_rhs(s);
    adi_rhs_norm(s, xcr);
    for (int m = 0; m < 5; m++)
        xcr[m] /= s->dt;
    int verified = adi_verify(s, xcr, xce);

    double n3 = (double)c->n * c->n * c->n, navg = c->n;
    struct npb_result r = {.name = "BT", .cls = c->cls, .iterations = c->niter, .seconds = tm,
                           .mops = tm > 0 ? 1e-6 * c->niter * (3478.8 * n3 - 17655.7 * navg * navg + 28023.7 * navg) / tm : 0.0,
                           .optype = "floating point", .verified = verified};
    snprintf(r.size, sizeof r.size, "%4dx%4dx%4d", c->n, c->n, c->n);
    npb_print_result(&r);
    bt_free(bs);
    return verified ? NPB_OK : NPB_FAILED;
}
