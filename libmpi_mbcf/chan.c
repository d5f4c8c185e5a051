/* chan.c - the 2n memory-based FIFOs of this process (seed 003 sec 2.2: one
 * message FIFO and one send-request FIFO per peer, footnote 2) and ordered
 * delivery into the peers' FIFOs on top of mbcf_fifo_send.
 *
 * An append refused at the target (FIFO full for too long, FIFO not yet
 * registered because the peer is still starting) makes the sender go back:
 * every entry of that channel from the refused one on is posted again after
 * a growing delay; the receiver accepts only the next channel sequence
 * number and drops the rest, so the order of entries is kept (go-back-N).
 * Remote writes (mbcf_put) and their completions are handled here too. */
#include "mpii.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The FIFO rings: in bss, so their addresses are equal in every rank. */
static uint8_t msg_ring[MAXR][MSG_RING] __attribute__((aligned(4096)));
static uint8_t req_ring[MAXR][REQ_RING] __attribute__((aligned(4096)));
static mbcf_fifo_t fifos[2][MAXR];
static struct chan chans[2][MAXR];
static int finalizing;
static int pump_pending;       /* some channel may have entries not yet posted */

/* Entries are fixed-size slots (one FIFO entry at most) recycled through a
 * free list: no allocator call on the message path, and a piggybacked
 * send-request (chan_attach_last) is appended in place. */
#define ENT_BYTES (sizeof(struct chan_ent) + MBCF_FIFO_ENTRY_MAX)
static struct chan_ent *ent_free;

static struct chan_ent *ent_get(void)
{
    struct chan_ent *e = ent_free;
    if (e) {
        memcpy(&ent_free, e->data, sizeof ent_free);
        return e;
    }
    return malloc(ENT_BYTES);
}

static void ent_put(struct chan_ent *e)
{
    memcpy(e->data, &ent_free, sizeof ent_free);
    ent_free = e;
}

#define INFLIGHT 48            /* entries posted and not yet acknowledged */
#define BACKOFF_MIN 20000ull   /* ns */
#define BACKOFF_MAX 5000000ull

/* Cookie: kind in bits 62-63. */
#define CK_CHAN 1ull
#define CK_PUT  2ull
#define CK_BOUNCE 3ull

/* Bounce slots for small remote writes (buffered eager, MPI-3.1 sec 3.4:
 * a standard send may complete once the data is copied out): per peer a
 * ring of BOUNCE_N slots of EAGER_MAX bytes in bss; a slot is busy from the
 * put until its completion. */
#define BOUNCE_N 8
static uint8_t bounce[MAXR][BOUNCE_N][MBCF_FIFO_ENTRY_MAX] __attribute__((aligned(64)));
static uint8_t bounce_busy[MAXR][BOUNCE_N];
static unsigned bounce_next[MAXR];
static uint64_t chan_cookie(int kind, int peer, uint32_t attempt, uint32_t tseq)
{
    return (CK_CHAN << 62) | ((uint64_t)(kind & 1) << 61) | ((uint64_t)(peer & 0xff) << 53) |
           ((uint64_t)(attempt & 0x1fffff) << 32) | tseq;
}

mbcf_fifo_t *my_fifo(int kind, int peer)
{
    return &fifos[kind][peer];
}

uint64_t fifo_raddr(int kind, int idx)
{
    return (uint64_t)(uintptr_t)(kind == CH_MSG ? (void *)msg_ring[idx] : (void *)req_ring[idx]);
}

void mbcf_fail(const char *what, int status)
{
    fprintf(stderr, "libmpi_mbcf rank %d: %s: MBCF error %d (%s)\n", mpi_world_rank, what,
            status, mbcf_strerror(status));
    MPI_Abort(MPI_COMM_WORLD, 70);
}

void chan_init_all(void)
{
    for (int k = 0; k < 2; k++)
        for (int p = 0; p < mpi_world_size; p++) {
            struct chan *c = &chans[k][p];
            memset(c, 0, sizeof *c);
            c->peer = p;
            c->kind = k;
            c->base = c->next = c->expect = 1;
            if (p == mpi_world_rank)
                continue;
            int st = k == CH_MSG ? mbcf_fifo_create(&fifos[k][p], msg_ring[p], MSG_RING)
                                 : mbcf_fifo_create(&fifos[k][p], req_ring[p], REQ_RING);
            if (st)
                mbcf_fail("mbcf_fifo_create", -st);
        }
}

void p2p_set_finalizing(void)
{
    finalizing = 1;
}

