/* NPB BT/SP: the multi-partition cell layout (see adi_int.h), the exchange
 * of two ghost planes of u between neighbouring cells (one message per
 * axis and side, carrying the faces of all cells of this process, as the
 * reference's copy_faces), initial values, the update u += rhs, the RMS
 * norms and the verification printout. */
#include "adi_int.h"
#include "nse.h"
#include "npb.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ADI_TAG_FACE 500

static int adi_rank(const struct adi_state *s, int a, int b)
{
    return ((a % s->q + s->q) % s->q) + s->q * ((b % s->q + s->q) % s->q);
}

int adi_cell_of_slab(const struct adi_state *s, int d, int slab)
{
    int q = s->q;
    return d == 0 ? ((slab - s->a) % q + q) % q : d == 1 ? ((slab - s->b) % q + q) % q : slab;
}

static size_t adi_face(const struct adi_cell *cl, int d)
{
    return (size_t)cl->size[(d + 1) % 3] * cl->size[(d + 2) % 3];
}

int adi_setup(struct adi_state *s, const struct adi_class *c, const char *name, size_t extra_buf,
              size_t lhs_per_point)
{
    s->c = c;
    s->name = name;
    s->n = c->n;
    s->dt = c->dt;
    s->a = s->me % s->q;
    s->b = s->me / s->q;
    s->ncells = s->q;
    s->succ[0] = adi_rank(s, s->a + 1, s->b);
    s->pred[0] = adi_rank(s, s->a - 1, s->b);
    s->succ[1] = adi_rank(s, s->a, s->b + 1);
    s->pred[1] = adi_rank(s, s->a, s->b - 1);
    s->succ[2] = adi_rank(s, s->a - 1, s->b - 1);
    s->pred[2] = adi_rank(s, s->a + 1, s->b + 1);
    for (int d = 0; d < 3; d++) {
        double h = 1.0 / (s->n - 1);
        s->t1[d] = 1.0 / (h * h);
        s->t2[d] = 1.0 / (2.0 * h);
        s->t3[d] = 1.0 / h;
        s->dd[d] = d == 2 ? 1.0 : 0.75;
        s->con2[d] = NSE_C3 * NSE_C4 * s->t3[d] * s->t3[d];
    }
    s->dssp = 0.25 * fmax(s->dd[0], fmax(s->dd[1], s->dd[2]));

    s->cell = calloc((size_t)s->ncells, sizeof *s->cell);
    s->lhs = calloc((size_t)s->ncells, sizeof *s->lhs);
    s->lhs_per_point = lhs_per_point;
    if (!s->cell || !s->lhs)
        return 0;
    int ok = 1;
    size_t maxpts = 0, facebuf[3] = {0, 0, 0};
    int per = s->n / s->q, extra = s->n % s->q;
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        cl->coord[0] = (s->a + ci) % s->q;
        cl->coord[1] = (s->b + ci) % s->q;
        cl->coord[2] = ci;
        for (int d = 0; d < 3; d++) {
            int x = cl->coord[d];
            cl->size[d] = per + (x < extra);
            cl->low[d] = x * per + (x < extra ? x : extra);
            cl->start[d] = x == 0;
            cl->end[d] = x == s->q - 1;
            facebuf[d] += 2 * adi_face(cl, d) * ADI_NV;
        }
        size_t pts = adi_cell_points(cl);
        if (pts > maxpts)
            maxpts = pts;
        cl->u = malloc(pts * ADI_NV * sizeof(double));
        cl->rhs = calloc(pts * ADI_NV, sizeof(double));
        cl->forcing = calloc(pts * ADI_NV, sizeof(double));
        s->lhs[ci] = calloc((size_t)cl->size[0] * cl->size[1] * cl->size[2] * lhs_per_point, sizeof(double));
        ok = ok && cl->u && cl->rhs && cl->forcing && s->lhs[ci];
        if (cl->u)
            for (size_t i = 0; i < pts * ADI_NV; i++)
                cl->u[i] = 1.0; /* ghosts beyond the boundary stay finite */
    }
    s->bufcap = extra_buf;
    for (int d = 0; d < 3; d++)
        if (facebuf[d] > s->bufcap)
            s->bufcap = facebuf[d];
    s->scratch = malloc(maxpts * 6 * sizeof(double));
    ok = ok && s->scratch;
    for (int i = 0; i < 2; i++) {
        s->sbuf[i] = malloc(s->bufcap * sizeof(double));
        s->rbuf[i] = malloc(s->bufcap * sizeof(double));
        ok = ok && s->sbuf[i] && s->rbuf[i];
    }
    return ok;
}

