/* mprobe.c - conformance: matched probes (MPI-3.1 sec 3.8.2-3.8.3). A message
 * returned by MPI_Mprobe/MPI_Improbe can be received only through its handle:
 * a later probe or receive with the same envelope gets the next message.
 * Eager and large (rendezvous) messages, a derived receive type, Imrecv,
 * a synchronous send,
 * MPI_PROC_NULL (MPI_MESSAGE_NO_PROC), truncation, a null handle. */
#include "tap.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    /* two messages with one envelope: the probed one is taken out of matching */
    int a = 100 + me, b = 200 + me, got = -1, got2 = -1;
    MPI_Request s[2];
    MPI_Isend(&a, 1, MPI_INT, next, 5, MPI_COMM_WORLD, &s[0]);
    MPI_Isend(&b, 1, MPI_INT, next, 5, MPI_COMM_WORLD, &s[1]);
    MPI_Message m = MPI_MESSAGE_NULL;
    MPI_Status st;
    MPI_Mprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &m, &st);
    int cnt = -1;
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(m != MPI_MESSAGE_NULL && st.MPI_SOURCE == prev && st.MPI_TAG == 5 && cnt == 1,
          "Mprobe gives a message handle, source, tag, count");
    int flag = 0;
    MPI_Status st2;
    while (!flag)
        MPI_Iprobe(prev, 5, MPI_COMM_WORLD, &flag, &st2);
    MPI_Recv(&got2, 1, MPI_INT, prev, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(got2 == 200 + prev, "a receive after Mprobe gets the second message, not the matched one");
    MPI_Mrecv(&got, 1, MPI_INT, &m, &st);
    CHECK(got == 100 + prev && m == MPI_MESSAGE_NULL && st.MPI_SOURCE == prev && st.MPI_TAG == 5,
          "Mrecv gets the matched (first) message and nulls the handle");
    MPI_Waitall(2, s, MPI_STATUSES_IGNORE);

    /* Improbe: nothing there, then a large message, received with Imrecv */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Improbe(MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, &flag, &m, MPI_STATUS_IGNORE);
    CHECK(!flag && m == MPI_MESSAGE_NULL, "Improbe with nothing sent: flag 0, handle untouched");
    MPI_Barrier(MPI_COMM_WORLD);
    enum { BIG = 50000 };
    int *big = malloc(BIG * sizeof(int)), *in = malloc(BIG * sizeof(int));
    for (int i = 0; i < BIG; i++) {
        big[i] = i * 3 + me;
        in[i] = -1;
    }
    MPI_Isend(big, BIG, MPI_INT, next, 6, MPI_COMM_WORLD, &s[0]);
    flag = 0;
    while (!flag)
        MPI_Improbe(prev, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &m, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(cnt == BIG && st.MPI_TAG == 6, "Improbe of a %d-int message: count and tag", BIG);
    MPI_Request rq;
    MPI_Imrecv(in, cnt, MPI_INT, &m, &rq);
    CHECK(m == MPI_MESSAGE_NULL, "Imrecv nulls the handle");
    MPI_Wait(&rq, &st);
    MPI_Wait(&s[0], MPI_STATUS_IGNORE);
    int ok = 1;
    for (int i = 0; i < BIG; i++)
        ok &= in[i] == i * 3 + prev;
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(ok && cnt == BIG, "Imrecv of the large matched message: data and count");

    /* derived receive type: every other int of a vector */
    MPI_Datatype vec;
    MPI_Type_vector(4, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    int four[4] = { me, me + 1, me + 2, me + 3 }, spread[8];
    for (int i = 0; i < 8; i++)
        spread[i] = -7;
    MPI_Isend(four, 4, MPI_INT, next, 7, MPI_COMM_WORLD, &s[0]);
    MPI_Mprobe(prev, 7, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
    MPI_Mrecv(spread, 1, vec, &m, &st);
    MPI_Wait(&s[0], MPI_STATUS_IGNORE);
    CHECK(spread[0] == prev && spread[2] == prev + 1 && spread[4] == prev + 2 &&
          spread[6] == prev + 3 && spread[1] == -7 && spread[7] == -7,
          "Mrecv into a vector type lays the data out");
    MPI_Type_free(&vec);

    /* synchronous send to a matched probe (when it completes, at the probe or
     * at the receive, differs between implementations: only the data is checked) */
    int v = 300 + me, w = -1;
    MPI_Issend(&v, 1, MPI_INT, next, 8, MPI_COMM_WORLD, &s[0]);
    MPI_Mprobe(prev, 8, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);    /* every rank holds its matched message */
    MPI_Mrecv(&w, 1, MPI_INT, &m, MPI_STATUS_IGNORE);
    MPI_Wait(&s[0], MPI_STATUS_IGNORE);
    CHECK(w == 300 + prev, "Issend received through Mprobe/Mrecv");

    /* MPI_PROC_NULL */
    MPI_Mprobe(MPI_PROC_NULL, 9, MPI_COMM_WORLD, &m, &st);
    CHECK(m == MPI_MESSAGE_NO_PROC && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG,
          "Mprobe(MPI_PROC_NULL) gives MPI_MESSAGE_NO_PROC");
    w = 55;
    MPI_Mrecv(&w, 1, MPI_INT, &m, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(w == 55 && cnt == 0 && st.MPI_SOURCE == MPI_PROC_NULL && m == MPI_MESSAGE_NULL,
          "Mrecv of MPI_MESSAGE_NO_PROC: count 0, source MPI_PROC_NULL, buffer untouched");

    /* truncation */
    int two[2] = { 1, 2 }, one = -1;
    MPI_Isend(two, 2, MPI_INT, next, 10, MPI_COMM_WORLD, &s[0]);
    MPI_Mprobe(prev, 10, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
    int e = MPI_Mrecv(&one, 1, MPI_INT, &m, &st);
    int cls = -1;
    MPI_Error_class(e, &cls);
    MPI_Wait(&s[0], MPI_STATUS_IGNORE);
    CHECK(cls == MPI_ERR_TRUNCATE, "Mrecv into a too small buffer: MPI_ERR_TRUNCATE");

    /* a null message handle is an error (handler MPI_ERRORS_RETURN) */
    m = MPI_MESSAGE_NULL;
    e = MPI_Mrecv(&one, 1, MPI_INT, &m, MPI_STATUS_IGNORE);
    CHECK(e != MPI_SUCCESS, "Mrecv of MPI_MESSAGE_NULL fails");
    free(big);
    free(in);
    /* the suite (suite.c) runs the next program in this same MPI job */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
