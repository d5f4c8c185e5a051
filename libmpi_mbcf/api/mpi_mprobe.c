/* mpi_mprobe.c - MPI entry points of matched probes (MPI-3.1 sec 3.8.2-3.8.3):
 * MPI_Mprobe/Improbe hand out an MPI_Message handle for a message taken off
 * the unexpected list (pml_mprobe.c); MPI_Mrecv/Imrecv receive exactly that
 * message and set the handle to MPI_MESSAGE_NULL. A probe of MPI_PROC_NULL
 * gives MPI_MESSAGE_NO_PROC, whose receive completes at once with source
 * MPI_PROC_NULL, tag MPI_ANY_TAG, count 0. */
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "pml.h"
#include <stdlib.h>

/* handle h > 0 is msgs[h - 1]; a free slot has msg NULL */
static struct { void *msg; MPI_Comm comm; } *msgs;
static int nmsgs;

static int msg_handle(void *msg, MPI_Comm comm)
{
    int i = 0;
    while (i < nmsgs && msgs[i].msg)
        i++;
    if (i == nmsgs) {
        void *v = realloc(msgs, (size_t)(nmsgs + 16) * sizeof *msgs);
        if (!v)
            return MPI_MESSAGE_NULL;
        msgs = v;
        for (int k = nmsgs; k < nmsgs + 16; k++)
            msgs[k].msg = NULL;
        nmsgs += 16;
    }
    msgs[i].msg = msg;
    msgs[i].comm = comm;
    return i + 1;
}

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *msg,
                 MPI_Status *st)
{
    static const char fn[] = "MPI_Improbe";
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE && (source < 0 || source >= c->size))
        return mpi_err(comm, MPI_ERR_RANK, fn);
    if (tag < 0 && tag != MPI_ANY_TAG)
        return mpi_err(comm, MPI_ERR_TAG, fn);
    if (!flag || !msg)
        return mpi_err(comm, MPI_ERR_ARG, fn);
    if (source == MPI_PROC_NULL) {
        *msg = MPI_MESSAGE_NO_PROC;
        return PMPI_Iprobe(source, tag, comm, flag, st);   /* flag 1, the empty status */
    }
    int peer = source == MPI_ANY_SOURCE ? MQ_ANY_SOURCE : comm_world_rank(c, source);
    void *m = pml_mprobe(peer, tag, c->ctx, st, comm);
    *flag = m != NULL;
    if (!m)
        return MPI_SUCCESS;
    *msg = msg_handle(m, comm);
    if (*msg == MPI_MESSAGE_NULL)
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    return MPI_SUCCESS;
}
MPI_ALIAS(Improbe);

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *msg, MPI_Status *st)
{
    int flag = 0;
    for (;;) {
        int e = PMPI_Improbe(source, tag, comm, &flag, msg, st);
        if (e || flag)
            return e;
        pml_progress_wait();
    }
}
MPI_ALIAS(Mprobe);

int PMPI_Imrecv(void *buf, int count, MPI_Datatype dt, MPI_Message *msg, MPI_Request *req)
{
    static const char fn[] = "MPI_Imrecv";
    CHECK_INIT(fn);
    if (!msg || !req)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    int h = *msg;
    int live = h > 0 && h <= nmsgs && msgs[h - 1].msg;
    if (!live && h != MPI_MESSAGE_NO_PROC)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);   /* MPI_MESSAGE_NULL or stale */
    MPI_Comm comm = live ? msgs[h - 1].comm : MPI_COMM_WORLD;
    if (count < 0)
        return mpi_err(comm, MPI_ERR_COUNT, fn);
    if (!dt_usable(dt))
        return mpi_err(comm, MPI_ERR_TYPE, fn);
    struct req *r = req_new(RK_RECV);
    if (!r)
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    r->buf = buf;
    r->count = count;
    r->dt = dt;
    if (dt >= MPI_FIRST_DERIVED_TYPE_MBCF)
        dt_retain(dt);            /* released with the request (req_release) */
    r->comm = comm;
    r->active = 1;
    *req = r->handle;
    *msg = MPI_MESSAGE_NULL;
    if (h == MPI_MESSAGE_NO_PROC) {
        r->peer = MPI_PROC_NULL;
        return pml_start_recv(r);   /* completes at once, source MPI_PROC_NULL */
    }
    void *m = msgs[h - 1].msg;
    msgs[h - 1].msg = NULL;
    pml_mrecv_start(r, m);
    return MPI_SUCCESS;
}
MPI_ALIAS(Imrecv);

int PMPI_Mrecv(void *buf, int count, MPI_Datatype dt, MPI_Message *msg, MPI_Status *st)
{
    MPI_Request r;
    int e = PMPI_Imrecv(buf, count, dt, msg, &r);
    if (e)
        return e;
    return PMPI_Wait(&r, st);
}
MPI_ALIAS(Mrecv);
