/* coll_a2a_sched.c - the step schedules of Doublespread and pairwise
 * Alltoall(v) (coll_a2a_sched.h): plain C, no MPI, shared by the
 * algorithms and the link-load model of the study. */
#include <stdlib.h>
#include "coll_a2a_sched.h"

struct ds_step { int dist, idx; };

static int step_cmp(const void *a, const void *b)
{
    const struct ds_step *x = a, *y = b;
    if (x->dist != y->dist)
        return x->dist < y->dist ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

int coll_ds_neg(const struct coll_shape *sh, int o)
{
    int c[3];
    coll_shape_coords(sh, o, c);
    for (int d = 0; d < 3; d++)
        c[d] = (sh->n[d] - c[d]) % sh->n[d];
    return coll_shape_rank(sh, c);
}

int coll_ds_shift(const struct coll_shape *sh, int rank, int o, int sign)
{
    int c[3], oc[3];
    coll_shape_coords(sh, rank, c);
    coll_shape_coords(sh, o, oc);
    for (int d = 0; d < 3; d++)
        c[d] = ((c[d] + sign * oc[d]) % sh->n[d] + sh->n[d]) % sh->n[d];
    return coll_shape_rank(sh, c);
}

int coll_ds_steps(const struct coll_shape *sh, int **out)
{
    int size = sh->n[0] * sh->n[1] * sh->n[2], k = 0;
    struct ds_step *v = malloc(sizeof *v * (size_t)(size > 1 ? size : 1));
    int *o = malloc(sizeof *o * (size_t)(size > 1 ? size : 1));
    if (!v || !o) {
        free(v);
        free(o);
        return -1;
    }
    for (int i = 1; i < size; i++) {
        if (coll_ds_neg(sh, i) < i)
            continue;
        int c[3], dist = 0;
        coll_shape_coords(sh, i, c);
        for (int d = 0; d < 3; d++)
            dist += c[d] < sh->n[d] - c[d] ? c[d] : sh->n[d] - c[d];
        v[k].dist = dist;
        v[k++].idx = i;
    }
    qsort(v, (size_t)k, sizeof *v, step_cmp);
    for (int i = 0; i < k; i++)
        o[i] = v[i].idx;
    free(v);
    *out = o;
    return k;
}

int coll_pairwise_peer(int rank, int size, int r, int *src)
{
    *src = (rank - r % size + size) % size;
    return (rank + r) % size;
}
