/* NPB BT: the three block-tridiagonal line solves of one ADI step
 * (NAS-95-020 sec. 3 "BT"): along each axis, for every grid line, the
 * system with 5x5 blocks A (coupling to the previous point), B (diagonal)
 * and C (next point) built from the flux Jacobians at u is solved by block
 * Gaussian elimination forward and back substitution.  The boundary points
 * are fixed (their correction is zero).  Lines cross the q cells of the
 * multi-partition: in stage s every process eliminates in its cell of slab s
 * and passes, per line, C' and rhs' of its last point (30 doubles) to the
 * successor; the back substitution returns the first point's solution
 * (5 doubles) to the predecessor (as the reference's x/y/z_solve). */
#include "adi_int.h"
#include "bt_int.h"
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

static void bt_sweep(struct bt_state *bs, int d)
{
    struct adi_state *s = &bs->adi;
    const double dt = s->dt, a_lo = -dt * s->t2[d], a_hi = dt * s->t2[d], b = -dt * s->t1[d];
    const double fdiag = 2.0 * dt * s->t1[d], dd = s->dd[d];
    MPI_Request sreq = MPI_REQUEST_NULL;
    MPI_Status st;
    /* forward elimination, slab by slab */
    for (int stage = 0; stage < s->q; stage++) {
        int ci = adi_cell_of_slab(s, d, stage);
        struct adi_cell *cl = &s->cell[ci];
        double *lhsc = bs->lhsc[ci];
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
        double *lhsc = bs->lhsc[ci];
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

void bt_adi(struct bt_state *bs)
{
    adi_copy_faces(&bs->adi);
    adi_compute_rhs(&bs->adi);
    for (int d = 0; d < 3; d++)
        bt_sweep(bs, d);
    adi_add(&bs->adi);
}
