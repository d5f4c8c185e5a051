/* mpi_request.c - MPI entry points for completion (MPI-3.1 sec 3.7-3.9):
 * Wait/Test and their all/any/some forms, Request_free,
 * Request_get_status, Cancel, persistent requests (Start/Startall),
 * Get_count/Get_elements, status setters. The request objects are
 * pml_request.c; progress and waiting pml_progress.c. */
#include "mpi_impl.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "mpi_grequest.h"
#include "pml.h"
#include "pml_pcoll.h"
#include "mpi_req_link.h"

static int is_done(struct req *r)
{
    return r->kind == RK_NULLDONE || !r->active || r->state == RS_DONE ||
           (r->kind == RK_LINK && link_done(r));
}

PATH_INLINE void fill_status(struct req *r, MPI_Status *st)
{
    if (r->kind == RK_GREQ)
        greq_query(r);            /* called even when the status is ignored */
    if (st == MPI_STATUS_IGNORE)
        return;
    if (r->kind == RK_RECV || r->kind == RK_NULLDONE || r->kind == RK_GREQ ||
        r->kind == RK_LINK) {
        *st = r->st;
    } else {
        st->MPI_SOURCE = MPI_ANY_SOURCE;
        st->MPI_TAG = MPI_ANY_TAG;
        st->MPI_ERROR = r->err;
        st->mbcf_count = 0;
        st->mbcf_cancelled = r->cancelled;
    }
}

static void empty_status(MPI_Status *st)
{
    if (st == MPI_STATUS_IGNORE)
        return;
    st->MPI_SOURCE = MPI_ANY_SOURCE;
    st->MPI_TAG = MPI_ANY_TAG;
    st->MPI_ERROR = MPI_SUCCESS;
    st->mbcf_count = 0;
    st->mbcf_cancelled = 0;
}

/* Retire a completed request r (= req_get(*h), looked up by the caller):
 * status out, handle reset unless persistent. */
PATH_INLINE int retire_req(MPI_Request *h, struct req *r, MPI_Status *st)
{
    fill_status(r, st);
    int err = r->kind == RK_RECV ? r->st.MPI_ERROR : r->kind == RK_GREQ ? greq_free(r) : r->err;
    if (r->persistent) {
        r->active = 0;
    } else {
        req_release(r);
        *h = MPI_REQUEST_NULL;
    }
    return err;
}

PATH_INLINE int retire(MPI_Request *h, MPI_Status *st)
{
    return retire_req(h, req_get(*h), st);
}

static int inactive(MPI_Request h)
{
    struct req *r = req_get(h);
    return !r || (r->persistent && !r->active);
}

static MPI_Comm req_comm(MPI_Request h)
{
    struct req *r = req_get(h);
    return r && r->comm ? r->comm : MPI_COMM_WORLD;
}

int mpi_impl_Wait(MPI_Request *h, MPI_Status *st)
{
    CHECK_INIT("MPI_Wait");
    if (!h)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Wait");
    struct req *r = req_get(*h);        /* looked up once */
    if (!r && *h != MPI_REQUEST_NULL)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Wait");
    if (!r || (r->persistent && !r->active)) {
        empty_status(st);
        return MPI_SUCCESS;
    }
    int pe = pml_pcoll_complete(1, h, 1);     /* a member of a pseudo-collective set */
    if (pe)
        return mpi_err(r->comm ? r->comm : MPI_COMM_WORLD, pe, "MPI_Wait");
    while (!is_done(r))
        pml_progress_wait();
    MPI_Comm c = r->comm ? r->comm : MPI_COMM_WORLD;
    int err = retire_req(h, r, st);
    return err ? mpi_err(c, err, "MPI_Wait") : MPI_SUCCESS;
}

