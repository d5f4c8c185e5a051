/* coll_tune.c - cost terms of every Bcast and Alltoall(v) algorithm, the
 * least-squares fit of L and B, the table of fitted values, and the
 * choice of algorithm and segment size (see coll_tune.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "coll_tune.h"
#include "coll_model.h"

const char *const coll_tune_bcast_names[TB_COUNT] = {
    "linear", "binomial", "pipeline", "bintree", "split_bintree", "scatter_allgather",
    "trinaryx3", "trinaryx6", "bintree3d", "bintree6d"
};
const char *const coll_tune_a2a_names[TA_COUNT] = { "linear", "pairwise", "bruck", "doublespread" };

static int nprocs(const struct coll_shape *sh)
{
    return sh->n[0] * sh->n[1] * sh->n[2];
}

int coll_tune_bcast_parts(int alg)
{
    switch (alg) {
    case TB_SPLIT_BINTREE: return 2;
    case TB_TRINARYX3: return 3;
    case TB_TRINARYX6: case TB_BINTREE6D: return 6;
    default: return 1;
    }
}

int coll_tune_bcast_segmented(int alg)
{
    return alg == TB_PIPELINE || alg == TB_BINTREE || alg == TB_SPLIT_BINTREE ||
           alg >= TB_TRINARYX3;
}

/* Pipeline fill rounds D of a segmented algorithm (eq. 4: Nx+Ny+Nz-3,
 * eq. 6: sum ceil lg N - 1), and c = parts sharing one link direction:
 * the k trees of Trinaryx/Bintree6d only find 2 directions per dimension
 * of the shape (1 per dimension for the + family of Trinaryx3), which is
 * why Trinaryx6 loses on 1-D shapes (seed 004 sec 4.2). */
static void pipe_shape(int alg, const struct coll_shape *sh, double *D, double *c)
{
    int P = nprocs(sh), nd = sh->ndims > 0 ? sh->ndims : 1;
    int lg = coll_model_ceil_log2(sh->n[0]) + coll_model_ceil_log2(sh->n[1]) +
             coll_model_ceil_log2(sh->n[2]);
    int depth = coll_model_ceil_log2(P + 1) - 1;
    *c = 1;
    switch (alg) {
    case TB_PIPELINE: *D = P - 2; break;
    case TB_BINTREE: *D = depth - 1; break;
    case TB_SPLIT_BINTREE: *D = coll_model_ceil_log2(P / 2 + 1) - 2; break;
    case TB_TRINARYX3: *D = sh->n[0] + sh->n[1] + sh->n[2] - 3; *c = 3.0 / nd; break;
    case TB_TRINARYX6: *D = sh->n[0] + sh->n[1] + sh->n[2] - 3; *c = 6.0 / (2 * nd); break;
    case TB_BINTREE3D: *D = lg - 1; break;
    case TB_BINTREE6D: *D = lg - 1; *c = 6.0 / (2 * nd); break;
    default: *D = 0; break;
    }
    if (*D < 0)
        *D = 0;
    if (*c < 1)
        *c = 1;
}

struct tune_terms coll_tune_bcast_terms(int alg, const struct coll_shape *sh, double M, double ms)
{
    struct tune_terms r = { 0, 0, 0 };
    int P = nprocs(sh), lg = coll_model_ceil_log2(P);
    if (P < 2)
        return r;
    switch (alg) {
    case TB_LINEAR:
        r.R = P - 1; r.X = (P - 1) * M;
        return r;
    case TB_BINOMIAL:
        r.R = lg; r.X = lg * M;
        return r;
    case TB_SCATTER_ALLGATHER:
        r.R = lg + P - 1; r.X = 2.0 * (P - 1) / P * M;
        return r;
    default:
        break;
    }
    double D, c, k = coll_tune_bcast_parts(alg), part = M / k;
    pipe_shape(alg, sh, &D, &c);
    if (!(ms > 0) || ms >= part)
        ms = part;
    double nseg = ms > 0 ? (double)(long long)((part + ms - 1) / ms) : 1;
    if (nseg < 1)
        nseg = 1;
    r.R = D + nseg;
    r.X = r.R * ms * c;
    r.Xs = nseg * ms * c;
    if (alg == TB_SPLIT_BINTREE) {      /* the final swap of halves */
        r.R += 1;
        r.X += M / 2;
    }
    return r;
}

