/* NPB FT: solve a 3D diffusion equation spectrally: forward 3D FFT of a random
 * complex field once, then per iteration multiply by exp(-4 alpha pi^2 |k|^2 t)
 * (cumulatively), inverse 3D FFT and a checksum of 1024 fixed elements
 * (NPB 1.0 report sec 2.5 "FT"; classes and checksums from NPB 3.4).
 * Distribution as the MPI reference: np = np1 x np2 processes; real space is
 * in x-lines (y split over np1, z over np2), the transposes are MPI_Alltoall
 * inside the sub-communicators from MPI_Comm_split (np1 = 1 is the reference's
 * 1D "slab" layout: x and y transforms local, one global transpose), and
 * Fourier space is kept in z-lines (x split over np1, y over np2). */
#include "ft_fft.h"
#include "npb.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FT_EPS 1e-12
#define FT_SEED 314159265.0
#define FT_ALPHA 1e-6
#define FT_MAXITER 6
#define FT_CHECKS 1024

struct ft_class {
    char cls;
    int nx, ny, nz, niter;
    double ref[FT_MAXITER][2];
};

static const struct ft_class ft_classes[] = {
    {'S', 64, 64, 64, 6,
     {{554.6087004964, 484.5363331978}, {554.6385409189, 486.5304269511},
      {554.6148406171, 488.3910722336}, {554.5423607415, 490.1273169046},
      {554.4255039624, 491.7475857993}, {554.2683411902, 493.2597244941}}},
    {'W', 128, 128, 32, 6,
     {{567.3612178944, 529.3246849175}, {563.1436885271, 528.2149986629},
      {559.4024089970, 527.0996558037}, {556.0698047020, 526.0027904925},
      {553.0898991250, 524.9400845633}, {550.4159734538, 523.9212247086}}},
    {'A', 256, 256, 128, 6,
     {{504.6735008193, 511.4047905510}, {505.9412319734, 509.8809666433},
      {506.9376896287, 509.8144042213}, {507.7892868474, 510.1336130759},
      {508.5233095391, 510.4914655194}, {509.1487099959, 510.7917842803}}},
};

struct ft_state {
    const struct ft_class *c;
    int me, np, np1, np2, me1, me2;
    MPI_Comm comm1, comm2;       /* same me2 (size np1) / same me1 (size np2) */
    int nx1, ny1, ny2, nz2;      /* local extents: x over np1, y over np1 or np2, z over np2 */
    long nloc;                   /* complex values per process */
    ft_cplx *u0, *u1, *buf, *buf2, *scratch;
    double *twiddle;
    struct ft_fft fx, fy, fz;
};

/* A (real space): [z nz2][y ny1][x nx]; B: [z nz2][y ny][x nx1]; C: [z nz][y ny2][x nx1] */

static void ft_alltoall(const ft_cplx *send, ft_cplx *recv, long per_peer, MPI_Comm comm)
{
    MPI_Alltoall((void *)send, (int)(2 * per_peer), MPI_DOUBLE, recv, (int)(2 * per_peer),
                 MPI_DOUBLE, comm);
}

/* A -> B inside comm1: trade y blocks for x blocks (only when np1 > 1) */
static void ft_transpose_ab(struct ft_state *s, int inverse)
{
    int nx = s->c->nx, ny = s->c->ny, P = s->np1;
    long blk = (long)s->nz2 * s->ny1 * s->nx1;
    ft_cplx *u = s->u1, *b = s->buf, *r = s->buf2;
    for (int q = 0; q < P; q++)
        for (int z = 0; z < s->nz2; z++)
            for (int y = 0; y < s->ny1; y++)
                for (int x = 0; x < s->nx1; x++) {
                    long k = q * blk + ((long)z * s->ny1 + y) * s->nx1 + x;
                    b[k] = inverse ? u[((long)z * ny + q * s->ny1 + y) * s->nx1 + x]
                                   : u[((long)z * s->ny1 + y) * nx + q * s->nx1 + x];
                }
    ft_alltoall(b, r, blk, s->comm1);
    for (int p = 0; p < P; p++)
        for (int z = 0; z < s->nz2; z++)
            for (int y = 0; y < s->ny1; y++)
                for (int x = 0; x < s->nx1; x++) {
                    ft_cplx v = r[p * blk + ((long)z * s->ny1 + y) * s->nx1 + x];
                    if (inverse)
                        u[((long)z * s->ny1 + y) * nx + p * s->nx1 + x] = v;
                    else
                        u[((long)z * ny + p * s->ny1 + y) * s->nx1 + x] = v;
                }
}

