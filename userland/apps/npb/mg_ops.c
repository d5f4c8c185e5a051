/* NPB MG stencil operators (NPB 1.0 report sec 2.3 "MG"): residual r = v - A u,
 * smoother u = u + C r, full-weighting restriction (rprj3) and trilinear
 * prolongation (interp).  A and C are 27-point stencils given by 4 coefficients
 * (centre, face, edge, corner); a[1] = 0 and c[3] = 0 for the NPB classes, so
 * those terms are skipped as the reference does.  Partial sums along x lines
 * (u1/u2, r1/r2, x1/y1, z1/z2/z3) follow the reference operation order.
 * Coarse point j of a box sits on fine point 2j (ghost layers included). */
#include "mg_int.h"

void mg_resid(const double *u, const double *v, double *r, const int m[3], const double a[4])
{
    double u1[m[0]], u2[m[0]];
    for (int i3 = 1; i3 < m[2] - 1; i3++)
        for (int i2 = 1; i2 < m[1] - 1; i2++) {
            for (int i1 = 0; i1 < m[0]; i1++) {
                u1[i1] = u[MG_AT(m, i1, i2 - 1, i3)] + u[MG_AT(m, i1, i2 + 1, i3)] +
                         u[MG_AT(m, i1, i2, i3 - 1)] + u[MG_AT(m, i1, i2, i3 + 1)];
                u2[i1] = u[MG_AT(m, i1, i2 - 1, i3 - 1)] + u[MG_AT(m, i1, i2 + 1, i3 - 1)] +
                         u[MG_AT(m, i1, i2 - 1, i3 + 1)] + u[MG_AT(m, i1, i2 + 1, i3 + 1)];
            }
            for (int i1 = 1; i1 < m[0] - 1; i1++) {
                size_t p = MG_AT(m, i1, i2, i3);
                r[p] = v[p] - a[0] * u[p] - a[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]) -
                       a[3] * (u2[i1 - 1] + u2[i1 + 1]);
            }
        }
}

