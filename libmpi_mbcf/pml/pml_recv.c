/* pml_recv.c - point-to-point messaging layer: receives (seed 003 sec 2.2,
 * receive steps 1-3). A new receive searches the unexpected list first;
 * else it is posted, and the FIFOs are drained (pml_incoming.c: entries
 * match posted receives in order, footnote 3); if still unmatched and the
 * source is specific, the next progress round sends a send-request for it
 * (pml_sreq.c). Also arriving messages and notices (from pml_incoming.c),
 * delivery into the user buffer, cancel and probe. */
#include "pml_recv_fast.h"
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where remote writes for this receive land: the buffer itself when the
 * datatype is contiguous, else a bounce buffer unpacked at completion. */
int pml_recv_target(struct req *r)
{
    if (r->target)
        return 0;
    struct dte *d = dt_layout(r->dt);
    int64_t off;
    r->cap = d->size * r->count;
    if (dte_is_contig(d, r->count, &off)) {
        r->target = (char *)r->buf + off;
    } else {
        r->tmp = malloc(r->cap ? (size_t)r->cap : 1);
        if (!r->tmp)
            return MPI_ERR_NO_MEM;
        r->target = r->tmp;
    }
    if (r->cap == 0)
        return 0;
    return btl_export(r->target, r->cap) ? MPI_ERR_OTHER : 0;
}

PATH_INLINE void set_status(struct req *r, int src_world, int tag, int64_t len)
{
    int64_t n = len < r->cap ? len : r->cap;
    if (r->peer_rank1 && r->peer == src_world) {
        r->st.MPI_SOURCE = r->peer_rank1 - 1;      /* posted with this source */
    } else {
        struct comm *c = comm_get(r->comm);
        r->st.MPI_SOURCE = c ? comm_rank_of_world(c, src_world) : src_world;
    }
    r->st.MPI_TAG = tag;
    r->st.mbcf_count = n;
    r->st.mbcf_cancelled = 0;
    r->st.MPI_ERROR = len > r->cap ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
}

void pml_unpost(struct req *r)
{
    if (r->in_posted) {
        mq_remove(&r->mr.node);
        r->in_posted = 0;
        pml_issue_dirty = 1;
    }
}

/* r waits on a failed peer (pml_peer_fail.c): it completes with code. */
void pml_fail_req(struct req *r, int code)
{
    if (r->kind == RK_RECV) {
        pml_unpost(r);
        r->st.MPI_ERROR = code;
        r->st.mbcf_count = 0;
    } else {
        r->err = code;
    }
    req_complete(r);
}

/* Data for r is in a contiguous stream: unpack, status, complete. */
void pml_recv_deliver(struct req *r, int src_world, int tag, const void *data, int64_t len)
{
    struct dte *d = dt_layout(r->dt);
    r->cap = d->size * r->count;
    set_status(r, src_world, tag, len);
    dte_unpack(d, r->buf, r->count, data, 0, r->st.mbcf_count);
    req_complete(r);
}

/* r matched a request-to-send: answer with a send-request for that message. */
static void send_cts(struct req *r, int src_world, int tag, int64_t len, uint64_t sid)
{
    /* the receive fast path sets the target of a receive that wants no
     * send-request without exporting it (pml_irecv_fast): exported here */
    if (pml_recv_target(r) || (r->cap > 0 && btl_export(r->target, r->cap))) {
        fprintf(stderr, "libmpi_mbcf rank %d: cannot export a receive buffer\n",
                mpi_world_rank);
        world_abort(71);
    }
    struct wire w = { .type = W_CTS, .tag = tag, .ctx = r->ctx, .len = (uint64_t)len,
                      .sid = sid, .rid = req_id(r), .addr = (uint64_t)(uintptr_t)r->target,
                      .maxlen = (uint64_t)r->cap };
    r->state = RS_WAIT_DONE;
    r->st.MPI_TAG = tag;
    pml_sreq_send_now(src_world, &w);
}

void pml_recv_cancelled(struct req *r)
{
    r->cancelled = 1;
    r->st.mbcf_cancelled = 1;
    r->st.mbcf_count = 0;
    req_complete(r);
}

void pml_match_unexpected(struct req *r, struct umsg *u)
{
    mq_remove(&u->m.node);
    if (u->kind == U_EAGER) {
        pml_recv_deliver(r, u->m.env.src, u->m.env.tag, u->data, u->len);
    } else if (u->kind == U_RTS) {
        send_cts(r, u->m.env.src, u->m.env.tag, u->len, u->sid);
    } else {
        pml_recv_deliver(r, u->m.env.src, u->m.env.tag, u->self_send->data, u->len);
        req_complete(u->self_send);
    }
    free(u->data);
    free(u);
}

/* A W_EAGER or W_RTS from p: the first posted receive that accepts it, or
 * the unexpected list (seed 003 sec 2.2, footnote 3). */
