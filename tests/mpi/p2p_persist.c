/* p2p_persist.c - conformance: persistent requests (Send_init, Recv_init,
 * Start, Startall, Request_free), Waitany/Waitsome/Testany/Testsome/Testall,
 * Request_get_status, inactive and null requests. */
#include "tap.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;

    /* halo-like ring exchange with persistent requests, 50 iterations */
    double sendv[4], recvv[4];
    MPI_Request rq[2];
    MPI_Recv_init(recvv, 4, MPI_DOUBLE, prev, 11, MPI_COMM_WORLD, &rq[0]);
    MPI_Send_init(sendv, 4, MPI_DOUBLE, next, 11, MPI_COMM_WORLD, &rq[1]);
    int ok = 1;
    for (int it = 0; it < 50; it++) {
        for (int i = 0; i < 4; i++)
            sendv[i] = me * 1000 + it * 10 + i;
        MPI_Startall(2, rq);
        MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
        for (int i = 0; i < 4; i++)
            ok &= recvv[i] == prev * 1000 + it * 10 + i;
    }
    CHECK(ok, "persistent Startall/Waitall ring, 50 iterations");
    CHECK(rq[0] != MPI_REQUEST_NULL && rq[1] != MPI_REQUEST_NULL, "persistent handles stay valid");
    MPI_Status st;
    int flag = 0;
    MPI_Test(&rq[0], &flag, &st);
    CHECK(flag && st.MPI_SOURCE == MPI_ANY_SOURCE && st.MPI_TAG == MPI_ANY_TAG,
          "Test on an inactive persistent request: empty status");
    MPI_Request_free(&rq[0]);
    MPI_Request_free(&rq[1]);
    CHECK(rq[0] == MPI_REQUEST_NULL, "Request_free resets the handle");

    /* single Start/Wait with a large message (rendezvous) */
    int big = 100000;
    int *b1 = malloc(big * sizeof(int)), *b2 = malloc(big * sizeof(int));
    for (int i = 0; i < big; i++)
        b1[i] = i ^ me;
    MPI_Request a, b;
    MPI_Recv_init(b2, big, MPI_INT, prev, 12, MPI_COMM_WORLD, &a);
    MPI_Send_init(b1, big, MPI_INT, next, 12, MPI_COMM_WORLD, &b);
    for (int it = 0; it < 3; it++) {
        MPI_Start(&a);
        MPI_Start(&b);
        MPI_Wait(&b, MPI_STATUS_IGNORE);
        MPI_Wait(&a, &st);
        int cnt;
        MPI_Get_count(&st, MPI_INT, &cnt);
        int good = cnt == big;
        for (int i = 0; i < big; i++)
            good &= b2[i] == (i ^ prev);
        CHECK(good, "persistent large message, iteration %d", it);
    }
    MPI_Request_free(&a);
    MPI_Request_free(&b);
    free(b1);
    free(b2);

    /* Waitany / Waitsome / Testsome over messages from all peers */
    int *vals = calloc((size_t)n, sizeof(int));
    MPI_Request *rr = malloc((size_t)n * sizeof *rr);
    for (int p = 0; p < n; p++)
        MPI_Irecv(&vals[p], 1, MPI_INT, p, 13, MPI_COMM_WORLD, &rr[p]);
    for (int p = 0; p < n; p++) {
        int v = me * 100 + p;
        MPI_Send(&v, 1, MPI_INT, p, 13, MPI_COMM_WORLD);
    }
    int seen = 0, idx, good = 1;
    while (seen < n) {
        if (seen % 2) {
            MPI_Waitany(n, rr, &idx, &st);
            good &= idx >= 0 && idx < n && st.MPI_SOURCE == idx;
            seen++;
        } else {
            int cnt, ids[64];
            MPI_Waitsome(n, rr, &cnt, ids, MPI_STATUSES_IGNORE);
            good &= cnt >= 1;
            seen += cnt;
        }
    }
    for (int p = 0; p < n; p++)
        good &= vals[p] == p * 100 + me && rr[p] == MPI_REQUEST_NULL;
    CHECK(good, "Waitany/Waitsome completed all %d receives", n);
    MPI_Waitany(n, rr, &idx, &st);
    CHECK(idx == MPI_UNDEFINED, "Waitany on null requests gives MPI_UNDEFINED");
    int cnt;
    MPI_Testsome(n, rr, &cnt, &idx, MPI_STATUSES_IGNORE);
    CHECK(cnt == MPI_UNDEFINED, "Testsome on null requests gives MPI_UNDEFINED");
    MPI_Testall(n, rr, &flag, MPI_STATUSES_IGNORE);
    CHECK(flag, "Testall on null requests is true");

    /* Testany polling and Request_get_status */
    int v = -1;
    MPI_Request r1;
    MPI_Irecv(&v, 1, MPI_INT, prev, 14, MPI_COMM_WORLD, &r1);
    int w = me;
    MPI_Send(&w, 1, MPI_INT, next, 14, MPI_COMM_WORLD);
    flag = 0;
    while (!flag)
        MPI_Request_get_status(r1, &flag, &st);
    CHECK(r1 != MPI_REQUEST_NULL && st.MPI_SOURCE == prev, "Request_get_status keeps the request");
    flag = 0;
    while (!flag)
        MPI_Testany(1, &r1, &idx, &flag, &st);
    CHECK(idx == 0 && v == prev && r1 == MPI_REQUEST_NULL, "Testany completes and frees");
    free(vals);
    free(rr);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
