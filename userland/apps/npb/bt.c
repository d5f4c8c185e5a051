/* NPB BT: Beam-Warming approximate factorisation of the implicit Euler step
 * for the 3-D compressible Navier-Stokes equations (NPB 2 report NAS-95-020
 * sec. 3 "BT"; classes, time steps, dt and reference norms of NPB 3.4,
 * tolerance 1e-8), on a square number of processes with the multi-partition
 * scheme (adi_int.h).
 *
 * Per step and axis, for every grid line, the block-tridiagonal system with
 * 5x5 blocks A (coupling to the previous point), B (diagonal) and C (next
 * point) built from the flux Jacobians at u is solved by block Gaussian
 * elimination and back substitution; the boundary points are fixed (zero
 * correction).  Lines cross the q cells of the multi-partition: in stage s
 * every process eliminates in its cell of slab s and passes, per line, C'
 * and rhs' of its last point (30 doubles) to the successor; the back
 * substitution returns the first point's solution (5 doubles) to the
 * predecessor (the communication of the reference's x/y/z_solve). */
#include "adi_int.h"
#include "nse.h"
#include "npb.h"
#include <string.h>

#define BT_TAG_FWD 600
#define BT_TAG_BWD 610
#define BT_FWD_LINE (25 + 5)

/* C -= A * P (5x5) */
static void bt_matmul_sub(const nse_blk A, const double *P, nse_blk C)
{
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++) {
            double acc = 0.0;
            for (int k = 0; k < 5; k++)
                acc += A[r][k] * P[k * 5 + c];
            C[r][c] -= acc;
        }
}

/* the interior lines of cell cl normal to axis d: axis e1 fastest */
struct bt_lines {
    int d, e1, e2, lo1, hi1, lo2, hi2, lo, hi;
};

static struct bt_lines bt_lines_of(const struct adi_cell *cl, int d)
{
    struct bt_lines L;
    L.d = d;
    L.e1 = (d + 1) % 3;
    L.e2 = (d + 2) % 3;
    L.lo1 = cl->start[L.e1];
    L.hi1 = cl->size[L.e1] - cl->end[L.e1];
    L.lo2 = cl->start[L.e2];
    L.hi2 = cl->size[L.e2] - cl->end[L.e2];
    L.lo = cl->start[d];
    L.hi = cl->size[d] - cl->end[d]; /* points lo .. hi-1 along d */
    return L;
}

static void bt_point(const struct bt_lines *L, int x, int y, int p, int idx[3])
{
    idx[L->d] = p;
    idx[L->e1] = x;
    idx[L->e2] = y;
}

static size_t bt_cidx(const struct adi_cell *cl, const int idx[3])
{
    return (((size_t)idx[2] * cl->size[1] + idx[1]) * cl->size[0] + idx[0]) * 25;
}

