/* p2p_probe.c - conformance: Probe and Iprobe (source, tag, count of eager
 * and large messages, wildcards), Cancel of a receive (Test_cancelled), and a
 * receive posted after a cancelled one still matching. */
#include "tap.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    int sizes[2] = { 10, 50000 };
    for (int k = 0; k < 2; k++) {
        int len = sizes[k];
        int *s = malloc((size_t)len * sizeof(int)), *r = malloc((size_t)len * sizeof(int));
        for (int i = 0; i < len; i++)
            s[i] = i + me;
        MPI_Request sr;
        MPI_Isend(s, len, MPI_INT, next, 30 + k, MPI_COMM_WORLD, &sr);
        MPI_Status st;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        int cnt;
        MPI_Get_count(&st, MPI_INT, &cnt);
        CHECK(st.MPI_SOURCE == prev && st.MPI_TAG == 30 + k && cnt == len,
              "Probe(ANY,ANY) sees source, tag, count of %d ints", len);
        int flag = 0;
        while (!flag)
            MPI_Iprobe(prev, 30 + k, MPI_COMM_WORLD, &flag, &st);
        CHECK(flag, "Iprobe finds the same message again");
        MPI_Iprobe(prev, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        CHECK(!flag, "Iprobe with another tag finds nothing");
        MPI_Recv(r, cnt, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&sr, MPI_STATUS_IGNORE);
        int ok = 1;
        for (int i = 0; i < len; i++)
            ok &= r[i] == i + prev;
        CHECK(ok, "receive after probe gets the data");
        free(s);
        free(r);
    }

    /* Cancel a receive nobody sends to (specific source: a send-request is out) */
    int v = -5;
    MPI_Request rq;
    MPI_Irecv(&v, 1, MPI_INT, prev, 40, MPI_COMM_WORLD, &rq);
    MPI_Cancel(&rq);
    MPI_Status st;
    MPI_Wait(&rq, &st);
    int c = 0;
    MPI_Test_cancelled(&st, &c);
    CHECK(c && v == -5, "cancelled specific-source receive");
    MPI_Irecv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 41, MPI_COMM_WORLD, &rq);
    MPI_Cancel(&rq);
    MPI_Wait(&rq, &st);
    MPI_Test_cancelled(&st, &c);
    CHECK(c, "cancelled ANY_SOURCE receive");
    /* the tag-40 message sent now must go to the next receive, not the cancelled one */
    MPI_Barrier(MPI_COMM_WORLD);
    int w = me + 7;
    MPI_Request s2;
    MPI_Isend(&w, 1, MPI_INT, next, 40, MPI_COMM_WORLD, &s2);
    MPI_Recv(&v, 1, MPI_INT, prev, 40, MPI_COMM_WORLD, &st);
    MPI_Wait(&s2, MPI_STATUS_IGNORE);
    MPI_Test_cancelled(&st, &c);
    CHECK(v == prev + 7 && !c, "message after a cancel matches the next receive");
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
