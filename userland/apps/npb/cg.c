/* NPB CG: estimate the smallest eigenvalue of a sparse SPD matrix by inverse
 * power iteration, each step solved with 25 conjugate-gradient iterations
 * (NPB 1.0 report sec 2.4 "CG"; classes and zeta from NPB 3.4).
 * Process layout of the MPI reference: np = 2^k processes on an nprows x npcols
 * grid (npcols = nprows or 2*nprows); process (pr, pc) owns the matrix block
 * (row block pr, column block pc) and the vector segment of column block pc.
 * A product q = A p is a local block product, a sum over the process row
 * (pairwise exchanges, recursive halving/doubling) and an exchange with the
 * "transpose" process; dot products are summed over the process row with
 * pairwise exchanges.  All of it is Irecv/Send/Wait, receive posted first. */
#include "cg_int.h"
#include "npb.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CG_EPS 1e-10
#define CG_ITMAX 25
#define TAG_REDUCE 100
#define TAG_TRANSPOSE 200
#define TAG_DOT 300

static const struct cg_class cg_classes[] = {
    {'S', 1400, 7, 15, 10.0, 8.5971775078648},
    {'W', 7000, 8, 15, 12.0, 10.362595087124},
    {'A', 14000, 11, 15, 20.0, 17.130235054029},
};

struct cg_grid {
    int me, np, nprows, npcols, l2npcols, pr, pc, square;
    int row0, row1, col0, col1;   /* my global row and column ranges */
    int keep_off, keep_len;       /* part of my rows I own after the row sum */
    int exch;                     /* transpose partner */
};

static int cg_col_start(int na, int npcols, int j)
{
    return (int)((long)na * j / npcols);
}

static void cg_setup_grid(struct cg_grid *g, int na)
{
    g->me = npb_rank();
    g->np = npb_nprocs();
    int l2np = npb_log2(g->np);
    g->l2npcols = (l2np + 1) / 2;
    g->npcols = 1 << g->l2npcols;
    g->nprows = g->np / g->npcols;
    g->square = g->npcols == g->nprows;
    g->pr = g->me / g->npcols;
    g->pc = g->me % g->npcols;
    g->col0 = cg_col_start(na, g->npcols, g->pc);
    g->col1 = cg_col_start(na, g->npcols, g->pc + 1);
    if (g->square) {
        /* row block pr = column block pr; partner (pc, pr) holds my column block */
        g->row0 = cg_col_start(na, g->npcols, g->pr);
        g->row1 = cg_col_start(na, g->npcols, g->pr + 1);
        g->keep_off = 0;
        g->keep_len = g->row1 - g->row0;
        g->exch = g->pc * g->npcols + g->pr;
    } else {
        /* row block pr = column blocks 2pr and 2pr+1; I keep half pc%2 of it */
        int h = g->pc & 1;
        g->row0 = cg_col_start(na, g->npcols, 2 * g->pr);
        g->row1 = cg_col_start(na, g->npcols, 2 * g->pr + 2);
        g->keep_off = cg_col_start(na, g->npcols, 2 * g->pr + h) - g->row0;
        g->keep_len = cg_col_start(na, g->npcols, 2 * g->pr + h + 1) - g->row0 - g->keep_off;
        g->exch = (g->pc / 2) * g->npcols + 2 * g->pr + h;
    }
}

static int cg_row_partner(const struct cg_grid *g, int bit)
{
    return g->pr * g->npcols + (g->pc ^ (1 << bit));
}

/* Sum n (at most 2) doubles over my process row (every member gets the sum). */
static void cg_row_allreduce(const struct cg_grid *g, double *v, int n)
{
    double in[2];
    for (int bit = 0; bit < g->l2npcols; bit++) {
        int partner = cg_row_partner(g, bit);
        MPI_Request req;
        MPI_Irecv(in, n, MPI_DOUBLE, partner, TAG_DOT + bit, MPI_COMM_WORLD, &req);
        MPI_Send(v, n, MPI_DOUBLE, partner, TAG_DOT + bit, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < n; i++)
            v[i] += in[i];
    }
}

