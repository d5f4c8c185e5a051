/* Shared Navier-Stokes pieces of LU, BT and SP (see nse.h). */
#include "nse.h"
#include <string.h>

/* u_m = sum_e ce[m][e] * term_e; terms 1, xi, eta, zeta, xi^2, eta^2, zeta^2, ... zeta^4
 * (NPB 3.4 setcoeff / set_constants, the same table in LU, BT and SP) */
static const double nse_ce[5][13] = {
    {2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3},
    {1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5},
    {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4},
    {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3},
    {5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2},
};

void nse_exact(double x, double y, double z, double ue[5])
{
    for (int m = 0; m < 5; m++) {
        const double *c = nse_ce[m];
        ue[m] = c[0] + x * (c[1] + x * (c[4] + x * (c[7] + x * c[10]))) +
                y * (c[2] + y * (c[5] + y * (c[8] + y * c[11]))) +
                z * (c[3] + z * (c[6] + z * (c[9] + z * c[12])));
    }
}

void nse_jac_visc(nse_blk N, const double *q, int d)
{
    const double r43 = 4.0 / 3.0, c34 = NSE_C3 * NSE_C4, c1345 = NSE_C1 * NSE_C3 * NSE_C4 * NSE_C5;
    double t1 = 1.0 / q[0], t2 = t1 * t1, t3 = t1 * t2;
    memset(N, 0, sizeof(nse_blk));
    N[4][0] = -c1345 * t2 * q[4];
    for (int m = 1; m <= 3; m++) {
        double f = (m == d + 1 ? r43 : 1.0) * c34;
        N[m][0] = -f * t2 * q[m];
        N[m][m] = f * t1;
        N[4][0] -= (f - c1345) * t3 * q[m] * q[m];
        N[4][m] = (f - c1345) * t2 * q[m];
    }
    N[4][4] = c1345 * t1;
}

void nse_jac_invisc(nse_blk A, const double *q, int d)
{
    const int n = d + 1;
    double t1 = 1.0 / q[0], t2 = t1 * t1;
    double sq = q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    memset(A, 0, sizeof(nse_blk));
    A[0][n] = 1.0;
    for (int m = 1; m <= 3; m++) {
        if (m == n) {
            A[n][0] = -(q[n] * t1) * (q[n] * t1) + NSE_C2 * 0.5 * sq * t2;
            A[n][n] = (2.0 - NSE_C2) * (q[n] * t1);
            A[n][4] = NSE_C2;
            A[4][n] = NSE_C1 * (q[4] * t1) - 0.5 * NSE_C2 * (sq + 2.0 * q[n] * q[n]) * t2;
        } else {
            A[n][m] = -NSE_C2 * (q[m] * t1);
            A[m][0] = -(q[m] * q[n]) * t2;
            A[m][m] = q[n] * t1;
            A[m][n] = q[m] * t1;
            A[4][m] = -NSE_C2 * (q[m] * q[n]) * t2;
        }
    }
    A[4][0] = (NSE_C2 * sq * t2 - NSE_C1 * (q[4] * t1)) * (q[n] * t1);
    A[4][4] = NSE_C1 * (q[n] * t1);
}

void nse_gemv(double *x, double f, const nse_blk M, const double *y)
{
    for (int r = 0; r < 5; r++) {
        double acc = 0.0;
        for (int c = 0; c < 5; c++)
            acc += M[r][c] * y[c];
        x[r] += f * acc;
    }
}

void nse_block_solve(nse_blk B, nse_blk C, double *r)
{
    for (int p = 0; p < 5; p++) {
        double inv = 1.0 / B[p][p];
        for (int row = p + 1; row < 5; row++) {
            double f = inv * B[row][p];
            for (int c = p + 1; c < 5; c++)
                B[row][c] -= f * B[p][c];
            if (C)
                for (int c = 0; c < 5; c++)
                    C[row][c] -= f * C[p][c];
            r[row] -= f * r[p];
        }
    }
    for (int row = 4; row >= 0; row--) {
        double inv = 1.0 / B[row][row];
        for (int c = row + 1; c < 5; c++) {
            r[row] -= B[row][c] * r[c];
            if (C)
                for (int k = 0; k < 5; k++)
                    C[row][k] -= B[row][c] * C[c][k];
        }
        r[row] *= inv;
        if (C)
            for (int k = 0; k < 5; k++)
                C[row][k] *= inv;
    }
}

void nse_lhs_off(nse_blk M, const double *q, int d, double a, double b, double dd)
{
    nse_blk A, N;
    nse_jac_invisc(A, q, d);
    nse_jac_visc(N, q, d);
    for (int r = 0; r < 5; r++) {
        for (int c = 0; c < 5; c++)
            M[r][c] = a * A[r][c] + b * N[r][c];
        M[r][r] += b * dd;
    }
}

void nse_lhs_diag_add(nse_blk D, const double *q, int d, double f, double dd)
{
    nse_blk N;
    nse_jac_visc(N, q, d);
    for (int r = 0; r < 5; r++) {
        for (int c = 0; c < 5; c++)
            D[r][c] += f * N[r][c];
        D[r][r] += f * dd;
    }
}
