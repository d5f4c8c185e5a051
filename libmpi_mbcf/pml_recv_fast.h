/* pml_recv_fast.h - the receive's fast path (docs/fastpath.md, fourth and
 * sixth parts), inline in MPI_Irecv/MPI_Recv/MPI_Sendrecv (mpi_pt2pt.c):
 * the common receive is then one function with its arguments in registers,
 * no call boundary with ten arguments (four on the stack) and two
 * prologues. A receive of a predefined contiguous type with a specific
 * source (another live rank), posted when nothing else is (no posted
 * receive, no unexpected message, no send-requests to reissue), fills a
 * request in place and is posted without the generic start (unexpected
 * search, list walk, issue). What only this path needs from pml_recv.c is
 * there (pml_irecv_post_sreq). */
#ifndef LIBMPI_MBCF_PML_RECV_FAST_H
#define LIBMPI_MBCF_PML_RECV_FAST_H
#include "pml_internal.h"

/* The send-request half of the fast path, for a receive that wants one
 * (pml_recv_wants_sreq): r (filled, not posted) is exported, posted and its
 * W_REQ put into the peer's pending ones; PML_NOT_NOW (r released,
 * nothing done) when an arrival is unread or pend[] is full. */
int pml_irecv_post_sreq(struct req *r);

/* MPI_SUCCESS with *h set, or PML_NOT_NOW (nothing done: take the request
 * path). d is dt's layout, dt predefined; peer is src's world rank. */
PATH_INLINE int pml_irecv_fast(void *buf, int count, struct dte *d, MPI_Datatype dt, int src,
                               int peer, int tag, uint32_t ctx, MPI_Comm comm, MPI_Request *h)
{
    int64_t off;
    if (peer == mpi_world_rank || pml_issue_dirty || !mq_list_empty(&pml_posted) ||
        !mq_list_empty(&pml_unexpected) || pml_peer_dead(peer) || !dte_is_contig(d, count, &off))
        return PML_NOT_NOW;
    struct req *r = req_new_recv();
    if (!r)
        return PML_NOT_NOW;
    r->comm = comm;
    r->peer = peer;
    r->peer_rank1 = src + 1;
    r->tag = tag;
    r->ctx = ctx;
    r->count = count;
    r->buf = buf;
    r->dt = dt;                        /* predefined: never retained */
    r->cap = d->size * count;
    r->target = (char *)buf + off;
    r->active = 1;
    r->state = RS_POSTED;
    r->mr.pat = (struct mq_env){ peer, tag, ctx };
    if (pml_recv_wants_sreq(r->cap)) {
        if (pml_irecv_post_sreq(r))
            return PML_NOT_NOW;
    } else {
        /* Its messages come eager (no send-request): an arrival still
         * unread needs no drain first. With no other receive posted and
         * nothing unexpected, the drain matches it to this receive exactly
         * as the generic start would have matched it from the unexpected
         * list: the first message from peer with this tag and context, in
         * FIFO order (seed 003 sec 2.2, footnote 3). */
        mq_append(&pml_posted, &r->mr.node);
        r->in_posted = 1;
    }
    *h = r->handle;
    return MPI_SUCCESS;
}

#endif