struct cg_work {
    struct cg_grid g;
    struct cg_csr A;
    int n;                        /* local vector length (my column block) */
    double *x, *z, *p, *q, *r, *w, *tmp;
};

/* out (my column segment) = A * in (my column segment). */
static void cg_matvec(struct cg_work *s, const double *in, double *out)
{
    const struct cg_grid *g = &s->g;
    const struct cg_csr *A = &s->A;
    double *w = s->w;
    for (int j = 0; j < A->nrows; j++) {
        double sum = 0.0;
        for (int k = A->rowstr[j]; k < A->rowstr[j + 1]; k++)
            sum += A->a[k] * in[A->colidx[k]];
        w[j] = sum;
    }
    /* sum the partial results over the process row */
    int bit = 0;
    MPI_Request req;
    if (!g->square && g->l2npcols > 0) {
        /* recursive halving step: swap halves with column pc^1 */
        int partner = cg_row_partner(g, 0);
        int give_off = g->keep_off == 0 ? g->keep_len : 0;
        int give_len = A->nrows - g->keep_len;
        MPI_Irecv(s->tmp, g->keep_len, MPI_DOUBLE, partner, TAG_REDUCE, MPI_COMM_WORLD, &req);
        MPI_Send(w + give_off, give_len, MPI_DOUBLE, partner, TAG_REDUCE, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < g->keep_len; i++)
            w[g->keep_off + i] += s->tmp[i];
        bit = 1;
    }
    double *keep = w + g->keep_off;
    for (; bit < g->l2npcols; bit++) {
        int partner = cg_row_partner(g, bit);
        MPI_Irecv(s->tmp, g->keep_len, MPI_DOUBLE, partner, TAG_REDUCE + bit, MPI_COMM_WORLD, &req);
        MPI_Send(keep, g->keep_len, MPI_DOUBLE, partner, TAG_REDUCE + bit, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < g->keep_len; i++)
            keep[i] += s->tmp[i];
    }
    /* my finished piece belongs to the transpose partner's column segment */
    if (g->exch == g->me) {
        memcpy(out, keep, (size_t)s->n * sizeof(double));
    } else {
        MPI_Irecv(out, s->n, MPI_DOUBLE, g->exch, TAG_TRANSPOSE, MPI_COMM_WORLD, &req);
        MPI_Send(keep, g->keep_len, MPI_DOUBLE, g->exch, TAG_TRANSPOSE, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
}

static double cg_dot(const struct cg_work *s, const double *a, const double *b)
{
    double sum = 0.0;
    for (int j = 0; j < s->n; j++)
        sum += a[j] * b[j];
    cg_row_allreduce(&s->g, &sum, 1);
    return sum;
}

/* 25 CG iterations for A z = x; returns ||x - A z||. */
static double cg_conj_grad(struct cg_work *s)
{
    int n = s->n;
    for (int j = 0; j < n; j++) {
        s->q[j] = 0.0;
        s->z[j] = 0.0;
        s->r[j] = s->x[j];
        s->p[j] = s->r[j];
    }
    double rho = cg_dot(s, s->r, s->r);
    for (int it = 0; it < CG_ITMAX; it++) {
        cg_matvec(s, s->p, s->q);
        double d = cg_dot(s, s->p, s->q);
        double alpha = rho / d;
        double rho0 = rho;
        for (int j = 0; j < n; j++) {
            s->z[j] += alpha * s->p[j];
            s->r[j] -= alpha * s->q[j];
        }
        rho = cg_dot(s, s->r, s->r);
        double beta = rho / rho0;
        for (int j = 0; j < n; j++)
            s->p[j] = s->r[j] + beta * s->p[j];
    }
    cg_matvec(s, s->z, s->r);
    double sum = 0.0;
    for (int j = 0; j < n; j++) {
        double d = s->x[j] - s->r[j];
        sum += d * d;
    }
    cg_row_allreduce(&s->g, &sum, 1);
    return sqrt(sum);
}

/* One inverse-power step: returns zeta, rescales x = z / ||z||. */
static double cg_power_step(struct cg_work *s, const struct cg_class *c, double *rnorm)
{
    *rnorm = cg_conj_grad(s);
    double nt[2] = {0.0, 0.0};
    for (int j = 0; j < s->n; j++) {
        nt[0] += s->x[j] * s->z[j];
        nt[1] += s->z[j] * s->z[j];
    }
    cg_row_allreduce(&s->g, nt, 2);
    double scale = 1.0 / sqrt(nt[1]);
    for (int j = 0; j < s->n; j++)
        s->x[j] = scale * s->z[j];
    return c->shift + 1.0 / nt[0];
}

static void cg_free(struct cg_work *s)
{
    cg_csr_free(&s->A);
    free(s->x);
    free(s->z);
    free(s->p);
    free(s->q);
    free(s->r);
    free(s->w);
    free(s->tmp);
}

int npb_cg(char cls)
{
    const struct cg_class *c = NULL;
    for (size_t i = 0; i < sizeof cg_classes / sizeof cg_classes[0]; i++)
        if (cg_classes[i].cls == toupper((unsigned char)cls))
            c = &cg_classes[i];
    if (!c)
        return npb_refuse("CG", "unknown class '%c' (use S, W or A)", cls);
    if (!npb_is_pow2(npb_nprocs()) || npb_nprocs() > c->na / 16)
        return npb_refuse("CG", "needs a power-of-two number of processes (up to %d), got %d",
                          c->na / 16, npb_nprocs());

    struct cg_work st = {0}, *s = &st;
    cg_setup_grid(&s->g, c->na);
    s->n = s->g.col1 - s->g.col0;
    int nr = s->g.row1 - s->g.row0;
    int ok = cg_make_matrix(c, s->g.row0, s->g.row1, s->g.col0, s->g.col1, &s->A);
    size_t vb = (size_t)(s->n > nr ? s->n : nr) * sizeof(double);
    s->x = npb_alloc(vb);
    s->z = npb_alloc(vb);
    s->p = npb_alloc(vb);
    s->q = npb_alloc(vb);
    s->r = npb_alloc(vb);
    s->w = npb_alloc(vb);
    s->tmp = npb_alloc(vb);
    ok = ok && s->x && s->z && s->p && s->q && s->r && s->w && s->tmp;
    if (!npb_all_ok(ok)) {
        cg_free(s);
        return npb_refuse("CG", "out of memory building the matrix");
    }
    int me = s->g.me;
    if (me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- CG Benchmark\n\n");
        printf(" Size: %11d  (class %c)\n Iterations: %5d\n", c->na, c->cls, c->niter);
        printf(" Number of processes: %5d  (grid %d x %d)\n\n", s->g.np, s->g.nprows, s->g.npcols);
    }

    /* one untimed inverse-power step touches all data (reference does the same) */
    double rnorm, zeta;
    for (int j = 0; j < s->n; j++)
        s->x[j] = 1.0;
    cg_power_step(s, c, &rnorm);
    for (int j = 0; j < s->n; j++)
        s->x[j] = 1.0;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    zeta = 0.0;
    if (me == 0)
        printf("   iteration           ||r||                 zeta\n");
    for (int it = 1; it <= c->niter; it++) {
        zeta = cg_power_step(s, c, &rnorm);
        if (me == 0)
            printf("    %5d       %20.14e%20.13e\n", it, rnorm, zeta);
    }
    double tm = npb_max_time(MPI_Wtime() - t0);

    int verified = npb_rel_ok(zeta, c->zeta, CG_EPS);
    if (me == 0)
        printf(" Benchmark completed\n %s\n Zeta is    %20.13e\n Error is   %20.13e\n",
               verified ? "VERIFICATION SUCCESSFUL" : "VERIFICATION FAILED", zeta,
               fabs(zeta - c->zeta) / c->zeta);
    double nz1 = (double)c->nonzer * (c->nonzer + 1);
    struct npb_result r = {.name = "CG", .cls = c->cls, .iterations = c->niter, .seconds = tm,
                           .mops = 2.0 * c->niter * c->na * (3.0 + nz1 + 25.0 * (5.0 + nz1) + 3.0) /
                                   tm / 1e6,
                           .optype = "floating point", .verified = verified};
    snprintf(r.size, sizeof r.size, "%d", c->na);
    npb_print_result(&r);
    cg_free(s);
    return verified ? NPB_OK : NPB_FAILED;
}
