/* mpi_bsend.c - MPI entry points of buffered sends (MPI-3.1 sec 3.6):
 * MPI_Buffer_attach/detach; the allocator inside the buffer is pml_bsend.c. */
#include "mpi_errhandler.h"
#include "pml_bsend.h"

int PMPI_Buffer_attach(void *buf, int size)
{
    int e = bsend_attach(buf, size);
    return e ? mpi_err(MPI_COMM_WORLD, e, "MPI_Buffer_attach") : MPI_SUCCESS;
}
MPI_ALIAS(Buffer_attach);

int PMPI_Buffer_detach(void *buf, int *size)
{
    /* the MPI-3.1 C binding passes the address of a pointer */
    int e = bsend_detach((void **)buf, size);
    return e ? mpi_err(MPI_COMM_WORLD, e, "MPI_Buffer_detach") : MPI_SUCCESS;
}
MPI_ALIAS(Buffer_detach);