int mpi_impl_Test(MPI_Request *h, int *flag, MPI_Status *st)
{
    CHECK_INIT("MPI_Test");
    if (!h || !flag)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Test");
    if (*h != MPI_REQUEST_NULL && !req_get(*h))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Test");
    *flag = 1;
    if (inactive(*h)) {
        empty_status(st);
        return MPI_SUCCESS;
    }
    struct req *r = req_get(*h);
    int pe = pml_pcoll_complete(1, h, 0);
    if (pe)
        return mpi_err(req_comm(*h), pe, "MPI_Test");
    if (!is_done(r))
        pml_progress();
    if (!is_done(r)) {
        *flag = 0;
        return MPI_SUCCESS;
    }
    MPI_Comm c = req_comm(*h);
    int err = retire(h, st);
    return err ? mpi_err(c, err, "MPI_Test") : MPI_SUCCESS;
}

static MPI_Status *st_at(MPI_Status *sts, int i)
{
    return sts == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &sts[i];
}

static int check_array(int n, MPI_Request h[], const char *fn)
{
    if (n < 0 || (n && !h))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    for (int i = 0; i < n; i++)
        if (h[i] != MPI_REQUEST_NULL && !req_get(h[i]))
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, fn);
    return MPI_SUCCESS;
}

/* Complete all; per-request errors go to statuses and MPI_ERR_IN_STATUS. */
static int finish_all(int n, MPI_Request h[], MPI_Status sts[], const char *fn)
{
    int any_err = 0;
    MPI_Comm c = MPI_COMM_WORLD;
    for (int i = 0; i < n; i++) {
        if (inactive(h[i])) {
            empty_status(st_at(sts, i));
            continue;
        }
        MPI_Comm rc = req_comm(h[i]);
        int e = retire(&h[i], st_at(sts, i));
        if (sts != MPI_STATUSES_IGNORE)
            sts[i].MPI_ERROR = e;
        if (e) {
            any_err = 1;
            c = rc;
        }
    }
    return any_err ? mpi_err(c, MPI_ERR_IN_STATUS, fn) : MPI_SUCCESS;
}

int mpi_impl_Waitall(int n, MPI_Request h[], MPI_Status sts[])
{
    CHECK_INIT("MPI_Waitall");
    int e = check_array(n, h, "MPI_Waitall");
    if (e)
        return e;
    e = pml_pcoll_complete(n, h, 1);
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, "MPI_Waitall");
    for (;;) {
        int done = 1;
        for (int i = 0; i < n && done; i++)
            if (!inactive(h[i]) && !is_done(req_get(h[i])))
                done = 0;
        if (done)
            break;
        pml_progress_wait();
    }
    return finish_all(n, h, sts, "MPI_Waitall");
}

int mpi_impl_Testall(int n, MPI_Request h[], int *flag, MPI_Status sts[])
{
    CHECK_INIT("MPI_Testall");
    int e = check_array(n, h, "MPI_Testall");
    if (e)
        return e;
    if (!flag)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Testall");
    e = pml_pcoll_complete(n, h, 0);
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, "MPI_Testall");
    pml_progress();
    for (int i = 0; i < n; i++)
        if (!inactive(h[i]) && !is_done(req_get(h[i]))) {
            *flag = 0;
            return MPI_SUCCESS;
        }
    *flag = 1;
    return finish_all(n, h, sts, "MPI_Testall");
}

static int any_ready(int n, MPI_Request h[], int *idx, int *none_active)
{
    *none_active = 1;
    for (int i = 0; i < n; i++) {
        if (inactive(h[i]))
            continue;
        *none_active = 0;
        if (is_done(req_get(h[i]))) {
            *idx = i;
            return 1;
        }
    }
    return 0;
}

int mpi_impl_Waitany(int n, MPI_Request h[], int *index, MPI_Status *st)
{
    CHECK_INIT("MPI_Waitany");
    int e = check_array(n, h, "MPI_Waitany");
    if (e)
        return e;
    if (!index)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Waitany");
    e = pml_pcoll_complete(n, h, 1);
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, "MPI_Waitany");
    int i, none;
    while (!any_ready(n, h, &i, &none)) {
        if (none) {
            *index = MPI_UNDEFINED;
            empty_status(st);
            return MPI_SUCCESS;
        }
        pml_progress_wait();
    }
    *index = i;
    MPI_Comm c = req_comm(h[i]);
    e = retire(&h[i], st);
    return e ? mpi_err(c, e, "MPI_Waitany") : MPI_SUCCESS;
}

