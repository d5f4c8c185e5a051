/* ult_offload_coll.c - collective calls as commands for the communication
 * thread (ult_offload.h). Our collectives have no non-blocking forms
 * (docs/mpi.md), so a collective runs whole in the communication thread:
 * requests already in flight keep progressing inside it (one progress
 * engine), but no new command starts and no ULT is resumed until it ends
 * (docs/ult.md says when this matters). */
#include "ult_offload.h"
#include "mpi_impl.h"

struct coll {
    struct ult_cmd c;                 /* first */
    int kind, count, scount, rcount, root, all;
    const void *sbuf;
    void *rbuf;
    MPI_Datatype dt, sdt, rdt;
    MPI_Op op;
    MPI_Comm comm;
};
enum { K_BARRIER, K_BCAST, K_REDUCE, K_ALLREDUCE, K_GATHER, K_SCATTER, K_ALLTOALL };

static enum ult_run run_coll(struct ult_cmd *c)
{
    struct coll *a = (struct coll *)c;
    switch (a->kind) {
    case K_BARRIER:
        c->result = mpi_impl_Barrier(a->comm);
        break;
    case K_BCAST:
        c->result = mpi_impl_Bcast(a->rbuf, a->count, a->dt, a->root, a->comm);
        break;
    case K_REDUCE:
        c->result = mpi_impl_Reduce(a->sbuf, a->rbuf, a->count, a->dt, a->op, a->root, a->comm);
        break;
    case K_ALLREDUCE:
        c->result = mpi_impl_Allreduce(a->sbuf, a->rbuf, a->count, a->dt, a->op, a->comm);
        break;
    case K_GATHER:
        c->result = a->all ? mpi_impl_Allgather(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount,
                                                a->rdt, a->comm)
                           : mpi_impl_Gather(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt,
                                             a->root, a->comm);
        break;
    case K_SCATTER:
        c->result = mpi_impl_Scatter(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt, a->root,
                                     a->comm);
        break;
    case K_ALLTOALL:
        c->result = mpi_impl_Alltoall(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt,
                                      a->comm);
        break;
    }
    return ULT_RUN_DONE;
}

int ult_barrier(MPI_Comm comm)
{
    struct coll a = { .kind = K_BARRIER, .comm = comm };
    return ult_submit(&a.c, run_coll, "MPI_Barrier", -1, -1);
}

int ult_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    struct coll a = { .kind = K_BCAST, .rbuf = buf, .count = count, .dt = dt, .root = root,
                      .comm = comm };
    return ult_submit(&a.c, run_coll, "MPI_Bcast", root, -1);
}

int ult_reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op, int root,
               MPI_Comm comm)
{
    struct coll a = { .kind = K_REDUCE, .sbuf = sbuf, .rbuf = rbuf, .count = count, .dt = dt,
                      .op = op, .root = root, .comm = comm };
    return ult_submit(&a.c, run_coll, "MPI_Reduce", root, -1);
}

int ult_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                  MPI_Comm comm)
{
    struct coll a = { .kind = K_ALLREDUCE, .sbuf = sbuf, .rbuf = rbuf, .count = count, .dt = dt,
                      .op = op, .comm = comm };
    return ult_submit(&a.c, run_coll, "MPI_Allreduce", -1, -1);
}

int ult_gather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
               MPI_Datatype rdt, int root, MPI_Comm comm, int all)
{
    struct coll a = { .kind = K_GATHER, .sbuf = sbuf, .scount = scount, .sdt = sdt, .rbuf = rbuf,
                      .rcount = rcount, .rdt = rdt, .root = root, .comm = comm, .all = all };
    return ult_submit(&a.c, run_coll, all ? "MPI_Allgather" : "MPI_Gather", root, -1);
}

int ult_scatter(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                MPI_Datatype rdt, int root, MPI_Comm comm)
{
    struct coll a = { .kind = K_SCATTER, .sbuf = sbuf, .scount = scount, .sdt = sdt,
                      .rbuf = rbuf, .rcount = rcount, .rdt = rdt, .root = root, .comm = comm };
    return ult_submit(&a.c, run_coll, "MPI_Scatter", root, -1);
}

int ult_alltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                 MPI_Datatype rdt, MPI_Comm comm)
{
    struct coll a = { .kind = K_ALLTOALL, .sbuf = sbuf, .scount = scount, .sdt = sdt,
                      .rbuf = rbuf, .rcount = rcount, .rdt = rdt, .comm = comm };
    return ult_submit(&a.c, run_coll, "MPI_Alltoall", -1, -1);
}
