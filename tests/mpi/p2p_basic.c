/* p2p_basic.c - conformance: blocking and non-blocking send/receive basics:
 * ring exchange, MPI_PROC_NULL, messages to self, Get_count, Sendrecv,
 * Sendrecv_replace, Ssend, Rsend, STATUS_IGNORE. TAP output (tap.h). */
#include "tap.h"
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;

    /* ring with Sendrecv */
    int out[4] = { me, me * 10, me * 100, -me }, in[4] = { 0 };
    MPI_Status st;
    MPI_Sendrecv(out, 4, MPI_INT, next, 7, in, 4, MPI_INT, prev, 7, MPI_COMM_WORLD, &st);
    CHECK(in[0] == prev && in[1] == prev * 10 && in[2] == prev * 100 && in[3] == -prev,
          "Sendrecv ring data");
    int cnt = -1;
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(st.MPI_SOURCE == prev && st.MPI_TAG == 7 && cnt == 4, "Sendrecv status");

    /* Isend/Irecv ring, both directions */
    double a = me + 0.5, b = -1, c = -1;
    MPI_Request rq[4];
    MPI_Irecv(&b, 1, MPI_DOUBLE, prev, 1, MPI_COMM_WORLD, &rq[0]);
    MPI_Irecv(&c, 1, MPI_DOUBLE, next, 2, MPI_COMM_WORLD, &rq[1]);
    MPI_Isend(&a, 1, MPI_DOUBLE, next, 1, MPI_COMM_WORLD, &rq[2]);
    MPI_Isend(&a, 1, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, &rq[3]);
    MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
    CHECK(b == prev + 0.5 && c == next + 0.5, "Isend/Irecv both directions");
    CHECK(rq[0] == MPI_REQUEST_NULL && rq[3] == MPI_REQUEST_NULL, "Waitall resets requests");

    /* PROC_NULL */
    int x = 42;
    MPI_Send(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Recv(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(x == 42 && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && cnt == 0,
          "MPI_PROC_NULL send and receive");

    /* self: send before receive (buffered) and receive before send */
    int s1 = 11, r1 = 0;
    MPI_Request sr;
    MPI_Isend(&s1, 1, MPI_INT, me, 3, MPI_COMM_WORLD, &sr);
    MPI_Recv(&r1, 1, MPI_INT, me, 3, MPI_COMM_WORLD, &st);
    MPI_Wait(&sr, MPI_STATUS_IGNORE);
    CHECK(r1 == 11 && st.MPI_SOURCE == me, "send to self, send first");
    MPI_Irecv(&r1, 1, MPI_INT, MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &sr);
    s1 = 12;
    MPI_Send(&s1, 1, MPI_INT, me, 4, MPI_COMM_WORLD);
    MPI_Wait(&sr, &st);
    CHECK(r1 == 12 && st.MPI_SOURCE == me && st.MPI_TAG == 4, "send to self, receive first");
    char big[5000];
    memset(big, 'q', sizeof big);
    MPI_Issend(big, 5000, MPI_CHAR, me, 5, MPI_COMM_WORLD, &sr);
    int flag = 1;
    MPI_Test(&sr, &flag, MPI_STATUS_IGNORE);
    CHECK(!flag, "Issend to self not complete before the receive");
    char bigr[5000];
    MPI_Recv(bigr, 5000, MPI_CHAR, me, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&sr, MPI_STATUS_IGNORE);
    CHECK(memcmp(big, bigr, 5000) == 0, "Issend to self data");

    /* Sendrecv_replace */
    int v[3] = { me, me + 1, me + 2 };
    MPI_Sendrecv_replace(v, 3, MPI_INT, next, 9, prev, 9, MPI_COMM_WORLD, &st);
    CHECK(v[0] == prev && v[1] == prev + 1 && v[2] == prev + 2 && st.MPI_SOURCE == prev,
          "Sendrecv_replace");

    /* Ssend and Rsend (receive pre-posted, confirmed by a zero-byte message) */
    if (n > 1) {
        int val = -1;
        if (me == 0) {
            int go;
            MPI_Recv(&go, 0, MPI_INT, 1, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            val = 777;
            MPI_Rsend(&val, 1, MPI_INT, 1, 21, MPI_COMM_WORLD);
            val = 778;
            MPI_Ssend(&val, 1, MPI_INT, 1, 22, MPI_COMM_WORLD);
            CHECK(1, "Ssend returned");
        } else if (me == 1) {
            MPI_Request r2;
            MPI_Irecv(&val, 1, MPI_INT, 0, 21, MPI_COMM_WORLD, &r2);
            MPI_Send(NULL, 0, MPI_INT, 0, 20, MPI_COMM_WORLD);
            MPI_Wait(&r2, MPI_STATUS_IGNORE);
            CHECK(val == 777, "Rsend to a posted receive");
            MPI_Recv(&val, 1, MPI_INT, 0, 22, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            CHECK(val == 778, "Ssend data");
        }
    }
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
