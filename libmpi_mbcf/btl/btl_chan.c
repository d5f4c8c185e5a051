/* btl_chan.c - byte transfer layer, channels: the 2n memory-based FIFOs of
 * this process (seed 003 sec 2.2: one message FIFO and one send-request FIFO
 * per peer, footnote 2) and ordered delivery into the peers' FIFOs on top of
 * mbcf_fifo_send.
 *
 * An append refused at the target (FIFO full for too long, FIFO not yet
 * registered because the peer is still starting) makes the sender go back:
 * every entry of that channel from the refused one on is posted again after
 * a growing delay; the receiver accepts only the next channel sequence
 * number and drops the rest, so the order of entries is kept (go-back-N). */
#include "btl_internal.h"
#include "params.h"
#include "mpi_export.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct btl_endpoint btl_ep[MAXR];
struct btl_rings btl_rings[MAXR];
int btl_pump_pending;          /* some channel may have entries not yet posted */
/* The one channel queued to since the last pump, or NULL (several: look at
 * all): the usual round after one send posts one channel, not 2n. */
static struct chan *pump_one;

static void mark_pending(struct chan *c)
{
    if (!btl_pump_pending) {
        btl_pump_pending = 1;
        pump_one = c;
    } else if (pump_one != c) {
        pump_one = NULL;
    }
}
int btl_finalizing;

/* Entries are fixed-size slots (one FIFO entry at most): a piggybacked
 * send-request (chan_attach_last) is appended in place. A channel's queue
 * slot keeps its entry once made (sixth part: releasing a run of entries
 * touches none of them); the free list holds the entries made at init
 * until a slot takes them. */
#define ENT_BYTES (sizeof(struct chan_ent) + MBCF_FIFO_ENTRY_MAX)
static struct chan_ent *ent_free;

static inline struct chan_ent *ent_pop(void)   /* the free list is not empty */
{
    struct chan_ent *e = ent_free;
    memcpy(&ent_free, e->data, sizeof ent_free);
    return e;
}

static struct chan_ent *ent_get(void)
{
    return ent_free ? ent_pop() : malloc(ENT_BYTES);
}

static void ent_put(struct chan_ent *e)
{
    memcpy(e->data, &ent_free, sizeof ent_free);
    ent_free = e;
}

#define INFLIGHT 48            /* entries posted and not yet acknowledged */

/* Ring space one entry takes at the target: an 8-byte header word and the
 * data padded to 8 (kernel/uapi/mbcf_abi.h, "memory-based FIFO ring"). */
static uint32_t chan_ring_cost(uint32_t len)
{
    return 8u + ((len + 7u) & ~7u);
}

/* Bytes of entries a channel may have posted and unacknowledged: the
 * target ring's data area less one largest entry (the padding a wrap may
 * waste). More than that cannot fit even if the receiver has consumed
 * everything before: the target's engine holds what does not fit
 * (fifo_busy) and the sender retransmits it after a timeout, which made
 * osu_bw's 64-message window collapse from 512 B up (48 x 1 KiB entries
 * against a 32 KiB ring; docs/npb.md, "osu_bw at 1 KiB"). */
static uint32_t chan_ring_budget(int kind)
{
    uint32_t ring = kind == CH_MSG ? MSG_RING : REQ_RING;
    return ring - MBCF_RING_CTRL - chan_ring_cost(MBCF_FIFO_ENTRY_MAX);
}
#define BACKOFF_MIN 20000ull   /* ns */
#define BACKOFF_MAX 5000000ull

static uint64_t chan_cookie(int kind, int peer, uint32_t attempt, uint32_t tseq)
{
    return (CK_CHAN << 62) | ((uint64_t)(kind & 1) << 61) | ((uint64_t)(peer & 0xff) << 53) |
           ((uint64_t)(attempt & 0x1fffff) << 32) | tseq;
}

/* The channel goes back (or drops its peer): completions of what it
 * posted before carry the old attempt and are ignored. */
static void chan_new_attempt(struct chan *c)
{
    c->attempt++;
    c->ck_hi = (uint32_t)(chan_cookie(c->kind, c->peer, c->attempt, 0) >> 32);
}

mbcf_fifo_t *btl_fifo(int kind, int peer)
{
    return &btl_ep[peer].fifo[kind];
}

/* Where our FIFO of this kind for peer idx lies (in every rank alike). */
static uint64_t fifo_raddr(int kind, int idx)
{
    return (uint64_t)(uintptr_t)(kind == CH_MSG ? (void *)btl_rings[idx].msg
                                                : (void *)btl_rings[idx].req);
}

