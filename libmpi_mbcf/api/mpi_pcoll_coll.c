/* mpi_pcoll_coll.c - the world-wide collectives the pseudo-collective mode
 * needs (struct pcoll_world_coll, pcoll/pml_pcoll.h), over the collective
 * entry points; MPI_Init hands them down (mpi_init.c). */
#include "mpi_export.h"
#include "mpi_pcoll_coll.h"

static int alltoall_int(const int *send, int *recv)
{
    return PMPI_Alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, MPI_COMM_WORLD);
}

static int alltoallv_bytes(const void *sbuf, const int *sc, const int *sd, void *rbuf,
                           const int *rc, const int *rd)
{
    return PMPI_Alltoallv(sbuf, sc, sd, MPI_BYTE, rbuf, rc, rd, MPI_BYTE, MPI_COMM_WORLD);
}

static int allreduce_land(const int *in, int *out)
{
    return PMPI_Allreduce(in, out, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
}

static int barrier(void)
{
    return PMPI_Barrier(MPI_COMM_WORLD);
}

const struct pcoll_world_coll mpi_pcoll_world_coll = {
    .alltoall_int = alltoall_int,
    .alltoallv_bytes = alltoallv_bytes,
    .allreduce_land = allreduce_land,
    .barrier = barrier,
};
