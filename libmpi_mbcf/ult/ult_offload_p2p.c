/* ult_offload_p2p.c - point-to-point MPI calls as commands for the
 * communication thread (ult_offload.h; seed 002: "the command holds the
 * name of the function and its arguments"). A blocking call issues its
 * non-blocking form there and waits in the pending set (ult_offload.c);
 * a non-blocking call or a test runs there at once; a probe is retried
 * each round (MPI_Iprobe) until a message matches. */
#include "ult_offload.h"
#include "mpi_impl.h"

struct p2p {
    struct ult_cmd c;                 /* first */
    const void *sbuf;
    void *rbuf;
    int scount, rcount, dest, src, stag, rtag, mode, n;
    MPI_Datatype sdt, rdt;
    MPI_Comm comm;
    MPI_Request req[2];
    MPI_Request *reqs;                /* the caller's (Wait, Waitall, Isend, ...) */
    MPI_Status st[2];
    MPI_Status *sts;
    int *flag, *index, *outcount, *idx;
    int op;                           /* run_reqop: which call */
};

static int isend_mode(struct p2p *a, MPI_Request *r)
{
    switch (a->mode) {
    case ULT_SYNC:
        return mpi_impl_Issend(a->sbuf, a->scount, a->sdt, a->dest, a->stag, a->comm, r);
    case ULT_READY:
        return mpi_impl_Irsend(a->sbuf, a->scount, a->sdt, a->dest, a->stag, a->comm, r);
    case ULT_BUF:
        return mpi_impl_Ibsend(a->sbuf, a->scount, a->sdt, a->dest, a->stag, a->comm, r);
    default:
        return mpi_impl_Isend(a->sbuf, a->scount, a->sdt, a->dest, a->stag, a->comm, r);
    }
}

static enum ult_run run_send(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    c->result = isend_mode(a, &a->req[0]);
    if (c->result)
        return ULT_RUN_DONE;
    if (a->mode == ULT_BUF) {         /* MPI_Bsend: completes in the background */
        c->result = mpi_impl_Request_free(&a->req[0]);
        return ULT_RUN_DONE;
    }
    ult_pend(c, a->req, 1, MPI_STATUSES_IGNORE);
    return ULT_RUN_PENDING;
}

int ult_send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
             int mode)
{
    struct p2p a = { .sbuf = buf, .scount = count, .sdt = dt, .dest = dest, .stag = tag,
                     .comm = comm, .mode = mode };
    static const char *const names[] = { "MPI_Send", "MPI_Ssend", "MPI_Rsend", "MPI_Bsend" };
    return ult_submit(&a.c, run_send, names[mode & 3], dest, tag);
}

static enum ult_run run_recv(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    c->result = mpi_impl_Irecv(a->rbuf, a->rcount, a->rdt, a->src, a->rtag, a->comm, &a->req[0]);
    if (c->result)
        return ULT_RUN_DONE;
    ult_pend(c, a->req, 1, a->sts == MPI_STATUS_IGNORE ? MPI_STATUSES_IGNORE : a->sts);
    return ULT_RUN_PENDING;
}

int ult_recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
             MPI_Status *st)
{
    struct p2p a = { .rbuf = buf, .rcount = count, .rdt = dt, .src = src, .rtag = tag,
                     .comm = comm, .sts = st };
    return ult_submit(&a.c, run_recv, "MPI_Recv", src, tag);
}

static enum ult_run run_sendrecv(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    c->result = mpi_impl_Irecv(a->rbuf, a->rcount, a->rdt, a->src, a->rtag, a->comm, &a->req[1]);
    if (c->result)
        return ULT_RUN_DONE;
    c->result = mpi_impl_Isend(a->sbuf, a->scount, a->sdt, a->dest, a->stag, a->comm, &a->req[0]);
    if (c->result) {
        mpi_impl_Cancel(&a->req[1]);
        mpi_impl_Wait(&a->req[1], MPI_STATUS_IGNORE);
        return ULT_RUN_DONE;
    }
    ult_pend(c, a->req, 2, a->st);
    return ULT_RUN_PENDING;
}