void pml_recv_on_message(int p, const struct wire *w, const void *payload, size_t plen)
{
    if (w->type == W_EAGER && plen < w->len) {
        pml_multi_begin(p, w, payload, plen); /* the rest follows in W_MORE entries */
        return;
    }
    struct pml_peer *pp = &pml_peers[p];
    pp->seen++;
    if (w->mseq != pp->seen)
        fprintf(stderr, "libmpi_mbcf rank %d: message number %u from %d, expected %u\n",
                mpi_world_rank, w->mseq, p, pp->seen);
    pml_issue_dirty = 1;           /* our send-requests to p are stale now */
    struct mq_env env = { p, w->tag, w->ctx };
    struct mq_recv *mr = mq_find_recv(&pml_posted, &env);
    if (mr) {
        struct req *r = (struct req *)mr;
        pml_unpost(r);
        if (w->type == W_EAGER)
            pml_recv_deliver(r, p, w->tag, payload, (int64_t)w->len);
        else
            send_cts(r, p, w->tag, (int64_t)w->len, w->sid);
        return;
    }
    struct umsg *u = calloc(1, sizeof *u);
    if (!u) {
        fprintf(stderr, "libmpi_mbcf: out of memory for an unexpected message\n");
        world_abort(72);
    }
    u->m.env = env;
    u->len = (int64_t)w->len;
    if (w->type == W_EAGER) {
        u->kind = U_EAGER;
        u->data = malloc(plen ? plen : 1);
        if (!u->data)
            world_abort(72);
        memcpy(u->data, payload, plen);
    } else {
        u->kind = U_RTS;
        u->sid = w->sid;
    }
    mq_append(&pml_unexpected, &u->m.node);
}

/* A W_DONE from p: the data of a receive was remote-written (or is inline). */
void pml_recv_on_done(int p, const struct wire *w, const void *payload, size_t plen)
{
    struct req *r = req_by_id(w->rid);
    if (!r || r->kind != RK_RECV || r->state == RS_DONE)
        return;
    pml_unpost(r);
    set_status(r, p, w->tag, (int64_t)w->len);
    /* data inline (pml_send_to_buffer): the last plen of the n bytes */
    int64_t n = r->st.mbcf_count;
    if (plen && r->target && (int64_t)plen <= n)
        memcpy((char *)r->target + (n - (int64_t)plen), payload, plen);
    if (r->tmp)
        dte_unpack(dt_layout(r->dt), r->buf, r->count, r->tmp, 0, r->st.mbcf_count);
    req_complete(r);
}

uint64_t pml_recv_contig;

/* The contiguity bit of r's type when it is predefined (pml_recv_fast.h) */
static void learn_contig(const struct req *r)
{
    int64_t off;
    if (r->dt > 0 && r->dt < MPI_FIRST_DERIVED_TYPE_MBCF &&
        dte_is_contig(dt_layout(r->dt), 2, &off) && off == 0)
        pml_recv_contig |= 1ull << r->dt;
}

/* Start receive r; MPI_SUCCESS on every way (the receive fast path relies
 * on it: pml_recv_fast.h). */
int pml_start_recv(struct req *r)
{
    if (!(pml_recv_contig >> (r->dt & 63) & 1))
        learn_contig(r);
    r->state = RS_POSTED;
    r->target = NULL;
    free(r->tmp);
    r->tmp = NULL;
    r->st.MPI_ERROR = MPI_SUCCESS;
    r->st.mbcf_cancelled = 0;
    if (r->peer == MPI_PROC_NULL) {
        r->st.MPI_SOURCE = MPI_PROC_NULL;
        r->st.MPI_TAG = MPI_ANY_TAG;
        r->st.mbcf_count = 0;
        req_complete(r);
        return MPI_SUCCESS;
    }
    r->mr.pat = (struct mq_env){ r->peer, r->tag, r->ctx };
    r->mr.requested = 0;
    struct mq_msg *m = mq_find_msg(&pml_unexpected, &r->mr.pat);
    if (m) {
        pml_match_unexpected(r, (struct umsg *)m);
        return MPI_SUCCESS;
    }
    pml_post_recv(r);
    return MPI_SUCCESS;
}

void pml_post_recv(struct req *r)
{
    int alone = mq_list_empty(&pml_posted);
    mq_append(&pml_posted, &r->mr.node);
    r->in_posted = 1;
    if (pml_rx_news()) {                /* entries first (footnote 3), then requests */
        pml_issue_dirty = 1;
        pml_progress_round(0);
    } else if (alone && !pml_issue_dirty && r->peer >= 0 && r->peer != mpi_world_rank) {
        /* the only posted receive, specific source: nothing can block it
         * or hold a live request (match.h rules), so it is requested now
         * without walking the list */
        int e = pml_sreq_issue_one(&r->mr, NULL);
        if (e == 0) {
            r->mr.requested = 1;
            r->mr.req_epoch = pml_peers[r->peer].seen;
        } else if (e < 0) {
            pml_issue_dirty = 1;        /* retried by the next round's walk */
        }
    } else {
        pml_issue_dirty = 1;
        pml_progress_round(0);
    }
}

int pml_cancel_recv(struct req *r)
{
    if (r->state != RS_POSTED)
        return MPI_SUCCESS;        /* already matched: cannot be cancelled */
    int live = mq_request_live(&r->mr, PML_SEEN);
    pml_unpost(r);
    if (live) {
        /* the sender may hold our send-request: take it back first */
        struct wire w = { .type = W_CANCEL, .rid = req_id(r) };
        r->state = RS_CANCELLING;
        pml_sreq_send_now(r->peer, &w);
        pml_progress();
        return MPI_SUCCESS;
    }
    pml_recv_cancelled(r);
    return MPI_SUCCESS;
}

int pml_probe(int peer, int tag, uint32_t ctx, MPI_Status *st, MPI_Comm comm)
{
    pml_progress();
    struct mq_env pat = { peer, tag, ctx };
    struct umsg *u = (struct umsg *)mq_find_msg(&pml_unexpected, &pat);
    if (!u)
        return 0;
    if (st != MPI_STATUS_IGNORE) {
        struct comm *c = comm_get(comm);
        st->MPI_SOURCE = c ? comm_rank_of_world(c, u->m.env.src) : u->m.env.src;
        st->MPI_TAG = u->m.env.tag;
        st->MPI_ERROR = MPI_SUCCESS;
        st->mbcf_count = u->len;
        st->mbcf_cancelled = 0;
    }
    return 1;
}
