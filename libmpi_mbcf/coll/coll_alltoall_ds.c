/* coll_alltoall_ds.c - Doublespread Alltoall(v) (seed 004 sec 3.2.1): the
 * simple spread exchange (every rank sends to rank+o and receives from
 * rank-o for each coordinate offset o in the same order, so every step is
 * a permutation without endpoint contention) driven in both directions
 * at once: a step pairs offset o with -o, and 3 steps are kept in flight,
 * so up to 6 transfers run at the same time - on a 3-D shape the first
 * step set is exactly +-X, +-Y, +-Z, the 6 TofuD directions. Offsets are
 * ordered by hop distance on the torus of the node shape. Our reading of
 * the seed's one-line description; Fujitsu's code is not public. The
 * step order and peers come from coll_a2a_sched.c (shared with the
 * link-load model of the study). */
#include <stdlib.h>
#include "coll_internal.h"
#include "coll_a2a_sched.h"

/* The step order (coll_ds_steps) for a shape, cached: it depends on the
 * shape only. */
static const int *ds_steps(const struct coll_shape *sh, int *nsteps)
{
    static int *cache;
    static int cn[3], ccount;
    if (cache && cn[0] == sh->n[0] && cn[1] == sh->n[1] && cn[2] == sh->n[2]) {
        *nsteps = ccount;
        return cache;
    }
    int *v, k = coll_ds_steps(sh, &v);
    if (k < 0)
        return NULL;
    free(cache);
    cache = v;
    ccount = k;
    cn[0] = sh->n[0]; cn[1] = sh->n[1]; cn[2] = sh->n[2];
    *nsteps = k;
    return v;
}

int coll_a2a_doublespread(const void *sbuf, const int *sc, const int *sd, MPI_Datatype sdt,
                          void *rbuf, const int *rcn, const int *rd, MPI_Datatype rdt,
                          int rank, const struct coll_shape *sh, const struct coll_type *s,
                          const struct coll_type *r, int tag, MPI_Comm comm)
{
    int nsteps, rc;
    const int *st = ds_steps(sh, &nsteps);
    if (!st)
        return MPI_ERR_NO_MEM;
    struct coll_xfer q[COLL_DS_WINDOW][4];
    int nq[COLL_DS_WINDOW] = { 0 };
    rc = coll_copy(coll_elem(sbuf, sd[rank], s), sc[rank], sdt,
                   coll_elem(rbuf, rd[rank], r), rcn[rank], rdt);
    for (int k = 0; k < nsteps && rc == MPI_SUCCESS; k++) {
        int w = k % COLL_DS_WINDOW, o = st[k];
        while (nq[w] > 0)
            rc = coll_xfer_wait(&q[w][--nq[w]], rc);
        int up = coll_ds_shift(sh, rank, o, 1), down = coll_ds_shift(sh, rank, o, -1);
        int two = coll_ds_neg(sh, o) != o;
        /* receive from rank-o (it sends to +o) and, paired, from rank+o */
        if (rc == MPI_SUCCESS)
            rc = coll_xfer_post(&q[w][nq[w]++], 1, coll_elem(rbuf, rd[down], r), rcn[down], rdt,
                                down, tag, comm);
        if (rc == MPI_SUCCESS && two)
            rc = coll_xfer_post(&q[w][nq[w]++], 1, coll_elem(rbuf, rd[up], r), rcn[up], rdt, up,
                                tag, comm);
        if (rc == MPI_SUCCESS)
            rc = coll_xfer_post(&q[w][nq[w]++], 0, coll_elem(sbuf, sd[up], s), sc[up], sdt, up,
                                tag, comm);
        if (rc == MPI_SUCCESS && two)
            rc = coll_xfer_post(&q[w][nq[w]++], 0, coll_elem(sbuf, sd[down], s), sc[down], sdt,
                                down, tag, comm);
    }
    for (int w = 0; w < COLL_DS_WINDOW; w++)
        while (nq[w] > 0)
            rc = coll_xfer_wait(&q[w][--nq[w]], rc);
    return rc;
}
