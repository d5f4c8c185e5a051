/* coll_shape.c - node shape of the Tofu-aware collectives: parsing the
 * shape text (MPI_MBCF_SHAPE, which the QEMU launcher derives from
 * --torus) and rank/coordinate arithmetic on a torus of that shape. */
#include <stdlib.h>
#include "coll_shape.h"

int coll_shape_parse(const char *s, int n[3])
{
    n[0] = n[1] = n[2] = 1;
    for (int d = 0; d < 3; d++) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > 1 << 24)
            return -1;
        n[d] = (int)v;
        if (*end == 0)
            return 0;
        if (*end != 'x' && *end != 'X')
            return -1;
        s = end + 1;
    }
    return -1;                      /* a fourth dimension */
}

static void finish(struct coll_shape *sh)
{
    sh->ndims = 0;
    for (int d = 0; d < 3; d++)
        sh->ndims += sh->n[d] > 1;
}

int coll_shape_make(const char *text, int size, struct coll_shape *sh)
{
    int n[3];
    sh->n[0] = size > 0 ? size : 1;
    sh->n[1] = sh->n[2] = 1;
    sh->ppn = 1;
    if (text && *text && coll_shape_parse(text, n) == 0) {
        long nodes = (long)n[0] * n[1] * n[2];
        if (nodes <= size && size % nodes == 0) {
            sh->ppn = (int)(size / nodes);
            sh->n[0] = n[0] * sh->ppn;
            sh->n[1] = n[1];
            sh->n[2] = n[2];
            finish(sh);
            return 1;
        }
    }
    finish(sh);
    return 0;
}

void coll_shape_coords(const struct coll_shape *sh, int rank, int c[3])
{
    c[0] = rank % sh->n[0];
    c[1] = rank / sh->n[0] % sh->n[1];
    c[2] = rank / (sh->n[0] * sh->n[1]);
}

int coll_shape_rank(const struct coll_shape *sh, const int c[3])
{
    return c[0] + sh->n[0] * (c[1] + sh->n[1] * c[2]);
}

int coll_shape_step(const struct coll_shape *sh, int rank, int dim, int d)
{
    int c[3];
    coll_shape_coords(sh, rank, c);
    int n = sh->n[dim];
    c[dim] = ((c[dim] + d) % n + n) % n;
    return coll_shape_rank(sh, c);
}
