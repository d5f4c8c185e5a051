/* ult_entry_p2p.c - the MPI entry points of point-to-point communication
 * and request completion under MPI_THREAD_MULTIPLE (seed 002): a call made
 * by any thread but the communication thread becomes a command for it
 * (ult_offload_p2p.c); otherwise, and on that thread, the call goes down to
 * the entry point's body (api/mpi_pt2pt.c, api/mpi_request.c: mpi_impl_*).
 * This layer is the only place that asks ULT_OFFLOADED(). */
#include "mpi_impl.h"
#include "ult_offload.h"

int PMPI_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    if (ULT_OFFLOADED())
        return ult_isend(buf, count, dt, dest, tag, comm, req, ULT_STD);
    return mpi_impl_Isend(buf, count, dt, dest, tag, comm, req);
}
MPI_ALIAS(Isend);

int PMPI_Issend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                MPI_Request *req)
{
    if (ULT_OFFLOADED())
        return ult_isend(buf, count, dt, dest, tag, comm, req, ULT_SYNC);
    return mpi_impl_Issend(buf, count, dt, dest, tag, comm, req);
}
MPI_ALIAS(Issend);

int PMPI_Irsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                MPI_Request *req)
{
    if (ULT_OFFLOADED())
        return ult_isend(buf, count, dt, dest, tag, comm, req, ULT_READY);
    return mpi_impl_Irsend(buf, count, dt, dest, tag, comm, req);
}
MPI_ALIAS(Irsend);

int PMPI_Ibsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                MPI_Request *req)
{
    if (ULT_OFFLOADED())
        return ult_isend(buf, count, dt, dest, tag, comm, req, ULT_BUF);
    return mpi_impl_Ibsend(buf, count, dt, dest, tag, comm, req);
}
MPI_ALIAS(Ibsend);

int PMPI_Irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    if (ULT_OFFLOADED())
        return ult_irecv(buf, count, dt, src, tag, comm, req);
    return mpi_impl_Irecv(buf, count, dt, src, tag, comm, req);
}
MPI_ALIAS(Irecv);

int PMPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_send(buf, count, dt, dest, tag, comm, ULT_STD);
    return mpi_impl_Send(buf, count, dt, dest, tag, comm);
}
MPI_ALIAS(Send);

int PMPI_Ssend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_send(buf, count, dt, dest, tag, comm, ULT_SYNC);
    return mpi_impl_Ssend(buf, count, dt, dest, tag, comm);
}
MPI_ALIAS(Ssend);

int PMPI_Rsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_send(buf, count, dt, dest, tag, comm, ULT_READY);
    return mpi_impl_Rsend(buf, count, dt, dest, tag, comm);
}
MPI_ALIAS(Rsend);

int PMPI_Bsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_send(buf, count, dt, dest, tag, comm, ULT_BUF);
    return mpi_impl_Bsend(buf, count, dt, dest, tag, comm);
}
MPI_ALIAS(Bsend);

int PMPI_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
              MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_recv(buf, count, dt, src, tag, comm, st);
    return mpi_impl_Recv(buf, count, dt, src, tag, comm, st);
}
MPI_ALIAS(Recv);

int PMPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
                  void *rbuf, int rcount, MPI_Datatype rdt, int source, int rtag,
                  MPI_Comm comm, MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_sendrecv(sbuf, scount, sdt, dest, stag, rbuf, rcount, rdt, source, rtag, comm, st);
    return mpi_impl_Sendrecv(sbuf, scount, sdt, dest, stag, rbuf, rcount, rdt, source, rtag, comm, st);
}
MPI_ALIAS(Sendrecv);

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_iprobe(source, tag, comm, flag, st);
    return mpi_impl_Iprobe(source, tag, comm, flag, st);
}
MPI_ALIAS(Iprobe);

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_probe(source, tag, comm, st);
    return mpi_impl_Probe(source, tag, comm, st);
}
MPI_ALIAS(Probe);

int PMPI_Wait(MPI_Request *h, MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_wait(h, st);
    return mpi_impl_Wait(h, st);
}
MPI_ALIAS(Wait);

int PMPI_Test(MPI_Request *h, int *flag, MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_test(h, flag, st);
    return mpi_impl_Test(h, flag, st);
}
MPI_ALIAS(Test);

int PMPI_Waitall(int n, MPI_Request h[], MPI_Status sts[])
{
    if (ULT_OFFLOADED())
        return ult_waitall(n, h, sts);
    return mpi_impl_Waitall(n, h, sts);
}
MPI_ALIAS(Waitall);

int PMPI_Testall(int n, MPI_Request h[], int *flag, MPI_Status sts[])
{
    if (ULT_OFFLOADED())
        return ult_testall(n, h, flag, sts);
    return mpi_impl_Testall(n, h, flag, sts);
}
MPI_ALIAS(Testall);

int PMPI_Waitany(int n, MPI_Request h[], int *index, MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_waitany(n, h, index, st);
    return mpi_impl_Waitany(n, h, index, st);
}
MPI_ALIAS(Waitany);

int PMPI_Testany(int n, MPI_Request h[], int *index, int *flag, MPI_Status *st)
{
    if (ULT_OFFLOADED())
        return ult_testany(n, h, index, flag, st);
    return mpi_impl_Testany(n, h, index, flag, st);
}
MPI_ALIAS(Testany);

int PMPI_Waitsome(int n, MPI_Request h[], int *outcount, int idx[], MPI_Status sts[])
{
    if (ULT_OFFLOADED())
        return ult_waitsome(n, h, outcount, idx, sts);
    return mpi_impl_Waitsome(n, h, outcount, idx, sts);
}
MPI_ALIAS(Waitsome);

int PMPI_Testsome(int n, MPI_Request h[], int *outcount, int idx[], MPI_Status sts[])
{
    if (ULT_OFFLOADED())
        return ult_testsome(n, h, outcount, idx, sts);
    return mpi_impl_Testsome(n, h, outcount, idx, sts);
}
MPI_ALIAS(Testsome);

int PMPI_Request_free(MPI_Request *h)
{
    if (ULT_OFFLOADED())
        return ult_request_free(h);
    return mpi_impl_Request_free(h);
}
MPI_ALIAS(Request_free);

int PMPI_Cancel(MPI_Request *h)
{
    if (ULT_OFFLOADED())
        return ult_cancel(h);
    return mpi_impl_Cancel(h);
}
MPI_ALIAS(Cancel);

int PMPI_Start(MPI_Request *h)
{
    if (ULT_OFFLOADED())
        return ult_start(h);
    return mpi_impl_Start(h);
}
MPI_ALIAS(Start);

int PMPI_Startall(int n, MPI_Request h[])
{
    if (ULT_OFFLOADED())
        return ult_startall(n, h);
    return mpi_impl_Startall(n, h);
}
MPI_ALIAS(Startall);
