/* mpi_unsupported.c - MPI-3.1 entry points declared in mpi.h that libmpi_mbcf
 * does not implement (dynamic processes; the rest of the list is
 * mpi_unsupported_gen.c): each prints its name and returns
 * MPI_ERR_UNSUPPORTED_OPERATION (without calling the error handler, so a
 * program may test for it). Generated once from mpi.h by hand-run script. */
#include "mpi_export.h"
#include "world.h"
#include "mpi_unsupported.h"
#include <stdio.h>

int unsupported(const char *fn)
{
    fprintf(stderr, "libmpi_mbcf rank %d: %s is not supported (MPI_ERR_UNSUPPORTED_OPERATION)\n",
            mpi_world_rank, fn);
    return MPI_ERR_UNSUPPORTED_OPERATION;
}

int PMPI_Comm_get_parent(MPI_Comm *parent)
{
    *parent = MPI_COMM_NULL;   /* never spawned */
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_get_parent);

int PMPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *intercomm, int errcodes[])
{
    (void)command; (void)argv; (void)maxprocs; (void)info; (void)root; (void)comm; (void)intercomm; (void)errcodes;
    return unsupported("MPI_Comm_spawn");
}
MPI_ALIAS(Comm_spawn);

int PMPI_Comm_spawn_multiple(int count, char *commands[], char **argvs[], const int maxprocs[], const MPI_Info infos[], int root, MPI_Comm comm, MPI_Comm *intercomm, int errcodes[])
{
    (void)count; (void)commands; (void)argvs; (void)maxprocs; (void)infos; (void)root; (void)comm; (void)intercomm; (void)errcodes;
    return unsupported("MPI_Comm_spawn_multiple");
}
MPI_ALIAS(Comm_spawn_multiple);

int PMPI_Comm_accept(const char *port, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm)
{
    (void)port; (void)info; (void)root; (void)comm; (void)newcomm;
    return unsupported("MPI_Comm_accept");
}
MPI_ALIAS(Comm_accept);

int PMPI_Comm_connect(const char *port, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm)
{
    (void)port; (void)info; (void)root; (void)comm; (void)newcomm;
    return unsupported("MPI_Comm_connect");
}
MPI_ALIAS(Comm_connect);

int PMPI_Comm_join(int fd, MPI_Comm *intercomm)
{
    (void)fd; (void)intercomm;
    return unsupported("MPI_Comm_join");
}
MPI_ALIAS(Comm_join);

int PMPI_Open_port(MPI_Info info, char *port)
{
    (void)info; (void)port;
    return unsupported("MPI_Open_port");
}
MPI_ALIAS(Open_port);

int PMPI_Close_port(const char *port)
{
    (void)port;
    return unsupported("MPI_Close_port");
}
MPI_ALIAS(Close_port);

