/* NPB MG: four V-cycles of a simplified multigrid solver for the 3D Poisson
 * equation  del^2 u = v  on a periodic 2^lt cube, where v is zero except for
 * +1 at the ten largest and -1 at the ten smallest of a random field (NPB 1.0
 * report sec 2.3 "MG"; classes and reference norms from NPB 3.4).
 * The grid is split into blocks over a pi[0] x pi[1] x pi[2] process grid
 * (same split rule as the MPI reference) and every operator is followed by a
 * halo exchange (mg_comm.c).  Coarse levels are not gathered onto fewer
 * processes, so every process needs at least one point of the 2^1 coarsest
 * grid per axis: up to 8 processes. */
#include "mg_int.h"
#include "npb.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MG_EPS 1e-8
#define MG_SEED 314159265.0
#define MG_TEN 10

struct mg_class {
    char cls;
    int lt;          /* grid is 2^lt points per axis */
    int nit;
    double rnm2;     /* reference L2 norm of the final residual */
};

static const struct mg_class mg_classes[] = {
    {'S', 5, 4, 0.5307707005734e-04},
    {'W', 7, 4, 0.6467329375339e-05},
    {'A', 8, 4, 0.2433365309069e-05},
};

/* operator coefficients (centre, face, edge, corner), NPB classes S/W/A */
static const double mg_a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
static const double mg_c[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};

struct mg_state {
    const struct mg_class *c;
    struct mg_grid g;
    int m[MG_MAXLEVEL + 1][3];       /* local box per level, ghosts included */
    int start[3];                    /* global offset of my top-level interior */
    double *u[MG_MAXLEVEL + 1], *r[MG_MAXLEVEL + 1], *v;
};

static size_t mg_box(const int m[3])
{
    return (size_t)m[0] * m[1] * m[2];
}

static void mg_zero(double *x, const int m[3])
{
    memset(x, 0, mg_box(m) * sizeof(double));
}

