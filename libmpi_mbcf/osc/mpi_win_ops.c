/* mpi_win_ops.c - one-sided communication (mpi_win.h), origin side: Put,
 * Get, Accumulate, Get_accumulate, Fetch_and_op, Compare_and_swap and the
 * request-based Rput/Rget/Raccumulate/Rget_accumulate. A contiguous Put to
 * another rank is an MBCF remote write into the target's window; the rest
 * goes to the target as a message (mpi_win_am.c) or, on this rank itself,
 * is executed at once. */
#include "mpi_win.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "btl.h"
#include "pml.h"
#include <stdlib.h>
#include <string.h>

static int add_pending(struct win *w, struct req *r, void *buf)
{
    if (w->npend == w->cappend) {
        int nc = w->cappend ? 2 * w->cappend : 16;
        void *p = realloc(w->pend, (size_t)nc * sizeof *w->pend);
        if (!p)
            return MPI_ERR_NO_MEM;
        w->pend = p;
        w->cappend = nc;
    }
    w->pend[w->npend].r = r;
    w->pend[w->npend].buf = buf;
    w->npend++;
    return MPI_SUCCESS;
}

static int start_req(struct win *w, int kind, void *buf, int count, MPI_Datatype dt, int peer,
                     int tag, void *owned)
{
    struct comm *c = win_comm(w);
    struct req *r = req_new(kind);
    if (!r) {
        free(owned);
        return MPI_ERR_NO_MEM;
    }
    r->buf = buf;
    r->count = count;
    r->dt = dt;
    dt_retain(dt);
    r->peer = c->world[peer];
    r->tag = tag;
    r->ctx = c->ctx;
    r->comm = w->comm;
    r->active = 1;
    int e = kind == RK_SEND ? pml_start_send(r) : pml_start_recv(r);
    if (!e)
        e = add_pending(w, r, owned);
    if (e) {
        req_release(r);
        free(owned);
    }
    return e;
}

int win_isend_owned(struct win *w, void *buf, int64_t bytes, int peer, int tag)
{
    return start_req(w, RK_SEND, buf, (int)bytes, MPI_BYTE, peer, tag, buf);
}

int win_irecv(struct win *w, void *buf, int count, MPI_Datatype dt, int peer, int tag)
{
    return start_req(w, RK_RECV, buf, count, dt, peer, tag, NULL);
}

int win_wait_pending(struct win *w)
{
    int err = 0;
    for (int i = 0; i < w->npend; i++) {
        struct req *r = w->pend[i].r;
        while (r->state != RS_DONE)
            pml_progress_wait();
        int e = r->kind == RK_RECV ? r->st.MPI_ERROR : r->err;
        if (e && !err)
            err = e;
    }
    for (int i = 0; i < w->npend; i++) {
        req_release(w->pend[i].r);
        free(w->pend[i].buf);
    }
    w->npend = 0;
    return err;
}

int win_send_am(struct win *w, int t, const struct am_hdr *h, const struct am_seg *segs,
                const void *data)
{
    int64_t sl = (int64_t)h->nseg * (int64_t)sizeof *segs;
    int64_t n = (int64_t)sizeof *h + sl + h->nbytes;
    char *m = malloc((size_t)n);
    if (!m)
        return MPI_ERR_NO_MEM;
    memcpy(m, h, sizeof *h);
    if (sl)
        memcpy(m + sizeof *h, segs, (size_t)sl);
    if (h->nbytes)
        memcpy(m + sizeof *h + sl, data, (size_t)h->nbytes);
    w->sent[t]++;
    return win_isend_owned(w, m, n, t, WT_OP);
}

/* One access: the checked arguments, the target layout as segments. */
struct access {
    struct win *w;
    struct comm *c;
    int t;
    struct am_seg *segs;
    int nseg;
    int64_t tbytes;            /* data bytes at the target */
    int64_t disp;
};