static void bt_sweep(struct adi_state *s, int d)
{
    const double dt = s->dt, a_lo = -dt * s->t2[d], a_hi = dt * s->t2[d], b = -dt * s->t1[d];
    const double fdiag = 2.0 * dt * s->t1[d], dd = s->dd[d];
    MPI_Request sreq = MPI_REQUEST_NULL;
    MPI_Status st;
    /* forward elimination, slab by slab */
    for (int stage = 0; stage < s->q; stage++) {
        int ci = adi_cell_of_slab(s, d, stage);
        struct adi_cell *cl = &s->cell[ci];
        double *lhsc = s->lhs[ci];
        struct bt_lines L = bt_lines_of(cl, d);
        int nlines = (L.hi1 - L.lo1) * (L.hi2 - L.lo2);
        if (stage > 0)
            MPI_Recv(s->rbuf[0], nlines * BT_FWD_LINE, MPI_DOUBLE, s->pred[d], BT_TAG_FWD + d, MPI_COMM_WORLD, &st);
        MPI_Wait(&sreq, &st);
        int line = 0;
        ptrdiff_t sd = adi_stride(cl, d);
        for (int y = L.lo2; y < L.hi2; y++)
            for (int x = L.lo1; x < L.hi1; x++, line++) {
                const double *prevC = NULL, *prevR = NULL;
                if (stage > 0) {
                    prevC = &s->rbuf[0][(size_t)line * BT_FWD_LINE];
                    prevR = prevC + 25;
                }
                for (int p = L.lo; p < L.hi; p++) {
                    int idx[3];
                    bt_point(&L, x, y, p, idx);
                    ptrdiff_t at = adi_at(cl, idx[0], idx[1], idx[2]);
                    double *r = &cl->rhs[at];
                    const double *u = &cl->u[at];
                    int glast = cl->low[d] + p == s->n - 2;
                    nse_blk B, M;
                    memset(B, 0, sizeof B);
                    for (int m = 0; m < 5; m++)
                        B[m][m] = 1.0;
                    nse_lhs_diag_add(B, u, d, fdiag, dd);
                    if (prevC) {
                        nse_lhs_off(M, u - sd, d, a_lo, b, dd);
                        nse_gemv(r, -1.0, M, prevR);
                        bt_matmul_sub(M, prevC, B);
                    }
                    double *cp = &lhsc[bt_cidx(cl, idx)];
                    if (glast) {
                        nse_block_solve(B, NULL, r);
                    } else {
                        nse_blk C;
                        nse_lhs_off(C, u + sd, d, a_hi, b, dd);
                        nse_block_solve(B, C, r);
                        memcpy(cp, C, sizeof C);
                    }
                    prevC = cp;
                    prevR = r;
                }
                if (stage < s->q - 1) {
                    double *o = &s->sbuf[0][(size_t)line * BT_FWD_LINE];
                    memcpy(o, prevC, 25 * sizeof(double));
                    memcpy(o + 25, prevR, 5 * sizeof(double));
                }
            }
        if (stage < s->q - 1)
            MPI_Isend(s->sbuf[0], nlines * BT_FWD_LINE, MPI_DOUBLE, s->succ[d], BT_TAG_FWD + d, MPI_COMM_WORLD,
                      &sreq);
    }
    MPI_Wait(&sreq, &st);
    /* back substitution, slab by slab in reverse */
    for (int stage = s->q - 1; stage >= 0; stage--) {
        int ci = adi_cell_of_slab(s, d, stage);
        struct adi_cell *cl = &s->cell[ci];
        double *lhsc = s->lhs[ci];
        struct bt_lines L = bt_lines_of(cl, d);
        int nlines = (L.hi1 - L.lo1) * (L.hi2 - L.lo2);
        if (stage < s->q - 1)
            MPI_Recv(s->rbuf[1], nlines * 5, MPI_DOUBLE, s->succ[d], BT_TAG_BWD + d, MPI_COMM_WORLD, &st);
        MPI_Wait(&sreq, &st);
        int line = 0;
        ptrdiff_t sd = adi_stride(cl, d);
        for (int y = L.lo2; y < L.hi2; y++)
            for (int x = L.lo1; x < L.hi1; x++, line++) {
                const double *next = stage < s->q - 1 ? &s->rbuf[1][(size_t)line * 5] : NULL;
                for (int p = L.hi - 1; p >= L.lo; p--) {
                    int idx[3];
                    bt_point(&L, x, y, p, idx);
                    ptrdiff_t at = adi_at(cl, idx[0], idx[1], idx[2]);
                    double *r = &cl->rhs[at];
                    if (cl->low[d] + p != s->n - 2) {
                        const nse_blk *C = (const nse_blk *)&lhsc[bt_cidx(cl, idx)];
                        nse_gemv(r, -1.0, *C, p == L.hi - 1 ? next : r + sd);
                    }
                }
                if (stage > 0) {
                    int idx[3];
                    bt_point(&L, x, y, L.lo, idx);
                    memcpy(&s->sbuf[1][(size_t)line * 5], &cl->rhs[adi_at(cl, idx[0], idx[1], idx[2])],
                           5 * sizeof(double));
                }
            }
        if (stage > 0)
            MPI_Isend(s->sbuf[1], nlines * 5, MPI_DOUBLE, s->pred[d], BT_TAG_BWD + d, MPI_COMM_WORLD, &sreq);
    }
    MPI_Wait(&sreq, &st);
}

static void bt_adi(struct adi_state *s)
{
    adi_copy_faces(s);
    adi_compute_rhs(s);
    for (int d = 0; d < 3; d++)
        bt_sweep(s, d);
    adi_add(s);
}

static const struct adi_class bt_classes[] = {
    {'S', 12, 60, 0.01,
     {1.7034283709541311e-01, 1.2975252070034097e-02, 3.2527926989486055e-02, 2.6436421275166801e-02,
      1.9211784131744430e-01},
     {4.9976913345811579e-04, 4.5195666782961927e-05, 7.3973765172921357e-05, 7.3821238632439731e-05,
      8.9269630987491446e-04}},
    {'W', 24, 200, 0.0008,
     {0.1125590409344e+03, 0.1180007595731e+02, 0.2710329767846e+02, 0.2469174937669e+02, 0.2638427874317e+03},
     {0.4419655736008e+01, 0.4638531260002e+00, 0.1011551749967e+01, 0.9235878729944e+00, 0.1018045837718e+02}},
    {'A', 64, 200, 0.0008,
     {1.0806346714637264e+02, 1.1319730901220813e+01, 2.5974354511582465e+01, 2.3665622544678910e+01,
      2.5278963211748344e+02},
     {4.2348416040525025e+00, 4.4390282496995698e-01, 9.6692480136345650e-01, 8.8302063039765474e-01,
      9.7379901770829278e+00}},
};

static const struct adi_bench bt_bench = {
    .name = "BT",
    .classes = bt_classes,
    .nclasses = sizeof bt_classes / sizeof bt_classes[0],
    .lhs_per_point = 25,
    .fwd_per_line = BT_FWD_LINE,
    .step = bt_adi,
    .flops = {3478.8, -17655.7, 28023.7},
    .flops0 = 0.0,
};

int npb_bt(char cls)
{
    return adi_run(&bt_bench, cls);
}
