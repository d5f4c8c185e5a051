/* mpi_grequest.c - generalized requests (MPI-3.1 sec 12.2): MPI_Grequest_start
 * makes a request that the completion calls treat like any other;
 * MPI_Grequest_complete marks it done. Wait/Test then call the user's
 * query_fn for the status and free_fn; MPI_Cancel calls cancel_fn;
 * MPI_Request_free of a request not yet complete calls free_fn at
 * MPI_Grequest_complete. The functions live in a table beside the request
 * table, indexed like it. */
#include "mpi_grequest.h"
#include "mpi_errhandler.h"
#include <stdlib.h>

struct greq {
    MPI_Grequest_query_function *query;
    MPI_Grequest_free_function *free;
    MPI_Grequest_cancel_function *cancel;
    void *extra;
    int freed_fn;               /* free_fn already called */
};
static struct greq *greqs;
static int ngreqs;

static struct greq *greq_of(struct req *r)
{
    return &greqs[r->handle - 1];
}

int PMPI_Grequest_start(MPI_Grequest_query_function *q, MPI_Grequest_free_function *f,
                        MPI_Grequest_cancel_function *c, void *extra, MPI_Request *req)
{
    static const char fn[] = "MPI_Grequest_start";
    CHECK_INIT(fn);
    if (!q || !f || !c || !req)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    struct req *r = req_new(RK_GREQ);
    if (!r)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    if (r->handle > ngreqs) {
        int n = r->handle + 64;
        struct greq *v = realloc(greqs, (size_t)n * sizeof *v);
        if (!v) {
            req_release(r);
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
        }
        greqs = v;
        ngreqs = n;
    }
    *greq_of(r) = (struct greq){ q, f, c, extra, 0 };
    r->active = 1;
    r->state = RS_POSTED;
    r->comm = MPI_COMM_WORLD;
    *req = r->handle;
    return MPI_SUCCESS;
}
MPI_ALIAS(Grequest_start);

int PMPI_Grequest_complete(MPI_Request h)
{
    static const char fn[] = "MPI_Grequest_complete";
    CHECK_INIT(fn);
    struct req *r = req_get(h);
    if (!r || r->kind != RK_GREQ || r->state == RS_DONE)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, fn);
    if (r->freed)
        greq_free(r);              /* Request_free came first: nobody waits */
    req_complete(r);               /* released here when freed */
    return MPI_SUCCESS;
}
MPI_ALIAS(Grequest_complete);

void greq_query(struct req *r)
{
    struct greq *g = greq_of(r);
    r->st.MPI_SOURCE = MPI_UNDEFINED;
    r->st.MPI_TAG = MPI_UNDEFINED;
    r->st.mbcf_count = 0;
    r->st.mbcf_cancelled = 0;
    r->st.MPI_ERROR = MPI_SUCCESS;
    r->err = g->query(g->extra, &r->st);
    if (!r->err)
        r->err = r->st.MPI_ERROR;
}

int greq_free(struct req *r)
{
    struct greq *g = greq_of(r);
    if (g->freed_fn)
        return r->err;
    g->freed_fn = 1;
    int e = g->free(g->extra);
    return r->err ? r->err : e;
}

int greq_cancel(struct req *r, int complete)
{
    struct greq *g = greq_of(r);
    return g->cancel(g->extra, complete);
}