static int prepare(struct access *a, MPI_Win win, int t, MPI_Aint tdisp, int tcount,
                   MPI_Datatype tdt, const char *fn)
{
    CHECK_INIT(fn);
    memset(a, 0, sizeof *a);
    a->w = win_get(win);
    if (!a->w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, fn);
    a->c = win_comm(a->w);
    MPI_Comm uc = a->w->comm;
    if (t != MPI_PROC_NULL && (t < 0 || t >= a->c->size))
        return mpi_err(uc, MPI_ERR_RANK, fn);
    if (tcount < 0)
        return mpi_err(uc, MPI_ERR_COUNT, fn);
    struct dte *d = dt_get(tdt);
    if (!d || !dt_committed(tdt))
        return mpi_err(uc, MPI_ERR_TYPE, fn);
    a->t = t;
    if (t == MPI_PROC_NULL)
        return MPI_SUCCESS;
    a->disp = (int64_t)tdisp * a->w->rdisp[t];
    int64_t ext = dte_extent(d);
    a->segs = malloc(((size_t)d->nsegs * (size_t)tcount + 1) * sizeof *a->segs);
    if (!a->segs)
        return mpi_err(uc, MPI_ERR_NO_MEM, fn);
    for (int i = 0; i < tcount; i++)
        for (int k = 0; k < d->nsegs; k++) {
            int64_t off = (int64_t)i * ext + d->segs[k].off, len = d->segs[k].len;
            if (a->nseg && a->segs[a->nseg - 1].off + a->segs[a->nseg - 1].len == off) {
                a->segs[a->nseg - 1].len += len;      /* merge adjacent pieces */
            } else {
                a->segs[a->nseg].off = off;
                a->segs[a->nseg].len = len;
                a->nseg++;
            }
            a->tbytes += len;
            if (a->w->flavor != MPI_WIN_FLAVOR_DYNAMIC &&   /* dynamic: the target checks */
                (a->disp + off < 0 || a->disp + off + len > a->w->rsize[t])) {
                free(a->segs);
                a->segs = NULL;
                return mpi_err(uc, MPI_ERR_RMA_RANGE, fn);
            }
        }
    return MPI_SUCCESS;
}

/* The origin data packed; *bytes must equal the target's (type signatures). */
static void *pack_origin(const void *buf, int count, MPI_Datatype dt, int64_t *bytes)
{
    struct dte *d = dt_get(dt);
    if (!d || count < 0)
        return NULL;
    *bytes = d->size * count;
    char *p = malloc((size_t)*bytes + 1);
    if (p && *bytes)
        dte_pack(d, buf, count, p, 0, *bytes);
    return p;
}

/* Run an operation on this rank's own window; its reply is unpacked into
 * result (rcount of rdt). */
static int run_local(struct access *a, struct am_hdr *h, const void *data, void *result,
                     int rcount, MPI_Datatype rdt)
{
    int64_t sl = (int64_t)a->nseg * (int64_t)sizeof *a->segs;
    char *body = malloc((size_t)(sl + h->nbytes) + 1);
    if (!body)
        return MPI_ERR_NO_MEM;
    memcpy(body, a->segs, (size_t)sl);
    if (h->nbytes)
        memcpy(body + sl, data, (size_t)h->nbytes);
    void *reply = NULL;
    int64_t rlen = 0;
    int e = win_am_execute(a->w, a->c->rank, h, body, &reply, &rlen);
    if (!e && reply && result)
        dte_unpack(dt_layout(rdt), result, rcount, reply, 0, rlen);
    free(reply);
    free(body);
    return e;
}

/* Operation kinds that answer: post the receive of the answer, then send. */
static int send_op(struct access *a, struct am_hdr *h, const void *data, void *result,
                   int rcount, MPI_Datatype rdt)
{
    h->nseg = a->nseg;
    h->disp = a->disp;
    if (a->t == a->c->rank)
        return run_local(a, h, data, result, rcount, rdt);
    if (result) {
        h->reply_tag = WT_REPLY0 + (int)(a->w->reply_seq++ % 1000000u);
        int e = win_irecv(a->w, result, rcount, rdt, a->t, h->reply_tag);
        if (e)
            return e;
    }
    return win_send_am(a->w, a->t, h, a->segs, data);
}

static int finish(struct access *a, int e, void *data, const char *fn)
{
    free(a->segs);
    free(data);
    return e ? mpi_err(a->w->comm, e, fn) : MPI_SUCCESS;
}

