/* mpi_coll_init.c - persistent collective operations (MPI-4.0 sec 6.13,
 * and the neighbourhood ones of sec 8.8): MPI_<Coll>_init records the
 * arguments in a persistent link request (mpi_req_link.h); each MPI_Start
 * starts the non-blocking collective MPI_I<coll> with them (mpi_nbc.c,
 * mpi_neighbor.c: a new schedule, hence a new tag, per start, which keeps
 * the starts of all members in step as sec 6.13 requires them to be
 * ordered like other collectives). The request is inactive until started,
 * restartable after completion, and freed with MPI_Request_free. The
 * datatypes are retained for the request's life (sec 4.1.9). These do not
 * use seed 000's RDMA scheduling (pml_pcoll.c plans MPI_Startall sets of
 * persistent point-to-point requests): the schedules' messages are made
 * per start by the non-blocking engine, not known at init. */
/* Macro-generated definitions, one invocation per line: */
/* clang-format off */
#include "mpi_req_link.h"
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include <stdlib.h>

enum coll {
    C_BARRIER, C_BCAST, C_GATHER, C_GATHERV, C_SCATTER, C_SCATTERV, C_ALLGATHER, C_ALLGATHERV,
    C_ALLTOALL, C_ALLTOALLV, C_ALLTOALLW, C_REDUCE, C_ALLREDUCE, C_REDUCE_SCATTER,
    C_REDUCE_SCATTER_BLOCK, C_SCAN, C_EXSCAN, C_N_ALLGATHER, C_N_ALLGATHERV, C_N_ALLTOALL,
    C_N_ALLTOALLV, C_N_ALLTOALLW
};

struct pc_args {
    enum coll which;
    const void *sbuf;
    void *rbuf;
    int scount, rcount, root;
    MPI_Datatype sdt, rdt;
    MPI_Op op;
    MPI_Comm comm;
    const int *scounts, *sdispls, *rcounts, *rdispls;
    const MPI_Aint *sdispls_a, *rdispls_a;
    const MPI_Datatype *sdts, *rdts;
};

static int pc_start(struct req *r, struct link *l)
{
    (void)r;
    struct pc_args *a = l->arg;
    MPI_Request *q = &l->in[0];
    switch (a->which) {
    case C_BARRIER: return PMPI_Ibarrier(a->comm, q);
    case C_BCAST: return PMPI_Ibcast(a->rbuf, a->rcount, a->rdt, a->root, a->comm, q);
    case C_GATHER:
        return PMPI_Igather(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt, a->root,
                            a->comm, q);
    case C_GATHERV:
        return PMPI_Igatherv(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcounts, a->rdispls, a->rdt,
                             a->root, a->comm, q);
    case C_SCATTER:
        return PMPI_Iscatter(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt, a->root,
                             a->comm, q);
    case C_SCATTERV:
        return PMPI_Iscatterv(a->sbuf, a->scounts, a->sdispls, a->sdt, a->rbuf, a->rcount, a->rdt,
                              a->root, a->comm, q);
    case C_ALLGATHER:
        return PMPI_Iallgather(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt, a->comm, q);
    case C_ALLGATHERV:
        return PMPI_Iallgatherv(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcounts, a->rdispls,
                                a->rdt, a->comm, q);
    case C_ALLTOALL:
        return PMPI_Ialltoall(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt, a->comm, q);
    case C_ALLTOALLV:
        return PMPI_Ialltoallv(a->sbuf, a->scounts, a->sdispls, a->sdt, a->rbuf, a->rcounts,
                               a->rdispls, a->rdt, a->comm, q);
    case C_ALLTOALLW:
        return PMPI_Ialltoallw(a->sbuf, a->scounts, a->sdispls, a->sdts, a->rbuf, a->rcounts,
                               a->rdispls, a->rdts, a->comm, q);
    case C_REDUCE:
        return PMPI_Ireduce(a->sbuf, a->rbuf, a->rcount, a->rdt, a->op, a->root, a->comm, q);
    case C_ALLREDUCE:
        return PMPI_Iallreduce(a->sbuf, a->rbuf, a->rcount, a->rdt, a->op, a->comm, q);
    case C_REDUCE_SCATTER:
        return PMPI_Ireduce_scatter(a->sbuf, a->rbuf, a->rcounts, a->rdt, a->op, a->comm, q);
    case C_REDUCE_SCATTER_BLOCK:
        return PMPI_Ireduce_scatter_block(a->sbuf, a->rbuf, a->rcount, a->rdt, a->op, a->comm, q);
    case C_SCAN: return PMPI_Iscan(a->sbuf, a->rbuf, a->rcount, a->rdt, a->op, a->comm, q);
    case C_EXSCAN: return PMPI_Iexscan(a->sbuf, a->rbuf, a->rcount, a->rdt, a->op, a->comm, q);
    case C_N_ALLGATHER:
        return PMPI_Ineighbor_allgather(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt,
                                        a->comm, q);
    case C_N_ALLGATHERV:
        return PMPI_Ineighbor_allgatherv(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcounts,
                                         a->rdispls, a->rdt, a->comm, q);
    case C_N_ALLTOALL:
        return PMPI_Ineighbor_alltoall(a->sbuf, a->scount, a->sdt, a->rbuf, a->rcount, a->rdt,
                                       a->comm, q);
    case C_N_ALLTOALLV:
        return PMPI_Ineighbor_alltoallv(a->sbuf, a->scounts, a->sdispls, a->sdt, a->rbuf,
                                        a->rcounts, a->rdispls, a->rdt, a->comm, q);
    case C_N_ALLTOALLW:
        return PMPI_Ineighbor_alltoallw(a->sbuf, a->scounts, a->sdispls_a, a->sdts, a->rbuf,
                                        a->rcounts, a->rdispls_a, a->rdts, a->comm, q);
    }
    return MPI_ERR_INTERN;
}