void adi_free(struct adi_state *s)
{
    for (int ci = 0; s->cell && ci < s->ncells; ci++) {
        free(s->cell[ci].u);
        free(s->cell[ci].rhs);
        free(s->cell[ci].forcing);
        if (s->lhs)
            free(s->lhs[ci]);
    }
    free(s->cell);
    free(s->lhs);
    free(s->scratch);
    for (int i = 0; i < 2; i++) {
        free(s->sbuf[i]);
        free(s->rbuf[i]);
    }
}

/* copy (unpack = 0: u -> buf, 1: buf -> u) two planes along axis d starting at p0 */
static size_t adi_planes(struct adi_cell *cl, int d, int p0, double *buf, int unpack)
{
    size_t n = 0;
    int e1 = (d + 1) % 3, e2 = (d + 2) % 3;
    for (int y = 0; y < cl->size[e2]; y++)
        for (int x = 0; x < cl->size[e1]; x++)
            for (int p = p0; p < p0 + 2; p++) {
                int idx[3];
                idx[d] = p;
                idx[e1] = x;
                idx[e2] = y;
                double *u = &cl->u[adi_at(cl, idx[0], idx[1], idx[2])];
                if (unpack)
                    memcpy(u, &buf[n], ADI_NV * sizeof(double));
                else
                    memcpy(&buf[n], u, ADI_NV * sizeof(double));
                n += ADI_NV;
            }
    return n;
}

void adi_copy_faces(struct adi_state *s)
{
    if (s->q == 1)
        return;
    for (int d = 0; d < 3; d++) {
        /* side 0: my high faces go to the successor (its low ghosts); side 1: low faces to the predecessor */
        size_t len[2] = {0, 0}, rlen[2] = {0, 0};
        for (int ci = 0; ci < s->ncells; ci++) {
            struct adi_cell *cl = &s->cell[ci];
            if (!cl->end[d]) {
                len[0] += adi_planes(cl, d, cl->size[d] - 2, s->sbuf[0] + len[0], 0);
                rlen[1] += 2 * adi_face(cl, d) * ADI_NV;
            }
            if (!cl->start[d]) {
                len[1] += adi_planes(cl, d, 0, s->sbuf[1] + len[1], 0);
                rlen[0] += 2 * adi_face(cl, d) * ADI_NV;
            }
        }
        MPI_Request rq[4];
        MPI_Status st[4];
        MPI_Irecv(s->rbuf[0], (int)rlen[0], MPI_DOUBLE, s->pred[d], ADI_TAG_FACE + 2 * d, MPI_COMM_WORLD, &rq[0]);
        MPI_Irecv(s->rbuf[1], (int)rlen[1], MPI_DOUBLE, s->succ[d], ADI_TAG_FACE + 2 * d + 1, MPI_COMM_WORLD, &rq[1]);
        MPI_Isend(s->sbuf[0], (int)len[0], MPI_DOUBLE, s->succ[d], ADI_TAG_FACE + 2 * d, MPI_COMM_WORLD, &rq[2]);
        MPI_Isend(s->sbuf[1], (int)len[1], MPI_DOUBLE, s->pred[d], ADI_TAG_FACE + 2 * d + 1, MPI_COMM_WORLD, &rq[3]);
        MPI_Waitall(4, rq, st);
        size_t off[2] = {0, 0};
        for (int ci = 0; ci < s->ncells; ci++) {
            struct adi_cell *cl = &s->cell[ci];
            if (!cl->start[d])
                off[0] += adi_planes(cl, d, -2, s->rbuf[0] + off[0], 1);
            if (!cl->end[d])
                off[1] += adi_planes(cl, d, cl->size[d], s->rbuf[1] + off[1], 1);
        }
    }
}