int PMPI_Put(const void *obuf, int ocount, MPI_Datatype odt, int t, MPI_Aint tdisp, int tcount,
             MPI_Datatype tdt, MPI_Win win)
{
    const char *fn = "MPI_Put";
    struct access a;
    int e = prepare(&a, win, t, tdisp, tcount, tdt, fn);
    if (e || t == MPI_PROC_NULL)
        return e;
    int64_t n;
    void *data = pack_origin(obuf, ocount, odt, &n);
    if (!data)
        return finish(&a, dt_get(odt) ? MPI_ERR_NO_MEM : MPI_ERR_TYPE, NULL, fn);
    if (n != a.tbytes)
        return finish(&a, MPI_ERR_TRUNCATE, data, fn);
    struct am_hdr h = { .kind = AM_PUT, .nbytes = n };
    if (t != a.c->rank && a.nseg <= 1 && a.w->flavor != MPI_WIN_FLAVOR_DYNAMIC) {
        /* seed 003: the data goes by remote write straight into the window */
        uint64_t raddr = a.w->rbase[t] + (uint64_t)a.disp + (uint64_t)(a.nseg ? a.segs[0].off : 0);
        for (int64_t off = 0; off < n && !e; off += MBCF_FIFO_ENTRY_MAX) {
            int64_t len = n - off < (int64_t)MBCF_FIFO_ENTRY_MAX ? n - off : MBCF_FIFO_ENTRY_MAX;
            e = btl_put_bounce(a.c->world[t], raddr + (uint64_t)off, (char *)data + off, len);
        }
        return finish(&a, e, data, fn);
    }
    e = send_op(&a, &h, data, NULL, 0, MPI_DATATYPE_NULL);
    return finish(&a, e, data, fn);
}
MPI_ALIAS(Put);

int PMPI_Get(void *obuf, int ocount, MPI_Datatype odt, int t, MPI_Aint tdisp, int tcount,
             MPI_Datatype tdt, MPI_Win win)
{
    const char *fn = "MPI_Get";
    struct access a;
    int e = prepare(&a, win, t, tdisp, tcount, tdt, fn);
    if (e || t == MPI_PROC_NULL)
        return e;
    struct dte *od = dt_get(odt);
    if (!od || ocount < 0)
        return finish(&a, MPI_ERR_TYPE, NULL, fn);
    if (od->size * ocount != a.tbytes)
        return finish(&a, MPI_ERR_TRUNCATE, NULL, fn);
    struct am_hdr h = { .kind = AM_GET };
    e = send_op(&a, &h, NULL, obuf, ocount, odt);
    return finish(&a, e, NULL, fn);
}
MPI_ALIAS(Get);

/* The accumulates: predefined ops only (MPI-3.1 sec 11.3.4), on targets made
 * of one predefined type. */
static int acc_common(int kind, const void *obuf, int ocount, MPI_Datatype odt, void *rbuf,
                      int rcount, MPI_Datatype rdt, int t, MPI_Aint tdisp, int tcount,
                      MPI_Datatype tdt, MPI_Op op, MPI_Win win, const char *fn)
{
    struct access a;
    int e = prepare(&a, win, t, tdisp, tcount, tdt, fn);
    if (e || t == MPI_PROC_NULL)
        return e;
    if (op < MPI_MAX || op > MPI_NO_OP)
        return finish(&a, MPI_ERR_OP, NULL, fn);
    struct dte *td = dt_get(tdt);
    if (td->red_basic < 0)
        return finish(&a, MPI_ERR_TYPE, NULL, fn);
    int64_t n = 0;
    void *data = NULL;
    if (op != MPI_NO_OP) {
        data = pack_origin(obuf, ocount, odt, &n);
        if (!data)
            return finish(&a, dt_get(odt) ? MPI_ERR_NO_MEM : MPI_ERR_TYPE, NULL, fn);
        if (n != a.tbytes)
            return finish(&a, MPI_ERR_TRUNCATE, data, fn);
    }
    if (rbuf) {
        struct dte *rd = dt_get(rdt);
        if (!rd || rcount < 0)
            return finish(&a, MPI_ERR_TYPE, data, fn);
        if (rd->size * rcount != a.tbytes)
            return finish(&a, MPI_ERR_TRUNCATE, data, fn);
    }
    struct am_hdr h = { .kind = kind, .basic = td->red_basic, .op = op, .nbytes = n };
    e = send_op(&a, &h, data, rbuf, rcount, rdt);
    return finish(&a, e, data, fn);
}

int PMPI_Accumulate(const void *obuf, int ocount, MPI_Datatype odt, int t, MPI_Aint tdisp,
                    int tcount, MPI_Datatype tdt, MPI_Op op, MPI_Win win)
{
    return acc_common(AM_ACC, obuf, ocount, odt, NULL, 0, MPI_DATATYPE_NULL, t, tdisp, tcount,
                      tdt, op, win, "MPI_Accumulate");
}
MPI_ALIAS(Accumulate);

int PMPI_Get_accumulate(const void *obuf, int ocount, MPI_Datatype odt, void *rbuf, int rcount,
                        MPI_Datatype rdt, int t, MPI_Aint tdisp, int tcount, MPI_Datatype tdt,
                        MPI_Op op, MPI_Win win)
{
    return acc_common(AM_GACC, obuf, ocount, odt, rbuf, rcount, rdt, t, tdisp, tcount, tdt, op,
                      win, "MPI_Get_accumulate");
}
MPI_ALIAS(Get_accumulate);

