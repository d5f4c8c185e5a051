/* pml_internal.h - state and functions shared by the pml_*.c files only:
 * the per-peer protocol state, the posted and unexpected lists, the
 * arrival gate and the cross-file steps of the protocol. */
#ifndef LIBMPI_MBCF_PML_INTERNAL_H
#define LIBMPI_MBCF_PML_INTERNAL_H
#include <stdint.h>
#include "btl.h"
#include "match.h"
#include "params.h"
#include "pml.h"
#include "pml_rqorder.h"
#include "wire.h"
#include "world.h"

/* Send-requests ride in notices (docs/mpi.md): a new W_REQ waits in the
 * peer's pend[] until the next doorbell (pml_sreq.c). */
#define PEND_MAX ((MBCF_FIFO_ENTRY_MAX - (int)sizeof(struct wire)) / (int)sizeof(struct wire))

/* Everything the protocol keeps per peer (the transport's part is the
 * peer's struct btl_endpoint). */
struct pml_peer {
    uint32_t seen;              /* FIFO messages (W_EAGER/W_RTS) processed from it: the
                                 * next one must carry mseq seen+1 (expected sequence) */
    struct rq_order rq_in;      /* its request-channel items, handled in number order */
    uint32_t rq_out;            /* number of our last request-channel item to it */
    int npend;
    struct wire pend[PEND_MAX]; /* our send-requests waiting for the next doorbell */
    struct mq_sreq_peer sreqs;  /* its send-requests we hold (sender side) */
    mbcf_fifo_t *fifo[2];       /* our FIFOs it appends to (btl_fifo, CH_MSG/CH_REQ) */
    uint32_t *expect[2];        /* their next channel sequence accepted (chan_expect_word) */
    struct pml_multi_in {       /* a W_EAGER of several entries being gathered (pml_multi.c) */
        struct wire hdr;
        char *buf;
        uint64_t got;
    } multi;
};
extern struct pml_peer pml_peers[MAXR];
/* The seen counters as the matching engine reads them (match.h). */
#define PML_SEEN ((struct mq_seen){ &pml_peers[0].seen, sizeof(struct pml_peer) })

extern struct mq_list pml_posted, pml_unexpected;
extern int pml_issue_dirty;       /* posted receives may need (new) send-requests */
extern uint64_t pml_handled;      /* entries handled so far (news for the wait policy) */

/* Arrival gate: mbcf_news() when every FIFO was last drained (the MBCF_OK
 * completions of our own operations do not move it: btl_cq_wanted says
 * when the completion queue is drained); left when an entry was left
 * behind (budget, or an item whose earlier request is still in the other
 * FIFO). */
struct pml_rx_gate {
    uint32_t news;
    int left;
};
extern struct pml_rx_gate pml_rx;
static inline int pml_rx_news(void)
{
    return pml_rx.left || mbcf_news() != pml_rx.news;
}

/* An unexpected message (pml_recv.c; pml_send.c for messages to self). */
enum { U_EAGER, U_RTS, U_SELF_SYNC };
struct umsg {
    struct mq_msg m;
    int kind;
    int64_t len;
    uint64_t sid;
    struct req *self_send;
    unsigned char *data;
};

/* pml_send.c: send the matched message s by remote write (or inline) to the
 * buffer a send-request or a W_CTS offered. */
void pml_send_to_buffer(struct req *s, int peer, uint64_t addr, uint64_t maxlen, uint64_t rid);
/* btl_put completion callback (btl_put_done_fn): owner is the send's req_id */
void pml_send_put_done(uint64_t owner, int status);

/* pml_recv.c */
void pml_unpost(struct req *r);
int pml_recv_target(struct req *r);
void pml_recv_deliver(struct req *r, int src_world, int tag, const void *data, int64_t len);
void pml_recv_cancelled(struct req *r);
/* r takes the unexpected message u (removed from the list first, if still
 * there): delivered, or a W_CTS asked for; u is freed. */
