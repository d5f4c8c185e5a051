/* NPB SP: the diagonalised Beam-Warming factorisation (NPB 2 report
 * NAS-95-020 sec. 3 "SP", Pulliam-Chaussee diagonalisation; classes, time
 * steps, dt and reference norms of NPB 3.4, tolerance 1e-8) on a square
 * number of processes with the multi-partition scheme (adi_int.h).
 * Per ADI step the residual
 * is transformed to characteristic variables (txinvr), then along each axis
 * three scalar pentadiagonal systems per grid line are solved (one shared by
 * the first three components with eigenvalue u, one for u+c and one for u-c,
 * each with fourth-difference dissipation in the matrix), with the
 * eigenvector transforms between the axes (ninvr, pinvr) and back to the
 * conserved variables at the end (tzetar).  Lines cross the multi-partition
 * cells as in BT: per line the two last eliminated rows (22 doubles) go to
 * the successor, the two first solution points (10 doubles) come back. */
#include "adi_int.h"
#include "nse.h"
#include "npb.h"
#include <math.h>
#include <string.h>

#define SP_TAG_FWD 700
#define SP_TAG_BWD 710
#define SP_FWD_LINE 22
#define SP_BWD_LINE 10

static const double sp_bt = 0.70710678118654752440; /* sqrt(1/2) */

struct sp_pt {
    double ri, vel[3], qs, speed, ainv;
};

static void sp_derive(const double *u, struct sp_pt *p)
{
    p->ri = 1.0 / u[0];
    for (int m = 0; m < 3; m++)
        p->vel[m] = u[m + 1] * p->ri;
    double sq = 0.5 * (u[1] * u[1] + u[2] * u[2] + u[3] * u[3]) * p->ri;
    p->qs = sq * p->ri;
    p->speed = sqrt(NSE_C1 * NSE_C2 * p->ri * (u[4] - sq));
    p->ainv = 1.0 / p->speed;
}

/* apply f to every interior point of every cell */
static void sp_each_point(struct adi_state *s, void (*f)(double *r, const double *u))
{
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        for (int k = cl->start[2]; k < cl->size[2] - cl->end[2]; k++)
            for (int j = cl->start[1]; j < cl->size[1] - cl->end[1]; j++)
                for (int i = cl->start[0]; i < cl->size[0] - cl->end[0]; i++) {
                    ptrdiff_t at = adi_at(cl, i, j, k);
                    f(&cl->rhs[at], &cl->u[at]);
                }
    }
}

/* conserved -> characteristic variables for the x factor */
static void sp_txinvr(double *r, const double *u)
{
    struct sp_pt p;
    sp_derive(u, &p);
    double r1 = r[0], r2 = r[1], r3 = r[2], r4 = r[3], r5 = r[4];
    double uu = p.vel[0], vv = p.vel[1], ww = p.vel[2];
    double t1 = NSE_C2 * p.ainv * p.ainv * (p.qs * r1 - uu * r2 - vv * r3 - ww * r4 + r5);
    double t2 = sp_bt * p.ri * (uu * r1 - r2);
    double t3 = (sp_bt * p.ri * p.speed) * t1;
    r[0] = r1 - t1;
    r[1] = -p.ri * (ww * r1 - r4);
    r[2] = p.ri * (vv * r1 - r3);
    r[3] = -t2 + t3;
    r[4] = t2 + t3;
}

/* between the x and y factors */
static void sp_ninvr(double *r, const double *u)
{
    (void)u;
    double r1 = r[0], r2 = r[1], r3 = r[2], r4 = r[3], r5 = r[4];
    double t1 = sp_bt * r3, t2 = 0.5 * (r4 + r5);
    r[0] = -r2;
    r[1] = r1;
    r[2] = sp_bt * (r4 - r5);
    r[3] = -t1 + t2;
    r[4] = t1 + t2;
}

/* between the y and z factors */
static void sp_pinvr(double *r, const double *u)
{
    (void)u;
    double r1 = r[0], r2 = r[1], r3 = r[2], r4 = r[3], r5 = r[4];
    double t1 = sp_bt * r1, t2 = 0.5 * (r4 + r5);
    r[0] = sp_bt * (r4 - r5);
    r[1] = -r3;
    r[2] = r2;
    r[3] = -t1 + t2;
    r[4] = t1 + t2;
}