struct tune_terms coll_tune_a2a_terms(int alg, const struct coll_shape *sh, double m)
{
    struct tune_terms r = { 0, 0, 0 };
    int P = nprocs(sh), lg = coll_model_ceil_log2(P);
    if (alg == TA_BRUCK) {
        r.R = lg;
        r.X = lg * m * (double)((P + 1) / 2);
    } else {
        r.R = P - 1;
        r.X = (P - 1) * m;
    }
    return r;
}

/* Weighted (relative error) least squares of t = T0 + R*L + X*beta +
 * Xs*gamma over the parameters in `use` (bit 0 T0, bit 1 L, bit 2 beta,
 * bit 3 gamma; beta always), by the normal equations (at most 4x4,
 * Gaussian elimination with partial pivoting). Returns the weighted sum of
 * squared relative errors, or -1 if singular or a parameter is <= 0. */
static double lsq(const struct tune_terms *x, const double *t, int n, int use, double p[4])
{
    double A[4][5] = { { 0 } };
    int idx[4], m = 0;
    for (int j = 0; j < 4; j++)
        if (use & (1 << j))
            idx[m++] = j;
    for (int i = 0; i < n; i++) {
        if (!(t[i] > 0))
            continue;
        double v[4] = { 1, x[i].R, x[i].X, x[i].Xs }, w = 1 / (t[i] * t[i]);
        for (int a = 0; a < m; a++) {
            A[a][m] += w * v[idx[a]] * t[i];
            for (int b = 0; b < m; b++)
                A[a][b] += w * v[idx[a]] * v[idx[b]];
        }
    }
    double diag[4];
    for (int a = 0; a < m; a++)
        diag[a] = A[a][a];
    for (int c = 0; c < m; c++) {
        int piv = c;
        for (int r = c + 1; r < m; r++)
            if (A[r][c] * A[r][c] / (diag[r] > 0 ? diag[r] : 1) >
                A[piv][c] * A[piv][c] / (diag[piv] > 0 ? diag[piv] : 1))
                piv = r;
        if (piv != c)
            for (int k = 0; k <= m; k++) {
                double tmp = A[c][k];
                A[c][k] = A[piv][k];
                A[piv][k] = tmp;
            }
        double dtmp = diag[c];
        diag[c] = diag[piv];
        diag[piv] = dtmp;
        if (!(diag[c] > 0) || !(A[c][c] * A[c][c] > 1e-24 * diag[c] * diag[c]))
            return -1;                  /* singular: the terms are collinear */
        for (int r = 0; r < m; r++) {
            if (r == c)
                continue;
            double f = A[r][c] / A[c][c];
            for (int k = c; k <= m; k++)
                A[r][k] -= f * A[c][k];
        }
    }
    p[0] = p[1] = p[2] = p[3] = 0;
    for (int a = 0; a < m; a++) {
        double q = A[a][m] / A[a][a];
        if (!(q > 0))
            return -1;
        p[idx[a]] = q;
    }
    double sse = 0;
    for (int i = 0; i < n; i++) {
        if (!(t[i] > 0))
            continue;
        double e = (p[0] + p[1] * x[i].R + p[2] * x[i].X + p[3] * x[i].Xs - t[i]) / t[i];
        sse += e * e;
    }
    return sse;
}

/* The best fit with positive parameters among the subsets of {T0, L,
 * gamma} with beta (`sets`, most parameters first): a parameter the
 * samples do not resolve is left out (then set to 1e-9 s: the table keeps
 * positive numbers). A larger set must cut the error by 1% to be taken. */
static int fit_sets(const struct tune_terms *x, const double *t, int n, const int *sets,
                    int nsets, double bp[4])
{
    double best = -1;
    for (int s = nsets - 1; s >= 0; s--) {       /* fewest parameters first */
        double p[4], e = lsq(x, t, n, sets[s], p);
        if (e >= 0 && (best < 0 || e < best * 0.99 - 1e-18)) {
            best = e;
            memcpy(bp, p, 4 * sizeof *p);
        }
    }
    return best < 0 || !(bp[2] > 0) ? -1 : 0;
}

int coll_tune_fit3(const struct tune_terms *x, const double *t, int n, double *T0, double *L,
                   double *B)
{
    static const int sets[4] = { 7, 6, 5, 4 };
    double bp[4] = { 0, 0, 0, 0 };
    if (fit_sets(x, t, n, sets, 4, bp) != 0)
        return -1;
    *T0 = bp[0] > 0 ? bp[0] : 1e-9;
    *L = bp[1] > 0 ? bp[1] : 1e-9;
    *B = 1 / bp[2];
    return 0;
}

