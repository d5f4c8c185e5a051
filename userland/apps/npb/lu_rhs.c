/* NPB LU: the steady-state residual operator (NAS-95-020 "LU": central
 * differences of the inviscid fluxes, viscous fluxes, second-difference
 * damping and fourth-difference artificial dissipation with one-sided
 * stencils next to the boundary), its two-deep halo exchange with the four
 * neighbours (as the reference's exchange_3), and the RMS norm. */
#include "lu_int.h"
#include "nse.h"
#include "npb.h"
#include <math.h>
#include <string.h>

/* Tags of the halo exchange: data travelling towards lower / higher index, per axis. */
#define LU_TAG_HALO 200

/* pack (dir 0) or unpack (dir 1) two planes of w normal to axis d (0 = x, 1 = y),
 * starting at index first, for all points of the other axis and all k */
static size_t lu_pack(const struct lu_state *s, double *w, int d, int first, double *buf, int unpack)
{
    size_t n = 0;
    int other = d == 0 ? s->ny : s->nx;
    for (int k = 1; k <= s->nz; k++)
        for (int o = 1; o <= other; o++)
            for (int p = first; p < first + 2; p++) {
                ptrdiff_t at = d == 0 ? lu_at(s, p, o, k) : lu_at(s, o, p, k);
                if (unpack)
                    memcpy(&w[at], &buf[n], LU_NV * sizeof(double));
                else
                    memcpy(&buf[n], &w[at], LU_NV * sizeof(double));
                n += LU_NV;
            }
    return n;
}

void lu_halo(struct lu_state *s, double *w)
{
    for (int d = 0; d < 2; d++) {
        int lo = d == 0 ? s->north : s->west, hi = d == 0 ? s->south : s->east;
        int n = d == 0 ? s->nx : s->ny;
        int cnt = (int)(2 * (size_t)(d == 0 ? s->ny : s->nx) * s->nz * LU_NV);
        MPI_Request rq[2];
        MPI_Status stat[2];
        int nrq = 0;
        if (lo >= 0)
            MPI_Irecv(s->hrecv[0], cnt, MPI_DOUBLE, lo, LU_TAG_HALO + 2 * d + 1, MPI_COMM_WORLD, &rq[nrq++]);
        if (hi >= 0)
            MPI_Irecv(s->hrecv[1], cnt, MPI_DOUBLE, hi, LU_TAG_HALO + 2 * d, MPI_COMM_WORLD, &rq[nrq++]);
        if (lo >= 0) {
            lu_pack(s, w, d, 1, s->hsend[0], 0);
            MPI_Send(s->hsend[0], cnt, MPI_DOUBLE, lo, LU_TAG_HALO + 2 * d, MPI_COMM_WORLD);
        }
        if (hi >= 0) {
            lu_pack(s, w, d, n - 1, s->hsend[1], 0);
            MPI_Send(s->hsend[1], cnt, MPI_DOUBLE, hi, LU_TAG_HALO + 2 * d + 1, MPI_COMM_WORLD);
        }
        MPI_Waitall(nrq, rq, stat);
        if (lo >= 0)
            lu_pack(s, w, d, -1, s->hrecv[0], 1);
        if (hi >= 0)
            lu_pack(s, w, d, n + 1, s->hrecv[1], 1);
    }
}

/* out += operator(w) along one grid line of axis d.  Point p (1-based local index,
 * ghosts -1 .. n+2) is at w[base + p * stride].  lowb / highb: the line ends at the
 * physical boundary on that side (p = 1 resp. p = n are boundary points). */
