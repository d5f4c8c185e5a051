/* mpi_coll_check.h - argument checks shared by the blocking (mpi_coll.c)
 * and non-blocking (mpi_nbc.c) collective entry points: ENTER(fn) checks
 * initialization and the communicator and names it c (ENTER_ANY also
 * accepts an intercommunicator); TRY returns an error;
 * RET reports a call's error through the communicator's handler. */
#ifndef LIBMPI_MBCF_MPI_COLL_CHECK_H
#define LIBMPI_MBCF_MPI_COLL_CHECK_H
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "mpi_op.h"
#include "mpi_intercomm.h"

#define ENTER_ANY(fn)                                                      \
    CHECK_INIT(fn);                                                        \
    struct comm *c = comm_get(comm);                                       \
    if (!c)                                                                \
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn)
/* ... and refuse intercommunicators (only Barrier and Bcast take them) */
#define ENTER(fn)                                                          \
    ENTER_ANY(fn);                                                         \
    if (c->inter)                                                          \
        return comm_inter_refuse(comm, fn)

static inline int chk_buf(MPI_Comm comm, int count, MPI_Datatype dt, const char *fn)
{
    if (count < 0)
        return mpi_err(comm, MPI_ERR_COUNT, fn);
    if (!dt_get(dt) || !dt_committed(dt))
        return mpi_err(comm, MPI_ERR_TYPE, fn);
    return MPI_SUCCESS;
}

static inline int chk_root(MPI_Comm comm, struct comm *c, int root, const char *fn)
{
    if (root < 0 || root >= c->size)
        return mpi_err(comm, MPI_ERR_ROOT, fn);
    return MPI_SUCCESS;
}

static inline int chk_op(MPI_Comm comm, MPI_Op op, const char *fn)
{
    return op_valid(op) ? MPI_SUCCESS : mpi_err(comm, MPI_ERR_OP, fn);
}

static inline int chk_counts(MPI_Comm comm, struct comm *c, const int *counts, const char *fn)
{
    if (!counts)
        return mpi_err(comm, MPI_ERR_ARG, fn);
    for (int i = 0; i < c->size; i++)
        if (counts[i] < 0)
            return mpi_err(comm, MPI_ERR_COUNT, fn);
    return MPI_SUCCESS;
}

/* ---- whole-call checks, one per argument shape, shared by the blocking
 * call and its non-blocking form (and the neighbourhood ones where they
 * fit). Each reports the first bad argument through comm's handler. ---- */

/* Reduce, Allreduce, Scan, Exscan (root < 0: no root) */
static inline int coll_check_reduce(MPI_Comm comm, struct comm *c, int count, MPI_Datatype dt,
                                    MPI_Op op, int root, const char *fn)
{
    int e = chk_buf(comm, count, dt, fn);
    if (!e && root >= 0)
        e = chk_root(comm, c, root, fn);
    return e ? e : chk_op(comm, op, fn);
}

/* Bcast on an intracommunicator */
static inline int coll_check_bcast(MPI_Comm comm, struct comm *c, int count, MPI_Datatype dt,
                                   int root, const char *fn)
{
    int e = chk_buf(comm, count, dt, fn);
    return e ? e : chk_root(comm, c, root, fn);
}

/* Gather (send = the members' side, recv = the root's): rcounts/displs NULL
 * for the fixed-count form */
static inline int coll_check_gather(MPI_Comm comm, struct comm *c, const void *sbuf,
                                    int scount, MPI_Datatype sdt, int rcount,
                                    const int *rcounts, const int *displs, MPI_Datatype rdt,
                                    int root, int vector, const char *fn)
{
    int e = chk_root(comm, c, root, fn);
    if (!e && sbuf != MPI_IN_PLACE)
        e = chk_buf(comm, scount, sdt, fn);
    if (e || c->rank != root)
        return e;
    if (!vector)
        return chk_buf(comm, rcount, rdt, fn);
    e = chk_buf(comm, 0, rdt, fn);
    if (!e)
        e = chk_counts(comm, c, rcounts, fn);
    return e ? e : displs ? MPI_SUCCESS : mpi_err(comm, MPI_ERR_ARG, fn);
}