/* characteristic -> conserved variables after the z factor */
static void sp_tzetar(double *r, const double *u)
{
    struct sp_pt p;
    sp_derive(u, &p);
    double r1 = r[0], r2 = r[1], r3 = r[2], r4 = r[3], r5 = r[4];
    double xv = p.vel[0], yv = p.vel[1], zv = p.vel[2], ac2u = p.speed * p.speed;
    double btuz = sp_bt * u[0];
    double t1 = btuz * p.ainv * (r4 + r5), t2 = r3 + t1, t3 = btuz * (r4 - r5);
    r[0] = t2;
    r[1] = -u[0] * r2 + xv * t2;
    r[2] = u[0] * r1 + yv * t2;
    r[3] = zv * t2 + t3;
    r[4] = u[0] * (-xv * r2 + yv * r1) + p.qs * t2 + 2.5 * ac2u * t1 + zv * t3;
}

/* the five diagonals (offsets -2..+2) of the three systems at a point with global index g */
static void sp_lhs(const struct adi_state *s, int d, int g, const double *u, ptrdiff_t sd, double lhs[3][5])
{
    const double dt = s->dt, dtt1 = dt * s->t1[d], dtt2 = dt * s->t2[d], dd = s->dd[d];
    const double c3c4 = NSE_C3 * NSE_C4, con43 = 4.0 / 3.0, c1c5 = NSE_C1 * NSE_C5;
    struct sp_pt p[3];
    double rho[3];
    for (int o = 0; o < 3; o++) {
        sp_derive(u + (o - 1) * sd, &p[o]);
        double ru1 = c3c4 * p[o].ri;
        rho[o] = fmax(fmax(dd + con43 * ru1, dd + c1c5 * ru1), fmax(dd + ru1, dd));
    }
    double *L = lhs[0];
    L[0] = 0.0;
    L[1] = -dtt2 * p[0].vel[d] - dtt1 * rho[0];
    L[2] = 1.0 + 2.0 * dtt1 * rho[1];
    L[3] = dtt2 * p[2].vel[d] - dtt1 * rho[2];
    L[4] = 0.0;
    const double z1 = dt * s->dssp, z4 = 4.0 * z1, z5 = 5.0 * z1, z6 = 6.0 * z1;
    int n = s->n;
    if (g == 1) {
        L[2] += z5, L[3] -= z4, L[4] += z1;
    } else if (g == 2) {
        L[1] -= z4, L[2] += z6, L[3] -= z4, L[4] += z1;
    } else if (g == n - 3) {
        L[0] += z1, L[1] -= z4, L[2] += z6, L[3] -= z4;
    } else if (g == n - 2) {
        L[0] += z1, L[1] -= z4, L[2] += z5;
    } else {
        L[0] += z1, L[1] -= z4, L[2] += z6, L[3] -= z4, L[4] += z1;
    }
    for (int sys = 1; sys <= 2; sys++) {
        double sg = sys == 1 ? 1.0 : -1.0;
        memcpy(lhs[sys], L, 5 * sizeof(double));
        lhs[sys][1] -= sg * dtt2 * p[0].speed;
        lhs[sys][3] += sg * dtt2 * p[2].speed;
    }
}

/* the interior lines of a cell normal to axis d (as bt_solve.c) */
struct sp_lines {
    int d, e1, e2, lo1, hi1, lo2, hi2, lo, hi;
};

static struct sp_lines sp_lines_of(const struct adi_cell *cl, int d)
{
    struct sp_lines L = {.d = d, .e1 = (d + 1) % 3, .e2 = (d + 2) % 3};
    L.lo1 = cl->start[L.e1];
    L.hi1 = cl->size[L.e1] - cl->end[L.e1];
    L.lo2 = cl->start[L.e2];
    L.hi2 = cl->size[L.e2] - cl->end[L.e2];
    L.lo = cl->start[d];
    L.hi = cl->size[d] - cl->end[d];
    return L;
}

static ptrdiff_t sp_point(const struct adi_cell *cl, const struct sp_lines *L, int x, int y, int p, size_t *nidx)
{
    int idx[3];
    idx[L->d] = p;
    idx[L->e1] = x;
    idx[L->e2] = y;
    *nidx = (((size_t)idx[2] * cl->size[1] + idx[1]) * cl->size[0] + idx[0]) * 6;
    return adi_at(cl, idx[0], idx[1], idx[2]);
}

/* system of component m: 0 for m = 0,1,2; 1 for m = 3; 2 for m = 4 */
static int sp_sys(int m)
{
    return m < 3 ? 0 : m - 2;
}

/* Row of the forward elimination in message layout: d', e' of each system and r' of each component. */
struct sp_row {
    double de[3][2];
    double r[5];
};

