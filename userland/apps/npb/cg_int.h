/* NPB CG internals shared by cg.c (solver and communication) and cg_matrix.c
 * (generation of this process's block of the sparse matrix). */
#ifndef CG_INT_H
#define CG_INT_H

struct cg_class {
    char cls;
    int na;          /* order of the matrix */
    int nonzer;      /* nonzeros per generating vector */
    int niter;       /* outer (inverse power) iterations */
    double shift;    /* eigenvalue shift */
    double zeta;     /* NPB reference zeta */
};

/* Compressed rows for global rows [row0, row1) and columns [col0, col1);
 * colidx holds local column numbers (global - col0). */
struct cg_csr {
    int nrows, ncols;
    int *rowstr;     /* nrows + 1 */
    int *colidx;
    double *a;
};

/* Builds the block; returns 0 when memory ran out (nothing leaks). */
int cg_make_matrix(const struct cg_class *c, int row0, int row1, int col0, int col1,
                   struct cg_csr *m);
void cg_csr_free(struct cg_csr *m);

#endif
