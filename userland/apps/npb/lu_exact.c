/* NPB LU: the prescribed exact solution on LU's grid (nse.c), the boundary values and the transfinite-interpolated initial
 * field built from it, the RMS norm of the solution error and the surface
 * integral of the pressure-like quantity used as the third verification
 * value. */
#include "lu_int.h"
#include "nse.h"
#include "npb.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void lu_exact(const struct lu_state *s, int ig, int jg, int k, double ue[5])
{
    nse_exact((double)(ig - 1) / (s->nx0 - 1), (double)(jg - 1) / (s->ny0 - 1), (double)(k - 1) / (s->nz - 1), ue);
}

/* boundary faces of the global cube take the exact solution */
void lu_setbv(struct lu_state *s)
{
    for (int j = 1; j <= s->ny; j++)
        for (int i = 1; i <= s->nx; i++) {
            lu_exact(s, s->ipt + i, s->jpt + j, 1, &s->u[lu_at(s, i, j, 1)]);
            lu_exact(s, s->ipt + i, s->jpt + j, s->nz, &s->u[lu_at(s, i, j, s->nz)]);
        }
    for (int k = 1; k <= s->nz; k++) {
        for (int i = 1; i <= s->nx; i++) {
            if (s->west < 0)
                lu_exact(s, s->ipt + i, 1, k, &s->u[lu_at(s, i, 1, k)]);
            if (s->east < 0)
                lu_exact(s, s->ipt + i, s->ny0, k, &s->u[lu_at(s, i, s->ny, k)]);
        }
        for (int j = 1; j <= s->ny; j++) {
            if (s->north < 0)
                lu_exact(s, 1, s->jpt + j, k, &s->u[lu_at(s, 1, j, k)]);
            if (s->south < 0)
                lu_exact(s, s->nx0, s->jpt + j, k, &s->u[lu_at(s, s->nx, j, k)]);
        }
    }
}

/* interior: tri-linear (transfinite) blend of the six face values */
void lu_setiv(struct lu_state *s)
{
    for (int k = 2; k <= s->nz - 1; k++) {
        double z = (double)(k - 1) / (s->nz - 1);
        for (int j = 1; j <= s->ny; j++) {
            int jg = s->jpt + j;
            if (jg == 1 || jg == s->ny0)
                continue;
            double y = (double)(jg - 1) / (s->ny0 - 1);
            for (int i = 1; i <= s->nx; i++) {
                int ig = s->ipt + i;
                if (ig == 1 || ig == s->nx0)
                    continue;
                double x = (double)(ig - 1) / (s->nx0 - 1);
                double ex0[5], ex1[5], ey0[5], ey1[5], ez0[5], ez1[5];
                lu_exact(s, 1, jg, k, ex0);
                lu_exact(s, s->nx0, jg, k, ex1);
                lu_exact(s, ig, 1, k, ey0);
                lu_exact(s, ig, s->ny0, k, ey1);
                lu_exact(s, ig, jg, 1, ez0);
                lu_exact(s, ig, jg, s->nz, ez1);
                double *u = &s->u[lu_at(s, i, j, k)];
                for (int m = 0; m < LU_NV; m++) {
                    double px = (1.0 - x) * ex0[m] + x * ex1[m];
                    double py = (1.0 - y) * ey0[m] + y * ey1[m];
                    double pz = (1.0 - z) * ez0[m] + z * ez1[m];
                    u[m] = px + py + pz - px * py - py * pz - pz * px + px * py * pz;
                }
            }
        }
    }
}