static struct chan_ent *qat(struct chan *c, int i)
{
    return c->q[(c->head + i) % c->cap];
}

int chan_send(int peer, int kind, struct wire *w, const void *data, size_t len)
{
    struct chan *c = &chans[kind][peer];
    if (c->n == c->cap) {
        int nc = c->cap ? c->cap * 2 : 64;
        struct chan_ent **q = malloc((size_t)nc * sizeof *q);
        if (!q)
            return MPI_ERR_NO_MEM;
        for (int i = 0; i < c->n; i++)
            q[i] = qat(c, i);
        free(c->q);
        c->q = q;
        c->cap = nc;
        c->head = 0;
    }
    size_t total = sizeof *w + len;
    if (total > MBCF_FIFO_ENTRY_MAX)
        return MPI_ERR_INTERN;
    struct chan_ent *e = ent_get();
    if (!e)
        return MPI_ERR_NO_MEM;
    w->src = (uint16_t)mpi_world_rank;
    w->tseq = c->next++;
    memcpy(e->data, w, sizeof *w);
    if (len)
        memcpy(e->data + sizeof *w, data, len);
    e->len = (uint32_t)total;
    e->ok = 0;
    e->sent = 0;
    c->q[(c->head + c->n) % c->cap] = e;
    c->n++;
    pump_pending = 1;
    return MPI_SUCCESS;
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
    while (c->posted < c->n && c->posted < INFLIGHT) {
        struct chan_ent *e = qat(c, c->posted);
        uint32_t tseq = c->base + (uint32_t)c->posted;
        int st = mbcf_fifo_send(c->peer, fifo_raddr(c->kind, mpi_world_rank), e->data, e->len,
                                chan_cookie(c->kind, c->peer, c->attempt, tseq));
        if (st == -MBCF_E_AGAIN)
            break;
        if (st)
            mbcf_fail("mbcf_fifo_send", -st);
        e->sent = 1;
        c->posted++;
    }
}

void chan_pump_all(void)
{
    if (!pump_pending)
        return;
    pump_pending = 0;
    for (int k = 0; k < 2; k++)
        for (int p = 0; p < mpi_world_size; p++) {
            struct chan *c = &chans[k][p];
            if (c->posted < c->n) {
                pump(c);
                if (c->posted < c->n)
                    pump_pending = 1;      /* window, queue full or backoff */
            }
        }
}

int chan_idle(void)
{
    for (int k = 0; k < 2; k++)
        for (int p = 0; p < mpi_world_size; p++)
            if (chans[k][p].n)
                return 0;
    return 1;
}

int chan_accept(int peer, int kind, const struct wire *w)
{
    struct chan *c = &chans[kind][peer];
    if (w->tseq != c->expect)
        return 0;          /* duplicate or after a gap: the sender goes back */
    c->expect++;
    return 1;
}

uint32_t chan_expected(int peer, int kind)
{
    return chans[kind][peer].expect;
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
    struct chan *c = &chans[CH_MSG][peer];
    if (c->n == 0 || c->posted >= c->n || nrec == 0)
        return 0;
    int i = c->n - 1;
    struct chan_ent *e = qat(c, i);
    if (e->sent)
        return 0;
    struct wire w;
    memcpy(&w, e->data, sizeof w);
    if ((w.type != W_EAGER && w.type != W_RTS && w.type != W_DONE) || w.flags ||
        e->len + len > MBCF_FIFO_ENTRY_MAX)
        return 0;
    memcpy(e->data + e->len, extra, len);
    e->len += (uint32_t)len;
    e->data[offsetof(struct wire, flags)] = nrec;
    return 1;
}

static void chan_completion(uint64_t ck, int status)
{
    int kind = (int)((ck >> 61) & 1), peer = (int)((ck >> 53) & 0xff);
    uint32_t attempt = (uint32_t)((ck >> 32) & 0x1fffff), tseq = (uint32_t)ck;
    if (peer >= mpi_world_size)
        return;
    struct chan *c = &chans[kind][peer];
    if (attempt != (c->attempt & 0x1fffff))
        return;                        /* from before a go-back */
    int idx = (int)(tseq - c->base);
    if (idx < 0 || idx >= c->posted)
        return;
    if (status == MBCF_OK || (finalizing && status == MBCF_E_NOTASK)) {
        qat(c, idx)->ok = 1;
        while (c->n && qat(c, 0)->ok) {
            ent_put(qat(c, 0));
            c->head = (c->head + 1) % c->cap;
            c->n--;
            c->base++;
            c->posted--;
        }
        c->backoff = 0;
        return;
    }
    if (status == MBCF_E_FIFO_FULL || status == MBCF_E_NOFIFO || status == MBCF_E_NOTASK) {
        /* go back: repost everything unacknowledged after a delay */
        c->attempt++;
        c->posted = 0;
        for (int i = 0; i < c->n; i++)
            qat(c, i)->ok = 0;
        c->backoff = c->backoff ? c->backoff * 2 : BACKOFF_MIN;
        if (c->backoff > BACKOFF_MAX)
            c->backoff = BACKOFF_MAX;
        c->retry_at = mbcf_now_ns() + c->backoff;
        pump_pending = 1;
        return;
    }
    mbcf_fail("FIFO append refused", status);
}

