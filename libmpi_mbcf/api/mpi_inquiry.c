/* mpi_inquiry.c - MPI entry points for environment inquiry and memory
 * (MPI-3.1 sec 8.1-8.2, 8.6, 14.2.4): Wtime/Wtick, processor name,
 * versions, Alloc_mem/Free_mem, Pcontrol. */
#include "mpi_errhandler.h"
#include "params.h"
#include "mbcf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double PMPI_Wtime(void)
{
    return (double)mbcf_now_ns() * 1e-9;
}
MPI_ALIAS(Wtime);

double PMPI_Wtick(void)
{
    return 1e-9;
}
MPI_ALIAS(Wtick);

int PMPI_Get_processor_name(char *name, int *len)
{
    if (!name || !len)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_processor_name");
    snprintf(name, MPI_MAX_PROCESSOR_NAME, "mbcf-node%d", mpi_world_rank / mbcf_ppn());
    *len = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_ALIAS(Get_processor_name);

int PMPI_Get_version(int *version, int *subversion)
{
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}
MPI_ALIAS(Get_version);

int PMPI_Get_library_version(char *version, int *len)
{
    snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
             "libmpi_mbcf 0.2 (MPI %d.%d on MBCF, seed 003; without MPI-IO and dynamic "
             "processes, docs/mpi.md), eager limit %ld bytes",
             MPI_VERSION, MPI_SUBVERSION, (long)mpi_params.eager_limit);
    *len = (int)strlen(version);
    return MPI_SUCCESS;
}
MPI_ALIAS(Get_library_version);

int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    (void)info;
    void *p = malloc(size ? (size_t)size : 1);
    if (!p)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Alloc_mem");
    *(void **)baseptr = p;
    return MPI_SUCCESS;
}
MPI_ALIAS(Alloc_mem);

int PMPI_Free_mem(void *base)
{
    free(base);
    return MPI_SUCCESS;
}
MPI_ALIAS(Free_mem);

int PMPI_Pcontrol(const int level, ...)
{
    (void)level;
    return MPI_SUCCESS;
}
MPI_ALIAS(Pcontrol);
