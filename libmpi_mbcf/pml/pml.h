/* pml.h - the point-to-point messaging layer (the MPI/MBCF protocol, seed
 * 003 sec 2.2) as the MPI entry points (mpi_*.c) use it. Files:
 *   pml_send.c      starting sends: send-request, eager or request-to-send
 *   pml_recv.c      starting/cancelling receives, unexpected messages, probe
 *   pml_mprobe.c    matched probe: a message taken off the unexpected list
 *   pml_incoming.c  draining the FIFOs: arrivals matched and dispatched
 *   pml_sreq.c      the send-requests this rank issues (numbered, piggybacked)
 *   pml_progress.c  the progress round and the wait policy
 *   pml_blocking.c  blocking send/receive for the library's own use
 *   pml_init.c      per-peer state, init, finalize
 *   pml_abort.c     MPI_Abort's notice to the peers and its arrival
 *   pml_stats.c     the MPI_MBCF_STATS counters
 *   pml_peer_fail.c failed peers: requests that wait on them fail (ULFM style)
 *   pml_bsend.c     the buffer for buffered-mode sends (pml_bsend.h)
 *   pml_request.c   request objects (pml_request.h) */
#ifndef LIBMPI_MBCF_PML_H
#define LIBMPI_MBCF_PML_H
#include <stdint.h>
#include "mpi_export.h"
#include "pml_request.h"
#include "dte.h"
#include "params.h"
#include "world.h"

/* Failed peers (pml_peer_fail.c): the error code of a request that waits on
 * failed world rank d is MPIX_ERR_PROC_FAILED | (d + 1) << 8. */
extern uint64_t pml_dead_mask;           /* world ranks known dead */
static inline int pml_peer_dead(int world)
{
    return world >= 0 && world < 64 && (pml_dead_mask >> world & 1);
}
/* Start an operation; an error comes only before the request is visible to
 * the protocol (queued, posted or sent), so the caller may release it. */
int pml_start_send(struct req *r);
int pml_start_recv(struct req *r);
/* Send-immediate (MPICH ch4's lightweight request, Open MPI ob1's sendi):
 * a standard/ready send of count elements of the committed layout d to
 * world rank peer that completes at once (contiguous, at most the eager
 * limit, another live rank: pml_send_now, which also gives where its bytes
 * start) is sent without a request by pml_send_immediate: MPI_SUCCESS or
 * an MPI error. The test is inline so that MPI_Send decides before the
 * call and keeps only its communicator across it (docs/fastpath.md). */
#define PML_NOT_NOW (-1)
static inline int pml_send_now(const void *buf, int count, const struct dte *d, int peer,
                               const void **data, int64_t *bytes)
{
    int64_t off, n = d->size * count;
    if (n > mpi_params.eager_limit || peer == mpi_world_rank || pml_peer_dead(peer) ||
        !dte_is_contig(d, count, &off))
        return 0;
    *data = (const char *)buf + off;
    *bytes = n;
    return 1;
}
int pml_send_immediate(const void *data, int64_t bytes, int peer, int tag, uint32_t ctx);
/* The receive's fast path: pml_irecv_fast, inline (pml_recv_fast.h). */
int pml_cancel_recv(struct req *r);
/* Unexpected message matching (peer world rank or MQ_ANY_SOURCE, tag, ctx)?
 * 1 with its status, else 0. */
int pml_probe(int peer, int tag, uint32_t ctx, MPI_Status *st, MPI_Comm comm);
/* Matched probe (pml_mprobe.c, MPI-3.1 sec 3.8.2): as pml_probe, and the
 * message found leaves the unexpected list, so no other receive or probe
 * can match it; NULL if none. pml_mrecv_start: the receive r (buffer,
 * count, type, comm set up) takes that message. */
void *pml_mprobe(int peer, int tag, uint32_t ctx, MPI_Status *st, MPI_Comm comm);
void pml_mrecv_start(struct req *r, void *msg);

void pml_progress(void);                /* one progress round, doorbell rung */
void pml_progress_wait(void);           /* progress, maybe sleep briefly */
void pml_progress_send(void);           /* after a send-immediate: post, doorbell */
/* Functions called at the end of every progress round (the schedules of the
 * non-blocking collectives, mpi_nbc.h, and one-sided targets, mpi_win.h,
 * advance there); adding one twice adds it once. */
void pml_add_progress_hook(void (*fn)(void));
/* The hooks run only while pml_hooks_live > 0: a running NBC schedule or a
 * live window counts one (pml_hooks_hold when it starts, pml_hooks_drop when
 * it ends), so a program without them pays one test per round, no calls. */
extern int pml_hooks_live;
static inline void pml_hooks_hold(void) { pml_hooks_live++; }
static inline void pml_hooks_drop(void) { pml_hooks_live--; }

/* internal blocking send/recv on a context (no argument checks) */
int pml_send(const void *buf, int count, MPI_Datatype dt, int peer_world, int tag,
             uint32_t ctx, MPI_Comm comm);
int pml_recv(void *buf, int count, MPI_Datatype dt, int peer_world, int tag,
             uint32_t ctx, MPI_Comm comm, MPI_Status *st);

int pml_init(void);
void pml_finalize(void);
void pml_abort_peers(int code);          /* tell every peer, wait briefly */
void pml_stats_print(double elapsed_s);  /* the MPI_MBCF_STATS=1 line */

int pml_fail_code(int world);
int pml_fail_rank(int code);             /* the rank a code names, or -1 */
int pml_err_class(int code);             /* MPIX_ERR_PROC_FAILED for those codes */
void pml_fail_describe(int code, char *buf, size_t cap);   /* MPI_Error_string text */
void pml_fail_report(int code, const char *fn);  /* "rank R: peer rank D failed (...) in FN" */
void pml_fail_report_known(const char *ctx);     /* ... for every peer MBCF knows dead */

#endif
