/* mpi_pt2pt.c - MPI entry points of point-to-point (MPI-3.1 chapter 3):
 * argument checks, request set-up, then the protocol (pml.h). Blocking calls
 * are the non-blocking ones followed by MPI_Wait. */
#include "mpi_impl.h"
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "pml.h"
#include "pml_recv_fast.h"
#include <stdlib.h>
#include <string.h>

/* Check the common arguments; peer is a rank in comm (or a wildcard). The
 * communicator goes to *cp (looked up once per call). */
PATH_INLINE int check(MPI_Comm comm, int count, MPI_Datatype dt, int peer, int tag, int is_recv,
                 const char *fn, struct comm **cp)
{
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (count < 0)
        return mpi_err(comm, MPI_ERR_COUNT, fn);
    if (!dt_usable(dt))                 /* invalid, freed or not committed */
        return mpi_err(comm, MPI_ERR_TYPE, fn);
    if (peer != MPI_PROC_NULL && !(is_recv && peer == MPI_ANY_SOURCE) &&
        (peer < 0 || peer >= c->size))
        return mpi_err(comm, MPI_ERR_RANK, fn);
    if (tag < 0 && !(is_recv && tag == MPI_ANY_TAG))
        return mpi_err(comm, MPI_ERR_TAG, fn);
    *cp = c;
    return MPI_SUCCESS;
}

PATH_INLINE struct req *setup(int kind, const void *buf, int count, MPI_Datatype dt, int peer,
                         int tag, MPI_Comm comm, struct comm *c, int mode)
{
    struct req *r = req_new(kind);
    if (!r)
        return NULL;
    r->buf = (void *)buf;
    r->count = count;
    r->dt = dt;
    if (dt >= MPI_FIRST_DERIVED_TYPE_MBCF)
        dt_retain(dt);            /* released with the request (req_release) */
    r->tag = tag;
    r->ctx = c->ctx;
    r->comm = comm;
    r->mode = mode;
    if (peer == MPI_PROC_NULL || peer == MPI_ANY_SOURCE)
        r->peer = peer == MPI_ANY_SOURCE ? MQ_ANY_SOURCE : MPI_PROC_NULL;
    else {
        r->peer = c->world[peer];
        r->peer_rank1 = peer + 1;
    }
    return r;
}

/* Check, make the request and, unless persistent, start it. A start that
 * fails leaves nothing behind (pml_start_send/recv fail only before the
 * request is visible to the protocol): the request is released and *req is
 * MPI_REQUEST_NULL, for sends and receives alike. */
PATH_INLINE int post(int kind, const void *buf, int count, MPI_Datatype dt, int peer, int tag,
                MPI_Comm comm, MPI_Request *req, int mode, int persistent, const char *fn)
{
    struct comm *c = NULL;
    int e = check(comm, count, dt, peer, tag, kind == RK_RECV, fn, &c);
    if (e)
        return e;
    if (!req)
        return mpi_err(comm, MPI_ERR_REQUEST, fn);
    struct req *r = setup(kind, buf, count, dt, peer, tag, comm, c, mode);
    if (!r)
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    r->persistent = persistent;
    *req = r->handle;
    if (persistent)
        return MPI_SUCCESS;
    r->active = 1;
    e = kind == RK_SEND ? pml_start_send(r) : pml_start_recv(r);
    if (e) {
        req_release(r);
        *req = MPI_REQUEST_NULL;
        return mpi_err(comm, e, fn);
    }
    return MPI_SUCCESS;
}

static int isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                 MPI_Comm comm, MPI_Request *req, int mode, int persistent, const char *fn)
{
    return post(RK_SEND, buf, count, dt, dest, tag, comm, req, mode, persistent, fn);
}

/* The request path of a receive, kept out of irecv so that the fast path
 * pays no register saves for it. */
static __attribute__((noinline)) int irecv_post(void *buf, int count, MPI_Datatype dt, int src,
                                                int tag, MPI_Comm comm, MPI_Request *req,
                                                int persistent, const char *fn)
{
    return post(RK_RECV, buf, count, dt, src, tag, comm, req, MODE_STD, persistent, fn);
}