void pml_match_unexpected(struct req *r, struct umsg *u);
void pml_recv_on_message(int p, const struct wire *w, const void *payload, size_t plen);
/* pml_multi.c: eager messages of several FIFO entries */
int pml_send_multi(struct req *s);
void pml_multi_begin(int p, const struct wire *w, const void *payload, size_t plen);
void pml_multi_more(int p, const void *payload, size_t plen);
void pml_recv_on_done(int p, const struct wire *w, const void *payload, size_t plen);

/* pml_incoming.c: drain this process's FIFO of kind from peer p */
void pml_rx_peer(int p, int kind);
/* ... when something is there (inline: an empty FIFO costs no call) */
static inline void pml_rx_peer_ready(int p, int kind)
{
    if (mbcf_fifo_ready(pml_peers[p].fifo[kind]))
        pml_rx_peer(p, kind);
}

/* pml_sreq.c */
int pml_sreq_send_now(int p, struct wire *w);  /* a request-channel item that must not wait */
void pml_sreq_flush_or_die(int p);             /* pending ones to the request channel */
/* At a doorbell, each peer's pending send-requests ride on the newest
 * unposted message entry for it, else go to the request channel (inline:
 * every progress round that rings the doorbell runs it). */
extern int pml_pend_any;           /* some peer's pend[] may be non-empty */
static inline void pml_sreq_resolve_all(void)
{
    if (!pml_pend_any)
        return;
    pml_pend_any = 0;
    for (int p = 0; p < mpi_world_size; p++) {
        struct pml_peer *pp = &pml_peers[p];
        if (!pp->npend)
            continue;
        if (chan_attach_last(p, pp->pend, (size_t)pp->npend * sizeof pp->pend[0],
                             (uint8_t)pp->npend))
            pp->npend = 0;
        else
            pml_sreq_flush_or_die(p);
    }
}
/* A receive of less capacity than mpi_params.sreq_min gets no send-request:
 * its messages come eager (one entry, or several up to the multi-entry
 * limit: params.c); for mq_issue_requests it is a receive that
 * could not be requested, so a later one that overlaps it waits too. */
static inline int pml_recv_wants_sreq(int64_t cap)
{
    return cap >= mpi_params.sreq_min;
}
/* mq_issue_requests callback: issue a send-request for a posted receive:
 * 0 issued, 1 not wanted (pml_recv_wants_sreq), -1 failed (retry later) */
int pml_sreq_issue_one(struct mq_recv *mr, void *arg);
int pml_sreq_pend_recv(struct req *r);   /* r's W_REQ into its peer's pending ones */

/* pml_progress.c: one round; flush rings the doorbell at the end */
void pml_progress_round(int flush);

/* pml_peer_fail.c: the dead mask is read before a round drains the FIFOs and
 * applied after it (inline: every round with news reads it; the ranks whose
 * task ended go to pml_dead_left for the reports); pml_recv.c: complete r
 * with code (it waits on a dead peer) */
extern uint64_t pml_dead_left;
static inline uint64_t pml_fail_snapshot(void)
{
    if (mbcf_any_dead())
        return mbcf_dead_peers(&pml_dead_left);
    pml_dead_left = 0;
    return 0;
}
void pml_fail_apply(uint64_t dead);
void pml_fail_req(struct req *r, int code);

/* pml_abort.c: a peer called MPI_Abort(code) */
void pml_on_abort(int p, int code) __attribute__((noreturn));

/* pml_stats.c */
struct pml_stats {
    uint64_t msgs_sent, bytes_sent, bytes_remote_write, bytes_fifo;
    uint64_t send_requests, rejected_requests;
};
extern struct pml_stats pml_stats;

/* Counters for the MPI_MBCF_STATS line (pml_stats.c), kept by the
 * pseudo-collective mode (pcoll/pml_pcoll.c). */
struct pml_pcoll_stats {
    uint64_t starts;    /* Startall calls run in the mode */
    uint64_t sets;      /* request sets that took the mode */
    uint64_t fallbacks; /* request sets that fell back to the ordinary protocol */
};
extern struct pml_pcoll_stats pml_pcoll_stats;

#endif
