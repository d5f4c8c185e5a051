/* pml_recv_fast.h - the receive's fast path (docs/fastpath.md), inline in MPI_Irecv/MPI_Recv/MPI_Sendrecv (mpi_pt2pt.c):
 * the common receive is then one function with its arguments in registers,
 * no call boundary with ten arguments (four on the stack) and two
 * prologues. A receive of a predefined contiguous type with a specific
 * source (another live rank), posted when nothing else is (no posted
 * receive, no unexpected message, no send-requests to reissue), fills a
 * request in place and is posted without the generic start (unexpected
 * search, list walk, issue). A small receive makes no call on the way; one
 * that sends a send-request calls pml_post_recv with nothing live after it,
 * so no argument is kept for the request path's fallback across a call. */
#ifndef LIBMPI_MBCF_PML_RECV_FAST_H
#define LIBMPI_MBCF_PML_RECV_FAST_H
#include "pml_internal.h"
#include "mpi_datatype.h"

/* Bit dt set: predefined type dt is one block at offset 0 with extent ==
 * size, so count of them are contiguous at the buffer (a bit test instead
 * of dte_is_contig per receive). The layouts of predefined types never
 * change; the request path (pml_start_recv) sets the bit of such a type
 * the first time it receives one, so that no call is on this path. */
extern uint64_t pml_recv_contig;

/* Post receive r (state RS_POSTED, no target yet, pattern set, nothing
 * unexpected matches it: pml_start_recv's tail, pml_recv.c): unread
 * arrivals are drained first; a receive alone with a source is requested
 * at once, else the next round's walk requests it. */
void pml_post_recv(struct req *r);

/* MPI_SUCCESS with *h set, or PML_NOT_NOW (nothing done: take the request
 * path). dt is a predefined type's handle (1..63); peer is src's world
 * rank. */
PATH_INLINE int pml_irecv_fast(void *buf, int count, MPI_Datatype dt, int src, int peer, int tag,
                               uint32_t ctx, MPI_Comm comm, MPI_Request *h)
{
    if (!(pml_recv_contig >> dt & 1) || peer == mpi_world_rank || pml_issue_dirty ||
        !mq_list_empty(&pml_posted) || !mq_list_empty(&pml_unexpected) || pml_peer_dead(peer))
        return PML_NOT_NOW;
    struct dte *d = dt_predef[dt];     /* usable: its bit was learned from a receive of it */
    struct req *r = req_new_recv();
    if (!r)
        return PML_NOT_NOW;            /* no free slot: the request path grows the table */
    r->comm = comm;
    r->peer = peer;
    r->peer_rank1 = src + 1;
    r->tag = tag;
    r->ctx = ctx;
    r->count = count;
    r->buf = buf;
    r->dt = dt;                        /* predefined: never retained */
    r->cap = d->size * count;
    r->active = 1;
    r->state = RS_POSTED;
    r->mr.pat = (struct mq_env){ peer, tag, ctx };
    *h = r->handle;
    /* A receive that wants a send-request is posted and requested by
     * pml_start_recv's tail, which drains unread arrivals first (its
     * request's epoch must count them) and exports the target; nothing is
     * live after the call. */
    if (pml_recv_wants_sreq(r->cap)) {
        r->target = NULL;              /* set and exported when it is requested */
        pml_post_recv(r);
        return MPI_SUCCESS;
    }
    /* Its messages come eager (no send-request): an arrival still unread
     * needs no drain first. With no other receive posted and nothing
     * unexpected, the drain matches it to this receive exactly as the
     * generic start would have matched it from the unexpected list: the
     * first message from peer with this tag and context, in FIFO order
     * (seed 003 sec 2.2, footnote 3). Its target is set without export
     * (a large message's send_cts exports it). */
    r->target = buf;
    mq_append(&pml_posted, &r->mr.node);
    r->in_posted = 1;
    return MPI_SUCCESS;
}

#endif