void btl_fail(const char *what, int status)
{
    fprintf(stderr, "libmpi_mbcf rank %d: %s: MBCF error %d (%s)\n", mpi_world_rank, what,
            status, mbcf_strerror(status));
    world_abort(70);
}

/* Entries made at init: a batch of completions (BTL_CQ_BATCH) and a
 * window's worth (INFLIGHT) in flight before the first drain recycles any,
 * so the first messages make no allocator call either. */
#define ENT_PREALLOC (BTL_CQ_BATCH + INFLIGHT)

void btl_init(btl_put_done_fn *put_done)
{
    btl_put_done = put_done;
    for (int i = 0; i < ENT_PREALLOC; i++) {
        struct chan_ent *e = malloc(ENT_BYTES);
        if (!e)
            break;                     /* ent_get allocates them later */
        ent_put(e);
    }
    mbcf_cq_claim(3ull << 62);         /* our cookie kinds (btl_internal.h): ours alone */
    for (int k = 0; k < 2; k++)
        for (int p = 0; p < mpi_world_size; p++) {
            struct chan *c = &btl_ep[p].chan[k];
            memset(c, 0, sizeof *c);
            c->peer = p;
            c->kind = k;
            c->base = c->next = c->expect = 1;
            c->ck_hi = (uint32_t)(chan_cookie(k, p, 0, 0) >> 32);
            c->raddr = fifo_raddr(k, mpi_world_rank);
            if (p == mpi_world_rank)
                continue;
            mbcf_fifo_t *f = &btl_ep[p].fifo[k];
            int st = k == CH_MSG ? mbcf_fifo_create(f, btl_rings[p].msg, MSG_RING)
                                 : mbcf_fifo_create(f, btl_rings[p].req, REQ_RING);
            if (st)
                btl_fail("mbcf_fifo_create", -st);
        }
}

void btl_set_finalizing(void)
{
    btl_finalizing = 1;
}

static struct chan_ent *qat(struct chan *c, int i)
{
    return c->q[(c->head + i) & (c->cap - 1)];
}

/* Every slot's entry (queued or not: never acknowledged, their peer went)
 * and the free list's go back to the allocator (unfreed, LeakSanitizer
 * reported them as leaks). */
void btl_fini(void)
{
    for (int p = 0; p < mpi_world_size; p++)
        for (int k = 0; k < 2; k++) {
            struct chan *c = &btl_ep[p].chan[k];
            for (int i = 0; i < c->cap; i++)
                free(c->q[i]);
            free(c->q);
            c->q = NULL;
            c->n = c->cap = c->head = c->posted = 0;
            c->qcum = c->front_cum = 0;
        }
    while (ent_free)
        free(ent_get());
}

void btl_drop_peer(int peer)
{
    struct btl_endpoint *ep = &btl_ep[peer];
    ep->dropped = 1;
    for (int k = 0; k < 2; k++) {
        struct chan *c = &ep->chan[k];
        c->n = c->head = c->posted = 0;  /* the entries stay in their slots */
        c->front_cum = c->qcum;
        chan_new_attempt(c);           /* completions of what was posted: ignored */
        c->retry_at = 0;
    }
    memset(ep->bounce_busy, 0, sizeof ep->bounce_busy);
}

/* A full queue doubles (its slots, with their entries, in order from the
 * front); 0 or -1 (no memory). */
static int queue_grow(struct chan *c)
{
    int nc = c->cap ? c->cap * 2 : 64;
    struct chan_ent **q = calloc((size_t)nc, sizeof *q);
    if (!q)
        return -1;
    for (int i = 0; i < c->cap; i++)
        q[i] = qat(c, i);
    free(c->q);
    c->q = q;
    c->cap = nc;
    c->head = 0;
    return 0;
}

/* e (the newest entry) has its final length: its ring space counts. */
static inline void queue_seal(struct chan *c, struct chan_ent *e)
{
    c->qcum += chan_ring_cost(e->len);
    e->cum = c->qcum;
}

/* Is the slot at the end of c's queue free, and does it hold an entry or
 * can the free list give one? */
static inline int queue_ready(const struct chan *c)
{
    return c->n < c->cap && (c->q[(c->head + c->n) & (c->cap - 1)] || ent_free);
}

/* Make it so: the queue grown if full, the slot given an entry; 0 or -1
 * (no memory). */
