/* pml_request.h - the request object (pml_request.c): one per MPI_Request
 * handle and per internal operation; the protocol's state of a send or a
 * receive. The posted-receive node comes first (the matching engine's lists
 * hold it, match.h). */
#ifndef LIBMPI_MBCF_PML_REQUEST_H
#define LIBMPI_MBCF_PML_REQUEST_H
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "mpi_export.h"
#include "match.h"

/* A static function of the per-message path inlined into its callers
 * (specialized there by constant arguments: kind, mode, flags). */
#define PATH_INLINE static inline __attribute__((always_inline))

enum { RK_SEND = 1,
       RK_RECV,
       RK_NULLDONE,
       RK_COLL,
       RK_GREQ,
       RK_LINK };
/* RK_COLL: non-blocking collective (mpi_nbc.h); RK_GREQ: generalized
 * (mpi_grequest.h); RK_LINK: made of other requests (api/mpi_req_link.h) */
enum { MODE_STD = 0, MODE_SYNC, MODE_READY, MODE_BUF };
enum { RS_IDLE = 0, RS_POSTED, RS_WAIT_CTS, RS_WAIT_DONE, RS_CANCELLING, RS_DONE };
struct req {
    struct mq_recv mr;    /* posted-receive node (first: container_of) */
    int handle;           /* MPI_Request value (index + 1, the slot's for good) */
    uint32_t gen;
    int kind;
    /* from here to st: set or cleared by every new request (req_init_slot;
     * req_new_recv for the receive's fast path) */
    int mode, state;
    int persistent, active, freed, cancelled, in_posted;
    int err;
    MPI_Comm comm;
    int peer;             /* world rank (or MQ_ANY_SOURCE / MPI_PROC_NULL) */
    int peer_rank1;       /* receive: the source's rank in comm + 1 when posted with one
                             (MPI_SOURCE without a lookup), else 0 */
    int tag;
    uint32_t ctx;
    int count;
    void *buf;            /* user buffer */
    MPI_Datatype dt;
    /* receive */
    int64_t cap;          /* capacity in bytes */
    void *target;         /* where remote writes land */
    MPI_Status st;
    void *tmp;            /* owned packed/bounce buffer; NULL in every free slot
                             (req_release frees it) */
    /* send only (pml_send.c reads them only for RK_SEND requests, which
     * req_init_slot clears whole): req_new_recv leaves them as they were */
    const void *data;     /* packed bytes (user buffer when contiguous) */
    int64_t bytes;
    void *bsend_block;    /* MODE_BUF: block in the attached buffer */
    int puts_pending;
    struct req *free_next;  /* free slot: the next one (req_free) */
};
/* The table (pml_request.c): handle h is req_table[h - 1]; a slot keeps
 * its handle for good. The free slots are a stack linked through
 * free_next, req_free on top (docs/fastpath.md: a pop is two
 * loads and a store). */
extern struct req **req_table;
extern int req_table_n;
extern struct req *req_free;
/* Slot r cleared for a new request of this kind, with a new generation;
 * its handle stays. */
static inline void req_init_slot(struct req *r, int kind)
{
    uint32_t gen = (r->gen + 1) & 0x1fffffff;
    int handle = r->handle;
    memset(r, 0, sizeof *r);
    r->gen = gen ? gen : 1;
    r->handle = handle;
    r->kind = kind;
    r->mr.node.prev = r->mr.node.next = &r->mr.node;
}
struct req *req_new_grow(int kind);     /* no free slot: the table grows */
/* A new request (NULL: no memory); inline: a receive's fast path makes one
 * per message. */
static inline struct req *req_new(int kind)
{
    struct req *r = req_free;
    if (!r)
        return req_new_grow(kind);
    req_free = r->free_next;
    req_init_slot(r, kind);
    return r;
}
/* A new RK_RECV request for the receive's fast path (pml_recv_fast.h;
 * docs/fastpath.md): the whole-struct clear of req_new was a
 * third of that path. Here only the flags, the status and the node's
 * request mark are cleared; the caller sets every field from comm to target;
 * tmp is already NULL (free slot) and the send-only fields are never read
 * for a receive. NULL: no free slot (req_new grows the table). */
static inline struct req *req_new_recv(void)
{
    struct req *r = req_free;
    if (!r)
        return NULL;
    req_free = r->free_next;
    uint32_t gen = (r->gen + 1) & 0x1fffffff;
    r->gen = gen ? gen : 1;
    r->kind = RK_RECV;
    r->mr.requested = 0;
    r->mr.req_epoch = 0;
    memset(&r->mode, 0, offsetof(struct req, comm) - offsetof(struct req, mode));
    memset(&r->st, 0, sizeof r->st);
    return r;
}
/* NULL if not a live handle (inline: every completion call looks it up) */
static inline struct req *req_get(MPI_Request h)
{
    if ((unsigned)h - 1u >= (unsigned)req_table_n)    /* h <= 0 or past the table */
        return NULL;
    struct req *r = req_table[h - 1];
    return r->kind ? r : NULL;
}
/* r's own bounce buffer and derived datatype go (pml_request.c). */
void req_release_owned(struct req *r);
/* The request is gone: its slot is free, its handle and id find nothing. */
static inline void req_release(struct req *r)
{
    if (r->tmp || r->dt >= MPI_FIRST_DERIVED_TYPE_MBCF)   /* predefined types are never released */
        req_release_owned(r);
    r->dt = MPI_DATATYPE_NULL;
    r->kind = 0;                      /* req_by_id finds nothing; the next use's new
                                         generation makes old ids stale for good */
    r->free_next = req_free;
    req_free = r;
}
uint64_t req_id(const struct req *r);   /* generation and index, for the wire */
/* NULL if released since (inline: every W_DONE looks its receive up) */
static inline struct req *req_by_id(uint64_t id)
{
    uint32_t idx = (uint32_t)id;
    if (idx >= (uint32_t)req_table_n)
        return NULL;
    struct req *r = req_table[idx];
    if (!r->kind || r->gen != (uint32_t)(id >> 32))
        return NULL;
    return r;
}
/* A send's buffered-mode block and packed copy go (pml_request.c). */
void req_send_bufs_free(struct req *r);
/* The operation finished: the request is kept until Wait/Test, unless it
 * was freed (inline: every message completes one). */
static inline void req_complete(struct req *r)
{
    if (r->kind == RK_SEND && (r->bsend_block || r->tmp))
        req_send_bufs_free(r);
    r->state = RS_DONE;
    if (r->freed)
        req_release(r);
}

#endif