static void pc_fini(struct link *l)
{
    struct pc_args *a = l->arg;
    if (a->sdt != MPI_DATATYPE_NULL)
        dt_release(a->sdt);
    if (a->rdt != MPI_DATATYPE_NULL)
        dt_release(a->rdt);
}

/* The request for a, or an error (reported on comm). */
static int pc_make(struct pc_args *a, MPI_Request *req, const char *fn)
{
    if (!comm_get(a->comm))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (!req)
        return mpi_err(a->comm, MPI_ERR_ARG, fn);
    struct pc_args *k = malloc(sizeof *k);
    struct req *r = k ? link_new(1, a->comm, 1) : NULL;
    if (!r) {
        free(k);
        return mpi_err(a->comm, MPI_ERR_NO_MEM, fn);
    }
    *k = *a;
    struct link *l = link_of(r);
    l->arg = k;
    l->start = pc_start;
    l->fini = pc_fini;
    if (k->sdt != MPI_DATATYPE_NULL)
        dt_retain(k->sdt);
    if (k->rdt != MPI_DATATYPE_NULL)
        dt_retain(k->rdt);
    *req = r->handle;
    return MPI_SUCCESS;
}

#define ARGS(w) \
    (void)info; \
    struct pc_args a = { .which = (w), .comm = comm, .sdt = MPI_DATATYPE_NULL, \
                         .rdt = MPI_DATATYPE_NULL, .op = MPI_OP_NULL }

int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    ARGS(C_BARRIER);
    return pc_make(&a, request, "MPI_Barrier_init");
}
MPI_ALIAS(Barrier_init);

int PMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request)
{
    ARGS(C_BCAST);
    a.rbuf = buffer, a.rcount = count, a.rdt = datatype, a.root = root;
    return pc_make(&a, request, "MPI_Bcast_init");
}
MPI_ALIAS(Bcast_init);

/* the (sbuf, scount, sdt, rbuf, rcount, rdt) family */
#define SR_INIT(Name, W, ROOTED) \
    int PMPI_##Name##_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, \
                           ROOTED MPI_Comm comm, MPI_Info info, MPI_Request *request)
#define ROOT_ARG int root,
#define NO_ROOT
#define SR_BODY(Name, W, root_) \
    { \
        ARGS(W); \
        a.sbuf = sendbuf, a.scount = sendcount, a.sdt = sendtype; \
        a.rbuf = recvbuf, a.rcount = recvcount, a.rdt = recvtype, a.root = root_; \
        return pc_make(&a, request, "MPI_" #Name "_init"); \
    } \
    MPI_ALIAS(Name##_init);

SR_INIT(Gather, C_GATHER, ROOT_ARG) SR_BODY(Gather, C_GATHER, root)
SR_INIT(Scatter, C_SCATTER, ROOT_ARG) SR_BODY(Scatter, C_SCATTER, root)
SR_INIT(Allgather, C_ALLGATHER, NO_ROOT) SR_BODY(Allgather, C_ALLGATHER, 0)
SR_INIT(Alltoall, C_ALLTOALL, NO_ROOT) SR_BODY(Alltoall, C_ALLTOALL, 0)
SR_INIT(Neighbor_allgather, C_N_ALLGATHER, NO_ROOT) SR_BODY(Neighbor_allgather, C_N_ALLGATHER, 0)
SR_INIT(Neighbor_alltoall, C_N_ALLTOALL, NO_ROOT) SR_BODY(Neighbor_alltoall, C_N_ALLTOALL, 0)

int PMPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                      MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    ARGS(C_GATHERV);
    a.sbuf = sendbuf, a.scount = sendcount, a.sdt = sendtype, a.rbuf = recvbuf;
    a.rcounts = recvcounts, a.rdispls = displs, a.rdt = recvtype, a.root = root;
    return pc_make(&a, request, "MPI_Gatherv_init");
}
MPI_ALIAS(Gatherv_init);

int PMPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                       MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    ARGS(C_SCATTERV);
    a.sbuf = sendbuf, a.scounts = sendcounts, a.sdispls = displs, a.sdt = sendtype;
    a.rbuf = recvbuf, a.rcount = recvcount, a.rdt = recvtype, a.root = root;
    return pc_make(&a, request, "MPI_Scatterv_init");
}
MPI_ALIAS(Scatterv_init);