int coll_tune_fit4(const struct tune_terms *x, const double *t, int n, double *T0, double *L,
                   double *B, double *Bc)
{
    static const int sets[8] = { 15, 14, 13, 7, 12, 6, 5, 4 };
    double bp[4] = { 0, 0, 0, 0 };
    if (fit_sets(x, t, n, sets, 8, bp) != 0)
        return -1;
    *T0 = bp[0] > 0 ? bp[0] : 1e-9;
    *L = bp[1] > 0 ? bp[1] : 1e-9;
    *B = 1 / bp[2];
    *Bc = bp[3] > 0 ? 1 / bp[3] : 0;
    return 0;
}

/* Two-parameter form (t = R*L + X/B): seed 004 eq. 3 as it stands. */
int coll_tune_fit(const struct tune_terms *x, const double *t, int n, double *L, double *B)
{
    double best = -1, bp[4] = { 0, 0, 0, 0 };
    for (int use = 6; use >= 4; use -= 2) {
        double p[4], e = lsq(x, t, n, use, p);
        if (e >= 0 && (best < 0 || e < best)) {
            best = e;
            memcpy(bp, p, sizeof bp);
        }
    }
    if (best < 0)
        return -1;
    *L = bp[1] > 0 ? bp[1] : 1e-9;
    *B = 1 / bp[2];
    return 0;
}

/* ---- the table of fitted values ---- */
#define TUNE_MAX 1024
static struct entry { char coll[16], alg[24]; int n[3], ppn; double L, B, T0, Bc; } table[TUNE_MAX];
static int ntable;

int coll_tune_load(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[256], shape[64];
    int k = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        struct entry e;
        char *h = line + strspn(line, " \t");
        if (*h == '#' || *h == '\n' || *h == 0)
            continue;
        e.T0 = 0;                       /* optional 7th field: T0_us */
        e.Bc = 0;                       /* optional 8th field: Bc_MBs */
        int nf = sscanf(h, "%15s %23s %63s %d %lf %lf %lf %lf", e.coll, e.alg, shape, &e.ppn,
                        &e.L, &e.B, &e.T0, &e.Bc);
        if (nf < 6 || coll_shape_parse(shape, e.n) != 0 || e.ppn < 1 || !(e.L > 0) ||
            !(e.B > 0) || e.T0 < 0 || e.Bc < 0) {
            bad = 1;
            break;
        }
        e.L *= 1e-6;
        e.B *= 1e6;
        e.T0 *= 1e-6;
        e.Bc *= 1e6;
        if (k < TUNE_MAX)
            table[k++] = e;
    }
    fclose(f);
    ntable = k;
    return bad ? -1 : k;
}

static int node_dims(const int n[3])
{
    return (n[0] > 1) + (n[1] > 1) + (n[2] > 1);
}

/* The node shape (ranks per node unfolded from X) of a rank shape. */
static void node_shape(const struct coll_shape *sh, int n[3])
{
    n[0] = sh->n[0] / (sh->ppn > 0 ? sh->ppn : 1);
    n[1] = sh->n[1];
    n[2] = sh->n[2];
}

static const struct entry *exact(const char *coll, const char *alg, const struct coll_shape *sh)
{
    int n[3];
    node_shape(sh, n);
    for (int i = 0; i < ntable; i++) {
        const struct entry *e = &table[i];
        if (e->ppn == sh->ppn && e->n[0] == n[0] && e->n[1] == n[1] &&
            e->n[2] == n[2] && strcasecmp(e->coll, coll) == 0 &&
            strcasecmp(e->alg, alg) == 0)
            return e;
    }
    return NULL;
}

int coll_tune_carry = 1;

/* The carry-over (coll_tune.h): no entry of this collective and ppn at the
 * shape's node count -> the entry of the same algorithm, ppn and number of
 * dimensions whose node count is nearest (ratio; a tie goes to the larger). */
