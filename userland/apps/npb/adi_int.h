/* The part of NPB BT and SP that is the same in both (NPB 2 report
 * NAS-95-020 sec. 3 "BT"/"SP"): the multi-partition layout of the grid over
 * a square number of processes, the face exchange of the solution between
 * cells, the right-hand side (steady-state residual, times dt), the forcing
 * built from the exact solution, initial values and the error norms.
 *
 * Multi-partition (NAS-95-020, and the MPI reference's make_set): with
 * q*q processes the grid is cut into q*q*q cells; process (a, b) (rank
 * a + q b) owns the q cells (a + c, b + c, c) mod q, c = 0..q-1.  Every
 * process then owns exactly one cell in every slab of cells normal to any
 * axis, so a line sweep along an axis keeps all processes busy: in stage s
 * each works on its cell of slab s and hands the line state to the owner of
 * the next cell, which is the same process for all of its cells
 * (successor along x: (a+1, b); along y: (a, b+1); along z: (a-1, b-1)). */
#ifndef ADI_INT_H
#define ADI_INT_H

#include <stddef.h>

#define ADI_NV 5

struct adi_class {
    char cls;
    int n;          /* grid points per axis */
    int niter;      /* time steps */
    double dt;
    double xcr[5];  /* reference RMS norms of the residual (divided by dt) */
    double xce[5];  /* reference RMS norms of the solution error */
};

struct adi_cell {
    int coord[3];          /* position in the q x q x q cell grid */
    int size[3];           /* points per axis */
    int low[3];            /* global index (0-based) of the first point */
    int start[3], end[3];  /* 1 where the cell holds the global boundary point of that side */
    double *u, *rhs, *forcing; /* 5 doubles per point, 2 ghost layers on every side */
};

struct adi_state {
    const struct adi_class *c;
    const char *name;      /* "BT" or "SP" */
    int me, np, q, a, b;
    int n;                 /* global points per axis */
    int ncells;
    struct adi_cell *cell;
    double dt;
    double t1[3], t2[3], t3[3], dd[3], dssp;
    double con2[3];        /* c3 c4 t3^2 per axis */
    int succ[3], pred[3];  /* ranks of the next / previous cell owners along each axis */
    double *scratch;       /* per-point derived quantities of one cell */
    double **lhs;          /* per cell: the solver's eliminated coefficients */
    size_t lhs_per_point;  /* doubles per point (BT 25: C' block; SP 6: d', e' of 3 systems) */
    double *sbuf[2], *rbuf[2];
    size_t bufcap;         /* doubles in each buffer */
};

/* offset (doubles) of point (i, j, k) of cell cl, 0-based local indices -2 .. size+1 */
static inline ptrdiff_t adi_at(const struct adi_cell *cl, int i, int j, int k)
{
    return ((((ptrdiff_t)k + 2) * (cl->size[1] + 4) + (j + 2)) * (cl->size[0] + 4) + (i + 2)) * ADI_NV;
}
static inline ptrdiff_t adi_stride(const struct adi_cell *cl, int d)
{
    return d == 0 ? ADI_NV : d == 1 ? (ptrdiff_t)(cl->size[0] + 4) * ADI_NV
                                    : (ptrdiff_t)(cl->size[0] + 4) * (cl->size[1] + 4) * ADI_NV;
}
static inline size_t adi_cell_points(const struct adi_cell *cl)
{
    return (size_t)(cl->size[0] + 4) * (cl->size[1] + 4) * (cl->size[2] + 4);
}

/* One benchmark (BT or SP): its classes, solver and operation count. */
struct adi_bench {
    const char *name;
    const struct adi_class *classes;
    int nclasses;
    size_t lhs_per_point;      /* solver storage per point, doubles */
    size_t fwd_per_line;       /* doubles per grid line in the forward-sweep message */
    void (*step)(struct adi_state *s); /* one ADI time step */
    double flops[3];           /* Mop count per step: a n^3 + b n^2 + c n + d */
    double flops0;
};

/* adi_run.c: checks, allocation, the timed loop, verification, result block */
int adi_run(const struct adi_bench *b, char cls);

/* adi_cells.c */
int adi_setup(struct adi_state *s, const struct adi_class *c, const char *name, size_t extra_buf,
              size_t lhs_per_point);
void adi_free(struct adi_state *s);
int adi_cell_of_slab(const struct adi_state *s, int d, int slab);
void adi_copy_faces(struct adi_state *s);
void adi_initialize(struct adi_state *s);
void adi_error_norm(struct adi_state *s, double rms[5]);
void adi_rhs_norm(struct adi_state *s, double rms[5]);
void adi_add(struct adi_state *s);
int adi_verify(struct adi_state *s, const double xcr[5], const double xce[5]);

/* adi_rhs.c */
void adi_exact_rhs(struct adi_state *s);
void adi_compute_rhs(struct adi_state *s);

#endif