/* Scatter: the mirror of Gather */
static inline int coll_check_scatter(MPI_Comm comm, struct comm *c, int scount,
                                     const int *scounts, const int *displs, MPI_Datatype sdt,
                                     const void *rbuf, int rcount, MPI_Datatype rdt, int root,
                                     int vector, const char *fn)
{
    int e = chk_root(comm, c, root, fn);
    if (!e && c->rank == root) {
        if (!vector) {
            e = chk_buf(comm, scount, sdt, fn);
        } else {
            e = chk_buf(comm, 0, sdt, fn);
            if (!e)
                e = chk_counts(comm, c, scounts, fn);
            if (!e && !displs)
                e = mpi_err(comm, MPI_ERR_ARG, fn);
        }
    }
    if (!e && rbuf != MPI_IN_PLACE)
        e = chk_buf(comm, rcount, rdt, fn);
    return e;
}

/* One side of Allgather(v)/Alltoall(v): count of dt, or counts[] + displs[]
 * when vector (then count is ignored) */
static inline int coll_check_side(MPI_Comm comm, struct comm *c, int count, const int *counts,
                                  const void *displs, MPI_Datatype dt, int vector,
                                  const char *fn)
{
    if (!vector)
        return chk_buf(comm, count, dt, fn);
    int e = chk_buf(comm, 0, dt, fn);
    if (!e)
        e = chk_counts(comm, c, counts, fn);
    return e ? e : displs ? MPI_SUCCESS : mpi_err(comm, MPI_ERR_ARG, fn);
}

/* Allgather(v) (only the receive side is a vector) and Alltoall(v) (both) */
static inline int coll_check_allgather(MPI_Comm comm, struct comm *c, const void *sbuf,
                                       int scount, MPI_Datatype sdt, int rcount,
                                       const int *rcounts, const int *displs,
                                       MPI_Datatype rdt, int vector, const char *fn)
{
    int e = sbuf != MPI_IN_PLACE ? chk_buf(comm, scount, sdt, fn) : MPI_SUCCESS;
    return e ? e : coll_check_side(comm, c, rcount, rcounts, displs, rdt, vector, fn);
}

static inline int coll_check_alltoall(MPI_Comm comm, struct comm *c, const void *sbuf,
                                      int scount, const int *scounts, const int *sdispls,
                                      MPI_Datatype sdt, int rcount, const int *rcounts,
                                      const int *rdispls, MPI_Datatype rdt, int vector,
                                      const char *fn)
{
    int e = sbuf != MPI_IN_PLACE ? coll_check_side(comm, c, scount, scounts, sdispls, sdt,
                                                   vector, fn) : MPI_SUCCESS;
    return e ? e : coll_check_side(comm, c, rcount, rcounts, rdispls, rdt, vector, fn);
}

/* Reduce_scatter (rcounts) and Reduce_scatter_block (rcounts NULL) */
static inline int coll_check_reduce_scatter(MPI_Comm comm, struct comm *c, int rcount,
                                            const int *rcounts, MPI_Datatype dt, MPI_Op op,
                                            const char *fn)
{
    int e = rcounts ? chk_buf(comm, 0, dt, fn) : chk_buf(comm, rcount, dt, fn);
    if (!e && rcounts)
        e = chk_counts(comm, c, rcounts, fn);
    return e ? e : chk_op(comm, op, fn);
}

#define TRY(x) do { int e_ = (x); if (e_) return e_; } while (0)
#define RET(fn, call) do { int e_ = (call); return e_ ? mpi_err(comm, e_, fn) : MPI_SUCCESS; } while (0)

#endif
