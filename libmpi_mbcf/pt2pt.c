/* pt2pt.c - MPI point-to-point entry points (MPI-3.1 chapter 3): argument
 * checks, request set-up, then the protocol in p2p.c. Blocking calls are
 * the non-blocking ones followed by MPI_Wait. */
#include "mpii.h"
#include <stdlib.h>
#include <string.h>

/* Check the common arguments; peer is a rank in comm (or a wildcard). */
static int check(MPI_Comm comm, int count, MPI_Datatype dt, int peer, int tag, int is_recv,
                 const char *fn)
{
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (count < 0)
        return mpi_err(comm, MPI_ERR_COUNT, fn);
    if (!dt_get(dt))
        return mpi_err(comm, MPI_ERR_TYPE, fn);
    if (!dt_committed(dt))
        return mpi_err(comm, MPI_ERR_TYPE, fn);
    if (peer != MPI_PROC_NULL && !(is_recv && peer == MPI_ANY_SOURCE) &&
        (peer < 0 || peer >= c->size))
        return mpi_err(comm, MPI_ERR_RANK, fn);
    if (tag < 0 && !(is_recv && tag == MPI_ANY_TAG))
        return mpi_err(comm, MPI_ERR_TAG, fn);
    return MPI_SUCCESS;
}

static struct req *setup(int kind, const void *buf, int count, MPI_Datatype dt, int peer,
                         int tag, MPI_Comm comm, int mode)
{
    struct req *r = req_new(kind);
    if (!r)
        return NULL;
    struct comm *c = comm_get(comm);
    r->buf = (void *)buf;
    r->count = count;
    r->dt = dt;
    r->tag = tag;
    r->ctx = c->ctx;
    r->comm = comm;
    r->mode = mode;
    if (peer == MPI_PROC_NULL || peer == MPI_ANY_SOURCE)
        r->peer = peer == MPI_ANY_SOURCE ? MQ_ANY_SOURCE : MPI_PROC_NULL;
    else
        r->peer = comm_world_rank(c, peer);
    return r;
}

/* Check, make the request and, unless persistent, start it. A start that
 * fails leaves nothing behind (p2p_start_send/recv fail only before the
 * request is visible to the protocol): the request is released and *req is
 * MPI_REQUEST_NULL, for sends and receives alike. */
static int post(int kind, const void *buf, int count, MPI_Datatype dt, int peer, int tag,
                MPI_Comm comm, MPI_Request *req, int mode, int persistent, const char *fn)
{
    int e = check(comm, count, dt, peer, tag, kind == RK_RECV, fn);
    if (e)
        return e;
    if (!req)
        return mpi_err(comm, MPI_ERR_REQUEST, fn);
    struct req *r = setup(kind, buf, count, dt, peer, tag, comm, mode);
    if (!r)
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    r->persistent = persistent;
    *req = r->handle;
    if (persistent)
        return MPI_SUCCESS;
    r->active = 1;
    e = kind == RK_SEND ? p2p_start_send(r) : p2p_start_recv(r);
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

static int irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                 MPI_Request *req, int persistent, const char *fn)
{
    return post(RK_RECV, buf, count, dt, src, tag, comm, req, MODE_STD, persistent, fn);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
              MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_STD, 0, "MPI_Isend");
}

int MPI_Issend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_SYNC, 0, "MPI_Issend");
}

int MPI_Irsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_READY, 0, "MPI_Irsend");
}

int MPI_Ibsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_BUF, 0, "MPI_Ibsend");
}

int MPI_Irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
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
    return MPI_Wait(&r, MPI_STATUS_IGNORE);
}

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    return send_wait(buf, count, dt, dest, tag, comm, MODE_STD, "MPI_Send");
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    return send_wait(buf, count, dt, dest, tag, comm, MODE_SYNC, "MPI_Ssend");
}

int MPI_Rsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    return send_wait(buf, count, dt, dest, tag, comm, MODE_READY, "MPI_Rsend");
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    MPI_Request r;
    int e = isend(buf, count, dt, dest, tag, comm, &r, MODE_BUF, 0, "MPI_Bsend");
    if (e)
        return e;
    return MPI_Request_free(&r);     /* completes in the background */
}

int MPI_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
             MPI_Status *st)
{
    MPI_Request r;
    int e = irecv(buf, count, dt, src, tag, comm, &r, 0, "MPI_Recv");
    if (e)
        return e;
    return MPI_Wait(&r, st);
}

int MPI_Send_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                  MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_STD, 1, "MPI_Send_init");
}

int MPI_Ssend_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                   MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_SYNC, 1, "MPI_Ssend_init");
}

int MPI_Rsend_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                   MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_READY, 1, "MPI_Rsend_init");
}

int MPI_Bsend_init(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
                   MPI_Comm comm, MPI_Request *req)
{
    return isend(buf, count, dt, dest, tag, comm, req, MODE_BUF, 1, "MPI_Bsend_init");
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                  MPI_Request *req)
{
    return irecv(buf, count, dt, src, tag, comm, req, 1, "MPI_Recv_init");
}

int MPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
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
    e = MPI_Wait(&r[1], MPI_STATUS_IGNORE);
    int e2 = MPI_Wait(&r[0], st);
    return e ? e : e2;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype dt, int dest, int stag,
                         int source, int rtag, MPI_Comm comm, MPI_Status *st)
{
    const char *fn = "MPI_Sendrecv_replace";
    int e = check(comm, count, dt, dest, stag, 0, fn);
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
    e = MPI_Wait(&r[1], MPI_STATUS_IGNORE);
    int e2 = MPI_Wait(&r[0], st);
    free(tmp);
    return e ? e : e2;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *st)
{
    int e = check(comm, 0, MPI_BYTE, source, tag, 1, "MPI_Iprobe");
    if (e)
        return e;
    if (!flag)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Iprobe");
    struct comm *c = comm_get(comm);
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
    *flag = p2p_probe(peer, tag, c->ctx, st, comm);
    return MPI_SUCCESS;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *st)
{
    int flag = 0;
    for (;;) {
        int e = MPI_Iprobe(source, tag, comm, &flag, st);
        if (e || flag)
            return e;
        progress_wait();
    }
}
