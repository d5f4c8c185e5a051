/* mpi_win.h - one-sided communication (MPI-3.1 chapter 11) on MBCF.
 *   mpi_win.c      window objects: create/allocate/free, attributes, group
 *   mpi_win_sync.c synchronization: fence, lock/unlock, flush, post/start/
 *                  complete/wait
 *   mpi_win_ops.c  origin side: Put, Get, Accumulate, Get_accumulate,
 *                  Fetch_and_op, Compare_and_swap, Rput, Rget
 *   mpi_win_am.c   target side: the operations that need the target's CPU
 *   mpi_win_dynamic.c dynamic windows (attach/detach) and shared windows
 *
 * A contiguous Put is an MBCF remote write straight into the target's
 * window (seed 003's remote write; the window is exported at creation and
 * its address exchanged), so the target takes no part. Everything else
 * (Get, the accumulates, non-contiguous target layouts, lock requests) is a
 * message on the window's private context (a dup of its communicator) that
 * the target executes in its progress round, in arrival order per origin
 * (pml.h's non-overtaking rule), so accumulates are atomic per element and
 * ordered per origin. MBCF delivers a peer's remote writes and FIFO entries
 * in order, so a notice sent after a Put reaches the target after the data:
 * every synchronization call ends with such a notice per target (the number
 * of messages it sent there) and the target waits until it has executed that
 * many. Limit: passive-target operations other than Put progress only while
 * the target is inside an MPI call (no progress thread). */
#ifndef LIBMPI_MBCF_MPI_WIN_H
#define LIBMPI_MBCF_MPI_WIN_H
#include <stdint.h>
#include "mpi_export.h"
#include "mpi_comm.h"
#include "pml_request.h"

/* tags on the window's private context */
enum { WT_OP = 1, WT_FENCE, WT_POST, WT_COMPLETE, WT_GRANT, WT_ACK, WT_ERR, WT_REPLY0 = 1000 };
/* kinds of target-side operation */
enum { AM_PUT = 1, AM_ACC, AM_GET, AM_GACC, AM_CAS, AM_LOCK, AM_UNLOCK, AM_FLUSH };

/* header of a target-side operation; nseg segments (off, len) relative to
 * the target address, then the data */
struct am_hdr {
    int32_t kind, nseg;
    int32_t basic;             /* predefined element type (accumulates) */
    int32_t op;
    int64_t disp;              /* bytes from the window base */
    int64_t nbytes;            /* data bytes after the segments */
    int32_t reply_tag, lock_type;
};
struct am_seg { int64_t off, len; };

struct win {
    int used;
    MPI_Comm comm;             /* private dup: the context of the messages */
    MPI_Comm ucomm;            /* the user's communicator (errors) */
    int flavor;
    void *base;
    MPI_Aint size;
    int disp_unit;
    void *owned;               /* Win_allocate's memory */
    void *shm;                 /* Win_allocate_shared: the node's segment here ... */
    size_t shm_len;            /* ... its length (unmapped with the window) */
    MPI_Aint *shm_off;         /* ... and each rank's offset in it */
    uint64_t *rbase;           /* per rank: base address, size, disp unit */
    int64_t *rsize;
    int *rdisp;
    uint32_t *sent, *done;     /* target-side messages sent to / executed from each rank */
    uint32_t *announced;       /* ... that each rank said it sent (fence/complete) */
    struct { struct req *r; void *buf; } *pend;   /* this origin's sends and reply
                                                     receives in flight, their buffers */
    int npend, cappend;
    uint32_t reply_seq;
    /* passive target: this rank's lock */
    int lk_excl, lk_shared;
    struct { int rank, type; } *lk_queue;
    int lk_nq;
    int self_granted;
    /* post/start/complete/wait */
    int *start_ranks, nstart;
    int *post_ranks, npost;
    /* dynamic windows (mpi_win_dynamic.c): the attached regions; target
     * displacements are addresses; every access is executed by the target */
    struct { uintptr_t base; MPI_Aint size; } *att;
    int natt, capatt;
    int *rma_err;              /* per origin: first access refused since its last report */
    char name[MPI_MAX_OBJECT_NAME];
};

struct win *win_get(MPI_Win w);                 /* NULL if invalid */
/* The window of a call that needs one of the flavor, else NULL and the
 * error (*e), reported under fn (mpi_win_dynamic.c). */
struct win *win_of_flavor(MPI_Win win, int flavor, int *e, const char *fn);
/* Collective over comm: a window of the flavor over base/size (owned:
 * memory freed with it); errors are reported as fn. */
int win_make(void *base, MPI_Aint size, int disp_unit, MPI_Comm comm, int flavor,
             void *owned, MPI_Win *out, const char *fn);
struct comm *win_comm(struct win *w);
/* Execute one operation from rank src (hdr + segments + data); a reply (if
 * the operation has one) is malloc'ed into *reply, *rlen bytes. */
int win_am_execute(struct win *w, int src, const struct am_hdr *h, const void *body,
                   void **reply, int64_t *rlen);
/* Execute the target-side operations that have arrived (progress hook). */
void win_am_progress(void);
/* Handle a lock request of src (AM_LOCK) or its release (AM_UNLOCK). */
void win_lock_request(struct win *w, int src, int type);
void win_lock_release(struct win *w, int src);
/* Origin side: wait until every send and reply of w has completed. */
int win_wait_pending(struct win *w);
/* Start a send (bytes at buf, owned: freed when done) or a typed receive
 * on w's context with comm rank peer; kept until win_wait_pending. */
int win_isend_owned(struct win *w, void *buf, int64_t bytes, int peer, int tag);
int win_irecv(struct win *w, void *buf, int count, MPI_Datatype dt, int peer, int tag);
/* Send a target-side operation to rank t (copies hdr+segs+data). */
int win_send_am(struct win *w, int t, const struct am_hdr *h, const struct am_seg *segs,
                const void *data);
/* Dynamic window: is [addr, addr + len) inside one attached region? */
int win_dyn_attached(const struct win *w, int64_t addr, int64_t len);
/* The error of rank src's refused accesses since its last report (0: none),
 * cleared (it travels in the ACK of flush/unlock and at fence). */
int win_take_err(struct win *w, int src);
int win_max(void);
struct win *win_at(int i);

#endif