static int queue_make_ready(struct chan *c)
{
    if (c->n == c->cap && queue_grow(c))
        return -1;
    struct chan_ent **slot = &c->q[(c->head + c->n) & (c->cap - 1)];
    if (!*slot && !(*slot = ent_get()))
        return -1;
    return 0;
}

/* The new entry at the end of c's queue (queue_ready): header w (src and
 * tseq filled in here), len bytes of data, then xlen bytes of attached
 * records (extra). Counted first, the records copied before the data:
 * across the copies little stays live (sixth part). */
static inline __attribute__((always_inline)) struct chan_ent *
queue_fill(struct chan *c, const struct wire *w, const void *data, size_t len,
           const void *extra, size_t xlen)
{
    struct chan_ent **slot = &c->q[(c->head + c->n) & (c->cap - 1)];
    struct chan_ent *e = *slot;
    if (!e)
        e = *slot = ent_pop();         /* from the free list (queue_ready): no call */
    struct wire *h = (struct wire *)(void *)e->data;
    *h = *w;
    h->src = (uint16_t)mpi_world_rank;
    h->tseq = c->next++;
    e->len = (uint32_t)(sizeof *w + len + xlen);
    e->ok = 0;
    e->sent = 0;
    c->n++;
    queue_seal(c, e);
    if (xlen)
        memcpy(e->data + sizeof *w + len, extra, xlen);
    if (len)
        memcpy(e->data + sizeof *w, data, len);
    return e;
}

int chan_send(int peer, int kind, struct wire *w, const void *data, size_t len)
{
    struct chan *c = &btl_ep[peer].chan[kind];
    if (btl_ep[peer].dropped)
        return MPI_SUCCESS;            /* nobody to deliver it to */
    if (sizeof *w + len > MBCF_FIFO_ENTRY_MAX)
        return MPI_ERR_INTERN;
    if (!queue_ready(c) && queue_make_ready(c))
        return MPI_ERR_NO_MEM;
    queue_fill(c, w, data, len, NULL, 0);
    mark_pending(c);
    return MPI_SUCCESS;
}

/* May c's next unposted entry e go on the wire now (window, ring budget:
 * the posted entries and e take e->cum - front_cum of the ring)? kind is
 * c's (a constant where the caller knows it). */
static int window_open(const struct chan *c, const struct chan_ent *e, int kind)
{
    return c->posted < INFLIGHT &&
           !(c->posted > 0 && mpi_params.ring_budget &&
             e->cum - c->front_cum > chan_ring_budget(kind));
}

/* Post c's entry e (the next unposted one): 0 posted, 1 not now (the
 * local queue is full), -1 the peer is dead (dropped). */
static inline __attribute__((always_inline)) int post_one(struct chan *c, struct chan_ent *e)
{
    uint32_t tseq = c->base + (uint32_t)c->posted;
    int st = mbcf_fifo_send(c->peer, c->raddr, e->data, e->len, (uint64_t)c->ck_hi << 32 | tseq);
    if (st == -MBCF_E_AGAIN)
        return 1;
    if (st == -MBCF_E_PEER_DEAD) {      /* the PML learns it at its next round */
        btl_drop_peer(c->peer);
        return -1;
    }
    if (st)
        btl_fail("mbcf_fifo_send", -st);
    e->sent = 1;
    c->posted++;
    btl_ops_out++;
    return 0;
}

static void pump(struct chan *c)
{
    if (c->posted >= c->n)
        return;
    if (c->retry_at) {                 /* backing off after a refused append */
        if (mbcf_now_ns() < c->retry_at)
            return;
        c->retry_at = 0;
    }
    while (c->posted < c->n) {
        struct chan_ent *e = qat(c, c->posted);
        if (!window_open(c, e, c->kind) || post_one(c, e))
            break;                     /* window or ring full, queue full, or dead */
    }
}

/* chan_send_post when its queue must grow or the free list is empty (out
 * of line: those calls stay off the usual send's path). */
static __attribute__((noinline)) int chan_send_post_room(int peer, const struct wire *w,
                                                         const void *data, size_t len,
                                                         const void *extra, size_t xlen)
{
    if (queue_make_ready(&btl_ep[peer].chan[CH_MSG]))
        return MPI_ERR_NO_MEM;
    return chan_send_post(peer, w, data, len, extra, xlen);
}

