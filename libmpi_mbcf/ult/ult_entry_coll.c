/* ult_entry_coll.c - the MPI entry points of the blocking collectives, and
 * of starting and ending MPI, under MPI_THREAD_MULTIPLE (seed 002): a
 * collective called by any thread but the communication thread runs whole
 * there (ult_offload_coll.c); otherwise the call goes down to the entry
 * point's body (api/mpi_coll.c, api/mpi_init.c: mpi_impl_*).
 * MPI_Init_thread(MPI_THREAD_MULTIPLE) starts the communication thread. */
#include "mpi_impl.h"
#include "ult_offload.h"

int PMPI_Barrier(MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_barrier(comm);
    return mpi_impl_Barrier(comm);
}
MPI_ALIAS(Barrier);

int PMPI_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_bcast(buf, count, dt, root, comm);
    return mpi_impl_Bcast(buf, count, dt, root, comm);
}
MPI_ALIAS(Bcast);

int PMPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op, int root,
                MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_reduce(sbuf, rbuf, count, dt, op, root, comm);
    return mpi_impl_Reduce(sbuf, rbuf, count, dt, op, root, comm);
}
MPI_ALIAS(Reduce);

int PMPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                   MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_allreduce(sbuf, rbuf, count, dt, op, comm);
    return mpi_impl_Allreduce(sbuf, rbuf, count, dt, op, comm);
}
MPI_ALIAS(Allreduce);

int PMPI_Gather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                MPI_Datatype rdt, int root, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_gather(sbuf, scount, sdt, rbuf, rcount, rdt, root, comm, 0);
    return mpi_impl_Gather(sbuf, scount, sdt, rbuf, rcount, rdt, root, comm);
}
MPI_ALIAS(Gather);

int PMPI_Scatter(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                 MPI_Datatype rdt, int root, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_scatter(sbuf, scount, sdt, rbuf, rcount, rdt, root, comm);
    return mpi_impl_Scatter(sbuf, scount, sdt, rbuf, rcount, rdt, root, comm);
}
MPI_ALIAS(Scatter);

int PMPI_Allgather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                   MPI_Datatype rdt, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_gather(sbuf, scount, sdt, rbuf, rcount, rdt, 0, comm, 1);
    return mpi_impl_Allgather(sbuf, scount, sdt, rbuf, rcount, rdt, comm);
}
MPI_ALIAS(Allgather);

int PMPI_Alltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                  MPI_Datatype rdt, MPI_Comm comm)
{
    if (ULT_OFFLOADED())
        return ult_alltoall(sbuf, scount, sdt, rbuf, rcount, rdt, comm);
    return mpi_impl_Alltoall(sbuf, scount, sdt, rbuf, rcount, rdt, comm);
}
MPI_ALIAS(Alltoall);

int PMPI_Finalize(void)
{
    if (ULT_OFFLOADED())
        return ult_finalize();
    return mpi_impl_Finalize();
}
MPI_ALIAS(Finalize);

int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int e = mpi_impl_Init_thread(argc, argv, required, provided);
    /* MULTIPLE: every thread's calls go to one communication thread
     * (ult_offload.c); the library itself stays single-threaded */
    if (!e && required == MPI_THREAD_MULTIPLE && ult_offload_start() == 0 && provided)
        *provided = MPI_THREAD_MULTIPLE;
    return e;
}
MPI_ALIAS(Init_thread);

int PMPI_Query_thread(int *provided)
{
    *provided = ult_offload_on ? MPI_THREAD_MULTIPLE : MPI_THREAD_FUNNELED;
    return MPI_SUCCESS;
}
MPI_ALIAS(Query_thread);