/* transfinite interpolation of the boundary values inside, the exact solution on the boundary */
void adi_initialize(struct adi_state *s)
{
    double h = 1.0 / (s->n - 1);
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        for (int k = 0; k < cl->size[2]; k++)
            for (int j = 0; j < cl->size[1]; j++)
                for (int i = 0; i < cl->size[0]; i++) {
                    int g[3] = {cl->low[0] + i, cl->low[1] + j, cl->low[2] + k};
                    double x[3] = {g[0] * h, g[1] * h, g[2] * h};
                    double *u = &cl->u[adi_at(cl, i, j, k)];
                    int bnd = 0;
                    for (int d = 0; d < 3; d++)
                        bnd |= g[d] == 0 || g[d] == s->n - 1;
                    if (bnd) {
                        nse_exact(x[0], x[1], x[2], u);
                        continue;
                    }
                    double f[3][2][5], P[3];
                    for (int side = 0; side < 2; side++) {
                        nse_exact(side, x[1], x[2], f[0][side]);
                        nse_exact(x[0], side, x[2], f[1][side]);
                        nse_exact(x[0], x[1], side, f[2][side]);
                    }
                    for (int m = 0; m < ADI_NV; m++) {
                        for (int d = 0; d < 3; d++)
                            P[d] = x[d] * f[d][1][m] + (1.0 - x[d]) * f[d][0][m];
                        u[m] = P[0] + P[1] + P[2] - P[0] * P[1] - P[0] * P[2] - P[1] * P[2] + P[0] * P[1] * P[2];
                    }
                }
    }
}

static void adi_norm_finish(const struct adi_state *s, double work[5], double rms[5])
{
    MPI_Allreduce(work, rms, 5, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int m = 0; m < ADI_NV; m++) {
        for (int d = 0; d < 3; d++)
            rms[m] /= (double)(s->n - 2);
        rms[m] = sqrt(rms[m]);
    }
}

void adi_error_norm(struct adi_state *s, double rms[5])
{
    double work[5] = {0, 0, 0, 0, 0}, h = 1.0 / (s->n - 1);
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        for (int k = 0; k < cl->size[2]; k++)
            for (int j = 0; j < cl->size[1]; j++)
                for (int i = 0; i < cl->size[0]; i++) {
                    double ue[5];
                    nse_exact((cl->low[0] + i) * h, (cl->low[1] + j) * h, (cl->low[2] + k) * h, ue);
                    const double *u = &cl->u[adi_at(cl, i, j, k)];
                    for (int m = 0; m < ADI_NV; m++)
                        work[m] += (u[m] - ue[m]) * (u[m] - ue[m]);
                }
    }
    adi_norm_finish(s, work, rms);
}

void adi_rhs_norm(struct adi_state *s, double rms[5])
{
    double work[5] = {0, 0, 0, 0, 0};
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        for (int k = cl->start[2]; k < cl->size[2] - cl->end[2]; k++)
            for (int j = cl->start[1]; j < cl->size[1] - cl->end[1]; j++)
                for (int i = cl->start[0]; i < cl->size[0] - cl->end[0]; i++) {
                    const double *r = &cl->rhs[adi_at(cl, i, j, k)];
                    for (int m = 0; m < ADI_NV; m++)
                        work[m] += r[m] * r[m];
                }
    }
    adi_norm_finish(s, work, rms);
}

void adi_add(struct adi_state *s)
{
    for (int ci = 0; ci < s->ncells; ci++) {
        struct adi_cell *cl = &s->cell[ci];
        for (int k = cl->start[2]; k < cl->size[2] - cl->end[2]; k++)
            for (int j = cl->start[1]; j < cl->size[1] - cl->end[1]; j++)
                for (int i = cl->start[0]; i < cl->size[0] - cl->end[0]; i++) {
                    ptrdiff_t at = adi_at(cl, i, j, k);
                    for (int m = 0; m < ADI_NV; m++)
                        cl->u[at + m] += cl->rhs[at + m];
                }
    }
}

int adi_verify(struct adi_state *s, const double xcr[5], const double xce[5])
{
    const double eps = 1e-8;
    int ok = 1;
    for (int m = 0; m < ADI_NV; m++)
        ok = ok && npb_rel_ok(xcr[m], s->c->xcr[m], eps) && npb_rel_ok(xce[m], s->c->xce[m], eps);
    if (s->me == 0) {
        printf(" Verification being performed for class %c\n", s->c->cls);
        printf(" accuracy setting for epsilon = %20.13e\n", eps);
        printf(" Comparison of RMS-norms of residual\n");
        for (int m = 0; m < ADI_NV; m++)
            printf("          %d %20.13e %20.13e %20.13e\n", m + 1, xcr[m], s->c->xcr[m],
                   fabs((xcr[m] - s->c->xcr[m]) / s->c->xcr[m]));
        printf(" Comparison of RMS-norms of solution error\n");
        for (int m = 0; m < ADI_NV; m++)
            printf("          %d %20.13e %20.13e %20.13e\n", m + 1, xce[m], s->c->xce[m],
                   fabs((xce[m] - s->c->xce[m]) / s->c->xce[m]));
        printf(" Verification %s\n", ok ? "Successful" : "failed");
    }
    return ok;
}