int PMPI_Fetch_and_op(const void *obuf, void *rbuf, MPI_Datatype dt, int t, MPI_Aint tdisp,
                      MPI_Op op, MPI_Win win)
{
    return acc_common(AM_GACC, obuf, 1, dt, rbuf, 1, dt, t, tdisp, 1, dt, op, win,
                      "MPI_Fetch_and_op");
}
MPI_ALIAS(Fetch_and_op);

int PMPI_Compare_and_swap(const void *obuf, const void *cbuf, void *rbuf, MPI_Datatype dt,
                          int t, MPI_Aint tdisp, MPI_Win win)
{
    const char *fn = "MPI_Compare_and_swap";
    struct access a;
    int e = prepare(&a, win, t, tdisp, 1, dt, fn);
    if (e || t == MPI_PROC_NULL)
        return e;
    struct dte *d = dt_get(dt);
    if (d->red_basic != dt)
        return finish(&a, MPI_ERR_TYPE, NULL, fn);    /* predefined types only */
    char *data = malloc(2 * (size_t)d->size);
    if (!data)
        return finish(&a, MPI_ERR_NO_MEM, NULL, fn);
    memcpy(data, obuf, (size_t)d->size);
    memcpy(data + d->size, cbuf, (size_t)d->size);
    struct am_hdr h = { .kind = AM_CAS, .basic = dt, .nbytes = 2 * d->size };
    e = send_op(&a, &h, data, rbuf, 1, dt);
    return finish(&a, e, data, fn);
}
MPI_ALIAS(Compare_and_swap);

/* Request-based forms: the operation, then its local completion; the
 * request returned is already complete. */
static int done_request(struct win *w, MPI_Request *req, const char *fn)
{
    int e = win_wait_pending(w);
    if (e)
        return mpi_err(w->comm, e, fn);
    struct req *r = req_new(RK_NULLDONE);
    if (!r)
        return mpi_err(w->comm, MPI_ERR_NO_MEM, fn);
    r->active = 1;
    r->st.MPI_SOURCE = MPI_ANY_SOURCE;
    r->st.MPI_TAG = MPI_ANY_TAG;
    *req = r->handle;
    return MPI_SUCCESS;
}

int PMPI_Rput(const void *obuf, int ocount, MPI_Datatype odt, int t, MPI_Aint tdisp, int tcount,
              MPI_Datatype tdt, MPI_Win win, MPI_Request *req)
{
    if (!req)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Rput");
    int e = PMPI_Put(obuf, ocount, odt, t, tdisp, tcount, tdt, win);
    return e ? e : done_request(win_get(win), req, "MPI_Rput");
}
MPI_ALIAS(Rput);

int PMPI_Rget(void *obuf, int ocount, MPI_Datatype odt, int t, MPI_Aint tdisp, int tcount,
              MPI_Datatype tdt, MPI_Win win, MPI_Request *req)
{
    if (!req)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Rget");
    int e = PMPI_Get(obuf, ocount, odt, t, tdisp, tcount, tdt, win);
    return e ? e : done_request(win_get(win), req, "MPI_Rget");
}
MPI_ALIAS(Rget);

int PMPI_Raccumulate(const void *obuf, int ocount, MPI_Datatype odt, int t, MPI_Aint tdisp,
                     int tcount, MPI_Datatype tdt, MPI_Op op, MPI_Win win, MPI_Request *req)
{
    if (!req)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Raccumulate");
    int e = PMPI_Accumulate(obuf, ocount, odt, t, tdisp, tcount, tdt, op, win);
    return e ? e : done_request(win_get(win), req, "MPI_Raccumulate");
}
MPI_ALIAS(Raccumulate);

int PMPI_Rget_accumulate(const void *obuf, int ocount, MPI_Datatype odt, void *rbuf,
                         int rcount, MPI_Datatype rdt, int t, MPI_Aint tdisp, int tcount,
                         MPI_Datatype tdt, MPI_Op op, MPI_Win win, MPI_Request *req)
{
    if (!req)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Rget_accumulate");
    int e = PMPI_Get_accumulate(obuf, ocount, odt, rbuf, rcount, rdt, t, tdisp, tcount, tdt, op,
                                win);
    return e ? e : done_request(win_get(win), req, "MPI_Rget_accumulate");
}
MPI_ALIAS(Rget_accumulate);
