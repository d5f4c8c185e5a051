/* coll_barrier.c - MPI_Barrier: dissemination (ceil(lg p) rounds, any p;
 * Hensgen, Finkel and Manber 1988) and linear (gather to 0, release). */
#include "coll_internal.h"

static int barrier_dissemination(int rank, int size, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    for (int k = 1; k < size && rc == MPI_SUCCESS; k <<= 1)
        rc = MPI_Sendrecv(NULL, 0, MPI_BYTE, (rank + k) % size, TAG_BARRIER,
                          NULL, 0, MPI_BYTE, (rank - k + size) % size, TAG_BARRIER,
                          comm, MPI_STATUS_IGNORE);
    return rc;
}

static int barrier_linear(int rank, int size, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    if (rank != 0) {
        rc = MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_BARRIER, comm);
        if (rc == MPI_SUCCESS)
            rc = MPI_Recv(NULL, 0, MPI_BYTE, 0, TAG_BARRIER, comm, MPI_STATUS_IGNORE);
        return rc;
    }
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        rc = MPI_Recv(NULL, 0, MPI_BYTE, i, TAG_BARRIER, comm, MPI_STATUS_IGNORE);
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        rc = MPI_Send(NULL, 0, MPI_BYTE, i, TAG_BARRIER, comm);
    return rc;
}

int coll_barrier(MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (size == 1)
        return MPI_SUCCESS;
    if (coll_choice(COLL_BARRIER) == BARRIER_LINEAR)
        return barrier_linear(rank, size, comm);
    return barrier_dissemination(rank, size, comm);
}