int ult_sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
                 void *rbuf, int rcount, MPI_Datatype rdt, int src, int rtag, MPI_Comm comm,
                 MPI_Status *st)
{
    struct p2p a = { .sbuf = sbuf, .scount = scount, .sdt = sdt, .dest = dest, .stag = stag,
                     .rbuf = rbuf, .rcount = rcount, .rdt = rdt, .src = src, .rtag = rtag,
                     .comm = comm };
    int e = ult_submit(&a.c, run_sendrecv, "MPI_Sendrecv", src, rtag);
    if (st != MPI_STATUS_IGNORE)
        *st = a.st[1];
    return e;
}

static enum ult_run run_waitall(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    ult_pend(c, a->reqs, a->n, a->sts);
    return ULT_RUN_PENDING;
}

int ult_wait(MPI_Request *r, MPI_Status *st)
{
    if (!r)
        return mpi_impl_Wait(r, st); /* the argument error, reported as usual */
    struct p2p a = { .reqs = r, .n = 1, .sts = st == MPI_STATUS_IGNORE ? MPI_STATUSES_IGNORE : st };
    return ult_submit(&a.c, run_waitall, "MPI_Wait", -1, -1);
}

int ult_waitall(int n, MPI_Request r[], MPI_Status sts[])
{
    if (n < 0 || (n && !r))
        return mpi_impl_Waitall(n, r, sts);
    struct p2p a = { .reqs = r, .n = n, .sts = sts };
    int e = ult_submit(&a.c, run_waitall, "MPI_Waitall", -1, -1);
    return e == MPI_SUCCESS ? e : MPI_ERR_IN_STATUS;
}

static enum ult_run run_probe(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    int flag = 0;
    c->result = mpi_impl_Iprobe(a->src, a->rtag, a->comm, &flag, a->sts);
    return c->result || flag ? ULT_RUN_DONE : ULT_RUN_RETRY;
}

int ult_probe(int src, int tag, MPI_Comm comm, MPI_Status *st)
{
    struct p2p a = { .src = src, .rtag = tag, .comm = comm, .sts = st };
    return ult_submit(&a.c, run_probe, "MPI_Probe", src, tag);
}

/* ---- calls that do not block: run at once in the communication thread ---- */
static enum ult_run run_isend(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    c->result = isend_mode(a, a->reqs);
    return ULT_RUN_DONE;
}

int ult_isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
              MPI_Request *r, int mode)
{
    struct p2p a = { .sbuf = buf, .scount = count, .sdt = dt, .dest = dest, .stag = tag,
                     .comm = comm, .mode = mode, .reqs = r };
    return ult_submit(&a.c, run_isend, "MPI_Isend", dest, tag);
}

static enum ult_run run_irecv(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    c->result = mpi_impl_Irecv(a->rbuf, a->rcount, a->rdt, a->src, a->rtag, a->comm, a->reqs);
    return ULT_RUN_DONE;
}

int ult_irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
              MPI_Request *r)
{
    struct p2p a = { .rbuf = buf, .rcount = count, .rdt = dt, .src = src, .rtag = tag,
                     .comm = comm, .reqs = r };
    return ult_submit(&a.c, run_irecv, "MPI_Irecv", src, tag);
}

static enum ult_run run_testall(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    c->result = a->n == 1 && a->mode ? mpi_impl_Test(a->reqs, a->flag, a->sts)
                                     : mpi_impl_Testall(a->n, a->reqs, a->flag, a->sts);
    return ULT_RUN_DONE;
}

int ult_test(MPI_Request *r, int *flag, MPI_Status *st)
{
    struct p2p a = { .reqs = r, .n = 1, .mode = 1, .flag = flag, .sts = st };
    return ult_submit(&a.c, run_testall, "MPI_Test", -1, -1);
}

int ult_testall(int n, MPI_Request r[], int *flag, MPI_Status sts[])
{
    struct p2p a = { .reqs = r, .n = n, .flag = flag, .sts = sts };
    return ult_submit(&a.c, run_testall, "MPI_Testall", -1, -1);
}

static enum ult_run run_iprobe(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    c->result = mpi_impl_Iprobe(a->src, a->rtag, a->comm, a->flag, a->sts);
    return ULT_RUN_DONE;
}

