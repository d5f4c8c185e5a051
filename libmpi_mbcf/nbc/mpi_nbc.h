/* mpi_nbc.h - the schedule engine of the non-blocking collectives
 * (mpi_nbc_sched.c; libNBC's design, Hoefler et al., "Implementation and
 * performance analysis of non-blocking collective operations for MPI",
 * SC07): a collective is built as a list of rounds; each round first runs its
 * local actions (copy, reduce) in order, then starts its sends and receives;
 * the next round starts when all of them completed. Schedules advance from
 * the point-to-point progress round (pml_progress_hook), so any MPI call that
 * progresses also progresses pending collectives.
 *
 * Messages travel on the communicator's hidden collective context with a
 * negative tag per operation (-1000 - sequence number), so a non-blocking
 * collective never matches a blocking one or user point-to-point traffic;
 * every member numbers its collectives on a communicator in call order (MPI
 * requires the same order on all members, MPI-3.1 sec 5.12). */
#ifndef LIBMPI_MBCF_MPI_NBC_H
#define LIBMPI_MBCF_MPI_NBC_H
#include "mpi_export.h"
#include "mpi_comm.h"

struct nbc_sched;

/* A new, empty schedule on communicator c (NULL: out of memory). */
struct nbc_sched *nbc_new(struct comm *c);
/* Further actions go into the next round. */
void nbc_round(struct nbc_sched *s);
/* Actions; peer is a rank of the schedule's communicator. */
void nbc_send(struct nbc_sched *s, const void *buf, int count, MPI_Datatype dt, int peer);
void nbc_recv(struct nbc_sched *s, void *buf, int count, MPI_Datatype dt, int peer);
/* The same with a sub-tag (0..63): messages of one schedule between the same
 * two ranks match by sub-tag first, then in order (neighbourhood collectives
 * on a periodic dimension of size 2 reach one peer in two directions). */
void nbc_send_t(struct nbc_sched *s, const void *buf, int count, MPI_Datatype dt, int peer,
                int subtag);
void nbc_recv_t(struct nbc_sched *s, void *buf, int count, MPI_Datatype dt, int peer,
                int subtag);
/* inout = in op inout (MPI_Reduce_local's order). */
void nbc_op(struct nbc_sched *s, const void *in, void *inout, int count, MPI_Datatype dt,
            MPI_Op op);
/* Typed local copy: src (scount of sdt) to dst (rcount of rdt). */
void nbc_copy(struct nbc_sched *s, const void *src, int scount, MPI_Datatype sdt, void *dst,
              int rcount, MPI_Datatype rdt);
/* A local action that calls fn(arg) (an MPI error code is the schedule's
 * error); arg is malloc'ed and fn frees it (freed unused if the schedule is
 * dropped or fails before). */
void nbc_call(struct nbc_sched *s, int (*fn)(void *), void *arg);
/* A scratch buffer for count elements of dt, freed with the schedule
 * (pointer adjusted for the type's true lower bound). */
void *nbc_tmp(struct nbc_sched *s, int count, MPI_Datatype dt);
/* Start: the request *req completes when the last round has. Returns an MPI
 * error code (then nothing was started and the schedule is freed). */
int nbc_start(struct nbc_sched *s, MPI_Request *req);
/* Free a schedule that was never started. */
void nbc_discard(struct nbc_sched *s);
/* Broadcast of buf from root over the tree the blocking Bcast would choose
 * (mpi_nbc_tree.c); MPI_SUCCESS or MPI_ERR_NO_MEM. */
int nbc_build_bcast(struct nbc_sched *s, struct comm *c, void *buf, int count,
                    MPI_Datatype dt, int root);
/* Allreduce of rbuf (this rank's operand) by recursive doubling when the
 * blocking Allreduce would choose it: MPI_SUCCESS, MPI_ERR_NO_MEM, or
 * NBC_NOT_CHOSEN (nothing built: the caller reduces and broadcasts). */
#define NBC_NOT_CHOSEN (-1)
int nbc_build_allreduce_rdb(struct nbc_sched *s, struct comm *c, void *rbuf, int count,
                            MPI_Datatype dt, MPI_Op op);
/* Every member's *v becomes the maximum of all members' *v (two rounds;
 * Comm_idup's context id agreement). MPI_SUCCESS or MPI_ERR_NO_MEM. */
int nbc_build_allmax(struct nbc_sched *s, struct comm *c, int *v);
/* Advance every started schedule (called from the progress round). */
void nbc_progress(void);

#endif
