/* mpi_coll.c - MPI entry points of the collectives (MPI-3.1 chapter 5):
 * argument checks and error handling here, the algorithms in coll/ (coll.h),
 * called with the same arguments on the communicator's hidden collective
 * communicator (its own context, so collective traffic never matches user
 * point-to-point messages). */
#include "mpi_impl.h"
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "mpi_op.h"
#include "coll.h"
#include "mpi_coll_check.h"

int mpi_impl_Barrier(MPI_Comm comm)
{
    ENTER_ANY("MPI_Barrier");
    if (c->inter)
        RET("MPI_Barrier", inter_barrier(comm));
    RET("MPI_Barrier", coll_barrier(c->coll));
}

int mpi_impl_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Bcast";
    ENTER_ANY(fn);
    TRY(chk_buf(comm, count, dt, fn));
    if (c->inter)
        RET(fn, inter_bcast(buf, count, dt, root, comm));
    TRY(chk_root(comm, c, root, fn));
    RET(fn, coll_bcast(buf, count, dt, root, c->coll));
}

int mpi_impl_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op, int root,
                    MPI_Comm comm)
{
    const char *fn = "MPI_Reduce";
    ENTER(fn);
    TRY(coll_check_reduce(comm, c, count, dt, op, root, fn));
    RET(fn, coll_reduce(sbuf, rbuf, count, dt, op, root, c->coll));
}

int mpi_impl_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                       MPI_Comm comm)
{
    const char *fn = "MPI_Allreduce";
    ENTER(fn);
    TRY(coll_check_reduce(comm, c, count, dt, op, -1, fn));
    RET(fn, coll_allreduce(sbuf, rbuf, count, dt, op, c->coll));
}

int mpi_impl_Gather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                    MPI_Datatype rdt, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gather";
    ENTER(fn);
    TRY(coll_check_gather(comm, c, sbuf, scount, sdt, rcount, NULL, NULL, rdt, root, 0, fn));
    RET(fn, coll_gather(sbuf, scount, sdt, rbuf, rcount, rdt, root, c->coll));
}

int PMPI_Gatherv(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                const int rcounts[], const int displs[], MPI_Datatype rdt, int root,
                MPI_Comm comm)
{
    const char *fn = "MPI_Gatherv";
    ENTER(fn);
    TRY(coll_check_gather(comm, c, sbuf, scount, sdt, 0, rcounts, displs, rdt, root, 1, fn));
    RET(fn, coll_gatherv(sbuf, scount, sdt, rbuf, rcounts, displs, rdt, root, c->coll));
}
MPI_ALIAS(Gatherv);

int mpi_impl_Scatter(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                     MPI_Datatype rdt, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatter";
    ENTER(fn);
    TRY(coll_check_scatter(comm, c, scount, NULL, NULL, sdt, rbuf, rcount, rdt, root, 0, fn));
    RET(fn, coll_scatter(sbuf, scount, sdt, rbuf, rcount, rdt, root, c->coll));
}

int PMPI_Scatterv(const void *sbuf, const int scounts[], const int displs[],
                 MPI_Datatype sdt, void *rbuf, int rcount, MPI_Datatype rdt, int root,
                 MPI_Comm comm)
{
    const char *fn = "MPI_Scatterv";
    ENTER(fn);
    TRY(coll_check_scatter(comm, c, 0, scounts, displs, sdt, rbuf, rcount, rdt, root, 1, fn));
    RET(fn, coll_scatterv(sbuf, scounts, displs, sdt, rbuf, rcount, rdt, root, c->coll));
}
MPI_ALIAS(Scatterv);

int mpi_impl_Allgather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                       MPI_Datatype rdt, MPI_Comm comm)
{
    const char *fn = "MPI_Allgather";
    ENTER(fn);
    TRY(coll_check_allgather(comm, c, sbuf, scount, sdt, rcount, NULL, NULL, rdt, 0, fn));
    RET(fn, coll_allgather(sbuf, scount, sdt, rbuf, rcount, rdt, c->coll));
}

int PMPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf,
                   const int rcounts[], const int displs[], MPI_Datatype rdt, MPI_Comm comm)
{
    const char *fn = "MPI_Allgatherv";
    ENTER(fn);
    TRY(coll_check_allgather(comm, c, sbuf, scount, sdt, 0, rcounts, displs, rdt, 1, fn));
    RET(fn, coll_allgatherv(sbuf, scount, sdt, rbuf, rcounts, displs, rdt, c->coll));
}
MPI_ALIAS(Allgatherv);

int mpi_impl_Alltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                      MPI_Datatype rdt, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoall";
    ENTER(fn);
    TRY(coll_check_alltoall(comm, c, sbuf, scount, NULL, NULL, sdt, rcount, NULL, NULL, rdt, 0,
                            fn));
    RET(fn, coll_alltoall(sbuf, scount, sdt, rbuf, rcount, rdt, c->coll));
}

int PMPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[],
                  MPI_Datatype sdt, void *rbuf, const int rcounts[], const int rdispls[],
                  MPI_Datatype rdt, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallv";
    ENTER(fn);
    TRY(coll_check_alltoall(comm, c, sbuf, 0, scounts, sdispls, sdt, 0, rcounts, rdispls, rdt,
                            1, fn));
    RET(fn, coll_alltoallv(sbuf, scounts, sdispls, sdt, rbuf, rcounts, rdispls, rdt, c->coll));
}
MPI_ALIAS(Alltoallv);

int PMPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype dt,
                       MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter";
    ENTER(fn);
    TRY(coll_check_reduce_scatter(comm, c, 0, rcounts, dt, op, fn));
    RET(fn, coll_reduce_scatter(sbuf, rbuf, rcounts, dt, op, c->coll));
}
MPI_ALIAS(Reduce_scatter);

int PMPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype dt,
                             MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter_block";
    ENTER(fn);
    TRY(coll_check_reduce_scatter(comm, c, rcount, NULL, dt, op, fn));
    RET(fn, coll_reduce_scatter_block(sbuf, rbuf, rcount, dt, op, c->coll));
}
MPI_ALIAS(Reduce_scatter_block);

int PMPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
             MPI_Comm comm)
{
    const char *fn = "MPI_Scan";
    ENTER(fn);
    TRY(coll_check_reduce(comm, c, count, dt, op, -1, fn));
    RET(fn, coll_scan(sbuf, rbuf, count, dt, op, c->coll));
}
MPI_ALIAS(Scan);

int PMPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
               MPI_Comm comm)
{
    const char *fn = "MPI_Exscan";
    ENTER(fn);
    TRY(coll_check_reduce(comm, c, count, dt, op, -1, fn));
    RET(fn, coll_exscan(sbuf, rbuf, count, dt, op, c->coll));
}
MPI_ALIAS(Exscan);
