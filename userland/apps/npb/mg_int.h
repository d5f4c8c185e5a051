/* NPB MG internals shared by mg.c (driver, V-cycle, random field, norms),
 * mg_ops.c (the four stencil operators) and mg_comm.c (halo exchange). */
#ifndef MG_INT_H
#define MG_INT_H

#include <stddef.h>

#define MG_MAXLEVEL 12

/* Local box of one level: m[0] (x, fastest) x m[1] x m[2] points including one
 * ghost layer on every side; interior indices 1 .. m[d]-2. */
#define MG_AT(m, i1, i2, i3) ((((size_t)(i3)) * (size_t)(m)[1] + (size_t)(i2)) * (size_t)(m)[0] + (size_t)(i1))

struct mg_grid {
    int me, np;
    int pi[3];           /* processes per axis */
    int coord[3];        /* my position on the process grid */
    int nbr[3][2];       /* rank of the -/+ neighbour per axis (periodic) */
    int any_source;      /* receive with MPI_ANY_SOURCE, like NPB 2.3 (seed 003) */
    double *sbuf[2], *rbuf[2];
    size_t face_max;     /* capacity of each buffer, in doubles */
};

/* mg_ops.c: pure computation on one process's box (no communication) */
void mg_resid(const double *u, const double *v, double *r, const int m[3], const double a[4]);
void mg_psinv(const double *r, double *u, const int m[3], const double c[4]);
void mg_rprj3(const double *r, const int mk[3], double *s, const int mj[3]);
void mg_interp(const double *z, const int mm[3], double *u, const int n[3]);

/* mg_comm.c: refresh the ghost layer of u (periodic over the whole grid) */
void mg_comm3(struct mg_grid *g, double *u, const int m[3]);

#endif