int mpi_impl_Testany(int n, MPI_Request h[], int *index, int *flag, MPI_Status *st)
{
    CHECK_INIT("MPI_Testany");
    int e = check_array(n, h, "MPI_Testany");
    if (e)
        return e;
    if (!index || !flag)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Testany");
    e = pml_pcoll_complete(n, h, 0);
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, "MPI_Testany");
    pml_progress();
    int i, none;
    if (!any_ready(n, h, &i, &none)) {
        *index = MPI_UNDEFINED;
        *flag = none;
        if (none)
            empty_status(st);
        return MPI_SUCCESS;
    }
    *flag = 1;
    *index = i;
    MPI_Comm c = req_comm(h[i]);
    e = retire(&h[i], st);
    return e ? mpi_err(c, e, "MPI_Testany") : MPI_SUCCESS;
}

static int some(int n, MPI_Request h[], int *outcount, int idx[], MPI_Status sts[],
                int block, const char *fn)
{
    CHECK_INIT(fn);
    int e = check_array(n, h, fn);
    if (e)
        return e;
    if (!outcount)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    e = pml_pcoll_complete(n, h, block);
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, fn);
    for (;;) {
        int active = 0, k = 0, err = 0;
        MPI_Comm c = MPI_COMM_WORLD;
        pml_progress();
        for (int i = 0; i < n; i++) {
            if (inactive(h[i]))
                continue;
            active++;
            if (!is_done(req_get(h[i])))
                continue;
            MPI_Comm rc = req_comm(h[i]);
            int re = retire(&h[i], st_at(sts, k));
            if (sts != MPI_STATUSES_IGNORE)
                sts[k].MPI_ERROR = re;
            if (re) {
                err = 1;
                c = rc;
            }
            idx[k++] = i;
        }
        if (!active) {
            *outcount = MPI_UNDEFINED;
            return MPI_SUCCESS;
        }
        if (k || !block) {
            *outcount = k;
            return err ? mpi_err(c, MPI_ERR_IN_STATUS, fn) : MPI_SUCCESS;
        }
        pml_progress_wait();
    }
}

int mpi_impl_Waitsome(int n, MPI_Request h[], int *outcount, int idx[], MPI_Status sts[])
{
    return some(n, h, outcount, idx, sts, 1, "MPI_Waitsome");
}

int mpi_impl_Testsome(int n, MPI_Request h[], int *outcount, int idx[], MPI_Status sts[])
{
    return some(n, h, outcount, idx, sts, 0, "MPI_Testsome");
}

int PMPI_Request_get_status(MPI_Request h, int *flag, MPI_Status *st)
{
    CHECK_INIT("MPI_Request_get_status");
    if (!flag)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Request_get_status");
    if (inactive(h)) {
        *flag = 1;
        empty_status(st);
        return MPI_SUCCESS;
    }
    struct req *r = req_get(h);
    int pe = pml_pcoll_complete(1, &h, 0);
    if (pe)
        return mpi_err(req_comm(h), pe, "MPI_Request_get_status");
    pml_progress();
    *flag = is_done(r);
    if (*flag)
        fill_status(r, st);
    return MPI_SUCCESS;
}
MPI_ALIAS(Request_get_status);

