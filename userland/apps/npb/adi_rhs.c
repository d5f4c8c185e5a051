/* NPB BT/SP right-hand side (NAS-95-020 sec. 3, the discretisation shared
 * by BT and SP): per axis the central difference of the inviscid flux, the
 * viscous terms in primitive variables, second-difference damping and the
 * fourth-difference dissipation (one-sided at the two points next to the
 * boundary), plus the forcing; the result is multiplied by dt.  The forcing
 * is the negated same operator (in the reference's algebraic form) applied
 * to the exact solution. */
#include "adi_int.h"
#include "nse.h"
#include "npb.h"

enum { SC_RHO, SC_US, SC_VS, SC_WS, SC_SQ, SC_QS, SC_N };

/* fourth-difference dissipation stencil for global point g on an n-point axis,
 * applied to w at offsets -2..2 (w[o + 2]) */
static double adi_diss(int g, int n, const double w[5])
{
    if (g == 1)
        return 5.0 * w[2] - 4.0 * w[3] + w[4];
    if (g == 2)
        return -4.0 * w[1] + 6.0 * w[2] - 4.0 * w[3] + w[4];
    if (g == n - 3)
        return w[0] - 4.0 * w[1] + 6.0 * w[2] - 4.0 * w[3];
    if (g == n - 2)
        return w[0] - 4.0 * w[1] + 5.0 * w[2];
    return w[0] - 4.0 * w[1] + 6.0 * w[2] - 4.0 * w[3] + w[4];
}

void adi_exact_rhs(struct adi_state *s)
{
    const double c1 = NSE_C1, c2 = NSE_C2, con43 = 4.0 / 3.0, con16 = 1.0 / 6.0;
    const double conz1 = 1.0 - NSE_C1 * NSE_C5, c1c5 = NSE_C1 * NSE_C5, h = 1.0 / (s->n - 1);
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        size_t pts = adi_cell_points(cl);
        for (size_t i = 0; i < pts * ADI_NV; i++)
            cl->forcing[i] = 0.0;
        for (int k = cl->start[2]; k < cl->size[2] - cl->end[2]; k++)
            for (int j = cl->start[1]; j < cl->size[1] - cl->end[1]; j++)
                for (int i = cl->start[0]; i < cl->size[0] - cl->end[0]; i++) {
                    double *f = &cl->forcing[adi_at(cl, i, j, k)];
                    int g0[3] = {cl->low[0] + i, cl->low[1] + j, cl->low[2] + k};
                    for (int d = 0; d < 3; d++) {
                        const int n = d + 1;
                        const double t1 = s->t1[d], t2 = s->t2[d], dd = s->dd[d], con2 = s->con2[d];
                        double ue[5][5], buf[5][5], cuf[5], q[5];
                        for (int o = 0; o < 5; o++) {
                            int g[3] = {g0[0], g0[1], g0[2]};
                            g[d] += o - 2;
                            nse_exact(g[0] * h, g[1] * h, g[2] * h, ue[o]);
                            for (int m = 1; m < 5; m++)
                                buf[o][m] = ue[o][m] / ue[o][0];
                            cuf[o] = buf[o][n] * buf[o][n];
                            buf[o][0] = buf[o][1] * buf[o][1] + buf[o][2] * buf[o][2] + buf[o][3] * buf[o][3];
                            q[o] = 0.5 * (buf[o][1] * ue[o][1] + buf[o][2] * ue[o][2] + buf[o][3] * ue[o][3]);
                        }
#define D2(a) ((a)[3] - 2.0 * (a)[2] + (a)[1])
#define D2M(a, m) ((a)[3][m] - 2.0 * (a)[2][m] + (a)[1][m])
                        double bn[5] = {buf[0][n], buf[1][n], buf[2][n], buf[3][n], buf[4][n]};
                        f[0] += -t2 * (ue[3][n] - ue[1][n]) + dd * t1 * D2M(ue, 0);
                        for (int m = 1; m <= 3; m++) {
                            if (m == n)
                                f[m] += -t2 * ((ue[3][n] * bn[3] + c2 * (ue[3][4] - q[3])) -
                                               (ue[1][n] * bn[1] + c2 * (ue[1][4] - q[1]))) +
                                        con2 * con43 * D2M(buf, n) + dd * t1 * D2M(ue, n);
                            else
                                f[m] += -t2 * (ue[3][m] * bn[3] - ue[1][m] * bn[1]) + con2 * D2M(buf, m) +
                                        dd * t1 * D2M(ue, m);
                        }
                        f[4] += -t2 * (bn[3] * (c1 * ue[3][4] - c2 * q[3]) - bn[1] * (c1 * ue[1][4] - c2 * q[1])) +
                                0.5 * con2 * conz1 * D2M(buf, 0) + con2 * con16 * D2(cuf) +
                                con2 * c1c5 * D2M(buf, 4) + dd * t1 * D2M(ue, 4);
                        for (int m = 0; m < ADI_NV; m++) {
                            double w[5] = {ue[0][m], ue[1][m], ue[2][m], ue[3][m], ue[4][m]};
                            f[m] -= s->dssp * adi_diss(g0[d], s->n, w);
                        }
#undef D2
#undef D2M
                    }
                    for (int m = 0; m < ADI_NV; m++)
                        f[m] = -f[m];
                }
    }
}

