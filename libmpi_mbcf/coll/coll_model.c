/* coll_model.c - segmented-pipeline cost models of seed 004 (eq. 3-7) and
 * of our own bcast algorithms; chooses the default bcast algorithm and its
 * segment size. Portable C (no libm, no MPI). */
#include "coll_model.h"

double coll_model_sqrt(double x)
{
    if (!(x > 0))
        return 0;
    double r = x > 1 ? x : 1;           /* Newton from above converges down */
    for (int i = 0; i < 200; i++) {
        double n = 0.5 * (r + x / r);
        if (n >= r)
            break;
        r = n;
    }
    return r;
}

int coll_model_ceil_log2(int n)
{
    int k = 0;
    while (n > 0 && (1L << k) < n)
        k++;
    return k;
}

double coll_model_pipe_time(double L, double B, double M, double ms, double D, double k)
{
    return (D + M / (k * ms)) * (L + ms / B);
}

/* Expanding t = D*L + D*ms/B + M*L/(k*ms) + M/(k*B) and setting the
 * derivative D/B - M*L/(k*ms^2) to zero gives ms = sqrt(L*B*M/(k*D)). */
double coll_model_pipe_opt(double L, double B, double M, double D, double k)
{
    if (D <= 0)
        return M;
    return coll_model_sqrt(L * B * M / (k * D));
}

/* eq. 4: t = (Nx+Ny+Nz + M/(6 ms) - 3)(L + ms/B).
 * eq. 5 as printed in the seed has 6(Nx+Ny+Nz-2) in the denominator; the
 * derivative of eq. 4 gives 6(Nx+Ny+Nz-3). We use the derivative (it is
 * the minimiser of eq. 4, which the unit test checks numerically). */
double coll_model_trinaryx6_time(double L, double B, double M, double ms, int nx, int ny, int nz)
{
    return coll_model_pipe_time(L, B, M, ms, nx + ny + nz - 3, 6);
}

double coll_model_trinaryx6_opt(double L, double B, double M, int nx, int ny, int nz)
{
    return coll_model_pipe_opt(L, B, M, nx + ny + nz - 3, 6);
}

/* eq. 6: t = (ceil lg Nx + ceil lg Ny + ceil lg Nz + M/ms - 1)(L + ms/B);
 * eq. 7: ms = sqrt(L B M / (sum ceil lg - 1)). */
static int lg3(int nx, int ny, int nz)
{
    return coll_model_ceil_log2(nx) + coll_model_ceil_log2(ny) + coll_model_ceil_log2(nz);
}

double coll_model_bintree3d_time(double L, double B, double M, double ms, int nx, int ny, int nz)
{
    return coll_model_pipe_time(L, B, M, ms, lg3(nx, ny, nz) - 1, 1);
}

double coll_model_bintree3d_opt(double L, double B, double M, int nx, int ny, int nz)
{
    return coll_model_pipe_opt(L, B, M, lg3(nx, ny, nz) - 1, 1);
}

/* Chain of p processes: the first segment needs p-1 hops, each further
 * one adds a round: (p-1 + M/ms - 1) rounds, i.e. D = p-2, k = 1. */
double coll_model_chain_pipeline_time(double L, double B, double M, double ms, int p)
{
    if (p < 2)
        return 0;
    return coll_model_pipe_time(L, B, M, ms, p - 2, 1);
}

/* Binomial: ceil(lg p) rounds of the whole message (eq. 3, N_R = ceil lg p). */
double coll_model_binomial_time(double L, double B, double M, int p)
{
    return coll_model_ceil_log2(p) * (L + M / B);
}

/* Binomial scatter (lg p latencies, (p-1)/p of M along the root's path)
 * then ring allgather (p-1 rounds of M/p). */
double coll_model_scatter_allgather_time(double L, double B, double M, int p)
{
    if (p < 2)
        return 0;
    double frac = (double)(p - 1) / p;
    return coll_model_ceil_log2(p) * L + frac * M / B + (p - 1) * (L + M / (p * B));
}

size_t coll_model_pipeline_segsize(double L, double B, size_t M, int p, size_t elem)
{
    if (M == 0)
        return 0;
    if (elem == 0)
        elem = 1;
    double opt = coll_model_pipe_opt(L, B, (double)M, p - 2, 1);
    size_t s = opt >= (double)M ? M : (size_t)opt;
    s -= s % elem;
    if (s < elem)
        s = elem;
    return s > M ? M : s;
}

enum coll_model_bcast coll_model_bcast_choose(double L, double B, size_t M, int p, size_t elem)
{
    if (p <= 2 || M == 0)
        return MODEL_BCAST_BINOMIAL;
    double m = (double)M;
    size_t seg = coll_model_pipeline_segsize(L, B, M, p, elem);
    double tb = coll_model_binomial_time(L, B, m, p);
    double tp = coll_model_chain_pipeline_time(L, B, m, (double)seg, p);
    double ts = coll_model_scatter_allgather_time(L, B, m, p);
    /* scatter+allgather needs at least one element per process */
    if (M / (elem ? elem : 1) < (size_t)p)
        ts = tb + 1;
    if (tb <= tp && tb <= ts)
        return MODEL_BCAST_BINOMIAL;
    return tp <= ts ? MODEL_BCAST_PIPELINE : MODEL_BCAST_SCATTER_ALLGATHER;
}