static void lu_line(const struct lu_state *s, int d, const double *w, double *out, ptrdiff_t base,
                    ptrdiff_t stride, int n, int lowb, int highb, double *F, double *G)
{
    const double t1 = s->t1[d], t2 = s->t2[d], t3 = s->t3[d], dd = s->dcoef[d], dssp = s->dssp;
    const double r43 = 4.0 / 3.0;
    const int mv = d + 1; /* momentum component along the line */
    int L1 = lowb ? 1 : 0, L2 = highb ? n : n + 1;
    int st = lowb ? 2 : 1, en = highb ? n - 1 : n;
#define W(p, m) w[base + (ptrdiff_t)(p) * stride + (m)]
#define O(p, m) out[base + (ptrdiff_t)(p) * stride + (m)]
#define LF(a, p, m) (a)[((p) + 2) * LU_NV + (m)]
    /* inviscid fluxes */
    for (int p = L1; p <= L2; p++) {
        double u0 = W(p, 0), un = W(p, mv) / u0;
        double q = 0.5 * (W(p, 1) * W(p, 1) + W(p, 2) * W(p, 2) + W(p, 3) * W(p, 3)) / u0;
        LF(F, p, 0) = W(p, mv);
        for (int m = 1; m <= 3; m++)
            LF(F, p, m) = W(p, m) * un;
        LF(F, p, mv) += NSE_C2 * (W(p, 4) - q);
        LF(F, p, 4) = (NSE_C1 * W(p, 4) - NSE_C2 * q) * un;
    }
    for (int p = st; p <= en; p++)
        for (int m = 0; m < LU_NV; m++)
            O(p, m) -= t2 * (LF(F, p + 1, m) - LF(F, p - 1, m));
    /* viscous fluxes between p-1 and p */
    for (int p = st; p <= L2; p++) {
        double a[5], b[5];
        double ta = 1.0 / W(p, 0), tb = 1.0 / W(p - 1, 0);
        for (int m = 1; m < LU_NV; m++) {
            a[m] = ta * W(p, m);
            b[m] = tb * W(p - 1, m);
        }
        for (int m = 1; m <= 3; m++)
            LF(G, p, m) = (m == mv ? r43 : 1.0) * t3 * (a[m] - b[m]);
        LF(G, p, 4) = 0.5 * (1.0 - NSE_C1 * NSE_C5) * t3 *
                          ((a[1] * a[1] + a[2] * a[2] + a[3] * a[3]) - (b[1] * b[1] + b[2] * b[2] + b[3] * b[3])) +
                      (1.0 / 6.0) * t3 * (a[mv] * a[mv] - b[mv] * b[mv]) + NSE_C1 * NSE_C5 * t3 * (a[4] - b[4]);
    }
    for (int p = st; p <= en; p++) {
        O(p, 0) += dd * t1 * (W(p - 1, 0) - 2.0 * W(p, 0) + W(p + 1, 0));
        for (int m = 1; m < LU_NV; m++)
            O(p, m) += t3 * NSE_C3 * NSE_C4 * (LF(G, p + 1, m) - LF(G, p, m)) +
                       dd * t1 * (W(p - 1, m) - 2.0 * W(p, m) + W(p + 1, m));
    }
    /* fourth-order dissipation, one-sided next to the boundary */
    for (int m = 0; m < LU_NV; m++) {
        if (lowb) {
            O(2, m) -= dssp * (5.0 * W(2, m) - 4.0 * W(3, m) + W(4, m));
            O(3, m) -= dssp * (-4.0 * W(2, m) + 6.0 * W(3, m) - 4.0 * W(4, m) + W(5, m));
        }
        int p1 = lowb ? 4 : 1, p2 = highb ? n - 3 : n;
        for (int p = p1; p <= p2; p++)
            O(p, m) -= dssp * (W(p - 2, m) - 4.0 * W(p - 1, m) + 6.0 * W(p, m) - 4.0 * W(p + 1, m) + W(p + 2, m));
        if (highb) {
            O(n - 2, m) -= dssp * (W(n - 4, m) - 4.0 * W(n - 3, m) + 6.0 * W(n - 2, m) - 4.0 * W(n - 1, m));
            O(n - 1, m) -= dssp * (W(n - 3, m) - 4.0 * W(n - 2, m) + 5.0 * W(n - 1, m));
        }
    }
#undef W
#undef O
#undef LF
}

void lu_apply_op(struct lu_state *s, double *w, double *out)
{
    lu_halo(s, w);
    int nmax = s->nx > s->ny ? s->nx : s->ny;
    if (s->nz > nmax)
        nmax = s->nz;
    double *F = s->line, *G = s->line + (size_t)(nmax + 4) * LU_NV;
    ptrdiff_t sj = (ptrdiff_t)(s->nx + 4) * LU_NV, sk = sj * (s->ny + 4);
    for (int k = 2; k <= s->nz - 1; k++)
        for (int j = s->jst; j <= s->jend; j++)
            lu_line(s, 0, w, out, lu_at(s, 0, j, k), LU_NV, s->nx, s->north < 0, s->south < 0, F, G);
    for (int k = 2; k <= s->nz - 1; k++)
        for (int i = s->ist; i <= s->iend; i++)
            lu_line(s, 1, w, out, lu_at(s, i, 0, k), sj, s->ny, s->west < 0, s->east < 0, F, G);
    for (int j = s->jst; j <= s->jend; j++)
        for (int i = s->ist; i <= s->iend; i++)
            lu_line(s, 2, w, out, lu_at(s, i, j, 1) - sk, sk, s->nz, 1, 1, F, G);
}

/* rsd = operator(u) - frct on the whole local box (zero at the boundary points) */
void lu_rhs(struct lu_state *s)
{
    for (int k = 1; k <= s->nz; k++)
        for (int j = 1; j <= s->ny; j++)
            for (int i = 1; i <= s->nx; i++) {
                ptrdiff_t at = lu_at(s, i, j, k);
                for (int m = 0; m < LU_NV; m++)
                    s->rsd[at + m] = -s->frct[at + m];
            }
    lu_apply_op(s, s->u, s->rsd);
}

/* frct = operator(exact solution): the forcing that makes the exact solution steady */
void lu_erhs(struct lu_state *s)
{
    for (int k = 1; k <= s->nz; k++)
        for (int j = 1; j <= s->ny; j++)
            for (int i = 1; i <= s->nx; i++) {
                ptrdiff_t at = lu_at(s, i, j, k);
                lu_exact(s, s->ipt + i, s->jpt + j, k, &s->rsd[at]);
                for (int m = 0; m < LU_NV; m++)
                    s->frct[at + m] = 0.0;
            }
    lu_apply_op(s, s->rsd, s->frct);
}

void lu_l2norm(struct lu_state *s, const double *v, double nrm[5])
{
    double loc[5] = {0, 0, 0, 0, 0};
    for (int k = 2; k <= s->nz0 - 1; k++)
        for (int j = s->jst; j <= s->jend; j++)
            for (int i = s->ist; i <= s->iend; i++) {
                ptrdiff_t at = lu_at(s, i, j, k);
                for (int m = 0; m < LU_NV; m++)
                    loc[m] += v[at + m] * v[at + m];
            }
    MPI_Allreduce(loc, nrm, 5, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double pts = (double)(s->nx0 - 2) * (s->ny0 - 2) * (s->nz0 - 2);
    for (int m = 0; m < LU_NV; m++)
        nrm[m] = sqrt(nrm[m] / pts);
}