void adi_compute_rhs(struct adi_state *s)
{
    const double c1 = NSE_C1, c2 = NSE_C2, con43 = 4.0 / 3.0, con16 = 1.0 / 6.0;
    const double conz1 = 1.0 - NSE_C1 * NSE_C5, c1c5 = NSE_C1 * NSE_C5;
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        double *sc = s->scratch;
        /* derived quantities on the cell and one ghost layer */
        for (int k = -1; k <= cl->size[2]; k++)
            for (int j = -1; j <= cl->size[1]; j++)
                for (int i = -1; i <= cl->size[0]; i++) {
                    ptrdiff_t at = adi_at(cl, i, j, k);
                    const double *u = &cl->u[at];
                    double *x = &sc[at / ADI_NV * SC_N];
                    double ri = 1.0 / u[0];
                    x[SC_RHO] = ri;
                    x[SC_US] = u[1] * ri;
                    x[SC_VS] = u[2] * ri;
                    x[SC_WS] = u[3] * ri;
                    x[SC_SQ] = 0.5 * (u[1] * u[1] + u[2] * u[2] + u[3] * u[3]) * ri;
                    x[SC_QS] = x[SC_SQ] * ri;
                }
        for (int k = 0; k < cl->size[2]; k++)
            for (int j = 0; j < cl->size[1]; j++)
                for (int i = 0; i < cl->size[0]; i++) {
                    ptrdiff_t at = adi_at(cl, i, j, k);
                    for (int m = 0; m < ADI_NV; m++)
                        cl->rhs[at + m] = cl->forcing[at + m];
                }
        for (int k = cl->start[2]; k < cl->size[2] - cl->end[2]; k++)
            for (int j = cl->start[1]; j < cl->size[1] - cl->end[1]; j++)
                for (int i = cl->start[0]; i < cl->size[0] - cl->end[0]; i++) {
                    ptrdiff_t at = adi_at(cl, i, j, k);
                    double *r = &cl->rhs[at];
                    int g0[3] = {cl->low[0] + i, cl->low[1] + j, cl->low[2] + k};
                    for (int d = 0; d < 3; d++) {
                        const int n = d + 1;
                        const double t1 = s->t1[d], t2 = s->t2[d], dd = s->dd[d], con2 = s->con2[d];
                        ptrdiff_t st = adi_stride(cl, d), xs = st / ADI_NV * SC_N;
                        const double *U = &cl->u[at], *Up = U + st, *Um = U - st;
                        const double *X = &sc[at / ADI_NV * SC_N], *Xp = X + xs, *Xm = X - xs;
                        double vn = X[SC_US + d], vp = Xp[SC_US + d], vm = Xm[SC_US + d];
                        r[0] += dd * t1 * (Up[0] - 2.0 * U[0] + Um[0]) - t2 * (Up[n] - Um[n]);
                        for (int m = 1; m <= 3; m++) {
                            double visc = (m == n ? con43 : 1.0) * con2 *
                                          (Xp[SC_US + m - 1] - 2.0 * X[SC_US + m - 1] + Xm[SC_US + m - 1]);
                            double conv = Up[m] * vp - Um[m] * vm;
                            if (m == n)
                                conv += (Up[4] - Xp[SC_SQ] - Um[4] + Xm[SC_SQ]) * c2;
                            r[m] += dd * t1 * (Up[m] - 2.0 * U[m] + Um[m]) + visc - t2 * conv;
                        }
                        r[4] += dd * t1 * (Up[4] - 2.0 * U[4] + Um[4]) +
                                con2 * conz1 * (Xp[SC_QS] - 2.0 * X[SC_QS] + Xm[SC_QS]) +
                                con2 * con16 * (vp * vp - 2.0 * vn * vn + vm * vm) +
                                con2 * c1c5 * (Up[4] * Xp[SC_RHO] - 2.0 * U[4] * X[SC_RHO] + Um[4] * Xm[SC_RHO]) -
                                t2 * ((c1 * Up[4] - c2 * Xp[SC_SQ]) * vp - (c1 * Um[4] - c2 * Xm[SC_SQ]) * vm);
                        for (int m = 0; m < ADI_NV; m++) {
                            double w[5] = {U[m - 2 * st], Um[m], U[m], Up[m], U[m + 2 * st]};
                            r[m] -= s->dssp * adi_diss(g0[d], s->n, w);
                        }
                    }
                }
        for (int k = cl->start[2]; k < cl->size[2] - cl->end[2]; k++)
            for (int j = cl->start[1]; j < cl->size[1] - cl->end[1]; j++)
                for (int i = cl->start[0]; i < cl->size[0] - cl->end[0]; i++) {
                    ptrdiff_t at = adi_at(cl, i, j, k);
                    for (int m = 0; m < ADI_NV; m++)
                        cl->rhs[at + m] *= s->dt;
                }
    }
}