static void sp_row_pack(double *o, const struct sp_row *w)
{
    for (int sys = 0; sys < 3; sys++) {
        o[0] = w->de[sys][0];
        o[1] = w->de[sys][1];
        o += 2;
    }
    memcpy(o, w->r, 5 * sizeof(double));
}

static void sp_row_unpack(struct sp_row *w, const double *o)
{
    for (int sys = 0; sys < 3; sys++) {
        w->de[sys][0] = o[0];
        w->de[sys][1] = o[1];
        o += 2;
    }
    memcpy(w->r, o, 5 * sizeof(double));
}

static void sp_sweep(struct adi_state *s, int d)
{
    MPI_Request sreq = MPI_REQUEST_NULL;
    MPI_Status st;
    for (int stage = 0; stage < s->q; stage++) {
        int ci = adi_cell_of_slab(s, d, stage);
        struct adi_cell *cl = &s->cell[ci];
        double *lhsn = s->lhs[ci];
        struct sp_lines L = sp_lines_of(cl, d);
        int nlines = (L.hi1 - L.lo1) * (L.hi2 - L.lo2);
        if (stage > 0)
            MPI_Recv(s->rbuf[0], nlines * SP_FWD_LINE, MPI_DOUBLE, s->pred[d], SP_TAG_FWD + d, MPI_COMM_WORLD, &st);
        MPI_Wait(&sreq, &st);
        ptrdiff_t sd = adi_stride(cl, d);
        int line = 0;
        for (int y = L.lo2; y < L.hi2; y++)
            for (int x = L.lo1; x < L.hi1; x++, line++) {
                struct sp_row prev[2]; /* prev[1] = row p-1, prev[0] = row p-2 */
                memset(prev, 0, sizeof prev);
                int have = 0;          /* how many previous rows exist */
                if (stage > 0) {
                    sp_row_unpack(&prev[0], &s->rbuf[0][(size_t)line * SP_FWD_LINE]);
                    sp_row_unpack(&prev[1], &s->rbuf[0][(size_t)line * SP_FWD_LINE + 11]);
                    have = 2;
                }
                for (int p = L.lo; p < L.hi; p++) {
                    size_t ni;
                    ptrdiff_t at = sp_point(cl, &L, x, y, p, &ni);
                    double lhs[3][5], *r = &cl->rhs[at];
                    sp_lhs(s, d, cl->low[d] + p, &cl->u[at], sd, lhs);
                    struct sp_row cur;
                    for (int sys = 0; sys < 3; sys++) {
                        double *a = lhs[sys];
                        if (have >= 2)
                            for (int m = 0; m < 5; m++)
                                if (sp_sys(m) == sys)
                                    r[m] -= a[0] * prev[0].r[m];
                        if (have >= 2) {
                            a[1] -= a[0] * prev[0].de[sys][0];
                            a[2] -= a[0] * prev[0].de[sys][1];
                        }
                        if (have >= 1) {
                            for (int m = 0; m < 5; m++)
                                if (sp_sys(m) == sys)
                                    r[m] -= a[1] * prev[1].r[m];
                            a[2] -= a[1] * prev[1].de[sys][0];
                            a[3] -= a[1] * prev[1].de[sys][1];
                        }
                        double fac = 1.0 / a[2];
                        cur.de[sys][0] = a[3] * fac;
                        cur.de[sys][1] = a[4] * fac;
                        for (int m = 0; m < 5; m++)
                            if (sp_sys(m) == sys)
                                r[m] *= fac;
                        lhsn[ni + 2 * sys] = cur.de[sys][0];
                        lhsn[ni + 2 * sys + 1] = cur.de[sys][1];
                    }
                    memcpy(cur.r, r, sizeof cur.r);
                    prev[0] = prev[1];
                    prev[1] = cur;
                    if (have < 2)
                        have++;
                }
                if (stage < s->q - 1) {
                    double *o = &s->sbuf[0][(size_t)line * SP_FWD_LINE];
                    sp_row_pack(o, &prev[0]);
                    sp_row_pack(o + 11, &prev[1]);
                }
            }
        if (stage < s->q - 1)
            MPI_Isend(s->sbuf[0], nlines * SP_FWD_LINE, MPI_DOUBLE, s->succ[d], SP_TAG_FWD + d, MPI_COMM_WORLD,
                      &sreq);
    }
    MPI_Wait(&sreq, &st);
    for (int stage = s->q - 1; stage >= 0; stage--) {
        int ci = adi_cell_of_slab(s, d, stage);
        struct adi_cell *cl = &s->cell[ci];
        const double *lhsn = s->lhs[ci];
        struct sp_lines L = sp_lines_of(cl, d);
        int nlines = (L.hi1 - L.lo1) * (L.hi2 - L.lo2);
        if (stage < s->q - 1)
            MPI_Recv(s->rbuf[1], nlines * SP_BWD_LINE, MPI_DOUBLE, s->succ[d], SP_TAG_BWD + d, MPI_COMM_WORLD, &st);
        MPI_Wait(&sreq, &st);
        int line = 0;
        for (int y = L.lo2; y < L.hi2; y++)
            for (int x = L.lo1; x < L.hi1; x++, line++) {
                double nx1[5] = {0, 0, 0, 0, 0}, nx2[5] = {0, 0, 0, 0, 0}; /* x(p+1), x(p+2) */
                if (stage < s->q - 1) {
                    memcpy(nx1, &s->rbuf[1][(size_t)line * SP_BWD_LINE], 5 * sizeof(double));
                    memcpy(nx2, &s->rbuf[1][(size_t)line * SP_BWD_LINE + 5], 5 * sizeof(double));
                }
                for (int p = L.hi - 1; p >= L.lo; p--) {
                    size_t ni;
                    ptrdiff_t at = sp_point(cl, &L, x, y, p, &ni);
                    double *r = &cl->rhs[at];
                    for (int m = 0; m < 5; m++) {
                        int sys = sp_sys(m);
                        r[m] -= lhsn[ni + 2 * sys] * nx1[m] + lhsn[ni + 2 * sys + 1] * nx2[m];
                    }
                    memcpy(nx2, nx1, sizeof nx1);
                    memcpy(nx1, r, sizeof nx1);
                }
                if (stage > 0) {
                    double *o = &s->sbuf[1][(size_t)line * SP_BWD_LINE];
                    memcpy(o, nx1, 5 * sizeof(double));
                    memcpy(o + 5, nx2, 5 * sizeof(double));
                }
            }
        if (stage > 0)
            MPI_Isend(s->sbuf[1], nlines * SP_BWD_LINE, MPI_DOUBLE, s->pred[d], SP_TAG_BWD + d, MPI_COMM_WORLD,
                      &sreq);
    }
    MPI_Wait(&sreq, &st);
}