#define GV_INIT(Name, W) \
    int PMPI_##Name##_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
                           void *recvbuf, const int recvcounts[], const int displs[], \
                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, \
                           MPI_Request *request) \
    { \
        ARGS(W); \
        a.sbuf = sendbuf, a.scount = sendcount, a.sdt = sendtype, a.rbuf = recvbuf; \
        a.rcounts = recvcounts, a.rdispls = displs, a.rdt = recvtype; \
        return pc_make(&a, request, "MPI_" #Name "_init"); \
    } \
    MPI_ALIAS(Name##_init);
GV_INIT(Allgatherv, C_ALLGATHERV)
GV_INIT(Neighbor_allgatherv, C_N_ALLGATHERV)

#define AV_INIT(Name, W) \
    int PMPI_##Name##_init(const void *sendbuf, const int sendcounts[], const int sdispls[], \
                           MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], \
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, \
                           MPI_Info info, MPI_Request *request) \
    { \
        ARGS(W); \
        a.sbuf = sendbuf, a.scounts = sendcounts, a.sdispls = sdispls, a.sdt = sendtype; \
        a.rbuf = recvbuf, a.rcounts = recvcounts, a.rdispls = rdispls, a.rdt = recvtype; \
        return pc_make(&a, request, "MPI_" #Name "_init"); \
    } \
    MPI_ALIAS(Name##_init);
AV_INIT(Alltoallv, C_ALLTOALLV)
AV_INIT(Neighbor_alltoallv, C_N_ALLTOALLV)

int PMPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                        const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                        MPI_Info info, MPI_Request *request)
{
    ARGS(C_ALLTOALLW);
    a.sbuf = sendbuf, a.scounts = sendcounts, a.sdispls = sdispls, a.sdts = sendtypes;
    a.rbuf = recvbuf, a.rcounts = recvcounts, a.rdispls = rdispls, a.rdts = recvtypes;
    return pc_make(&a, request, "MPI_Alltoallw_init");
}
MPI_ALIAS(Alltoallw_init);

int PMPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
                                 const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                 void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                 const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request)
{
    ARGS(C_N_ALLTOALLW);
    a.sbuf = sendbuf, a.scounts = sendcounts, a.sdispls_a = sdispls, a.sdts = sendtypes;
    a.rbuf = recvbuf, a.rcounts = recvcounts, a.rdispls_a = rdispls, a.rdts = recvtypes;
    return pc_make(&a, request, "MPI_Neighbor_alltoallw_init");
}
MPI_ALIAS(Neighbor_alltoallw_init);

/* the reductions (sbuf, rbuf, count, dt, op) */
#define RED_INIT(Name, W) \
    int PMPI_##Name##_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, \
                           MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request) \
    { \
        ARGS(W); \
        a.sbuf = sendbuf, a.rbuf = recvbuf, a.rcount = count, a.rdt = datatype, a.op = op; \
        return pc_make(&a, request, "MPI_" #Name "_init"); \
    } \
    MPI_ALIAS(Name##_init);
RED_INIT(Allreduce, C_ALLREDUCE)
RED_INIT(Scan, C_SCAN)
RED_INIT(Exscan, C_EXSCAN)

int PMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request)
{
    ARGS(C_REDUCE_SCATTER_BLOCK);
    a.sbuf = sendbuf, a.rbuf = recvbuf, a.rcount = recvcount, a.rdt = datatype, a.op = op;
    return pc_make(&a, request, "MPI_Reduce_scatter_block_init");
}
MPI_ALIAS(Reduce_scatter_block_init);

int PMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    ARGS(C_REDUCE);
    a.sbuf = sendbuf, a.rbuf = recvbuf, a.rcount = count, a.rdt = datatype, a.op = op;
    a.root = root;
    return pc_make(&a, request, "MPI_Reduce_init");
}
MPI_ALIAS(Reduce_init);

int PMPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                             MPI_Request *request)
{
    ARGS(C_REDUCE_SCATTER);
    a.sbuf = sendbuf, a.rbuf = recvbuf, a.rcounts = recvcounts, a.rdt = datatype, a.op = op;
    return pc_make(&a, request, "MPI_Reduce_scatter_init");
}
MPI_ALIAS(Reduce_scatter_init);
/* clang-format on */