/* A receive: the fast path inline (pml_recv_fast.h; docs/fastpath.md: MPI_Irecv is one function, no argument crosses a call), else the
 * request path. The gate is only what the fast path needs; anything else
 * (an argument error included) takes irecv_post, which checks and reports. */
PATH_INLINE int irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                      MPI_Request *req, int persistent, const char *fn)
{
    /* (no communicator before MPI_Init: comm_get says "not initialized") */
    if (!persistent && !mpi_finalized && req && src >= 0 && (tag >= 0 || tag == MPI_ANY_TAG) &&
        count >= 0 && dt > 0 && dt < MPI_FIRST_DERIVED_TYPE_MBCF) {
        struct comm *c = comm_get(comm);
        if (c && src < c->size &&
            pml_irecv_fast(buf, count, dt, src, c->world[src], tag, c->ctx, comm, req) ==
                MPI_SUCCESS)
            return MPI_SUCCESS;
    }
    return irecv_post(buf, count, dt, src, tag, comm, req, persistent, fn);
}

int mpi_impl_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                   MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_STD, 0, "MPI_Isend");
}

int mpi_impl_Issend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                    MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_SYNC, 0, "MPI_Issend");
}

int mpi_impl_Irsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                    MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_READY, 0, "MPI_Irsend");
}

int mpi_impl_Ibsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                    MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_BUF, 0, "MPI_Ibsend");
}

int mpi_impl_Irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                   MPI_Request *req)
{
    return irecv(buf, count, dt, src, tag, comm, req, 0, "MPI_Irecv");
}

static int send_wait(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                     MPI_Comm comm, int mode, const char *fn)
{
    MPI_Request r;
    int e = isend(buf, count, dt, dest, tag, comm, &r, mode, 0, fn);
    if (e)
        return e;
    return PMPI_Wait(&r, MPI_STATUS_IGNORE);
}

/* May this send complete at once (pml_send_now)? The MPI checks of
 * MPI_Send, with the communicator c and the layout d looked up. */
PATH_INLINE int send_now(const struct comm *c, const struct dte *d, const void *buf, int count,
                         int dest, int tag, const void **data, int64_t *bytes)
{
    return c && d && mpi_initialized && !mpi_finalized && count >= 0 && tag >= 0 &&
           dest >= 0 && dest < c->size &&
           pml_send_now(buf, count, d, c->world[dest], data, bytes);
}

PATH_INLINE int send_immediate(const struct comm *c, MPI_Comm comm, const void *data,
                               int64_t bytes, int dest, int tag)
{
    int e = pml_send_immediate(data, bytes, c->world[dest], tag, c->ctx);
    return e ? mpi_err(comm, e, "MPI_Send") : MPI_SUCCESS;
}

/* MPI_Send of a derived type, and every send that does not complete at
 * once (a request waited for). Out of line: MPI_Send's own path keeps
 * nothing across a call but comm (docs/fastpath.md). */
static __attribute__((noinline)) int send_std(const void *buf, int count, MPI_Datatype dt,
                                              int dest, int tag, MPI_Comm comm)
{
    struct comm *c = comm_get(comm);
    const void *data;
    int64_t bytes;
    if (send_now(c, dt_usable(dt), buf, count, dest, tag, &data, &bytes))
        return send_immediate(c, comm, data, bytes, dest, tag);
    return send_wait(buf, count, dt, dest, tag, comm, MODE_STD, "MPI_Send");
}

/* Blocking standard send: first the send-immediate path (pml.h: no
 * request when the send completes at once) for a predefined type, checked
 * inline; anything else takes send_std. */
int mpi_impl_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    struct comm *c = comm_get(comm);
    const void *data;
    int64_t bytes;
    if (dt > 0 && dt < MPI_FIRST_DERIVED_TYPE_MBCF &&
        send_now(c, dt_predef[dt], buf, count, dest, tag, &data, &bytes))
        return send_immediate(c, comm, data, bytes, dest, tag);
    return send_std(buf, count, dt, dest, tag, comm);
}

int mpi_impl_Ssend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    return send_wait(buf, count, dt, dest, tag, comm, MODE_SYNC, "MPI_Ssend");
}

int mpi_impl_Rsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    return send_wait(buf, count, dt, dest, tag, comm, MODE_READY, "MPI_Rsend");
}