static void sp_adi(struct adi_state *s)
{
    adi_copy_faces(s);
    adi_compute_rhs(s);
    sp_each_point(s, sp_txinvr);
    sp_sweep(s, 0);
    sp_each_point(s, sp_ninvr);
    sp_sweep(s, 1);
    sp_each_point(s, sp_pinvr);
    sp_sweep(s, 2);
    sp_each_point(s, sp_tzetar);
    adi_add(s);
}

static const struct adi_class sp_classes[] = {
    {'S', 12, 100, 0.015,
     {2.7470315451339479e-02, 1.0360746705285417e-02, 1.6235745065095532e-02, 1.5840557224455615e-02,
      3.4849040609362460e-02},
     {2.7289258557377227e-05, 1.0364446640837285e-05, 1.6154798287166471e-05, 1.5750704994480102e-05,
      3.4177666183390531e-05}},
    {'W', 36, 400, 0.0015,
     {0.1893253733584e-02, 0.1717075447775e-03, 0.2778153350936e-03, 0.2887475409984e-03, 0.3143611161242e-02},
     {0.7542088599534e-04, 0.6512852253086e-05, 0.1049092285688e-04, 0.1128838671535e-04, 0.1212845639773e-03}},
    {'A', 64, 400, 0.0015,
     {2.4799822399300195e+00, 1.1276337964368832e+00, 1.5028977888770491e+00, 1.4217816211695179e+00,
      2.1292113035138280e+00},
     {1.0900140297820550e-04, 3.7343951769282091e-05, 5.0092785406541633e-05, 4.7671093939528255e-05,
      1.3621613399213001e-04}},
};

static const struct adi_bench sp_bench = {
    .name = "SP",
    .classes = sp_classes,
    .nclasses = sizeof sp_classes / sizeof sp_classes[0],
    .lhs_per_point = 6,
    .fwd_per_line = SP_FWD_LINE,
    .step = sp_adi,
    .flops = {881.174, -4683.91, 11484.5},
    .flops0 = -19272.4,
};

int npb_sp(char cls)
{
    return adi_run(&sp_bench, cls);
}
