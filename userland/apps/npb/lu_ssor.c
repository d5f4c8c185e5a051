/* NPB LU: the symmetric successive over-relaxation step (NAS-95-020 "LU"):
 * the 5x5 block Jacobians of the flux terms at each point, the block lower
 * triangular solve swept through the k planes (each plane a wavefront over
 * the 2-D process grid: receive one line from north and west, solve, send one
 * line to south and east), the block upper triangular solve swept back the
 * other way, and the update u += rsd / (omega (2 - omega)).  The messages per
 * plane are as small as in the MPI reference (exchange_1): one line of 5
 * doubles per point. */
#include "lu_int.h"
#include "nse.h"
#include "npb.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define LU_TAG_WAVE 300 /* + 0 x-forward, 1 y-forward, 2 x-backward, 3 y-backward */
#define LU_TOLRSD 1e-8  /* steady-state residual tolerance (NPB default) */

/* diagonal block at state q: I + sum over the axes of 2 dt t1 (N + damping) */
static void lu_diag(const struct lu_state *s, nse_blk D, const double *q)
{
    memset(D, 0, sizeof(nse_blk));
    for (int r = 0; r < 5; r++)
        D[r][r] = 1.0;
    for (int d = 0; d < 3; d++)
        nse_lhs_diag_add(D, q, d, 2.0 * s->dt * s->t1[d], s->dcoef[d]);
}

/* off-diagonal block coupling to the neighbour with state q along axis d;
 * sign -1 for the lower (i-1, j-1, k-1) and +1 for the upper neighbour */
static void lu_offdiag(const struct lu_state *s, nse_blk M, const double *q, int d, double sign)
{
    nse_lhs_off(M, q, d, sign * s->dt * s->t2[d], -s->dt * s->t1[d], s->dcoef[d]);
}

/* one line of the wavefront message: x-lines (fixed i, all j) or y-lines (fixed j, all i) of plane k */
static void lu_wave_io(struct lu_state *s, int k, int axis, int pos, int peer, int tag, int recv)
{
    int lo = axis == 0 ? s->jst : s->ist, hi = axis == 0 ? s->jend : s->iend;
    int cnt = (hi - lo + 1) * LU_NV;
    if (recv)
        MPI_Recv(s->wbuf, cnt, MPI_DOUBLE, peer, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int o = lo; o <= hi; o++) {
        ptrdiff_t at = axis == 0 ? lu_at(s, pos, o, k) : lu_at(s, o, pos, k);
        double *b = &s->wbuf[(o - lo) * LU_NV];
        if (recv)
            memcpy(&s->rsd[at], b, LU_NV * sizeof(double));
        else
            memcpy(b, &s->rsd[at], LU_NV * sizeof(double));
    }
    if (!recv)
        MPI_Send(s->wbuf, cnt, MPI_DOUBLE, peer, tag, MPI_COMM_WORLD);
}

/* block lower triangular solve of plane k: v <- (L)^-1 v */
static void lu_blts(struct lu_state *s, int k)
{
    if (s->north >= 0)
        lu_wave_io(s, k, 0, 0, s->north, LU_TAG_WAVE + 0, 1);
    if (s->west >= 0)
        lu_wave_io(s, k, 1, 0, s->west, LU_TAG_WAVE + 1, 1);
    ptrdiff_t di = LU_NV, dj = (ptrdiff_t)(s->nx + 4) * LU_NV, dk = dj * (s->ny + 4);
    double *u = s->u, *v = s->rsd;
    for (int j = s->jst; j <= s->jend; j++)
        for (int i = s->ist; i <= s->iend; i++) {
            ptrdiff_t at = lu_at(s, i, j, k);
            nse_blk D, M;
            lu_offdiag(s, M, &u[at - dk], 2, -1.0);
            nse_gemv(&v[at], -s->omega, M, &v[at - dk]);
            lu_offdiag(s, M, &u[at - dj], 1, -1.0);
            nse_gemv(&v[at], -s->omega, M, &v[at - dj]);
            lu_offdiag(s, M, &u[at - di], 0, -1.0);
            nse_gemv(&v[at], -s->omega, M, &v[at - di]);
            lu_diag(s, D, &u[at]);
            nse_block_solve(D, NULL, &v[at]);
        }
    if (s->south >= 0)
        lu_wave_io(s, k, 0, s->nx, s->south, LU_TAG_WAVE + 0, 0);
    if (s->east >= 0)
        lu_wave_io(s, k, 1, s->ny, s->east, LU_TAG_WAVE + 1, 0);
}