void mg_psinv(const double *r, double *u, const int m[3], const double c[4])
{
    double r1[m[0]], r2[m[0]];
    for (int i3 = 1; i3 < m[2] - 1; i3++)
        for (int i2 = 1; i2 < m[1] - 1; i2++) {
            for (int i1 = 0; i1 < m[0]; i1++) {
                r1[i1] = r[MG_AT(m, i1, i2 - 1, i3)] + r[MG_AT(m, i1, i2 + 1, i3)] +
                         r[MG_AT(m, i1, i2, i3 - 1)] + r[MG_AT(m, i1, i2, i3 + 1)];
                r2[i1] = r[MG_AT(m, i1, i2 - 1, i3 - 1)] + r[MG_AT(m, i1, i2 + 1, i3 - 1)] +
                         r[MG_AT(m, i1, i2 - 1, i3 + 1)] + r[MG_AT(m, i1, i2 + 1, i3 + 1)];
            }
            for (int i1 = 1; i1 < m[0] - 1; i1++) {
                size_t p = MG_AT(m, i1, i2, i3);
                u[p] = u[p] + c[0] * r[p] + c[1] * (r[p - 1] + r[p + 1] + r1[i1]) +
                       c[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
            }
        }
}

void mg_rprj3(const double *r, const int mk[3], double *s, const int mj[3])
{
    double x1[mk[0]], y1[mk[0]];
    for (int j3 = 1; j3 < mj[2] - 1; j3++) {
        int i3 = 2 * j3;
        for (int j2 = 1; j2 < mj[1] - 1; j2++) {
            int i2 = 2 * j2;
            for (int j1 = 1; j1 < mj[0]; j1++) {
                int i1 = 2 * j1 - 1;
                x1[i1] = r[MG_AT(mk, i1, i2 - 1, i3)] + r[MG_AT(mk, i1, i2 + 1, i3)] +
                         r[MG_AT(mk, i1, i2, i3 - 1)] + r[MG_AT(mk, i1, i2, i3 + 1)];
                y1[i1] = r[MG_AT(mk, i1, i2 - 1, i3 - 1)] + r[MG_AT(mk, i1, i2 - 1, i3 + 1)] +
                         r[MG_AT(mk, i1, i2 + 1, i3 - 1)] + r[MG_AT(mk, i1, i2 + 1, i3 + 1)];
            }
            for (int j1 = 1; j1 < mj[0] - 1; j1++) {
                int i1 = 2 * j1;
                double y2 = r[MG_AT(mk, i1, i2 - 1, i3 - 1)] + r[MG_AT(mk, i1, i2 - 1, i3 + 1)] +
                            r[MG_AT(mk, i1, i2 + 1, i3 - 1)] + r[MG_AT(mk, i1, i2 + 1, i3 + 1)];
                double x2 = r[MG_AT(mk, i1, i2 - 1, i3)] + r[MG_AT(mk, i1, i2 + 1, i3)] +
                            r[MG_AT(mk, i1, i2, i3 - 1)] + r[MG_AT(mk, i1, i2, i3 + 1)];
                size_t p = MG_AT(mk, i1, i2, i3);
                s[MG_AT(mj, j1, j2, j3)] = 0.5 * r[p] + 0.25 * (r[p - 1] + r[p + 1] + x2) +
                                           0.125 * (x1[i1 - 1] + x1[i1 + 1] + y2) +
                                           0.0625 * (y1[i1 - 1] + y1[i1 + 1]);
            }
        }
    }
}

void mg_interp(const double *z, const int mm[3], double *u, const int n[3])
{
    double z1[mm[0]], z2[mm[0]], z3[mm[0]];
    for (int i3 = 0; i3 < mm[2] - 1; i3++)
        for (int i2 = 0; i2 < mm[1] - 1; i2++) {
            for (int i1 = 0; i1 < mm[0]; i1++) {
                z1[i1] = z[MG_AT(mm, i1, i2 + 1, i3)] + z[MG_AT(mm, i1, i2, i3)];
                z2[i1] = z[MG_AT(mm, i1, i2, i3 + 1)] + z[MG_AT(mm, i1, i2, i3)];
                z3[i1] = z[MG_AT(mm, i1, i2 + 1, i3 + 1)] + z[MG_AT(mm, i1, i2, i3 + 1)] + z1[i1];
            }
            for (int i1 = 0; i1 < mm[0] - 1; i1++) {
                double zc = z[MG_AT(mm, i1, i2, i3)], zn = z[MG_AT(mm, i1 + 1, i2, i3)];
                u[MG_AT(n, 2 * i1, 2 * i2, 2 * i3)] += zc;
                u[MG_AT(n, 2 * i1 + 1, 2 * i2, 2 * i3)] += 0.5 * (zn + zc);
            }
            for (int i1 = 0; i1 < mm[0] - 1; i1++) {
                u[MG_AT(n, 2 * i1, 2 * i2 + 1, 2 * i3)] += 0.5 * z1[i1];
                u[MG_AT(n, 2 * i1 + 1, 2 * i2 + 1, 2 * i3)] += 0.25 * (z1[i1] + z1[i1 + 1]);
            }
            for (int i1 = 0; i1 < mm[0] - 1; i1++) {
                u[MG_AT(n, 2 * i1, 2 * i2, 2 * i3 + 1)] += 0.5 * z2[i1];
                u[MG_AT(n, 2 * i1 + 1, 2 * i2, 2 * i3 + 1)] += 0.25 * (z2[i1] + z2[i1 + 1]);
            }
            for (int i1 = 0; i1 < mm[0] - 1; i1++) {
                u[MG_AT(n, 2 * i1, 2 * i2 + 1, 2 * i3 + 1)] += 0.25 * z3[i1];
                u[MG_AT(n, 2 * i1 + 1, 2 * i2 + 1, 2 * i3 + 1)] += 0.125 * (z3[i1] + z3[i1 + 1]);
            }
        }
}