int mpi_impl_Request_free(MPI_Request *h)
{
    CHECK_INIT("MPI_Request_free");
    if (!h || !req_get(*h))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Request_free");
    struct req *r = req_get(*h);
    if (r->kind == RK_LINK) {
        link_free(r);
    } else if (!r->active || is_done(r)) {
        if (r->kind == RK_GREQ)
            greq_free(r);
        req_release(r);
    } else {
        r->freed = 1;       /* released when the operation completes */
    }
    *h = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

int mpi_impl_Cancel(MPI_Request *h)
{
    CHECK_INIT("MPI_Cancel");
    if (!h || !req_get(*h))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Cancel");
    struct req *r = req_get(*h);
    if (r->kind == RK_GREQ)
        return greq_cancel(r, is_done(r));
    if (!r->active || is_done(r))
        return MPI_SUCCESS;
    if (r->kind == RK_RECV)
        return pml_cancel_recv(r);
    return MPI_SUCCESS;   /* sends are not cancelled: Test_cancelled says false */
}

int PMPI_Test_cancelled(const MPI_Status *st, int *flag)
{
    if (!st || !flag)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Test_cancelled");
    *flag = st->mbcf_cancelled;
    return MPI_SUCCESS;
}
MPI_ALIAS(Test_cancelled);

int mpi_impl_Start(MPI_Request *h)
{
    CHECK_INIT("MPI_Start");
    struct req *r = h ? req_get(*h) : NULL;
    if (!r || !r->persistent)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Start");
    if (r->active)
        return mpi_err(r->comm, MPI_ERR_REQUEST, "MPI_Start");
    r->active = 1;
    r->state = RS_IDLE;
    r->err = 0;
    r->cancelled = 0;
    int e = r->kind == RK_SEND ? pml_start_send(r) : r->kind == RK_LINK ? link_start(r)
                                                                        : pml_start_recv(r);
    return e ? mpi_err(r->comm, e, "MPI_Start") : MPI_SUCCESS;
}

int mpi_impl_Startall(int n, MPI_Request h[])
{
    if (n < 0 || (n && !h))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Startall");
    int pe;
    if (pml_pcoll_startall(n, h, &pe))      /* the pseudo-collective mode took the set */
        return pe ? mpi_err(MPI_COMM_WORLD, pe, "MPI_Startall") : MPI_SUCCESS;
    for (int i = 0; i < n; i++) {
        int e = PMPI_Start(&h[i]);
        if (e)
            return e;
    }
    return MPI_SUCCESS;
}

int PMPI_Get_count(const MPI_Status *st, MPI_Datatype dt, int *count)
{
    struct dte *d = dt_get(dt);
    if (!st || !count)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_count");
    if (!d)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Get_count");
    if (d->size == 0)
        *count = st->mbcf_count == 0 ? 0 : MPI_UNDEFINED;
    else if (st->mbcf_count % d->size)
        *count = MPI_UNDEFINED;
    else
        *count = (int)(st->mbcf_count / d->size);
    return MPI_SUCCESS;
}
MPI_ALIAS(Get_count);

int PMPI_Get_elements_x(const MPI_Status *st, MPI_Datatype dt, MPI_Count *count)
{
    struct dte *d = dt_get(dt);
    if (!st || !count)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_elements");
    if (!d)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Get_elements");
    int64_t e = dte_elements(d, st->mbcf_count);
    *count = e < 0 ? MPI_UNDEFINED : e;
    return MPI_SUCCESS;
}
MPI_ALIAS(Get_elements_x);

int PMPI_Get_elements(const MPI_Status *st, MPI_Datatype dt, int *count)
{
    MPI_Count c = 0;
    int e = PMPI_Get_elements_x(st, dt, &c);
    if (!e)
        *count = (int)c;
    return e;
}
MPI_ALIAS(Get_elements);

int PMPI_Status_set_elements(MPI_Status *st, MPI_Datatype dt, int count)
{
    struct dte *d = dt_get(dt);
    if (!st || !d || count < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Status_set_elements");
    int64_t per = d->nelems ? d->size / d->nelems : 0;
    st->mbcf_count = (long long)count * per;
    return MPI_SUCCESS;
}
MPI_ALIAS(Status_set_elements);

int PMPI_Status_set_cancelled(MPI_Status *st, int flag)
{
    if (!st)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Status_set_cancelled");
    st->mbcf_cancelled = flag;
    return MPI_SUCCESS;
}
MPI_ALIAS(Status_set_cancelled);
