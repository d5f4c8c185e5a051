/* mpi_impl.h - the bodies of the MPI entry points that the ULT offload layer
 * (ult/ult_entry_*.c) defines: PMPI_X there runs mpi_impl_X here unless
 * the call is to be offloaded to the communication thread (seed 002). */
#ifndef LIBMPI_MBCF_MPI_IMPL_H
#define LIBMPI_MBCF_MPI_IMPL_H
#include "mpi_export.h"

int mpi_impl_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                   MPI_Request *req);
int mpi_impl_Issend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                    MPI_Request *req);
int mpi_impl_Irsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                    MPI_Request *req);
int mpi_impl_Ibsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                    MPI_Request *req);
int mpi_impl_Irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                   MPI_Request *req);
int mpi_impl_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
int mpi_impl_Ssend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
int mpi_impl_Rsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
int mpi_impl_Bsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
int mpi_impl_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
                  MPI_Status *st);
int mpi_impl_Sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
                      void *rbuf, int rcount, MPI_Datatype rdt, int source, int rtag,
                      MPI_Comm comm, MPI_Status *st);
int mpi_impl_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *st);
int mpi_impl_Probe(int source, int tag, MPI_Comm comm, MPI_Status *st);
int mpi_impl_Wait(MPI_Request *h, MPI_Status *st);
int mpi_impl_Test(MPI_Request *h, int *flag, MPI_Status *st);
int mpi_impl_Waitall(int n, MPI_Request h[], MPI_Status sts[]);
int mpi_impl_Testall(int n, MPI_Request h[], int *flag, MPI_Status sts[]);
int mpi_impl_Waitany(int n, MPI_Request h[], int *index, MPI_Status *st);
int mpi_impl_Testany(int n, MPI_Request h[], int *index, int *flag, MPI_Status *st);
int mpi_impl_Waitsome(int n, MPI_Request h[], int *outcount, int idx[], MPI_Status sts[]);
int mpi_impl_Testsome(int n, MPI_Request h[], int *outcount, int idx[], MPI_Status sts[]);
int mpi_impl_Request_free(MPI_Request *h);
int mpi_impl_Cancel(MPI_Request *h);
int mpi_impl_Start(MPI_Request *h);
int mpi_impl_Startall(int n, MPI_Request h[]);
int mpi_impl_Barrier(MPI_Comm comm);
int mpi_impl_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm);
int mpi_impl_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op, int root,
                    MPI_Comm comm);
int mpi_impl_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                       MPI_Comm comm);
int mpi_impl_Gather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                    MPI_Datatype rdt, int root, MPI_Comm comm);
int mpi_impl_Scatter(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                     MPI_Datatype rdt, int root, MPI_Comm comm);
int mpi_impl_Allgather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                       MPI_Datatype rdt, MPI_Comm comm);
int mpi_impl_Alltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                      MPI_Datatype rdt, MPI_Comm comm);
int mpi_impl_Finalize(void);
int mpi_impl_Init_thread(int *argc, char ***argv, int required, int *provided);

#endif