/* ---- remote writes ---- */
int put_post(int peer, uint64_t raddr, const void *src, int64_t len, struct req *r)
{
    const char *p = src;
    do {
        int64_t n = len > (int64_t)MBCF_PUT_MAX ? (int64_t)MBCF_PUT_MAX : len;
        uint64_t ck = (CK_PUT << 62) | (req_id(r) & ((1ull << 62) - 1));
        int st;
        while ((st = mbcf_put(peer, raddr, p, (size_t)n, ck)) == -MBCF_E_AGAIN) {
            mbcf_flush();
            cq_drain();
        }
        if (st)
            mbcf_fail("mbcf_put", -st);
        r->puts_pending++;
        p += n;
        raddr += (uint64_t)n;
        len -= n;
    } while (len > 0);
    return MPI_SUCCESS;
}

/* Copy src into a free bounce slot of peer (progressing until one is free)
 * and post the remote write from there; the caller may reuse src at once. */
int put_post_bounce(int peer, uint64_t raddr, const void *src, int64_t len)
{
    if (len <= 0 || len > (int64_t)MBCF_FIFO_ENTRY_MAX)
        return MPI_ERR_INTERN;
    int slot;
    for (;;) {
        slot = -1;
        for (int i = 0; i < BOUNCE_N; i++) {
            int k = (int)((bounce_next[peer] + (unsigned)i) % BOUNCE_N);
            if (!bounce_busy[peer][k]) {
                slot = k;
                break;
            }
        }
        if (slot >= 0)
            break;
        mbcf_flush();
        cq_drain();
        for (int i = 0; i < BOUNCE_N && slot < 0; i++)
            if (!bounce_busy[peer][i])
                slot = i;
        if (slot >= 0)
            break;
        mbcf_wait(1000000);
    }
    bounce_next[peer] = (unsigned)slot + 1;
    memcpy(bounce[peer][slot], src, (size_t)len);
    uint64_t ck = (CK_BOUNCE << 62) | ((uint64_t)peer << 8) | (uint64_t)slot;
    int st;
    while ((st = mbcf_put(peer, raddr, bounce[peer][slot], (size_t)len, ck)) == -MBCF_E_AGAIN) {
        mbcf_flush();
        cq_drain();
    }
    if (st)
        mbcf_fail("mbcf_put", -st);
    bounce_busy[peer][slot] = 1;
    return MPI_SUCCESS;
}

static void bounce_completion(uint64_t ck, int status)
{
    int peer = (int)((ck >> 8) & 0xff), slot = (int)(ck & 0xff);
    if (peer >= MAXR || slot >= BOUNCE_N)
        return;
    if (status != MBCF_OK)      /* the send already completed: nobody to tell */
        mbcf_fail("remote write of a small message refused", status);
    bounce_busy[peer][slot] = 0;
}

static void put_completion(uint64_t ck, int status)
{
    struct req *r = req_by_id(ck & ((1ull << 62) - 1));
    if (!r)
        return;
    if (status != MBCF_OK) {
        fprintf(stderr, "libmpi_mbcf rank %d: remote write refused: %s\n", mpi_world_rank,
                mbcf_strerror(status));
        r->err = MPI_ERR_OTHER;
    }
    if (--r->puts_pending == 0 && r->state == RS_WAIT_DONE)
        req_complete(r);
}

void cq_drain(void)
{
    mbcf_cqe_t cqe[64];
    int n;
    while ((n = mbcf_poll_cq(cqe, 64)) > 0)
        for (int i = 0; i < n; i++) {
            uint64_t k = cqe[i].cookie >> 62;
            if (k == CK_CHAN)
                chan_completion(cqe[i].cookie, cqe[i].status);
            else if (k == CK_PUT)
                put_completion(cqe[i].cookie, cqe[i].status);
            else if (k == CK_BOUNCE)
                bounce_completion(cqe[i].cookie, cqe[i].status);
        }
}