int ult_iprobe(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *st)
{
    struct p2p a = { .src = src, .rtag = tag, .comm = comm, .flag = flag, .sts = st };
    return ult_submit(&a.c, run_iprobe, "MPI_Iprobe", src, tag);
}

/* ---- Waitany/Waitsome (retried each round), and the other request calls ---- */
enum { OP_WAITANY, OP_WAITSOME, OP_TESTANY, OP_TESTSOME, OP_FREE, OP_CANCEL, OP_START,
       OP_STARTALL };

static enum ult_run run_reqop(struct ult_cmd *c)
{
    struct p2p *a = (struct p2p *)c;
    int flag = 0;
    switch (a->op) {
    case OP_WAITANY:
        c->result = mpi_impl_Testany(a->n, a->reqs, a->index, &flag, a->sts);
        return c->result || flag ? ULT_RUN_DONE : ULT_RUN_RETRY;
    case OP_WAITSOME:
        c->result = mpi_impl_Testsome(a->n, a->reqs, a->outcount, a->idx, a->sts);
        return c->result || *a->outcount != 0 ? ULT_RUN_DONE : ULT_RUN_RETRY;
    case OP_TESTANY:
        c->result = mpi_impl_Testany(a->n, a->reqs, a->index, a->flag, a->sts);
        break;
    case OP_TESTSOME:
        c->result = mpi_impl_Testsome(a->n, a->reqs, a->outcount, a->idx, a->sts);
        break;
    case OP_FREE:
        c->result = mpi_impl_Request_free(a->reqs);
        break;
    case OP_CANCEL:
        c->result = mpi_impl_Cancel(a->reqs);
        break;
    case OP_START:
        c->result = mpi_impl_Start(a->reqs);
        break;
    case OP_STARTALL:
        c->result = mpi_impl_Startall(a->n, a->reqs);
        break;
    }
    return ULT_RUN_DONE;
}

static int reqop(int op, const char *name, int n, MPI_Request *r, MPI_Status *sts, int *flag,
                 int *index, int *outcount, int *idx)
{
    if (op == OP_WAITSOME && !outcount)          /* argument errors: the call itself reports */
        return mpi_impl_Waitsome(n, r, outcount, idx, sts);
    struct p2p a = { .op = op, .n = n, .reqs = r, .sts = sts, .flag = flag, .index = index,
                     .outcount = outcount, .idx = idx };
    return ult_submit(&a.c, run_reqop, name, -1, -1);
}

int ult_waitany(int n, MPI_Request r[], int *index, MPI_Status *st)
{
    return reqop(OP_WAITANY, "MPI_Waitany", n, r, st, NULL, index, NULL, NULL);
}

int ult_waitsome(int n, MPI_Request r[], int *outcount, int idx[], MPI_Status sts[])
{
    return reqop(OP_WAITSOME, "MPI_Waitsome", n, r, sts, NULL, NULL, outcount, idx);
}

int ult_testany(int n, MPI_Request r[], int *index, int *flag, MPI_Status *st)
{
    return reqop(OP_TESTANY, "MPI_Testany", n, r, st, flag, index, NULL, NULL);
}

int ult_testsome(int n, MPI_Request r[], int *outcount, int idx[], MPI_Status sts[])
{
    return reqop(OP_TESTSOME, "MPI_Testsome", n, r, sts, NULL, NULL, outcount, idx);
}

int ult_request_free(MPI_Request *r)
{
    return reqop(OP_FREE, "MPI_Request_free", 1, r, MPI_STATUSES_IGNORE, NULL, NULL, NULL, NULL);
}

int ult_cancel(MPI_Request *r)
{
    return reqop(OP_CANCEL, "MPI_Cancel", 1, r, MPI_STATUSES_IGNORE, NULL, NULL, NULL, NULL);
}

int ult_start(MPI_Request *r)
{
    return reqop(OP_START, "MPI_Start", 1, r, MPI_STATUSES_IGNORE, NULL, NULL, NULL, NULL);
}

int ult_startall(int n, MPI_Request r[])
{
    return reqop(OP_STARTALL, "MPI_Startall", n, r, MPI_STATUSES_IGNORE, NULL, NULL, NULL, NULL);
}
