/* grequest.c - conformance: generalized requests (MPI-3.1 sec 12.2): Test
 * before and after MPI_Grequest_complete, the status from query_fn (source,
 * tag, count, error), free_fn called once when the request is retired,
 * cancel_fn with the completion flag, MPI_Request_free before completion
 * (free_fn runs once), and a generalized request in Waitall
 * beside a real receive. */
#include "tap.h"

struct state { int queried, freed, cancelled, cancel_complete, err; };

static int query(void *extra, MPI_Status *st)
{
    struct state *s = extra;
    s->queried++;
    st->MPI_SOURCE = 5;
    st->MPI_TAG = 9;
    MPI_Status_set_elements(st, MPI_BYTE, 7);
    MPI_Status_set_cancelled(st, 0);
    return s->err;
}

static int free_fn(void *extra)
{
    ((struct state *)extra)->freed++;
    return MPI_SUCCESS;
}

static int cancel(void *extra, int complete)
{
    struct state *s = extra;
    s->cancelled++;
    s->cancel_complete = complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    struct state s = { 0, 0, 0, 0, MPI_SUCCESS };
    MPI_Request r;
    MPI_Grequest_start(query, free_fn, cancel, &s, &r);
    int flag = 1;
    MPI_Status st;
    MPI_Test(&r, &flag, &st);
    CHECK(!flag && r != MPI_REQUEST_NULL && s.freed == 0, "Test before Grequest_complete: not done");
    MPI_Grequest_complete(r);
    MPI_Test(&r, &flag, &st);
    int cnt = -1;
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    CHECK(flag && r == MPI_REQUEST_NULL && st.MPI_SOURCE == 5 && st.MPI_TAG == 9 && cnt == 7,
          "after Grequest_complete: Test done, status from query_fn");
    CHECK(s.queried >= 1 && s.freed == 1, "query_fn and free_fn called (free_fn once)");

    struct state c = { 0, 0, 0, 0, MPI_SUCCESS };
    MPI_Grequest_start(query, free_fn, cancel, &c, &r);
    MPI_Cancel(&r);
    CHECK(c.cancelled == 1 && c.cancel_complete == 0, "Cancel calls cancel_fn(complete = false)");
    MPI_Grequest_complete(r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    CHECK(c.queried >= 1 && c.freed == 1, "Wait with MPI_STATUS_IGNORE still calls query_fn, free_fn");

    struct state f = { 0, 0, 0, 0, MPI_SUCCESS };
    MPI_Grequest_start(query, free_fn, cancel, &f, &r);
    MPI_Request keep = r;
    MPI_Request_free(&r);
    MPI_Grequest_complete(keep);
    /* the standard says at Grequest_complete (the later of the two); MPICH
     * calls it in Request_free: only "once" is checked */
    CHECK(r == MPI_REQUEST_NULL && f.freed == 1, "Request_free before completion: free_fn once");

    /* beside a real receive in Waitall */
    struct state w = { 0, 0, 0, 0, MPI_SUCCESS };
    int next = (me + 1) % n, prev = (me + n - 1) % n, v = -1, out = me * 11;
    MPI_Request rq[3];
    MPI_Irecv(&v, 1, MPI_INT, prev, 4, MPI_COMM_WORLD, &rq[0]);
    MPI_Grequest_start(query, free_fn, cancel, &w, &rq[1]);
    MPI_Isend(&out, 1, MPI_INT, next, 4, MPI_COMM_WORLD, &rq[2]);
    MPI_Grequest_complete(rq[1]);
    MPI_Status sts[3];
    MPI_Waitall(3, rq, sts);
    CHECK(v == prev * 11 && sts[1].MPI_TAG == 9 && w.freed == 1,
          "Waitall over a receive, a generalized request and a send");

    /* an error from query_fn reaches the caller */
    struct state e = { 0, 0, 0, 0, MPI_ERR_OTHER };
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Grequest_start(query, free_fn, cancel, &e, &r);
    MPI_Grequest_complete(r);
    int rc0 = MPI_Wait(&r, &st), cls = -1;
    MPI_Error_class(rc0, &cls);
    CHECK(cls == MPI_ERR_OTHER && e.freed == 1, "query_fn's error is Wait's error");
    /* the suite (suite.c) runs the next program in this same MPI job */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