static const struct entry *carried(const char *coll, const char *alg, const struct coll_shape *sh)
{
    int n[3];
    node_shape(sh, n);
    double nodes = (double)n[0] * n[1] * n[2], bestd = 0;
    const struct entry *best = NULL;
    for (int i = 0; i < ntable; i++) {
        const struct entry *e = &table[i];
        double en = (double)e->n[0] * e->n[1] * e->n[2];
        if (e->ppn == sh->ppn && en == nodes && strcasecmp(e->coll, coll) == 0)
            return NULL;                /* this node count has a fit: no carry-over */
        if (e->ppn != sh->ppn || node_dims(e->n) != node_dims(n) ||
            strcasecmp(e->coll, coll) != 0 || strcasecmp(e->alg, alg) != 0)
            continue;
        double d = en > nodes ? en / nodes : nodes / en;
        if (!best || d < bestd ||
            (d == bestd && en > (double)best->n[0] * best->n[1] * best->n[2]))
            best = e, bestd = d;
    }
    return best;
}

static const struct entry *lookup(const char *coll, const char *alg, const struct coll_shape *sh)
{
    const struct entry *e = exact(coll, alg, sh);
    return e || !coll_tune_carry ? e : carried(coll, alg, sh);
}

int coll_tune_carried(const char *coll, const struct coll_shape *sh, int from[3])
{
    const char *const *names = strcasecmp(coll, "bcast") == 0 ? coll_tune_bcast_names
                                                               : coll_tune_a2a_names;
    int n = strcasecmp(coll, "bcast") == 0 ? TB_COUNT : TA_COUNT;
    for (int a = 0; a < n; a++)
        if (exact(coll, names[a], sh))
            return 0;
    for (int a = 0; coll_tune_carry && a < n; a++) {
        const struct entry *e = carried(coll, names[a], sh);
        if (e) {
            memcpy(from, e->n, sizeof e->n);
            return 1;
        }
    }
    return 0;
}

int coll_tune_params(const char *coll, const char *alg, const struct coll_shape *sh,
                     double defL, double defB, double *L, double *B)
{
    const struct entry *e = lookup(coll, alg, sh);
    *L = e ? e->L : defL;
    *B = e ? e->B : defB;
    return e != NULL;
}

double coll_tune_t0(const char *coll, const char *alg, const struct coll_shape *sh)
{
    const struct entry *e = lookup(coll, alg, sh);
    return e ? e->T0 : 0;
}

double coll_tune_bc(const char *coll, const char *alg, const struct coll_shape *sh)
{
    const struct entry *e = lookup(coll, alg, sh);
    return e ? e->Bc : 0;
}

/* Does the table have any entry for this collective and shape? */
static int shape_in_table(const char *coll, const struct coll_shape *sh)
{
    double L, B;
    const char *const *names = strcasecmp(coll, "bcast") == 0 ? coll_tune_bcast_names
                                                               : coll_tune_a2a_names;
    int n = strcasecmp(coll, "bcast") == 0 ? TB_COUNT : TA_COUNT;
    for (int a = 0; a < n; a++)
        if (coll_tune_params(coll, names[a], sh, 0, 0, &L, &B))
            return 1;
    return 0;
}

/* ---- choices ---- */
size_t coll_tune_seg_min = 64;

double coll_tune_cost(struct tune_terms x, double L, double B, double Bc)
{
    return x.R * L + x.X / B + (Bc > 0 ? x.Xs / Bc : 0);
}

static double cost(struct tune_terms x, double L, double B)
{
    return coll_tune_cost(x, L, B, 0);
}

/* Best segment size of a segmented algorithm; seg_only: leave the
 * unsegmented run out (it is priced with its own parameters). */
static size_t best_seg(int alg, const struct coll_shape *sh, size_t M, double L, double B,
                       double Bc, double *t, int seg_only)
{
    double m = (double)M, part = m / coll_tune_bcast_parts(alg);
    double best = seg_only ? -1 : coll_tune_cost(coll_tune_bcast_terms(alg, sh, m, 0), L, B, Bc);
    size_t bseg = 0;
    if (coll_tune_bcast_segmented(alg) && M > 0) {
        double D, c;
        pipe_shape(alg, sh, &D, &c);
        /* eq. 5 / eq. 7 generalised, then powers of two around it */
        double opt = coll_model_pipe_opt(L, B / c, m, D, coll_tune_bcast_parts(alg));
        double cand[40];
        int nc = 0;
        cand[nc++] = opt;
        for (double s = (double)coll_tune_seg_min; s < part && nc < 40; s *= 2)
            cand[nc++] = s;
        for (int i = 0; i < nc; i++) {
            double s = (double)(long long)cand[i];
            if (s < (double)coll_tune_seg_min || s < 1 || s >= part)
                continue;
            double ti = coll_tune_cost(coll_tune_bcast_terms(alg, sh, m, s), L, B, Bc);
            if (best < 0 || ti < best) {
                best = ti;
                bseg = (size_t)s;
            }
        }
    }
    if (t)
        *t = best;
    return bseg;
}

