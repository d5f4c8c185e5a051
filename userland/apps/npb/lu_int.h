/* NPB LU internals shared by lu.c (driver, process grid, verification),
 * lu_rhs.c (steady-state residual operator and its halo exchange),
 * lu_ssor.c (block Jacobians, lower/upper triangular sweeps as a 2-D
 * pipelined wavefront, the SSOR step) and lu_exact.c (exact solution,
 * boundary and initial values, error norms, surface integral).
 * Equations and discretisation: NPB 2 report NAS-95-020 sec. "LU"; NPB 3.4
 * class parameters. */
#ifndef LU_INT_H
#define LU_INT_H

#include <stddef.h>

#define LU_NV 5 /* five conserved variables per point */

struct lu_class {
    char cls;
    int n;          /* grid points per axis */
    int itmax;      /* SSOR iterations */
    double dt;      /* pseudo time step */
    double xcr[5];  /* reference RMS norms of the residual */
    double xce[5];  /* reference RMS norms of the solution error */
    double xci;     /* reference surface integral */
};

struct lu_state {
    const struct lu_class *c;
    int me, np;
    int nx0, ny0, nz0;             /* global grid */
    int xdim, ydim, row, col;      /* process grid: x is split xdim ways, y ydim ways */
    int north, south, west, east;  /* neighbour ranks (-1 at the domain boundary):
                                      north/south along x (i -/+), west/east along y (j -/+) */
    int nx, ny, nz, ipt, jpt;      /* local sizes and global offsets (1-based local indices) */
    int ist, iend, jst, jend;      /* local interior ranges */
    double dt, omega;
    double t1[3], t2[3], t3[3];    /* 1/h^2, 1/(2h), 1/h per axis */
    double dcoef[3];               /* second-difference damping per axis (dx, dy, dz) */
    double dssp;                   /* fourth-difference dissipation */
    double *u, *rsd, *frct;        /* 5 doubles per point, ghosts -1,0 and n+1,n+2 in x and y */
    double *line;                  /* scratch for the operator: three lines of (max n + 4) points */
    double *hsend[2], *hrecv[2];   /* halo buffers */
    size_t hcap;                   /* capacity of each halo buffer, doubles */
    double *wbuf;                  /* wavefront message buffer */
    double rsdnm[5], errnm[5], frc;
};

/* offset (in doubles) of point (i, j, k), 1-based local indices; i, j may be -1 .. n+2 */
static inline ptrdiff_t lu_at(const struct lu_state *s, int i, int j, int k)
{
    return ((((ptrdiff_t)k - 1) * (s->ny + 4) + (j + 1)) * (s->nx + 4) + (i + 1)) * LU_NV;
}

/* lu_rhs.c */
void lu_halo(struct lu_state *s, double *w);
void lu_apply_op(struct lu_state *s, double *w, double *out);
void lu_rhs(struct lu_state *s);
void lu_erhs(struct lu_state *s);
void lu_l2norm(struct lu_state *s, const double *v, double nrm[5]);

/* lu_ssor.c */
double lu_ssor(struct lu_state *s, int niter);

/* lu_exact.c */
void lu_exact(const struct lu_state *s, int ig, int jg, int k, double ue[5]);
void lu_setbv(struct lu_state *s);
void lu_setiv(struct lu_state *s);
void lu_error(struct lu_state *s);
void lu_pintgr(struct lu_state *s);

#endif