int mpi_impl_Bsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    MPI_Request r;
    int e = isend(buf, count, dt, dest, tag, comm, &r, MODE_BUF, 0, "MPI_Bsend");
    if (e)
        return e;
    return PMPI_Request_free(&r);     /* completes in the background */
}

int mpi_impl_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                  MPI_Status *st)
{
    MPI_Request r;
    int e = irecv(buf, count, dt, src, tag, comm, &r, 0, "MPI_Recv");
    if (e)
        return e;
    return PMPI_Wait(&r, st);
}

int PMPI_Send_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                  MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_STD, 1, "MPI_Send_init");
}
MPI_ALIAS(Send_init);

int PMPI_Ssend_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                   MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_SYNC, 1, "MPI_Ssend_init");
}
MPI_ALIAS(Ssend_init);

int PMPI_Rsend_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                   MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_READY, 1, "MPI_Rsend_init");
}
MPI_ALIAS(Rsend_init);

int PMPI_Bsend_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                   MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_BUF, 1, "MPI_Bsend_init");
}
MPI_ALIAS(Bsend_init);

int PMPI_Recv_init(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                  MPI_Request *req)
{
    return irecv(buf, count, dt, src, tag, comm, req, 1, "MPI_Recv_init");
}
MPI_ALIAS(Recv_init);

int mpi_impl_Sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
                      void *rbuf, int rcount, MPI_Datatype rdt, int source, int rtag,
                      MPI_Comm comm, MPI_Status *st)
{
    MPI_Request r[2];
    int e = irecv(rbuf, rcount, rdt, source, rtag, comm, &r[0], 0, "MPI_Sendrecv");
    if (e)
        return e;
    e = isend(sbuf, scount, sdt, dest, stag, comm, &r[1], MODE_STD, 0, "MPI_Sendrecv");
    if (e)
        return e;
    e = PMPI_Wait(&r[1], MPI_STATUS_IGNORE);
    int e2 = PMPI_Wait(&r[0], st);
    return e ? e : e2;
}

int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype dt, int dest, int stag,
                         int source, int rtag, MPI_Comm comm, MPI_Status *st)
{
    const char *fn = "MPI_Sendrecv_replace";
    struct comm *c = NULL;
    int e = check(comm, count, dt, dest, stag, 0, fn, &c);
    if (e)
        return e;
    struct dte *d = dt_get(dt);
    int64_t bytes = d->size * count;
    void *tmp = malloc(bytes ? (size_t)bytes : 1);
    if (!tmp)
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    dte_pack(d, buf, count, tmp, 0, bytes);
    MPI_Request r[2];
    e = irecv(buf, count, dt, source, rtag, comm, &r[0], 0, fn);
    if (!e)
        e = isend(tmp, (int)bytes, MPI_BYTE, dest, stag, comm, &r[1], MODE_STD, 0, fn);
    if (e) {
        free(tmp);
        return e;
    }
    e = PMPI_Wait(&r[1], MPI_STATUS_IGNORE);
    int e2 = PMPI_Wait(&r[0], st);
    free(tmp);
    return e ? e : e2;
}
MPI_ALIAS(Sendrecv_replace);

int mpi_impl_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *st)
{
    struct comm *c = NULL;
    int e = check(comm, 0, MPI_BYTE, source, tag, 1, "MPI_Iprobe", &c);
    if (e)
        return e;
    if (!flag)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Iprobe");
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        if (st != MPI_STATUS_IGNORE) {
            st->MPI_SOURCE = MPI_PROC_NULL;
            st->MPI_TAG = MPI_ANY_TAG;
            st->MPI_ERROR = MPI_SUCCESS;
            st->mbcf_count = 0;
            st->mbcf_cancelled = 0;
        }
        return MPI_SUCCESS;
    }
    int peer = source == MPI_ANY_SOURCE ? MQ_ANY_SOURCE : comm_world_rank(c, source);
    *flag = pml_probe(peer, tag, c->ctx, st, comm);
    return MPI_SUCCESS;
}

int mpi_impl_Probe(int source, int tag, MPI_Comm comm, MPI_Status *st)
{
    int flag = 0;
    for (;;) {
        int e = PMPI_Iprobe(source, tag, comm, &flag, st);
        if (e || flag)
            return e;
        pml_progress_wait();
    }
}