int chan_send_post(int peer, const struct wire *w, const void *data, size_t len,
                   const void *extra, size_t xlen)
{
    struct chan *c = &btl_ep[peer].chan[CH_MSG];
    if (btl_ep[peer].dropped)
        return MPI_SUCCESS;            /* nobody to deliver it to */
    if (sizeof *w + len + xlen > MBCF_FIFO_ENTRY_MAX)
        return MPI_ERR_INTERN;
    if (!queue_ready(c))
        return chan_send_post_room(peer, w, data, len, extra, xlen);
    struct chan_ent *e = queue_fill(c, w, data, len, extra, xlen);
    /* at once when nothing is queued before it and the window allows; else
     * the next pump posts it in its turn */
    if (c->posted + 1 == c->n && !c->retry_at && window_open(c, e, CH_MSG) &&
        post_one(c, e) <= 0)
        return MPI_SUCCESS;
    mark_pending(c);
    return MPI_SUCCESS;
}

/* Post what c's window allows; still pending if something stays unposted
 * (window, queue full or backoff). */
static void pump_keep(struct chan *c)
{
    if (c->posted >= c->n)
        return;
    pump(c);
    if (c->posted < c->n)
        mark_pending(c);
}

int chan_pump_pending_all(void)
{
    struct chan *one = pump_one;
    btl_pump_pending = 0;
    pump_one = NULL;
    if (one)
        pump_keep(one);
    else
        for (int k = 0; k < 2; k++)
            for (int p = 0; p < mpi_world_size; p++)
                pump_keep(&btl_ep[p].chan[k]);
    return btl_pump_pending;
}

int chan_idle(void)
{
    for (int k = 0; k < 2; k++)
        for (int p = 0; p < mpi_world_size; p++)
            if (btl_ep[p].chan[k].n)
                return 0;
    return 1;
}

uint32_t *chan_expect_word(int peer, int kind)
{
    return &btl_ep[peer].chan[kind].expect;
}

/* Piggyback (README "MPI", send-requests in notices): append extra bytes to
 * the newest message-channel entry for peer if it is not posted yet, is a
 * W_EAGER/W_RTS/W_DONE without attachments, and stays within one FIFO entry.
 * Only an entry never posted before: after a go-back an earlier copy may
 * already sit in the peer's FIFO, and a changed copy would be dropped there
 * as a duplicate with the requests in it.
 * wire.flags counts the attached struct wire records. 1 done, 0 not. */
int chan_attach_last(int peer, const void *extra, size_t len, uint8_t nrec)
{
    struct chan *c = &btl_ep[peer].chan[CH_MSG];
    if (c->n == 0 || c->posted >= c->n || nrec == 0)
        return 0;
    int i = c->n - 1;
    struct chan_ent *e = qat(c, i);
    if (e->sent)
        return 0;
    uint8_t type = e->data[offsetof(struct wire, type)];
    if ((type != W_EAGER && type != W_RTS && type != W_DONE) ||
        e->data[offsetof(struct wire, flags)] || e->len + len > MBCF_FIFO_ENTRY_MAX)
        return 0;
    memcpy(e->data + e->len, extra, len);
    c->qcum -= chan_ring_cost(e->len);
    e->len += (uint32_t)len;
    queue_seal(c, e);                  /* the newest entry: its cum is qcum */
    e->data[offsetof(struct wire, flags)] = nrec;
    return 1;
}

/* Release the entries at c's front that are acknowledged (ok). */
static void release_acked(struct chan *c)
{
    while (c->n && qat(c, 0)->ok) {
        c->front_cum = qat(c, 0)->cum;
        c->head = (c->head + 1) & (c->cap - 1);
        c->n--;
        c->base++;
        c->posted--;
    }
}

static void chan_completion(uint64_t ck, int status)
{
    int kind = (int)((ck >> 61) & 1), peer = (int)((ck >> 53) & 0xff);
    uint32_t attempt = (uint32_t)((ck >> 32) & 0x1fffff), tseq = (uint32_t)ck;
    if (peer >= mpi_world_size)
        return;
    struct chan *c = &btl_ep[peer].chan[kind];
    if (attempt != (c->attempt & 0x1fffff))
        return;                        /* from before a go-back */
    int idx = (int)(tseq - c->base);
    if (idx < 0 || idx >= c->posted)
        return;
    if (status == MBCF_E_PEER_DEAD) {
        btl_drop_peer(peer);
        return;
    }
    if (status == MBCF_OK || (btl_finalizing && status == MBCF_E_NOTASK)) {
        qat(c, idx)->ok = 1;
        release_acked(c);
        c->backoff = 0;
        return;
    }
    if (status == MBCF_E_FIFO_FULL || status == MBCF_E_NOFIFO || status == MBCF_E_NOTASK) {
        /* go back: repost everything unacknowledged after a delay */
        chan_new_attempt(c);
        c->posted = 0;
        for (int i = 0; i < c->n; i++)
            qat(c, i)->ok = 0;
        c->backoff = c->backoff ? c->backoff * 2 : BACKOFF_MIN;
        if (c->backoff > BACKOFF_MAX)
            c->backoff = BACKOFF_MAX;
        c->retry_at = mbcf_now_ns() + c->backoff;
        mark_pending(c);
        return;
    }
    btl_fail("FIFO append refused", status);
}

