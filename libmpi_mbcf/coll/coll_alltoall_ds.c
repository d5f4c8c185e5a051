/* coll_alltoall_ds.c - Doublespread Alltoall(v) (seed 004 sec 3.2.1): the
 * simple spread exchange (every rank sends to rank+o and receives from
 * rank-o for each coordinate offset o in the same order, so every step is
 * a permutation without endpoint contention) driven in both directions
 * at once: a step pairs offset o with -o, and 3 steps are kept in flight,
 * so up to 6 transfers run at the same time - on a 3-D shape the first
 * step set is exactly +-X, +-Y, +-Z, the 6 TofuD directions. Offsets are
 * ordered by hop distance on the torus of the node shape. Our reading of
 * the seed's one-line description; Fujitsu's code is not public. */
#include <stdlib.h>
#include "coll_internal.h"
#include "coll_shape.h"

#define DS_WINDOW 3             /* steps in flight: 2 offsets each -> 6 */

struct ds_step { int dist, idx; };

static int step_cmp(const void *a, const void *b)
{
    const struct ds_step *x = a, *y = b;
    if (x->dist != y->dist)
        return x->dist < y->dist ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Offset index of -o on the shape. */
static int neg_offset(const struct coll_shape *sh, int o)
{
    int c[3];
    coll_shape_coords(sh, o, c);
    for (int d = 0; d < 3; d++)
        c[d] = (sh->n[d] - c[d]) % sh->n[d];
    return coll_shape_rank(sh, c);
}

/* The step order for a shape (one representative o <= -o per pair),
 * cached: it depends on the shape only. */
static const struct ds_step *ds_steps(const struct coll_shape *sh, int *nsteps)
{
    static struct ds_step *cache;
    static int cn[3], ccount;
    if (cache && cn[0] == sh->n[0] && cn[1] == sh->n[1] && cn[2] == sh->n[2]) {
        *nsteps = ccount;
        return cache;
    }
    int size = sh->n[0] * sh->n[1] * sh->n[2], k = 0;
    struct ds_step *v = malloc(sizeof *v * (size_t)(size > 1 ? size : 1));
    if (!v)
        return NULL;
    for (int o = 1; o < size; o++) {
        if (neg_offset(sh, o) < o)
            continue;
        int c[3], dist = 0;
        coll_shape_coords(sh, o, c);
        for (int d = 0; d < 3; d++)
            dist += c[d] < sh->n[d] - c[d] ? c[d] : sh->n[d] - c[d];
        v[k].dist = dist;
        v[k++].idx = o;
    }
    qsort(v, (size_t)k, sizeof *v, step_cmp);
    free(cache);
    cache = v;
    ccount = k;
    cn[0] = sh->n[0]; cn[1] = sh->n[1]; cn[2] = sh->n[2];
    *nsteps = k;
    return v;
}

/* rank shifted by offset index o (sign +1) or by -o (sign -1). */
static int shift(const struct coll_shape *sh, int rank, int o, int sign)
{
    int c[3], oc[3];
    coll_shape_coords(sh, rank, c);
    coll_shape_coords(sh, o, oc);
    for (int d = 0; d < 3; d++)
        c[d] = ((c[d] + sign * oc[d]) % sh->n[d] + sh->n[d]) % sh->n[d];
    return coll_shape_rank(sh, c);
}

int coll_a2a_doublespread(const void *sbuf, const int *sc, const int *sd, MPI_Datatype sdt,
                          void *rbuf, const int *rcn, const int *rd, MPI_Datatype rdt,
                          int rank, const struct coll_shape *sh, const struct coll_type *s,
                          const struct coll_type *r, int tag, MPI_Comm comm)
{
    int nsteps, rc;
    const struct ds_step *st = ds_steps(sh, &nsteps);
    if (!st)
        return MPI_ERR_NO_MEM;
    MPI_Request q[DS_WINDOW][4];
    int nq[DS_WINDOW] = { 0 };
    rc = coll_copy(coll_elem(sbuf, sd[rank], s), sc[rank], sdt,
                   coll_elem(rbuf, rd[rank], r), rcn[rank], rdt);
    for (int k = 0; k < nsteps && rc == MPI_SUCCESS; k++) {
        int w = k % DS_WINDOW, o = st[k].idx;
        rc = coll_waitall(nq[w], q[w]);
        nq[w] = 0;
        int up = shift(sh, rank, o, 1), down = shift(sh, rank, o, -1);
        int two = neg_offset(sh, o) != o;
        /* receive from rank-o (it sends to +o) and, paired, from rank+o */
        if (rc == MPI_SUCCESS)
            rc = MPI_Irecv(coll_elem(rbuf, rd[down], r), rcn[down], rdt, down, tag, comm,
                           &q[w][nq[w]++]);
        if (rc == MPI_SUCCESS && two)
            rc = MPI_Irecv(coll_elem(rbuf, rd[up], r), rcn[up], rdt, up, tag, comm,
                           &q[w][nq[w]++]);
        if (rc == MPI_SUCCESS)
            rc = MPI_Isend(coll_elem(sbuf, sd[up], s), sc[up], sdt, up, tag, comm,
                           &q[w][nq[w]++]);
        if (rc == MPI_SUCCESS && two)
            rc = MPI_Isend(coll_elem(sbuf, sd[down], s), sc[down], sdt, down, tag, comm,
                           &q[w][nq[w]++]);
    }
    for (int w = 0; w < DS_WINDOW; w++) {
        int rc2 = coll_waitall(nq[w], q[w]);
        if (rc == MPI_SUCCESS)
            rc = rc2;
    }
    return rc;
}
