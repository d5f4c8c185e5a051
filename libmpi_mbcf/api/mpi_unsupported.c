/* mpi_unsupported.c - MPI-3.1 entry points declared in mpi.h that libmpi_mbcf
 * does not implement (a few I/O calls, dynamic processes;
 * the rest of the list is mpi_unsupported_gen.c): each prints its name and returns
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





int PMPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
    (void)comm; (void)filename; (void)amode; (void)info; (void)fh;
    return unsupported("MPI_File_open");
}
MPI_ALIAS(File_open);

int PMPI_File_close(MPI_File *fh)
{
    (void)fh;
    return unsupported("MPI_File_close");
}
MPI_ALIAS(File_close);

int PMPI_File_delete(const char *filename, MPI_Info info)
{
    (void)filename; (void)info;
    return unsupported("MPI_File_delete");
}
MPI_ALIAS(File_delete);

int PMPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype dt, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)dt; (void)status;
    return unsupported("MPI_File_read");
}
MPI_ALIAS(File_read);

int PMPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype dt, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)dt; (void)status;
    return unsupported("MPI_File_write");
}
MPI_ALIAS(File_write);

int PMPI_File_read_at(MPI_File fh, MPI_Offset off, void *buf, int count, MPI_Datatype dt, MPI_Status *status)
{
    (void)fh; (void)off; (void)buf; (void)count; (void)dt; (void)status;
    return unsupported("MPI_File_read_at");
}
MPI_ALIAS(File_read_at);

int PMPI_File_write_at(MPI_File fh, MPI_Offset off, const void *buf, int count, MPI_Datatype dt, MPI_Status *status)
{
    (void)fh; (void)off; (void)buf; (void)count; (void)dt; (void)status;
    return unsupported("MPI_File_write_at");
}
MPI_ALIAS(File_write_at);

int PMPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype dt, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)dt; (void)status;
    return unsupported("MPI_File_read_all");
}
MPI_ALIAS(File_read_all);

int PMPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype dt, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)dt; (void)status;
    return unsupported("MPI_File_write_all");
}
MPI_ALIAS(File_write_all);

int PMPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char *datarep, MPI_Info info)
{
    (void)fh; (void)disp; (void)etype; (void)filetype; (void)datarep; (void)info;
    return unsupported("MPI_File_set_view");
}
MPI_ALIAS(File_set_view);

int PMPI_File_get_size(MPI_File fh, MPI_Offset *size)
{
    (void)fh; (void)size;
    return unsupported("MPI_File_get_size");
}
MPI_ALIAS(File_get_size);

int PMPI_File_seek(MPI_File fh, MPI_Offset off, int whence)
{
    (void)fh; (void)off; (void)whence;
    return unsupported("MPI_File_seek");
}
MPI_ALIAS(File_seek);
