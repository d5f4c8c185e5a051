/* NPB MG halo exchange (comm3 of the MPI reference): the ghost layer is
 * refreshed one axis after the other; faces of later axes include the ghosts
 * filled by earlier ones, so edges and corners come out right.  Per axis both
 * receives are posted first (Irecv), then both faces are sent, then waited for.
 * Axes with one process wrap around locally.  With any_source set the
 * receives use MPI_ANY_SOURCE as NPB 2.3 MG did (seed 003 sec 3.3 observes that
 * this keeps MPI/MBCF from posting send-requests); the tag tells the faces apart. */
#include "mg_int.h"
#include <mpi.h>

#define MG_TAG 500

/* Copy the face `idx` of axis `axis` between u and buf (to_buf selects direction);
 * the face covers interior points of later axes and all points of earlier ones. */
static size_t mg_face(double *u, const int m[3], int axis, int idx, double *buf, int to_buf)
{
    int lo[3], hi[3];
    for (int d = 0; d < 3; d++) {
        lo[d] = d < axis ? 0 : 1;
        hi[d] = d < axis ? m[d] : m[d] - 1;
    }
    lo[axis] = idx;
    hi[axis] = idx + 1;
    size_t n = 0;
    for (int i3 = lo[2]; i3 < hi[2]; i3++)
        for (int i2 = lo[1]; i2 < hi[1]; i2++)
            for (int i1 = lo[0]; i1 < hi[0]; i1++) {
                size_t p = MG_AT(m, i1, i2, i3);
                if (to_buf)
                    buf[n] = u[p];
                else
                    u[p] = buf[n];
                n++;
            }
    return n;
}

void mg_comm3(struct mg_grid *g, double *u, const int m[3])
{
    for (int axis = 0; axis < 3; axis++) {
        int last = m[axis] - 2; /* last interior index */
        if (g->pi[axis] == 1) {
            mg_face(u, m, axis, last, g->sbuf[0], 1);
            mg_face(u, m, axis, 0, g->sbuf[0], 0);
            mg_face(u, m, axis, 1, g->sbuf[1], 1);
            mg_face(u, m, axis, m[axis] - 1, g->sbuf[1], 0);
            continue;
        }
        int tag_up = MG_TAG + 2 * axis, tag_down = MG_TAG + 2 * axis + 1;
        int lower = g->nbr[axis][0], upper = g->nbr[axis][1];
        int src_lower = g->any_source ? MPI_ANY_SOURCE : lower;
        int src_upper = g->any_source ? MPI_ANY_SOURCE : upper;
        /* face size is the same for both directions */
        int cnt = 1;
        for (int d = 0; d < 3; d++)
            if (d != axis)
                cnt *= d < axis ? m[d] : m[d] - 2;
        MPI_Request req[2];
        MPI_Irecv(g->rbuf[0], cnt, MPI_DOUBLE, src_lower, tag_up, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(g->rbuf[1], cnt, MPI_DOUBLE, src_upper, tag_down, MPI_COMM_WORLD, &req[1]);
        mg_face(u, m, axis, last, g->sbuf[0], 1);
        MPI_Send(g->sbuf[0], cnt, MPI_DOUBLE, upper, tag_up, MPI_COMM_WORLD);
        mg_face(u, m, axis, 1, g->sbuf[1], 1);
        MPI_Send(g->sbuf[1], cnt, MPI_DOUBLE, lower, tag_down, MPI_COMM_WORLD);
        MPI_Status stat[2];
        MPI_Waitall(2, req, stat);
        mg_face(u, m, axis, 0, g->rbuf[0], 0);
        mg_face(u, m, axis, m[axis] - 1, g->rbuf[1], 0);
    }
}
