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

#define TRY(x) do { int e_ = (x); if (e_) return e_; } while (0)
#define RET(fn, call) do { int e_ = (call); return e_ ? mpi_err(comm, e_, fn) : MPI_SUCCESS; } while (0)

#endif
