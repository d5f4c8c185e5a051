/* test_mbcf_sim.c - simulated cluster for the MBCF engine tests (see test_mbcf_sim.h). */
#include "test_mbcf_sim.h"
#include "mbcf_abi.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

uint64_t sim_rand(struct sim *s)
{
    /* xorshift64* */
    s->rng ^= s->rng >> 12;
    s->rng ^= s->rng << 25;
    s->rng ^= s->rng >> 27;
    return s->rng * 0x2545F4914F6CDD1Dull;
}

static void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap * 2 : 64;
    while (c < need)
        c *= 2;
    p = realloc(p, c * elem);
    if (!p)
        abort();
    *cap = c;
    return p;
}

/* ---- packet heap ordered by (t, id) ---- */
static int pkt_before(const struct sim_pkt *a, const struct sim_pkt *b)
{
    return a->t < b->t || (a->t == b->t && a->id < b->id);
}

static void heap_push(struct sim *s, struct sim_pkt *p)
{
    s->heap = grow(s->heap, &s->capheap, s->nheap + 1, sizeof *s->heap);
    size_t i = s->nheap++;
    s->heap[i] = p;
    while (i && pkt_before(s->heap[i], s->heap[(i - 1) / 2])) {
        struct sim_pkt *t = s->heap[i];
        s->heap[i] = s->heap[(i - 1) / 2];
        s->heap[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static struct sim_pkt *heap_pop(struct sim *s)
{
    struct sim_pkt *top = s->heap[0];
    s->heap[0] = s->heap[--s->nheap];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < s->nheap && pkt_before(s->heap[l], s->heap[m]))
            m = l;
        if (r < s->nheap && pkt_before(s->heap[r], s->heap[m]))
            m = r;
        if (m == i)
            break;
        struct sim_pkt *t = s->heap[i];
        s->heap[i] = s->heap[m];
        s->heap[m] = t;
        i = m;
    }
    return top;
}

size_t sim_in_flight(const struct sim *s) { return s->nheap; }

/* ---- page map ---- */
static int page_kind(int page)
{
    if (page < 64)
        return SIM_PG_RW;
    switch (page) {
    case SIM_PG_READONLY_PAGE: return SIM_PG_RO;
    case SIM_PG_NOEXP_PAGE: return SIM_PG_NOEXP;
    case SIM_PG_CROSS_PAGE: return SIM_PG_RW;
    case SIM_PG_CROSS_PAGE + 1: return SIM_PG_NOEXP;
    }
    if (page >= SIM_FIFO_PAGE && page < SIM_PAGES)
        return SIM_PG_NOEXP;
    return SIM_PG_UNMAPPED;
}

int sim_expect_put(uint64_t va, uint64_t len)
{
    if (!len)
        return MBCF_OK;
    for (uint64_t p = va & ~(SIM_PAGE - 1); p < va + len; p += SIM_PAGE) {
        uint64_t top = p >> 47;
        if (top != 0 && top != 0x1ffff)
            return MBCF_E_NONCANON;
        if (top)
            return MBCF_E_KERNEL;
        if (p < SIM_BASE || p >= SIM_VA(SIM_PAGES))
            return MBCF_E_UNMAPPED;
        switch (page_kind((int)((p - SIM_BASE) / SIM_PAGE))) {
        case SIM_PG_RO: return MBCF_E_READONLY;
        case SIM_PG_NOEXP: return MBCF_E_UNEXPORTED;
        case SIM_PG_UNMAPPED: return MBCF_E_UNMAPPED;
        }
    }
    return MBCF_OK;
}

/* ---- engine callbacks ---- */
static int cb_send(void *ctx, int dst, const void *frame, uint32_t len)
{
    struct sim_node *nd = ctx;
    struct sim *s = nd->sim;
    if (s->txfail_pm && sim_rand(s) % 1000 < s->txfail_pm) {
        s->txfail++;
        return -1;
    }
    s->sent++;
    if (s->on_send)
        s->on_send(s, nd->rank, dst, frame, len);
    if (s->link_down || s->down[dst] || (s->drop && s->drop(s, nd->rank, dst, frame, len)) ||
        (s->loss_pm && sim_rand(s) % 1000 < s->loss_pm)) {
        s->dropped++;
        return 0;
    }
    int copies = (s->dup_pm && sim_rand(s) % 1000 < s->dup_pm) ? 2 : 1;
    s->duped += copies - 1;
    for (int i = 0; i < copies; i++) {
        struct sim_pkt *p = malloc(sizeof *p);
        if (!p)
            abort();
        p->t = s->now + s->delay_ns + (s->jitter_ns ? sim_rand(s) % s->jitter_ns : 0);
        p->id = s->pkt_id++;
        p->src = nd->rank;
        p->dst = dst;
        p->len = len;
        memcpy(p->data, frame, len);
        heap_push(s, p);
    }
    return 0;
}

static uint64_t cb_now(void *ctx) { return ((struct sim_node *)ctx)->sim->now; }

static int cb_check(void *ctx, uint16_t task, uint64_t va, uint64_t len)
{
    (void)ctx;
    if (task != 0)
        return MBCF_E_NOTASK;
    return sim_expect_put(va, len);
}

static void log_add(struct sim_node *nd, int kind, uint64_t addr, uint32_t len)
{
    nd->log = grow(nd->log, &nd->caplog, nd->nlog + 1, sizeof *nd->log);
    nd->log[nd->nlog++] = (struct sim_log){ (uint8_t)nd->cur_src, (uint8_t)kind, len, addr };
}

static int cb_write(void *ctx, uint16_t task, uint64_t va, const void *data, uint32_t len)
{
    struct sim_node *nd = ctx;
    int st = cb_check(ctx, task, va, len);
    if (st)
        return st;
    memcpy(nd->mem + (va - SIM_BASE), data, len);
    log_add(nd, 1, va, len);
    return MBCF_OK;
}

static int cb_fifo(void *ctx, uint16_t task, uint64_t fifo, int src, const void *data, uint32_t len)
{
    struct sim_node *nd = ctx;
    if (task != 0)
        return MBCF_E_NOTASK;
    if (!nd->fifo_registered || fifo != SIM_VA(SIM_FIFO_PAGE))
        return MBCF_E_NOFIFO;
    struct mbcf_ring_io io;
    mbcf_ring_io_direct(&io, nd->mem + SIM_FIFO_PAGE * SIM_PAGE);
    int st = mbcf_ring_append(&nd->prod, &io, (uint16_t)src, data, len);
    if (st == MBCF_OK) {
        uint64_t tag = 0;
        memcpy(&tag, data, len < 8 ? len : 8);
        log_add(nd, 2, tag, len);
    }
    return st;
}

/* DATA frames: header, data read from the node's source area, status bytes,
 * assembled here and then handed to cb_send (its loss, duplication, back-pressure).
 * Sources outside the area are unreadable (MBCF_E_INVAL, nothing sent). */
static int cb_send_data(void *ctx, int dst, const struct mbcf_wire_hdr *h, uint64_t src,
                        const uint8_t *status)
{
    struct sim_node *nd = ctx;
    uint8_t f[MBCF_WIRE_MAX];
    if (src > SIM_SRC_BYTES || h->len > SIM_SRC_BYTES - src)
        return MBCF_E_INVAL;
    if ((uint32_t)MBCF_WIRE_HDR + h->len + h->nstat > sizeof f)
        abort();
    memcpy(f, h, MBCF_WIRE_HDR);
    memcpy(f + MBCF_WIRE_HDR, nd->src + src, h->len);
    memcpy(f + MBCF_WIRE_HDR + h->len, status, h->nstat);
    nd->sim->data_reads++;
    return cb_send(ctx, dst, f, MBCF_WIRE_HDR + h->len + h->nstat);
}

static void cb_complete(void *ctx, uint64_t cookie, int node, int status)
{
    struct sim_node *nd = ctx;
    nd->cq = grow(nd->cq, &nd->capcq, nd->ncq + 1, sizeof *nd->cq);
    nd->cq[nd->ncq++] = (struct sim_cqe){ cookie, node, status };
}

static void cb_peer_dead(void *ctx, int node, int why)
{
    struct sim_node *nd = ctx;
    if (nd->dead_why[node])
        abort();   /* the engine promises one call per peer */
    nd->dead_why[node] = why;
    nd->dead_at[node] = nd->sim->now;
}

static void *cb_alloc(void *ctx, size_t bytes)
{
    (void)ctx;
    return calloc(1, bytes);
}

static void cb_release(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

void sim_init(struct sim *s, int n, uint64_t seed, void (*tweak)(struct mbcf_config *c))
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->rng = seed * 2654435761u + 88172645463325252ull;
    s->tick_ns = 200000;
    s->next_tick = s->tick_ns;
    s->delay_ns = 30000;
    for (int i = 0; i < n; i++) {
        struct sim_node *nd = &s->node[i];
        nd->sim = s;
        nd->rank = i;
        nd->mem = calloc(SIM_PAGES, SIM_PAGE);
        nd->src = malloc(SIM_SRC_BYTES);
        for (size_t k = 0; k < SIM_SRC_BYTES; k++)
            nd->src[k] = (uint8_t)sim_rand(s);
        for (int p = 0; p < SIM_PAGES; p++)
            nd->perm[p] = (uint8_t)page_kind(p);
        nd->drain_per_step = -1;
        mbcf_ring_init_local(&nd->cons, nd->mem + SIM_FIFO_PAGE * SIM_PAGE, SIM_FIFO_BYTES);
        mbcf_ring_producer_init(&nd->prod, SIM_FIFO_BYTES);
        nd->fifo_registered = 1;
        struct mbcf_config c;
        mbcf_config_default(&c, i, n);
        if (tweak)
            tweak(&c);
        struct mbcf_callbacks cb = { nd, cb_send, cb_now, cb_check, cb_write, cb_fifo,
                                     cb_send_data, cb_complete, cb_alloc, cb_peer_dead };
        nd->engmem = calloc(1, mbcf_engine_size());
        nd->eng = mbcf_engine_init(nd->engmem, &c, &cb);
        if (!nd->eng)
            abort();
    }
}

void sim_free(struct sim *s)
{
    while (s->nheap)
        free(heap_pop(s));
    free(s->heap);
    for (int i = 0; i < s->n; i++) {
        struct sim_node *nd = &s->node[i];
        mbcf_engine_fini(nd->eng, cb_release);
        free(nd->engmem);
        free(nd->mem);
        free(nd->src);
        free(nd->log);
        free(nd->cq);
        free(nd->fifo_got);
    }
    memset(s, 0, sizeof *s);
}

static void drain(struct sim_node *nd)
{
    for (int k = 0; nd->drain_per_step < 0 || k < nd->drain_per_step; k++) {
        const void *msg;
        uint32_t len;
        uint16_t src;
        if (mbcf_ring_peek(&nd->cons, &msg, &len, &src) != 1)
            return;
        uint64_t tag = 0;
        memcpy(&tag, msg, len < 8 ? len : 8);
        nd->fifo_got = grow(nd->fifo_got, &nd->capfifo, nd->nfifo + 1, sizeof *nd->fifo_got);
        nd->fifo_got[nd->nfifo++] = (struct sim_log){ (uint8_t)src, 2, len, tag };
        mbcf_ring_pop(&nd->cons);
    }
}

void sim_step(struct sim *s)
{
    uint64_t next = s->next_tick;
    if (s->nheap && s->heap[0]->t < next)
        next = s->heap[0]->t;
    if (next > s->now)
        s->now = next;
    int got[SIM_MAX_NODES] = { 0 };
    while (s->nheap && s->heap[0]->t <= s->now) {
        struct sim_pkt *p = heap_pop(s);
        struct sim_node *nd = &s->node[p->dst];
        if (s->down[p->dst]) {     /* went off while the frame was on the wire */
            free(p);
            continue;
        }
        if (s->now < s->pause_until[p->dst]) { /* waits in the host's queue */
            p->t = s->pause_until[p->dst];
            heap_push(s, p);
            continue;
        }
        nd->cur_src = p->src;
        mbcf_rx(nd->eng, p->src, p->data, p->len);
        got[p->dst] = 1;
        free(p);
    }
    for (int i = 0; i < s->n; i++)
        if (got[i])
            mbcf_rx_done(s->node[i].eng);
    int ticked = s->now >= s->next_tick;
    if (ticked) {
        s->next_tick += s->tick_ns;
        for (int i = 0; i < s->n; i++)
            if (!s->down[i] && s->now >= s->pause_until[i]) {
                mbcf_tick(s->node[i].eng);
                if (s->stall_pm && s->stall_ns && sim_rand(s) % 1000 < s->stall_pm)
                    s->pause_until[i] = s->now + sim_rand(s) % s->stall_ns;
            }
    }
    for (int i = 0; i < s->n; i++)   /* slow consumers drain only on ticks */
        if (ticked || s->node[i].drain_per_step < 0)
            drain(&s->node[i]);
}
