/* match.h - matching engine of MPI/MBCF (seed 003 sec 2.2). Portable C,
 * unit-tested on the host (tests/host/test_mpi_match.c).
 *
 * Receiver side: posted receives and unexpected messages are ordered lists;
 * an arriving message matches the first posted receive whose envelope
 * accepts it, a new receive the first unexpected message (MPI non-overtaking).
 *
 * Send-requests (seed 003 sec 2.2, footnotes 2-3): a receive with a specific
 * source that finds nothing tells the sender where its buffer is. Every
 * FIFO message (eager or request-to-send) from S to R carries a sequence
 * number; R's send-request carries how many of S's FIFO messages R had seen
 * (its "epoch"). S may use a send-request only while that equals the number
 * of FIFO messages S has sent to R: otherwise a message was in flight that R
 * had not matched yet, and it might be the one the receive wants, so S
 * rejects the request and the receive is satisfied from the FIFO instead.
 * A request is checked when it is used, not only when it arrives.
 * R knows each request older than its current epoch is dead, and re-issues
 * requests in posting order; a receive is not requested while an earlier
 * unrequested receive (e.g. MPI_ANY_SOURCE) could take the same messages,
 * because the sender's choice would then overtake it.
 */
#ifndef LIBMPI_MBCF_MATCH_H
#define LIBMPI_MBCF_MATCH_H
#include <stdint.h>
#include <stddef.h>

#define MQ_ANY_SOURCE (-2)
#define MQ_ANY_TAG    (-1)

struct mq_node { struct mq_node *prev, *next; };
struct mq_list { struct mq_node head; };   /* circular, head is a sentinel */

void mq_list_init(struct mq_list *l);
/* (inline: the per-message path posts and unposts every receive) */
static inline int mq_list_empty(const struct mq_list *l)
{
    return l->head.next == &l->head;
}
static inline void mq_append(struct mq_list *l, struct mq_node *n)
{
    n->prev = l->head.prev;
    n->next = &l->head;
    l->head.prev->next = n;
    l->head.prev = n;
}
static inline void mq_remove(struct mq_node *n)
{
    n->prev->next = n->next;
    n->next->prev = n->prev;
    n->prev = n->next = n;
}
#define MQ_CONTAINER(ptr, type, member) \
    ((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/* Envelope: world rank of the source, tag, context id. */
struct mq_env { int32_t src, tag; uint32_t ctx; };

/* Does a receive pattern (src/tag may be ANY) accept a message envelope?
 * MPI_ANY_TAG accepts only non-negative tags (negative tags are internal). */
/* (inline: the matching loops call it per element) */
static inline int mq_env_match(const struct mq_env *pat, const struct mq_env *msg)
{
    if (pat->ctx != msg->ctx)
        return 0;
    if (pat->src != MQ_ANY_SOURCE && pat->src != msg->src)
        return 0;
    if (pat->tag == MQ_ANY_TAG)
        return msg->tag >= 0;
    return pat->tag == msg->tag;
}
/* Could two receive patterns take the same message? */
int mq_env_overlap(const struct mq_env *a, const struct mq_env *b);

/* A posted receive, as the engine sees it (embedded in the request). */
struct mq_recv {
    struct mq_node node;
    struct mq_env pat;
    int32_t requested;     /* a send-request was issued ... */
    uint32_t req_epoch;    /* ... when we had seen this many FIFO msgs of src */
};
/* An unexpected message (embedded in the library's record). */
struct mq_msg {
    struct mq_node node;
    struct mq_env env;
};

struct mq_recv *mq_find_recv(struct mq_list *posted, const struct mq_env *msg);
struct mq_msg *mq_find_msg(struct mq_list *unexpected, const struct mq_env *pat);

/* How many FIFO messages of each source the receiver has seen: the count of
 * source s is the uint32_t at (char *)base + s * stride (a field of a
 * per-peer table, or a plain array with stride sizeof(uint32_t)). */
struct mq_seen {
    const uint32_t *base;
    size_t stride;
};
static inline uint32_t mq_seen_of(struct mq_seen seen, int src)
{
    return *(const uint32_t *)(const void *)((const char *)seen.base + (size_t)src * seen.stride);
}

/* Is the receive's send-request still possibly usable by the sender? */
static inline int mq_request_live(const struct mq_recv *r, struct mq_seen seen)
{
    return r->requested && r->pat.src >= 0 && r->req_epoch == mq_seen_of(seen, r->pat.src);
}

/* At most MQ_MAX_LIVE live send-requests per source: every FIFO message from
 * that source makes them stale and they are sent again, so a long list of
 * posted receives would otherwise cost O(receives) requests per message. */
#define MQ_MAX_SRC  256
#define MQ_MAX_LIVE 8

/* Walk posted receives in order and call issue(r, arg) for each receive that
 * should get a (new) send-request now: specific source other than self,
 * no live request, not blocked by an earlier receive without live request
 * that overlaps it, and not beyond MQ_MAX_LIVE per source. issue() returns 0 when it sent the request (the engine
 * then marks it requested at epoch seen[src]) or non-zero when it could not
 * (the receive then counts as a blocker). At most max_walk receives are
 * looked at; the rest wait. Returns the number issued. */
int mq_issue_requests(struct mq_list *posted, struct mq_seen seen, int self,
                      int max_walk, int (*issue)(struct mq_recv *r, void *arg), void *arg);

/* ---- sender side: the send-requests received from one peer ---- */
struct mq_sreq {
    uint32_t epoch;        /* receiver's count of our FIFO messages */
    int32_t tag;           /* pattern: tag or MQ_ANY_TAG */
    uint32_t ctx;
    uint64_t addr, maxlen; /* receive buffer in the receiver */
    uint64_t rid;          /* receiver's id for the completion notice */
};
struct mq_sreq_peer {
    uint32_t sent;         /* FIFO messages we sent to this peer */
    int n, cap;
    struct mq_sreq *v;     /* in arrival order */
    uint64_t rejected;     /* requests dropped as stale */
};
void mq_sreq_peer_init(struct mq_sreq_peer *p);
void mq_sreq_peer_destroy(struct mq_sreq_peer *p);
/* A request arrived: kept when its epoch is current, else rejected.
 * Returns 1 kept, 0 rejected, -1 out of memory. */
int mq_sreq_arrive(struct mq_sreq_peer *p, const struct mq_sreq *r);
/* We send a FIFO message to the peer: every request held becomes stale.
 * Returns the sequence number the message carries (1, 2, ...). (inline:
 * every eager send counts one) */
static inline uint32_t mq_sreq_fifo_sent(struct mq_sreq_peer *p)
{
    p->rejected += (uint64_t)p->n;
    p->n = 0;
    return ++p->sent;
}
/* Take the first request accepting (tag, ctx); 1 found, 0 none. */
int mq_sreq_take(struct mq_sreq_peer *p, int32_t tag, uint32_t ctx, struct mq_sreq *out);
/* Drop the request with this rid (receiver cancelled it); 1 if it was held. */
int mq_sreq_cancel(struct mq_sreq_peer *p, uint64_t rid);

#endif