/* B (in u1) -> C (in u0) inside comm2: trade z blocks for y blocks */
static void ft_transpose_bc(struct ft_state *s)
{
    int ny = s->c->ny;
    long blk = (long)s->nz2 * s->ny2 * s->nx1;
    for (int q = 0; q < s->np2; q++)
        for (int z = 0; z < s->nz2; z++)
            memcpy(s->buf + q * blk + (long)z * s->ny2 * s->nx1,
                   s->u1 + ((long)z * ny + q * s->ny2) * s->nx1,
                   (size_t)s->ny2 * s->nx1 * sizeof(ft_cplx));
    ft_alltoall(s->buf, s->u0, blk, s->comm2); /* received blocks are C's z blocks */
}

/* C (in u1) -> B (in u1) inside comm2 */
static void ft_transpose_cb(struct ft_state *s)
{
    int ny = s->c->ny;
    long blk = (long)s->nz2 * s->ny2 * s->nx1;
    ft_alltoall(s->u1, s->buf, blk, s->comm2);
    for (int p = 0; p < s->np2; p++)
        for (int z = 0; z < s->nz2; z++)
            memcpy(s->u1 + ((long)z * ny + p * s->ny2) * s->nx1,
                   s->buf + p * blk + (long)z * s->ny2 * s->nx1,
                   (size_t)s->ny2 * s->nx1 * sizeof(ft_cplx));
}

/* u1 (A, destroyed) -> u0 (C) */
static void ft_forward(struct ft_state *s)
{
    int da[3] = {s->c->nx, s->ny1, s->nz2};
    int db[3] = {s->nx1, s->c->ny, s->nz2};
    int dc[3] = {s->nx1, s->ny2, s->c->nz};
    ft_fft_axis(&s->fx, s->u1, da, 0, 1, s->scratch);
    if (s->np1 > 1)
        ft_transpose_ab(s, 0);
    ft_fft_axis(&s->fy, s->u1, db, 1, 1, s->scratch);
    ft_transpose_bc(s);
    ft_fft_axis(&s->fz, s->u0, dc, 2, 1, s->scratch);
}

/* u1 (C) -> u1 (A) */
static void ft_inverse(struct ft_state *s)
{
    int da[3] = {s->c->nx, s->ny1, s->nz2};
    int db[3] = {s->nx1, s->c->ny, s->nz2};
    int dc[3] = {s->nx1, s->ny2, s->c->nz};
    ft_fft_axis(&s->fz, s->u1, dc, 2, -1, s->scratch);
    ft_transpose_cb(s);
    ft_fft_axis(&s->fy, s->u1, db, 1, -1, s->scratch);
    if (s->np1 > 1)
        ft_transpose_ab(s, 1);
    ft_fft_axis(&s->fx, s->u1, da, 0, -1, s->scratch);
}

/* random complex field in A: element (x,y,z) takes numbers 2(x + nx(y + ny z)) + 1, +2 */
static void ft_initial_conditions(struct ft_state *s)
{
    int nx = s->c->nx, ny = s->c->ny;
    int y0 = s->me1 * s->ny1, z0 = s->me2 * s->nz2;
    for (int z = 0; z < s->nz2; z++) {
        double x0 = FT_SEED;
        randlc(&x0, npb_pow46(NPB_A, 2 * (int64_t)nx * (y0 + (int64_t)ny * (z0 + z))));
        vranlc(2 * nx * s->ny1, &x0, NPB_A, (double *)(s->u1 + (long)z * s->ny1 * nx));
    }
}

/* exp(-4 alpha pi^2 (i'^2 + j'^2 + k'^2)) in C, frequencies folded to [-n/2, n/2) */
static void ft_twiddle(struct ft_state *s)
{
    const double pi = 3.141592653589793238;
    double ap = -4.0 * FT_ALPHA * pi * pi;
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz;
    for (int z = 0; z < nz; z++) {
        int kk = (z + nz / 2) % nz - nz / 2;
        for (int y = 0; y < s->ny2; y++) {
            int jj = (s->me2 * s->ny2 + y + ny / 2) % ny - ny / 2;
            for (int x = 0; x < s->nx1; x++) {
                int ii = (s->me1 * s->nx1 + x + nx / 2) % nx - nx / 2;
                s->twiddle[((long)z * s->ny2 + y) * s->nx1 + x] =
                    exp(ap * (double)(ii * ii + jj * jj + kk * kk));
            }
        }
    }
}