/* L2 norm (over all 2^(3 lt) points) and max norm of the interior of r */
static void mg_norm2u3(struct mg_state *s, const double *r, double *rnm2, double *rnmu)
{
    const int *m = s->m[s->c->lt];
    double loc[2] = {0.0, 0.0}, tot[2];
    for (int i3 = 1; i3 < m[2] - 1; i3++)
        for (int i2 = 1; i2 < m[1] - 1; i2++)
            for (int i1 = 1; i1 < m[0] - 1; i1++) {
                double x = r[MG_AT(m, i1, i2, i3)];
                loc[0] += x * x;
                if (fabs(x) > loc[1])
                    loc[1] = fabs(x);
            }
    MPI_Allreduce(&loc[0], &tot[0], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&loc[1], &tot[1], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    double n = ldexp(1.0, 3 * s->c->lt);
    *rnm2 = sqrt(tot[0] / n);
    *rnmu = tot[1];
}

struct mg_pick {
    double val;
    double pos; /* global linear index (x fastest), exact in a double */
};

/* keep the `MG_TEN` best of the list (largest when sign = +1, smallest when -1) */
static void mg_pick_insert(struct mg_pick *best, int *n, double val, double pos, int sign)
{
    if (*n == MG_TEN && sign * val <= sign * best[MG_TEN - 1].val)
        return;
    int i = *n < MG_TEN ? (*n)++ : MG_TEN - 1;
    while (i > 0 && sign * best[i - 1].val < sign * val) {
        best[i] = best[i - 1];
        i--;
    }
    best[i].val = val;
    best[i].pos = pos;
}

/* v = 0 except +1 / -1 at the ten largest / smallest points of the NPB random field */
static int mg_zran3(struct mg_state *s)
{
    int lt = s->c->lt, nx = 1 << lt;
    const int *m = s->m[lt];
    double *z = s->v;
    mg_zero(z, m);
    /* the field is the generator sequence laid out x fastest over the global cube */
    double a1 = npb_pow46(NPB_A, nx), a2 = npb_pow46(NPB_A, (int64_t)nx * nx);
    int64_t off = s->start[0] + (int64_t)nx * (s->start[1] + (int64_t)nx * s->start[2]);
    double x0 = MG_SEED;
    randlc(&x0, npb_pow46(NPB_A, off));
    for (int i3 = 1; i3 < m[2] - 1; i3++) {
        double x1 = x0;
        for (int i2 = 1; i2 < m[1] - 1; i2++) {
            double xx = x1;
            vranlc(m[0] - 2, &xx, NPB_A, &z[MG_AT(m, 1, i2, i3)]);
            randlc(&x1, a1);
        }
        randlc(&x0, a2);
    }
    /* local ten largest and ten smallest */
    struct mg_pick big[MG_TEN], small[MG_TEN];
    int nb = 0, ns = 0;
    for (int i3 = 1; i3 < m[2] - 1; i3++)
        for (int i2 = 1; i2 < m[1] - 1; i2++)
            for (int i1 = 1; i1 < m[0] - 1; i1++) {
                double val = z[MG_AT(m, i1, i2, i3)];
                double pos = (s->start[0] + i1 - 1) +
                             (double)nx * ((s->start[1] + i2 - 1) + (double)nx * (s->start[2] + i3 - 1));
                mg_pick_insert(big, &nb, val, pos, +1);
                mg_pick_insert(small, &ns, val, pos, -1);
            }
    /* everyone learns every process's candidates (slot per rank, summed) */
    int np = s->g.np, slot = 4 * MG_TEN;
    double *all = calloc((size_t)np * slot, sizeof(double));
    double *sum = malloc((size_t)np * slot * sizeof(double));
    if (!npb_all_ok(all && sum)) {
        free(all);
        free(sum);
        return 0;
    }
    for (int i = 0; i < MG_TEN; i++) {
        double *p = all + (size_t)s->g.me * slot + 4 * i;
        p[0] = big[i].val;
        p[1] = big[i].pos;
        p[2] = small[i].val;
        p[3] = small[i].pos;
    }
    MPI_Allreduce(all, sum, np * slot, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    nb = ns = 0;
    for (int k = 0; k < np * MG_TEN; k++) {
        mg_pick_insert(big, &nb, sum[4 * k], sum[4 * k + 1], +1);
        mg_pick_insert(small, &ns, sum[4 * k + 2], sum[4 * k + 3], -1);
    }
    free(all);
    free(sum);
    mg_zero(z, m);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < MG_TEN; i++) {
            int64_t pos = (int64_t)(pass ? big[i].pos : small[i].pos);
            int g1 = (int)(pos % nx), g2 = (int)(pos / nx % nx), g3 = (int)(pos / ((int64_t)nx * nx));
            int l1 = g1 - s->start[0] + 1, l2 = g2 - s->start[1] + 1, l3 = g3 - s->start[2] + 1;
            if (l1 >= 1 && l1 <= m[0] - 2 && l2 >= 1 && l2 <= m[1] - 2 && l3 >= 1 && l3 <= m[2] - 2)
                z[MG_AT(m, l1, l2, l3)] = pass ? 1.0 : -1.0;
        }
    mg_comm3(&s->g, z, m);
    return 1;
}

static void mg_resid_c(struct mg_state *s, int k, const double *u, const double *v, double *r)
{
    mg_resid(u, v, r, s->m[k], mg_a);
    mg_comm3(&s->g, r, s->m[k]);
}

static void mg_psinv_c(struct mg_state *s, int k, const double *r, double *u)
{
    mg_psinv(r, u, s->m[k], mg_c);
    mg_comm3(&s->g, u, s->m[k]);
}

/* one V-cycle: restrict down to level 1, smooth, prolongate back up */
static void mg_mg3p(struct mg_state *s)
{
    int lt = s->c->lt;
    for (int k = lt; k >= 2; k--) {
        mg_rprj3(s->r[k], s->m[k], s->r[k - 1], s->m[k - 1]);
        mg_comm3(&s->g, s->r[k - 1], s->m[k - 1]);
    }
    mg_zero(s->u[1], s->m[1]);
    mg_psinv_c(s, 1, s->r[1], s->u[1]);
    for (int k = 2; k < lt; k++) {
        mg_zero(s->u[k], s->m[k]);
        mg_interp(s->u[k - 1], s->m[k - 1], s->u[k], s->m[k]);
        mg_comm3(&s->g, s->u[k], s->m[k]);
        mg_resid_c(s, k, s->u[k], s->r[k], s->r[k]);
        mg_psinv_c(s, k, s->r[k], s->u[k]);
    }
    mg_interp(s->u[lt - 1], s->m[lt - 1], s->u[lt], s->m[lt]);
    mg_comm3(&s->g, s->u[lt], s->m[lt]);
    mg_resid_c(s, lt, s->u[lt], s->v, s->r[lt]);
    mg_psinv_c(s, lt, s->r[lt], s->u[lt]);
}

static void mg_free(struct mg_state *s)
{
    for (int k = 0; k <= MG_MAXLEVEL; k++) {
        free(s->u[k]);
        free(s->r[k]);
    }
    free(s->v);
    for (int i = 0; i < 2; i++) {
        free(s->g.sbuf[i]);
        free(s->g.rbuf[i]);
    }
}

/* process grid of the reference: pi0 = 2^(l/3), pi1 = 2^((l - l/3)/2), pi2 = rest */
static void mg_setup_grid(struct mg_grid *g)
{
    g->me = npb_rank();
    g->np = npb_nprocs();
    int l = npb_log2(g->np);
    int d0 = l / 3, d1 = (l - d0) / 2;
    g->pi[0] = 1 << d0;
    g->pi[1] = 1 << d1;
    g->pi[2] = g->np / (g->pi[0] * g->pi[1]);
    g->coord[0] = g->me % g->pi[0];
    g->coord[1] = g->me / g->pi[0] % g->pi[1];
    g->coord[2] = g->me / (g->pi[0] * g->pi[1]);
    for (int d = 0; d < 3; d++)
        for (int dir = 0; dir < 2; dir++) {
            int c[3] = {g->coord[0], g->coord[1], g->coord[2]};
            c[d] = (c[d] + (dir ? 1 : -1) + g->pi[d]) % g->pi[d];
            g->nbr[d][dir] = c[0] + g->pi[0] * (c[1] + g->pi[1] * c[2]);
        }
    const char *env = getenv("NPB_MG_ANY_SOURCE");
    g->any_source = env && env[0] == '1';
}

int npb_mg(char cls)
{
    struct mg_state st = {0}, *s = &st;
    for (size_t i = 0; i < sizeof mg_classes / sizeof mg_classes[0]; i++)
        if (mg_classes[i].cls == toupper((unsigned char)cls))
            s->c = &mg_classes[i];
    if (!s->c)
        return npb_refuse("MG", "unknown class '%c' (use S, W or A)", cls);
    int np = npb_nprocs();
    if (!npb_is_pow2(np) || np > 8)
        return npb_refuse("MG", "needs 1, 2, 4 or 8 processes (power of two; coarse-grid "
                                "agglomeration for more is not implemented), got %d", np);
    mg_setup_grid(&s->g);
    int lt = s->c->lt;
    size_t face = 0, total = 0;
    for (int k = 1; k <= lt; k++) {
        for (int d = 0; d < 3; d++)
            s->m[k][d] = (1 << k) / s->g.pi[d] + 2;
        size_t f = (size_t)s->m[k][0] * s->m[k][1];
        if ((size_t)s->m[k][1] * s->m[k][2] > f)
            f = (size_t)s->m[k][1] * s->m[k][2];
        if ((size_t)s->m[k][0] * s->m[k][2] > f)
            f = (size_t)s->m[k][0] * s->m[k][2];
        face = f > face ? f : face;
        total += 2 * mg_box(s->m[k]);
    }
    total += mg_box(s->m[lt]);
    for (int d = 0; d < 3; d++)
        s->start[d] = s->g.coord[d] * ((1 << lt) / s->g.pi[d]);
    uint64_t phys = npb_phys_mem();
    int ok = !(phys && (uint64_t)total * sizeof(double) > phys / 10 * 9);
    for (int k = 1; ok && k <= lt; k++) {
        s->u[k] = calloc(mg_box(s->m[k]), sizeof(double));
        s->r[k] = calloc(mg_box(s->m[k]), sizeof(double));
        ok = s->u[k] && s->r[k];
    }
    if (ok) {
        s->v = calloc(mg_box(s->m[lt]), sizeof(double));
        s->g.face_max = face;
        for (int i = 0; i < 2; i++) {
            s->g.sbuf[i] = malloc(face * sizeof(double));
            s->g.rbuf[i] = malloc(face * sizeof(double));
            ok = ok && s->g.sbuf[i] && s->g.rbuf[i];
        }
        ok = ok && s->v;
    }
    if (!npb_all_ok(ok)) {
        mg_free(s);
        return npb_refuse("MG", "class %c needs %.0f MB per process with %d processes: not "
                                "enough memory", s->c->cls, total * 8.0 / 1048576.0, np);
    }
    int me = s->g.me, n = 1 << lt;
    if (me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- MG Benchmark\n\n");
        printf(" Size: %4dx%4dx%4d  (class %c)\n Iterations: %3d\n", n, n, n, s->c->cls, s->c->nit);
        printf(" Number of processes: %5d  (grid %d x %d x %d)%s\n\n", np, s->g.pi[0], s->g.pi[1],
               s->g.pi[2], s->g.any_source ? "  receives from MPI_ANY_SOURCE" : "");
    }

    double rnm2, rnmu;
    /* one untimed cycle touches all data, then start over (as the reference) */
    if (!mg_zran3(s))
        goto oom;
    mg_resid_c(s, lt, s->u[lt], s->v, s->r[lt]);
    mg_mg3p(s);
    mg_resid_c(s, lt, s->u[lt], s->v, s->r[lt]);
    mg_zero(s->u[lt], s->m[lt]);
    if (!mg_zran3(s))
        goto oom;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    mg_resid_c(s, lt, s->u[lt], s->v, s->r[lt]);
    mg_norm2u3(s, s->r[lt], &rnm2, &rnmu);
    for (int it = 1; it <= s->c->nit; it++) {
        if (me == 0)
            printf("  iter %3d\n", it);
        mg_mg3p(s);
        mg_resid_c(s, lt, s->u[lt], s->v, s->r[lt]);
    }
    mg_norm2u3(s, s->r[lt], &rnm2, &rnmu);
    double tm = npb_max_time(MPI_Wtime() - t0);

    int verified = npb_rel_ok(rnm2, s->c->rnm2, MG_EPS);
    if (me == 0)
        printf(" Benchmark completed\n %s\n L2 Norm is %20.13e\n Error is   %20.13e\n",
               verified ? "VERIFICATION SUCCESSFUL" : "VERIFICATION FAILED", rnm2,
               fabs(rnm2 - s->c->rnm2) / s->c->rnm2);
    struct npb_result r = {.name = "MG", .cls = s->c->cls, .iterations = s->c->nit, .seconds = tm,
                           .mops = 58.0 * s->c->nit * ldexp(1.0, 3 * lt) / tm / 1e6,
                           .optype = "floating point", .verified = verified};
    snprintf(r.size, sizeof r.size, "%4dx%4dx%4d", n, n, n);
    npb_print_result(&r);
    mg_free(s);
    return verified ? NPB_OK : NPB_FAILED;
oom:
    mg_free(s);
    return npb_refuse("MG", "out of memory");
}