/* The usual batch (docs/fastpath.md): MBCF_OK
 * completions of consecutive entries from the front of one channel,
 * current attempt (every append completes in order on a healthy link),
 * released together as one cumulative acknowledgement. The run ck, ck + 1,
 * ... (n of them, all MBCF_OK) is compared with the channel's front once,
 * not decoded completion by completion. Returns how many of the run it
 * released; 0 when ck is not the front's (chan_completion takes them). */
static int chan_front_run(uint64_t ck, int n)
{
    int kind = (int)((ck >> 61) & 1), peer = (int)((ck >> 53) & 0xff);
    if (peer >= mpi_world_size)
        return 0;
    struct chan *c = &btl_ep[peer].chan[kind];
    if ((uint32_t)ck != c->base || (uint32_t)(ck >> 32) != c->ck_hi || c->posted <= 0)
        return 0;
    int m = n < c->posted ? n : c->posted;
    c->front_cum = qat(c, m - 1)->cum; /* the entries stay in their slots */
    c->head = (c->head + m) & (c->cap - 1);
    c->n -= m;
    c->base += (uint32_t)m;
    c->posted -= m;
    c->backoff = 0;
    if (c->n && qat(c, 0)->ok)
        release_acked(c);              /* acknowledged out of order before */
    return m;
}

/* ---- the completion queue, by cookie kind (bits 62-63) ---- */
uint64_t btl_ops_out, btl_ops_need;
uint32_t btl_refused_seen;

/* One completion of ours, whatever its kind. */
static void cq_one(uint64_t ck, int status)
{
    uint64_t k = ck >> 62;
    if (k && btl_ops_out)
        btl_ops_out--;
    if (k > CK_CHAN && btl_ops_need)
        btl_ops_need--;
    if (k == CK_CHAN)
        chan_completion(ck, status);
    else if (k == CK_PUT)
        btl_put_done(ck & ((1ull << 62) - 1), status);
    else if (k == CK_BOUNCE)
        bounce_completion(ck, status);
}

/* n MBCF_OK completions with the cookies ck, ck + 1, ...: a channel's front
 * released at once, anything else one by one. */
static void cq_run(uint64_t ck, int n)
{
    if (ck >> 62 == CK_CHAN) {
        int m = chan_front_run(ck, n);
        btl_ops_out = btl_ops_out > (uint64_t)m ? btl_ops_out - (uint64_t)m : 0;
        ck += (uint64_t)m;
        n -= m;
    }
    for (; n > 0; n--, ck++)
        cq_one(ck, MBCF_OK);
}

/* Runs are taken in place (mbcf_poll_cq_run: no copy of each completion,
 * sixth part); what breaks a run (a refusal, a completion kept in our
 * stash because the program polled first) is copied out in a batch and
 * split into runs the same way. */
void btl_cq_drain_all(void)
{
    mbcf_cqe_t cqe[16];
    uint64_t ck;
    int n;
    btl_refused_seen = mbcf_refused();   /* before the look: a later one is seen next time */
    do {
        while ((n = mbcf_poll_cq_run(&ck, 64)) > 0)
            cq_run(ck, n);
        n = mbcf_poll_cq_claimed(cqe, 16);
        for (int i = 0; i < n;) {
            int m = 1;
            if (cqe[i].status != MBCF_OK) {
                cq_one(cqe[i].cookie, cqe[i].status);
            } else {
                while (i + m < n && cqe[i + m].cookie == cqe[i].cookie + (uint64_t)m &&
                       cqe[i + m].status == MBCF_OK)
                    m++;
                cq_run(cqe[i].cookie, m);
            }
            i += m;
        }
    } while (n);                       /* none left: the queue holds nothing of ours */
}