static void ft_checksum(struct ft_state *s, double out[2])
{
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz;
    int y0 = s->me1 * s->ny1, z0 = s->me2 * s->nz2;
    double loc[2] = {0.0, 0.0};
    for (int j = 1; j <= FT_CHECKS; j++) {
        int q = j % nx, r = (3 * j) % ny, t = (5 * j) % nz;
        if (r >= y0 && r < y0 + s->ny1 && t >= z0 && t < z0 + s->nz2) {
            ft_cplx v = s->u1[((long)(t - z0) * s->ny1 + (r - y0)) * nx + q];
            loc[0] += v.re;
            loc[1] += v.im;
        }
    }
    MPI_Allreduce(loc, out, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double ntotal = (double)nx * ny * nz;
    out[0] /= ntotal;
    out[1] /= ntotal;
}

static int ft_plans(struct ft_state *s)
{
    ft_fft_free(&s->fx);
    ft_fft_free(&s->fy);
    ft_fft_free(&s->fz);
    return ft_fft_init(&s->fx, s->c->nx) & ft_fft_init(&s->fy, s->c->ny) &
           ft_fft_init(&s->fz, s->c->nz);
}

static void ft_free(struct ft_state *s)
{
    free(s->u0);
    free(s->u1);
    free(s->buf);
    free(s->buf2);
    free(s->scratch);
    free(s->twiddle);
    ft_fft_free(&s->fx);
    ft_fft_free(&s->fy);
    ft_fft_free(&s->fz);
    if (s->comm1 != MPI_COMM_NULL)
        MPI_Comm_free(&s->comm1);
    if (s->comm2 != MPI_COMM_NULL)
        MPI_Comm_free(&s->comm2);
}

/* np1 x np2 as the reference: slabs (np1 = 1) while np divides the z and y extents */
static int ft_layout(struct ft_state *s)
{
    const struct ft_class *c = s->c;
    s->np2 = s->np;
    while (s->np2 > c->nz || s->np2 > c->ny)
        s->np2 /= 2;
    /* NPB_FT_NP1=k forces a k x (np/k) pencil layout (to test the 2D path) */
    const char *env = getenv("NPB_FT_NP1");
    if (env && atoi(env) > 0 && s->np % atoi(env) == 0 && npb_is_pow2(atoi(env)))
        s->np2 = s->np / atoi(env);
    if (s->np2 > c->nz || s->np2 > c->ny)
        return 0;
    s->np1 = s->np / s->np2;
    if (s->np1 > c->nx || s->np1 > c->ny)
        return 0;
    s->me1 = s->me % s->np1;
    s->me2 = s->me / s->np1;
    s->nx1 = c->nx / s->np1;
    s->ny1 = c->ny / s->np1;
    s->ny2 = c->ny / s->np2;
    s->nz2 = c->nz / s->np2;
    s->nloc = (long)c->nx * c->ny * c->nz / s->np;
    return 1;
}

int npb_ft(char cls)
{
    struct ft_state st = {0}, *s = &st;
    s->comm1 = s->comm2 = MPI_COMM_NULL;
    for (size_t i = 0; i < sizeof ft_classes / sizeof ft_classes[0]; i++)
        if (ft_classes[i].cls == toupper((unsigned char)cls))
            s->c = &ft_classes[i];
    if (!s->c)
        return npb_refuse("FT", "unknown class '%c' (use S, W or A)", cls);
    s->me = npb_rank();
    s->np = npb_nprocs();
    if (!npb_is_pow2(s->np) || !ft_layout(s))
        return npb_refuse("FT", "needs a power-of-two number of processes (up to %d), got %d",
                          s->c->nx * s->c->nz, s->np);
    const struct ft_class *c = s->c;

    /* memory: u0, u1, transpose buffer (+1 for 2D layouts), twiddle factors */
    double need = (double)s->nloc * (sizeof(ft_cplx) * (s->np1 > 1 ? 4 : 3) + sizeof(double));
    uint64_t phys = npb_phys_mem();
    if (!npb_all_ok(!phys || need <= 0.85 * (double)phys))
        return npb_refuse("FT", "class %c needs %.0f MB per process with %d processes, more than "
                                "this node's %.0f MB: use more nodes or a smaller class",
                          c->cls, need / 1048576.0, s->np, phys / 1048576.0);
    MPI_Comm_split(MPI_COMM_WORLD, s->me2, s->me1, &s->comm1);
    MPI_Comm_split(MPI_COMM_WORLD, s->me1, s->me2, &s->comm2);
    size_t cb = (size_t)s->nloc * sizeof(ft_cplx);
    int maxn = c->nx > c->ny ? c->nx : c->ny;
    maxn = maxn > c->nz ? maxn : c->nz;
    s->u0 = npb_alloc(cb);
    s->u1 = npb_alloc(cb);
    s->buf = npb_alloc(cb);
    s->buf2 = s->np1 > 1 ? npb_alloc(cb) : NULL;
    s->scratch = npb_alloc((size_t)FT_BLOCK * maxn * sizeof(ft_cplx));
    s->twiddle = npb_alloc((size_t)s->nloc * sizeof(double));
    int ok = s->u0 && s->u1 && s->buf && (s->np1 == 1 || s->buf2) && s->scratch && s->twiddle;
    if (!npb_all_ok(ok && ft_plans(s))) {
        ft_free(s);
        return npb_refuse("FT", "class %c needs %.0f MB per process with %d processes: out of "
                                "memory (use more nodes or a smaller class)",
                          c->cls, need / 1048576.0, s->np);
    }
    if (s->me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- FT Benchmark\n\n");
        printf(" Size                : %4dx%4dx%4d  (class %c)\n Iterations          : %6d\n",
               c->nx, c->ny, c->nz, c->cls, c->niter);
        printf(" Number of processes : %6d\n Processor array     : %3dx%4d\n Layout type         : %s\n\n",
               s->np, s->np1, s->np2, s->np == 1 ? "0D" : s->np1 == 1 ? "1D" : "2D");
    }

    /* untimed run of the set-up to touch all pages (reference does the same) */
    ft_twiddle(s);
    ft_initial_conditions(s);
    ft_forward(s);

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    ft_twiddle(s);
    ft_initial_conditions(s);
    ok = ft_plans(s);
    ft_forward(s);
    double sums[FT_MAXITER][2];
    for (int it = 1; it <= c->niter && ok; it++) {
        for (long i = 0; i < s->nloc; i++) { /* evolve: u0 *= twiddle, u1 = u0 */
            s->u0[i].re *= s->twiddle[i];
            s->u0[i].im *= s->twiddle[i];
            s->u1[i] = s->u0[i];
        }
        ft_inverse(s);
        ft_checksum(s, sums[it - 1]);
        if (s->me == 0)
            printf(" T = %4d     Checksum = %22.12e %22.12e\n", it, sums[it - 1][0], sums[it - 1][1]);
    }
    double tm = npb_max_time(MPI_Wtime() - t0);
    if (!npb_all_ok(ok)) {
        ft_free(s);
        return npb_refuse("FT", "out of memory for FFT tables");
    }

    int verified = 1;
    for (int it = 0; it < c->niter; it++) {
        /* |computed - reference| / |reference| for the complex checksum */
        double dr = sums[it][0] - c->ref[it][0], di = sums[it][1] - c->ref[it][1];
        double err = sqrt(dr * dr + di * di) /
                     sqrt(c->ref[it][0] * c->ref[it][0] + c->ref[it][1] * c->ref[it][1]);
        if (!(err <= FT_EPS))
            verified = 0;
    }
    if (s->me == 0)
        printf(" Result verification %s\n", verified ? "successful" : "failed");
    double nt = (double)c->nx * c->ny * c->nz;
    struct npb_result r = {.name = "FT", .cls = c->cls, .iterations = c->niter, .seconds = tm,
                           .mops = 1e-6 * nt *
                                   (14.8157 + 7.19641 * log(nt) +
                                    (5.23518 + 7.21113 * log(nt)) * c->niter) / tm,
                           .optype = "floating point", .verified = verified};
    snprintf(r.size, sizeof r.size, "%4dx%4dx%4d", c->nx, c->ny, c->nz);
    npb_print_result(&r);
    ft_free(s);
    return verified ? NPB_OK : NPB_FAILED;
}
