/* NPB LU: a regular-sparse block lower-upper symmetric Gauss-Seidel (SSOR)
 * solver for the 3-D compressible Navier-Stokes equations with a prescribed
 * exact solution (NPB 2 report NAS-95-020 "LU"; classes, time steps,
 * iteration counts and reference values of NPB 3.4, tolerance 1e-8).
 * The x-y plane is split over a 2-D grid of a power-of-two number of
 * processes (x gets the larger factor, as the MPI reference's proc_grid);
 * z stays whole.  The triangular sweeps run as a pipelined wavefront over
 * that grid, one k plane at a time (lu_ssor.c). */
#include "lu_int.h"
#include "npb.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define LU_EPS 1e-8
#define LU_OMEGA 1.2

static const struct lu_class lu_classes[] = {
    {'S', 12, 50, 0.5,
     {1.6196343210976702e-02, 2.1976745164821318e-03, 1.5179927653399185e-03, 1.5029584435994323e-03,
      3.4264073155896461e-02},
     {6.4223319957960924e-04, 8.4144342047347926e-05, 5.8588269616485186e-05, 5.8474222595157350e-05,
      1.3103347914111294e-03},
     7.8418928865937083e+00},
    {'W', 33, 300, 1.5e-3,
     {0.1236511638192e+02, 0.1317228477799e+01, 0.2550120713095e+01, 0.2326187750252e+01,
      0.2826799444189e+02},
     {0.4867877144216e+00, 0.5064652880982e-01, 0.9281818101960e-01, 0.8570126542733e-01,
      0.1084277417792e+01},
     0.1161399311023e+02},
    {'A', 64, 250, 2.0,
     {7.7902107606689367e+02, 6.3402765259692870e+01, 1.9499249727292479e+02, 1.7845301160418537e+02,
      1.8384760349464247e+03},
     {2.9964085685471943e+01, 2.8194576365003349e+00, 7.3473412698774742e+00, 6.7139225687777051e+00,
      7.0715315688392578e+01},
     2.6030925604886277e+01},
};

/* process grid and my sub-domain (reference proc_grid / neighbors / subdomain) */
static void lu_partition(struct lu_state *s)
{
    int l = npb_log2(s->np);
    s->xdim = 1 << ((l + 1) / 2);
    s->ydim = s->np / s->xdim;
    s->row = s->me % s->xdim;
    s->col = s->me / s->xdim;
    s->north = s->row > 0 ? s->me - 1 : -1;
    s->south = s->row < s->xdim - 1 ? s->me + 1 : -1;
    s->west = s->col > 0 ? s->me - s->xdim : -1;
    s->east = s->col < s->ydim - 1 ? s->me + s->xdim : -1;
    int mm = s->nx0 % s->xdim;
    s->nx = s->nx0 / s->xdim + (s->row < mm);
    s->ipt = s->row * (s->nx0 / s->xdim) + (s->row < mm ? s->row : mm);
    mm = s->ny0 % s->ydim;
    s->ny = s->ny0 / s->ydim + (s->col < mm);
    s->jpt = s->col * (s->ny0 / s->ydim) + (s->col < mm ? s->col : mm);
    s->nz = s->nz0;
    s->ist = s->north < 0 ? 2 : 1;
    s->iend = s->south < 0 ? s->nx - 1 : s->nx;
    s->jst = s->west < 0 ? 2 : 1;
    s->jend = s->east < 0 ? s->ny - 1 : s->ny;
}

static void lu_coeff(struct lu_state *s)
{
    int n0[3] = {s->nx0, s->ny0, s->nz0};
    for (int d = 0; d < 3; d++) {
        double h = 1.0 / (n0[d] - 1);
        s->t1[d] = 1.0 / (h * h);
        s->t2[d] = 1.0 / (2.0 * h);
        s->t3[d] = 1.0 / h;
    }
    s->dcoef[0] = 0.75;
    s->dcoef[1] = 0.75;
    s->dcoef[2] = 1.0;
    s->dssp = fmax(fmax(s->dcoef[0], s->dcoef[1]), s->dcoef[2]) / 4.0;
    s->dt = s->c->dt;
    s->omega = LU_OMEGA;
}

static void lu_free(struct lu_state *s)
{
    free(s->u);
    free(s->rsd);
    free(s->frct);
    free(s->line);
    for (int i = 0; i < 2; i++) {
        free(s->hsend[i]);
        free(s->hrecv[i]);
    }
    free(s->wbuf);
}