void lu_error(struct lu_state *s)
{
    double loc[5] = {0, 0, 0, 0, 0};
    for (int k = 2; k <= s->nz - 1; k++)
        for (int j = s->jst; j <= s->jend; j++)
            for (int i = s->ist; i <= s->iend; i++) {
                double ue[5];
                lu_exact(s, s->ipt + i, s->jpt + j, k, ue);
                const double *u = &s->u[lu_at(s, i, j, k)];
                for (int m = 0; m < LU_NV; m++)
                    loc[m] += (ue[m] - u[m]) * (ue[m] - u[m]);
            }
    MPI_Allreduce(loc, s->errnm, 5, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double pts = (double)(s->nx0 - 2) * (s->ny0 - 2) * (s->nz0 - 2);
    for (int m = 0; m < LU_NV; m++)
        s->errnm[m] = sqrt(s->errnm[m] / pts);
}

static double lu_phi(const double *u)
{
    return NSE_C2 * (u[4] - 0.5 * (u[1] * u[1] + u[2] * u[2] + u[3] * u[3]) / u[0]);
}

/* trapezoid-like sum over cells of a face: the 4 corners of each cell, faces a and b */
static double lu_face_sum(const double *a, const double *b, int ld, int p0, int p1, int q0, int q1)
{
    double sum = 0.0;
    for (int q = q0; q < q1; q++)
        for (int p = p0; p < p1; p++) {
#define F(x, pp, qq) (x)[(size_t)(qq) * ld + (pp)]
            sum += F(a, p, q) + F(a, p + 1, q) + F(a, p, q + 1) + F(a, p + 1, q + 1) + F(b, p, q) +
                   F(b, p + 1, q) + F(b, p, q + 1) + F(b, p + 1, q + 1);
#undef F
        }
    return sum;
}

/* Surface integral over the box [ii1,ii2] x [ji1,ji2] x [ki1,ki2] (global indices of
 * the reference: 2..nx0-1, 2..ny0-2, 3..nz0-1).  Each rank writes the face points it
 * owns into global face arrays, one Allreduce sums them, every rank integrates. */
void lu_pintgr(struct lu_state *s)
{
    int nx0 = s->nx0, ny0 = s->ny0, nz0 = s->nz0;
    int ii1 = 2, ii2 = nx0 - 1, ji1 = 2, ji2 = ny0 - 2, ki1 = 3, ki2 = nz0 - 1;
    size_t fxy = (size_t)(nx0 + 1) * (ny0 + 1), fxz = (size_t)(nx0 + 1) * (nz0 + 1),
           fyz = (size_t)(ny0 + 1) * (nz0 + 1);
    size_t tot = 2 * (fxy + fxz + fyz);
    double *loc = calloc(tot, sizeof(double)), *all = malloc(tot * sizeof(double));
    if (!loc || !all) {
        free(loc);
        free(all);
        s->frc = NAN;
        return;
    }
    double *xy1 = loc, *xy2 = xy1 + fxy, *xz1 = xy2 + fxy, *xz2 = xz1 + fxz, *yz1 = xz2 + fxz,
           *yz2 = yz1 + fyz;
    for (int j = 1; j <= s->ny; j++)
        for (int i = 1; i <= s->nx; i++) {
            int ig = s->ipt + i, jg = s->jpt + j;
            int in_i = ig >= ii1 && ig <= ii2, in_j = jg >= ji1 && jg <= ji2;
            if (in_i && in_j) {
                xy1[(size_t)jg * (nx0 + 1) + ig] = lu_phi(&s->u[lu_at(s, i, j, ki1)]);
                xy2[(size_t)jg * (nx0 + 1) + ig] = lu_phi(&s->u[lu_at(s, i, j, ki2)]);
            }
            for (int k = ki1; k <= ki2; k++) {
                if (in_i && jg == ji1)
                    xz1[(size_t)k * (nx0 + 1) + ig] = lu_phi(&s->u[lu_at(s, i, j, k)]);
                if (in_i && jg == ji2)
                    xz2[(size_t)k * (nx0 + 1) + ig] = lu_phi(&s->u[lu_at(s, i, j, k)]);
                if (in_j && ig == ii1)
                    yz1[(size_t)k * (ny0 + 1) + jg] = lu_phi(&s->u[lu_at(s, i, j, k)]);
                if (in_j && ig == ii2)
                    yz2[(size_t)k * (ny0 + 1) + jg] = lu_phi(&s->u[lu_at(s, i, j, k)]);
            }
        }
    MPI_Allreduce(loc, all, (int)tot, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    xy1 = all, xy2 = xy1 + fxy, xz1 = xy2 + fxy, xz2 = xz1 + fxz, yz1 = xz2 + fxz, yz2 = yz1 + fyz;
    double dxi = 1.0 / (nx0 - 1), deta = 1.0 / (ny0 - 1), dzeta = 1.0 / (nz0 - 1);
    double frc1 = dxi * deta * lu_face_sum(xy1, xy2, nx0 + 1, ii1, ii2, ji1, ji2);
    double frc2 = dxi * dzeta * lu_face_sum(xz1, xz2, nx0 + 1, ii1, ii2, ki1, ki2);
    double frc3 = deta * dzeta * lu_face_sum(yz1, yz2, ny0 + 1, ji1, ji2, ki1, ki2);
    s->frc = 0.25 * (frc1 + frc2 + frc3);
    free(loc);
    free(all);
}