/* block upper triangular solve of plane k: v <- (U)^-1 v */
static void lu_buts(struct lu_state *s, int k)
{
    if (s->south >= 0)
        lu_wave_io(s, k, 0, s->nx + 1, s->south, LU_TAG_WAVE + 2, 1);
    if (s->east >= 0)
        lu_wave_io(s, k, 1, s->ny + 1, s->east, LU_TAG_WAVE + 3, 1);
    ptrdiff_t di = LU_NV, dj = (ptrdiff_t)(s->nx + 4) * LU_NV, dk = dj * (s->ny + 4);
    double *u = s->u, *v = s->rsd;
    for (int j = s->jend; j >= s->jst; j--)
        for (int i = s->iend; i >= s->ist; i--) {
            ptrdiff_t at = lu_at(s, i, j, k);
            nse_blk D, M;
            double tv[5] = {0, 0, 0, 0, 0};
            lu_offdiag(s, M, &u[at + dk], 2, 1.0);
            nse_gemv(tv, s->omega, M, &v[at + dk]);
            lu_offdiag(s, M, &u[at + dj], 1, 1.0);
            nse_gemv(tv, s->omega, M, &v[at + dj]);
            lu_offdiag(s, M, &u[at + di], 0, 1.0);
            nse_gemv(tv, s->omega, M, &v[at + di]);
            lu_diag(s, D, &u[at]);
            nse_block_solve(D, NULL, tv);
            for (int m = 0; m < LU_NV; m++)
                v[at + m] -= tv[m];
        }
    if (s->north >= 0)
        lu_wave_io(s, k, 0, 1, s->north, LU_TAG_WAVE + 2, 0);
    if (s->west >= 0)
        lu_wave_io(s, k, 1, 1, s->west, LU_TAG_WAVE + 3, 0);
}

/* niter SSOR iterations from the current u; returns the slowest rank's time */
double lu_ssor(struct lu_state *s, int niter)
{
    double tmp = 1.0 / (s->omega * (2.0 - s->omega));
    lu_rhs(s);
    lu_l2norm(s, s->rsd, s->rsdnm);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int istep = 1; istep <= niter; istep++) {
        if (s->me == 0 && niter > 1 && (istep % 20 == 0 || istep == niter || istep == 1)) {
            printf(" Time step %4d\n", istep);
            fflush(stdout);
        }
        for (int k = 2; k <= s->nz - 1; k++)
            for (int j = s->jst; j <= s->jend; j++)
                for (int i = s->ist; i <= s->iend; i++) {
                    ptrdiff_t at = lu_at(s, i, j, k);
                    for (int m = 0; m < LU_NV; m++)
                        s->rsd[at + m] *= s->dt;
                }
        for (int k = 2; k <= s->nz - 1; k++)
            lu_blts(s, k);
        for (int k = s->nz - 1; k >= 2; k--)
            lu_buts(s, k);
        for (int k = 2; k <= s->nz - 1; k++)
            for (int j = s->jst; j <= s->jend; j++)
                for (int i = s->ist; i <= s->iend; i++) {
                    ptrdiff_t at = lu_at(s, i, j, k);
                    for (int m = 0; m < LU_NV; m++)
                        s->u[at + m] += tmp * s->rsd[at + m];
                }
        lu_rhs(s);
        if (istep == niter)
            lu_l2norm(s, s->rsd, s->rsdnm);
        int conv = 1;
        for (int m = 0; m < LU_NV; m++)
            conv = conv && s->rsdnm[m] < LU_TOLRSD;
        if (conv) {
            if (s->me == 0)
                printf(" convergence was achieved after %4d pseudo-time steps\n", istep);
            break;
        }
    }
    return npb_max_time(MPI_Wtime() - t0);
}
