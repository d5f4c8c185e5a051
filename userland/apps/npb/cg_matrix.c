/* NPB CG matrix generation (NPB 1.0 report sec 2.4 "CG"; makea/sprnvc/vecset of
 * NPB 3.4): A = sum_i size_i * v_i v_i^T + (rcond - shift) I, where v_i is a
 * random sparse vector with NONZER entries plus the entry i set to 0.5, and
 * size_i = rcond^(i/NA) with rcond = 0.1.  Every process draws the whole random
 * sequence (it is cheap) and keeps only entries inside its row and column block.
 * Duplicate entries are summed in generation order, as the reference does. */
#include "cg_int.h"
#include "npb.h"
#include <math.h>
#include <stdlib.h>

#define CG_RCOND 0.1
#define CG_TRAN 314159265.0

struct cg_entry {
    int col;
    int seq;      /* generation order: duplicates are added in this order */
    double v;
};

struct cg_vectors {
    int n, per;   /* n vectors of at most per = nonzer + 1 entries */
    int *len;
    int *idx;     /* 0-based positions, n * per */
    double *val;
};

/* Random sparse vector of nz distinct positions in [1, n] (sprnvc), then
 * position `diag` (1-based) forced to 0.5 (vecset). */
static int cg_sprnvc(int n, int nz, int nn1, double *tran, int diag, int *iv, double *v)
{
    int nzv = 0;
    while (nzv < nz) {
        double vecelt = randlc(tran, NPB_A);
        double vecloc = randlc(tran, NPB_A);
        int i = (int)(nn1 * vecloc) + 1;
        if (i > n)
            continue;
        int dup = 0;
        for (int k = 0; k < nzv; k++)
            if (iv[k] == i)
                dup = 1;
        if (dup)
            continue;
        v[nzv] = vecelt;
        iv[nzv] = i;
        nzv++;
    }
    for (int k = 0; k < nzv; k++)
        if (iv[k] == diag) {
            v[k] = 0.5;
            return nzv;
        }
    v[nzv] = 0.5;
    iv[nzv] = diag;
    return nzv + 1;
}

static int cg_gen_vectors(const struct cg_class *c, struct cg_vectors *g)
{
    g->n = c->na;
    g->per = c->nonzer + 1;
    g->len = malloc((size_t)g->n * sizeof(int));
    g->idx = malloc((size_t)g->n * g->per * sizeof(int));
    g->val = malloc((size_t)g->n * g->per * sizeof(double));
    if (!g->len || !g->idx || !g->val)
        return 0;
    int nn1 = 1;
    while (nn1 < c->na)
        nn1 *= 2;
    double tran = CG_TRAN;
    randlc(&tran, NPB_A); /* the reference draws one number (its first zeta) before makea */
    for (int i = 0; i < g->n; i++) {
        int *iv = g->idx + (size_t)i * g->per;
        double *v = g->val + (size_t)i * g->per;
        g->len[i] = cg_sprnvc(c->na, c->nonzer, nn1, &tran, i + 1, iv, v);
        for (int k = 0; k < g->len[i]; k++)
            iv[k] -= 1;
    }
    return 1;
}

static void cg_vectors_free(struct cg_vectors *g)
{
    free(g->len);
    free(g->idx);
    free(g->val);
}

static int cg_entry_cmp(const void *pa, const void *pb)
{
    const struct cg_entry *a = pa, *b = pb;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

void cg_csr_free(struct cg_csr *m)
{
    free(m->rowstr);
    free(m->colidx);
    free(m->a);
    m->rowstr = NULL;
    m->colidx = NULL;
    m->a = NULL;
}

int cg_make_matrix(const struct cg_class *c, int row0, int row1, int col0, int col1,
                   struct cg_csr *m)
{
    struct cg_vectors g = {0};
    struct cg_entry *ent = NULL;
    int *fill = NULL;
    int ok = 0;
    m->nrows = row1 - row0;
    m->ncols = col1 - col0;
    m->rowstr = calloc((size_t)m->nrows + 1, sizeof(int));
    fill = calloc((size_t)m->nrows + 1, sizeof(int));
    if (!m->rowstr || !fill || !cg_gen_vectors(c, &g))
        goto out;

    /* pass 1: upper bound of entries per local row */
    for (int i = 0; i < g.n; i++) {
        const int *iv = g.idx + (size_t)i * g.per;
        int incols = 0;
        for (int k = 0; k < g.len[i]; k++)
            incols += iv[k] >= col0 && iv[k] < col1;
        for (int k = 0; k < g.len[i]; k++)
            if (iv[k] >= row0 && iv[k] < row1)
                m->rowstr[iv[k] - row0 + 1] += incols;
    }
    for (int r = 0; r < m->nrows; r++)
        m->rowstr[r + 1] += m->rowstr[r];
    size_t total = (size_t)m->rowstr[m->nrows];
    ent = malloc((total ? total : 1) * sizeof(*ent));
    if (!ent)
        goto out;

    /* pass 2: the outer products, in generation order */
    double size = 1.0, ratio = pow(CG_RCOND, 1.0 / (double)c->na);
    int seq = 0;
    for (int i = 0; i < g.n; i++) {
        const int *iv = g.idx + (size_t)i * g.per;
        const double *v = g.val + (size_t)i * g.per;
        for (int nza = 0; nza < g.len[i]; nza++) {
            int j = iv[nza];
            if (j < row0 || j >= row1)
                continue;
            double scale = size * v[nza];
            for (int nzr = 0; nzr < g.len[i]; nzr++) {
                int jcol = iv[nzr];
                if (jcol < col0 || jcol >= col1)
                    continue;
                double va = v[nzr] * scale;
                if (jcol == j && j == i)
                    va = va + CG_RCOND - c->shift;
                int r = j - row0;
                struct cg_entry *e = &ent[m->rowstr[r] + fill[r]++];
                e->col = jcol - col0;
                e->seq = seq++;
                e->v = va;
            }
        }
        size *= ratio;
    }

    /* sort each row by column and add up duplicates (in generation order) */
    size_t out_n = 0;
    for (int r = 0; r < m->nrows; r++) {
        struct cg_entry *row = ent + m->rowstr[r];
        qsort(row, (size_t)fill[r], sizeof(*row), cg_entry_cmp);
        size_t start = out_n;
        for (int k = 0; k < fill[r]; k++) {
            if (out_n > start && ent[out_n - 1].col == row[k].col)
                ent[out_n - 1].v += row[k].v;
            else
                ent[out_n++] = row[k];
        }
        m->rowstr[r] = (int)start; /* rows are compacted in place, front to back */
    }
    m->rowstr[m->nrows] = (int)out_n;
    m->colidx = malloc((out_n ? out_n : 1) * sizeof(int));
    m->a = malloc((out_n ? out_n : 1) * sizeof(double));
    if (!m->colidx || !m->a)
        goto out;
    for (size_t k = 0; k < out_n; k++) {
        m->colidx[k] = ent[k].col;
        m->a[k] = ent[k].v;
    }
    ok = 1;
out:
    free(ent);
    free(fill);
    cg_vectors_free(&g);
    if (!ok)
        cg_csr_free(m);
    return ok;
}