size_t coll_tune_bcast_seg(int alg, const struct coll_shape *sh, size_t M, double L, double B,
                           double *t)
{
    return best_seg(alg, sh, M, L, B, 0, t, 0);
}

/* The two regimes of a segmented tree have their own table entries when
 * calibrated ("bintree3d" unsegmented, "bintree3d/seg" pipelined: one line
 * of t = T0 + R*L + X/B does not fit both on a torus, docs/collectives.md
 * "Calibration"); without a "/seg" entry both use the plain one. */
size_t coll_tune_bcast_alg(int alg, const struct coll_shape *sh, size_t M, double defL,
                           double defB, double *t, int *known)
{
    const char *name = coll_tune_bcast_names[alg];
    char sname[40];
    double L, B, t0, ts = -1;
    int k = coll_tune_params("bcast", name, sh, defL, defB, &L, &B);
    double T0 = coll_tune_t0("bcast", name, sh);
    snprintf(sname, sizeof sname, "%s/seg", name);
    double Ls, Bs, T0s;
    if (coll_tune_params("bcast", sname, sh, L, B, &Ls, &Bs)) {
        k = 1;
        T0s = coll_tune_t0("bcast", sname, sh);
        t0 = coll_tune_cost(coll_tune_bcast_terms(alg, sh, (double)M, 0), L, B,
                            coll_tune_bc("bcast", name, sh)) + T0;
        size_t seg = best_seg(alg, sh, M, Ls, Bs, coll_tune_bc("bcast", sname, sh), &ts, 1);
        if (ts >= 0 && ts + T0s < t0) {
            *t = ts + T0s;
            if (known)
                *known = k;
            return seg;
        }
        *t = t0;
        if (known)
            *known = k;
        return 0;
    }
    size_t seg = best_seg(alg, sh, M, L, B, coll_tune_bc("bcast", name, sh), &t0, 0);
    *t = t0 + T0;
    if (known)
        *known = k;
    return seg;
}

struct tune_choice coll_tune_bcast(const struct coll_shape *sh, size_t M, double defL,
                                   double defB, const int *allowed)
{
    struct tune_choice best = { TB_BINOMIAL, 0, -1 };
    int P = nprocs(sh), measured = shape_in_table("bcast", sh);
    for (int a = 0; a < TB_COUNT; a++) {
        if (allowed && !allowed[a])
            continue;
        if (a == TB_SCATTER_ALLGATHER && M < (size_t)P)
            continue;                   /* needs a byte per process */
        double t;
        int known;
        size_t seg = coll_tune_bcast_alg(a, sh, M, defL, defB, &t, &known);
        if (!known && measured)
            continue;
        if (best.t < 0 || t < best.t) {
            best.alg = a;
            best.seg = seg;
            best.t = t;
        }
    }
    return best;
}

struct tune_choice coll_tune_a2a(const char *coll, const struct coll_shape *sh, size_t m,
                                 const int *allowed, double defL, double defB)
{
    struct tune_choice best = { TA_PAIRWISE, 0, -1 };
    /* Doublespread first: on equal (default) figures it wins the tie */
    static const int order[TA_COUNT] = { TA_DOUBLESPREAD, TA_PAIRWISE, TA_LINEAR, TA_BRUCK };
    int measured = shape_in_table(coll, sh);
    for (int i = 0; i < TA_COUNT; i++) {
        int a = order[i];
        if (allowed && !allowed[a])
            continue;
        double L, B;
        if (!coll_tune_params(coll, coll_tune_a2a_names[a], sh, defL, defB, &L, &B) && measured)
            continue;
        double t = cost(coll_tune_a2a_terms(a, sh, (double)m), L, B) +
                   coll_tune_t0(coll, coll_tune_a2a_names[a], sh);
        if (best.t < 0 || t < best.t) {
            best.alg = a;
            best.t = t;
        }
    }
    return best;
}

struct tune_choice coll_tune_bcast_fugaku(size_t M)
{
    struct tune_choice c = { TB_BINTREE, 0, -1 };
    if (M > 512)
        c.alg = TB_BINTREE3D;
    if (M >= 64 * 1024) {
        c.alg = TB_TRINARYX6;
        c.seg = 16384;
    }
    return c;
}
