/* pml_blocking.c - point-to-point messaging layer: blocking send and
 * receive for the library itself (finalize barrier, communicator set-up in
 * mpi_comm.c): one request, started and waited for, no argument checks and
 * no MPI entry point (so a profiling tool does not see them). */
#include "pml_internal.h"
#include "mpi_datatype.h"

static int pml_blocking(int kind, void *buf, int count, MPI_Datatype dt, int peer_world,
                        int tag, uint32_t ctx, MPI_Comm comm, MPI_Status *st)
{
    struct req *r = req_new(kind);
    if (!r)
        return MPI_ERR_NO_MEM;
    r->buf = buf;
    r->count = count;
    r->dt = dt;
    dt_retain(dt);                /* released with the request (req_release) */
    r->peer = peer_world;
    r->tag = tag;
    r->ctx = ctx;
    r->comm = comm;
    r->active = 1;
    int e = kind == RK_SEND ? pml_start_send(r) : pml_start_recv(r);
    while (!e && r->state != RS_DONE)
        pml_progress_wait();
    if (kind == RK_RECV && st && st != MPI_STATUS_IGNORE)
        *st = r->st;
    e = e ? e : kind == RK_SEND ? r->err : r->st.MPI_ERROR;
    req_release(r);
    return e;
}

int pml_send(const void *buf, int count, MPI_Datatype dt, int peer_world, int tag,
             uint32_t ctx, MPI_Comm comm)
{
    return pml_blocking(RK_SEND, (void *)buf, count, dt, peer_world, tag, ctx, comm, NULL);
}

int pml_recv(void *buf, int count, MPI_Datatype dt, int peer_world, int tag, uint32_t ctx,
             MPI_Comm comm, MPI_Status *st)
{
    return pml_blocking(RK_RECV, buf, count, dt, peer_world, tag, ctx, comm, st);
}