static int lu_verify(const struct lu_state *s)
{
    int ok = 1;
    for (int m = 0; m < LU_NV; m++)
        ok = ok && npb_rel_ok(s->rsdnm[m], s->c->xcr[m], LU_EPS) && npb_rel_ok(s->errnm[m], s->c->xce[m], LU_EPS);
    ok = ok && npb_rel_ok(s->frc, s->c->xci, LU_EPS);
    if (s->me == 0) {
        printf("\n Verification being performed for class %c\n", s->c->cls);
        printf(" Accuracy setting for epsilon = %20.13e\n", LU_EPS);
        printf(" Comparison of RMS-norms of residual\n");
        for (int m = 0; m < LU_NV; m++)
            printf("          %d %20.13e %20.13e %20.13e\n", m + 1, s->rsdnm[m], s->c->xcr[m],
                   fabs((s->rsdnm[m] - s->c->xcr[m]) / s->c->xcr[m]));
        printf(" Comparison of RMS-norms of solution error\n");
        for (int m = 0; m < LU_NV; m++)
            printf("          %d %20.13e %20.13e %20.13e\n", m + 1, s->errnm[m], s->c->xce[m],
                   fabs((s->errnm[m] - s->c->xce[m]) / s->c->xce[m]));
        printf(" Comparison of surface integral\n");
        printf("            %20.13e %20.13e %20.13e\n", s->frc, s->c->xci, fabs((s->frc - s->c->xci) / s->c->xci));
        printf(" Verification %s\n", ok ? "Successful" : "failed");
    }
    return ok;
}

int npb_lu(char cls)
{
    struct lu_state st = {0}, *s = &st;
    for (size_t i = 0; i < sizeof lu_classes / sizeof lu_classes[0]; i++)
        if (lu_classes[i].cls == toupper((unsigned char)cls))
            s->c = &lu_classes[i];
    if (!s->c)
        return npb_refuse("LU", "unknown class '%c' (use S, W or A)", cls);
    s->np = npb_nprocs();
    s->me = npb_rank();
    s->nx0 = s->ny0 = s->nz0 = s->c->n;
    if (!npb_is_pow2(s->np))
        return npb_refuse("LU", "needs a power-of-two number of processes, got %d", s->np);
    lu_partition(s);
    if (s->nx0 / s->xdim < 3 || s->ny0 / s->ydim < 3)
        return npb_refuse("LU", "class %c with %d processes gives sub-domains under 3 points per axis",
                          s->c->cls, s->np);
    lu_coeff(s);

    size_t pts = (size_t)(s->nx + 4) * (s->ny + 4) * s->nz * LU_NV;
    int nmax = s->nx > s->ny ? s->nx : s->ny;
    nmax = nmax > s->nz ? nmax : s->nz;
    s->hcap = 2 * (size_t)nmax * s->nz * LU_NV;
    double need = (3.0 * pts + 4.0 * s->hcap) * sizeof(double);
    uint64_t phys = npb_phys_mem();
    int ok = !(phys && need > phys / 10 * 9);
    if (ok) {
        s->u = calloc(pts, sizeof(double));
        s->rsd = calloc(pts, sizeof(double));
        s->frct = calloc(pts, sizeof(double));
        s->line = calloc(2 * (size_t)(nmax + 4) * LU_NV, sizeof(double));
        s->wbuf = calloc((size_t)(nmax + 2) * LU_NV, sizeof(double));
        for (int i = 0; i < 2; i++) {
            s->hsend[i] = calloc(s->hcap, sizeof(double));
            s->hrecv[i] = calloc(s->hcap, sizeof(double));
            ok = ok && s->hsend[i] && s->hrecv[i];
        }
        ok = ok && s->u && s->rsd && s->frct && s->line && s->wbuf;
    }
    if (!npb_all_ok(ok)) {
        lu_free(s);
        return npb_refuse("LU", "class %c needs %.0f MB per process with %d processes: not enough memory",
                          s->c->cls, need / 1048576.0, s->np);
    }
    if (s->me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- LU Benchmark\n\n");
        printf(" Size: %4dx%4dx%4d  (class %c)\n Iterations: %4d\n", s->nx0, s->ny0, s->nz0, s->c->cls,
               s->c->itmax);
        printf(" Number of processes: %5d  (grid %d x %d)\n\n", s->np, s->xdim, s->ydim);
        fflush(stdout);
    }

    lu_setbv(s);
    lu_setiv(s);
    lu_erhs(s);
    /* one untimed iteration touches all data, then start over (as the reference) */
    lu_ssor(s, 1);
    lu_setbv(s);
    lu_setiv(s);
    double tm = lu_ssor(s, s->c->itmax);
    lu_error(s);
    lu_pintgr(s);
    int verified = lu_verify(s);

    double n3 = (double)s->nx0 * s->ny0 * s->nz0, avg = (s->nx0 + s->ny0 + s->nz0) / 3.0;
    struct npb_result r = {.name = "LU", .cls = s->c->cls, .iterations = s->c->itmax, .seconds = tm,
                           .mops = 1e-6 * s->c->itmax * (1984.77 * n3 - 10923.3 * avg * avg + 27770.9 * avg - 144010.0) / tm,
                           .optype = "floating point", .verified = verified};
    snprintf(r.size, sizeof r.size, "%4dx%4dx%4d", s->nx0, s->ny0, s->nz0);
    npb_print_result(&r);
    lu_free(s);
    return verified ? NPB_OK : NPB_FAILED;
}
