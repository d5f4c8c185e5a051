/* ult_offload.h - MPI offloading to one communication thread (seed 002).
 * After MPI_Init_thread(MPI_THREAD_MULTIPLE) the entry points of this layer
 * (ult_entry_p2p.c, ult_entry_coll.c) turn a call made by any other thread
 * into a command (ult_cmdq.h) for the communication thread, which runs the
 * entry point's body (api/mpi_impl.h); ULT_OFFLOADED() is 0 on that
 * thread. Files: ult_cmdq.c (portable queue), ult_offload.c (the thread,
 * pending requests, init/finalize), ult_offload_p2p.c and
 * ult_offload_coll.c (one command per call). docs/ult.md. */
#ifndef LIBMPI_MBCF_ULT_OFFLOAD_H
#define LIBMPI_MBCF_ULT_OFFLOAD_H
#include "mpi_export.h"
#pragma GCC visibility push(default)
#include "mpix_ult.h"             /* exported: MPIX_Ult_register */
#pragma GCC visibility pop
#include "ult_cmdq.h"

extern int ult_offload_on;              /* the communication thread runs */
extern __thread int ult_in_comm_thread;
#define ULT_OFFLOADED() (__builtin_expect(ult_offload_on, 0) && !ult_in_comm_thread)

/* ult_entry_coll.c: MPI_Init_thread, MPI_Finalize */
int ult_offload_start(void);            /* 0: started (MPI_THREAD_MULTIPLE) */
int ult_finalize(void);

/* ult_offload.c, for the command files: submit, and hand requests to the
 * communication thread's pending set (the command completes when all of
 * them have: statuses into sts, MPI_STATUSES_IGNORE allowed). */
int ult_submit(struct ult_cmd *c, enum ult_run (*run)(struct ult_cmd *), const char *name,
               int peer, int tag);
void ult_pend(struct ult_cmd *c, MPI_Request *reqs, int n, MPI_Status *sts);

/* ult_offload_p2p.c */
int ult_send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
             int mode);
int ult_recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
             MPI_Status *st);
int ult_sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
                 void *rbuf, int rcount, MPI_Datatype rdt, int src, int rtag, MPI_Comm comm,
                 MPI_Status *st);
int ult_wait(MPI_Request *r, MPI_Status *st);
int ult_waitall(int n, MPI_Request r[], MPI_Status sts[]);
int ult_probe(int src, int tag, MPI_Comm comm, MPI_Status *st);
int ult_isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
              MPI_Request *r, int mode);
int ult_irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
              MPI_Request *r);
int ult_test(MPI_Request *r, int *flag, MPI_Status *st);
int ult_testall(int n, MPI_Request r[], int *flag, MPI_Status sts[]);
int ult_iprobe(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *st);
int ult_waitany(int n, MPI_Request r[], int *index, MPI_Status *st);
int ult_waitsome(int n, MPI_Request r[], int *outcount, int idx[], MPI_Status sts[]);
int ult_testany(int n, MPI_Request r[], int *index, int *flag, MPI_Status *st);
int ult_testsome(int n, MPI_Request r[], int *outcount, int idx[], MPI_Status sts[]);
int ult_request_free(MPI_Request *r);
int ult_cancel(MPI_Request *r);
int ult_start(MPI_Request *r);
int ult_startall(int n, MPI_Request r[]);
/* send modes for ult_send / ult_isend */
enum { ULT_STD, ULT_SYNC, ULT_READY, ULT_BUF };

/* ult_offload_coll.c: collectives run whole in the communication thread */
int ult_barrier(MPI_Comm comm);
int ult_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm);
int ult_reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op, int root,
               MPI_Comm comm);
int ult_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op,
                  MPI_Comm comm);
int ult_gather(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
               MPI_Datatype rdt, int root, MPI_Comm comm, int all);
int ult_scatter(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                MPI_Datatype rdt, int root, MPI_Comm comm);
int ult_alltoall(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                 MPI_Datatype rdt, MPI_Comm comm);

#endif
