/* test_mbcf_engine.c - MBCF engine over a simulated link (test_mbcf_sim.c):
 * every operation applied exactly once and in order per pair of nodes, under
 * loss, duplication, reordering, delay and transmit back-pressure, for many
 * seeds; refusals reach the sender and leave memory untouched; FIFO full is
 * held back (order kept) and refused after its timeout; window, backoff,
 * malformed frames, local argument errors. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "test_mbcf_sim.h"
#include "mbcf_abi.h"

/* ---------- workload ---------- */
struct op_rec {
    int src, dst, kind;     /* kind: MBCF_OP_PUT / MBCF_OP_FIFO */
    uint16_t task;
    uint64_t va;
    uint32_t len;
    uint64_t srcoff;
    int expect;             /* status, or -1: MBCF_OK or MBCF_E_FIFO_FULL */
    uint64_t tag;           /* FIFO: first 8 bytes of the message */
    int ncomp, status;
};

struct work {
    struct op_rec *ops;
    size_t nops;
    size_t next[SIM_MAX_NODES];   /* next op index to post, per source (scans ops) */
};

#define TAG_AREA 0x80000u

static void gen_put(struct sim *s, struct op_rec *o, int bad_pm)
{
    uint64_t r = sim_rand(s) % 1000;
    o->kind = MBCF_OP_PUT;
    if (r < (uint64_t)bad_pm) {
        o->len = 1 + (uint32_t)(sim_rand(s) % 3000);
        switch (sim_rand(s) % 7) {
        case 0: o->va = SIM_VA(SIM_PG_READONLY_PAGE) + sim_rand(s) % 64; o->expect = MBCF_E_READONLY; break;
        case 1: o->va = SIM_VA(SIM_PG_NOEXP_PAGE) + sim_rand(s) % 64; o->expect = MBCF_E_UNEXPORTED; break;
        case 2: o->va = SIM_VA(SIM_PG_UNMAPPED_PAGE); o->expect = MBCF_E_UNMAPPED; break;
        case 3: o->va = SIM_KERNEL_VA; o->expect = MBCF_E_KERNEL; break;
        case 4: o->va = SIM_NONCANON_VA; o->expect = MBCF_E_NONCANON; break;
        case 5: o->va = SIM_VA(SIM_PG_CROSS_PAGE + 1) - 100; o->len = 300; o->expect = MBCF_E_UNEXPORTED; break;
        default: o->va = SIM_VA(SIM_REGION_PAGES * o->src); o->task = 1; o->expect = MBCF_E_NOTASK; break;
        }
    } else {
        uint64_t c = sim_rand(s) % 10;
        uint32_t region = SIM_REGION_PAGES * SIM_PAGE;
        o->len = c < 3 ? (uint32_t)(sim_rand(s) % 9) : c < 6 ? (uint32_t)(sim_rand(s) % 1500)
                       : (uint32_t)(sim_rand(s) % 20000);
        o->va = SIM_VA(SIM_REGION_PAGES * o->src) + sim_rand(s) % (region - o->len + 1);
        o->expect = MBCF_OK;
    }
    o->srcoff = sim_rand(s) % (SIM_SRC_BYTES - o->len);
}

static void gen_fifo(struct sim *s, struct op_rec *o, uint32_t serial, int bad_pm)
{
    o->kind = MBCF_OP_FIFO;
    o->len = 8 + (uint32_t)(sim_rand(s) % (MBCF_FIFO_ENTRY_MAX - 7));
    o->va = SIM_VA(SIM_FIFO_PAGE);
    o->expect = MBCF_OK;
    if (sim_rand(s) % 1000 < (uint64_t)bad_pm) {
        o->va += 4096;
        o->expect = MBCF_E_NOFIFO;
    }
    o->srcoff = TAG_AREA + 16ull * serial;
    o->tag = ((uint64_t)o->src << 56) | ((uint64_t)o->dst << 48) | serial;
    memcpy(s->node[o->src].src + o->srcoff, &o->tag, 8);
}

/* per_node ops from each node in `srcs` to random other nodes (or to `only_dst`). */
static void gen_work(struct sim *s, struct work *w, int per_node, int fifo_pct, int bad_pm,
                     int only_dst)
{
    w->nops = (size_t)per_node * s->n;
    w->ops = calloc(w->nops, sizeof *w->ops);
    uint32_t serial = 0;
    size_t k = 0;
    for (int src = 0; src < s->n; src++) {
        w->next[src] = k;
        for (int i = 0; i < per_node; i++, k++) {
            struct op_rec *o = &w->ops[k];
            o->src = src;
            if (only_dst >= 0) {
                if (src == only_dst) {
                    o->src = -1;     /* placeholder: nothing posted */
                    continue;
                }
                o->dst = only_dst;
            } else {
                do
                    o->dst = (int)(sim_rand(s) % s->n);
                while (o->dst == src);
            }
            if ((int)(sim_rand(s) % 100) < fifo_pct)
                gen_fifo(s, o, serial++, bad_pm);
            else
                gen_put(s, o, bad_pm);
        }
    }
}

static void post_some(struct sim *s, struct work *w)
{
    for (int src = 0; src < s->n; src++) {
        size_t end = (size_t)(src + 1) * (w->nops / s->n);
        while (w->next[src] < end) {
            struct op_rec *o = &w->ops[w->next[src]];
            if (o->src < 0) {
                w->next[src]++;
                continue;
            }
            struct mbcf_engine *e = s->node[src].eng;
            int r = o->kind == MBCF_OP_PUT
                ? mbcf_post_put(e, o->dst, o->task, o->va, o->srcoff, o->len, w->next[src])
                : mbcf_post_fifo(e, o->dst, o->task, o->va, o->srcoff, o->len, w->next[src]);
            if (r == -MBCF_E_AGAIN)
                break;
            assert_int_equal(r, 0);
            w->next[src]++;
        }
    }
}

static int all_done(struct sim *s, struct work *w)
{
    size_t n = 0;
    for (int i = 0; i < s->n; i++) {
        n += s->node[i].ncq;
        if (mbcf_ring_peek(&s->node[i].cons, &(const void *){0}, &(uint32_t){0}, &(uint16_t){0}) == 1)
            return 0;
    }
    size_t want = 0;
    for (size_t k = 0; k < w->nops; k++)
        want += w->ops[k].src >= 0;
    return n == want;
}

/* Run until every op completed (and FIFOs drained); virtual-time limit. */
static void run(struct sim *s, struct work *w, uint64_t limit_ns)
{
    while (!all_done(s, w)) {
        post_some(s, w);
        sim_step(s);
        if (s->now > limit_ns)
            fail_msg("virtual time limit: not all operations completed");
    }
    /* let trailing acks settle */
    uint64_t end = s->now + 50000000;
    while (s->now < end)
        sim_step(s);
}

/* Check completions, memory, per-pair apply order and FIFO contents. */
static void verify(struct sim *s, struct work *w)
{
    /* completions: exactly once, expected status, per destination in post order */
    for (int i = 0; i < s->n; i++) {
        struct sim_node *nd = &s->node[i];
        int64_t last[SIM_MAX_NODES];
        for (int d = 0; d < SIM_MAX_NODES; d++)
            last[d] = -1;
        for (size_t c = 0; c < nd->ncq; c++) {
            struct sim_cqe *q = &nd->cq[c];
            assert_true(q->cookie < w->nops);
            struct op_rec *o = &w->ops[q->cookie];
            assert_int_equal(o->src, i);
            assert_int_equal(o->dst, q->node);
            assert_true((int64_t)q->cookie > last[q->node]);
            last[q->node] = (int64_t)q->cookie;
            o->ncomp++;
            o->status = q->status;
            if (o->expect >= 0)
                assert_int_equal(q->status, o->expect);
            else
                assert_true(q->status == MBCF_OK || q->status == MBCF_E_FIFO_FULL);
        }
    }
    for (size_t k = 0; k < w->nops; k++)
        if (w->ops[k].src >= 0)
            assert_int_equal(w->ops[k].ncomp, 1);
    /* per pair: application log == expected fragments/appends of applied ops */
    for (int d = 0; d < s->n; d++) {
        struct sim_node *nd = &s->node[d];
        size_t pos[SIM_MAX_NODES] = { 0 };
        for (size_t k = 0; k < w->nops; k++) {
            struct op_rec *o = &w->ops[k];
            if (o->src < 0 || o->dst != d || o->status != MBCF_OK)
                continue;
            if (o->kind == MBCF_OP_FIFO) {
                while (pos[o->src] < nd->nlog && nd->log[pos[o->src]].src != o->src)
                    pos[o->src]++;
                assert_true(pos[o->src] < nd->nlog);
                struct sim_log *l = &nd->log[pos[o->src]++];
                assert_int_equal(l->kind, 2);
                assert_int_equal(l->addr, o->tag);
                assert_int_equal(l->len, o->len);
                continue;
            }
            for (uint32_t off = 0; off < o->len; off += MBCF_FRAG_MAX) {
                uint32_t chunk = o->len - off < MBCF_FRAG_MAX ? o->len - off : MBCF_FRAG_MAX;
                while (pos[o->src] < nd->nlog && nd->log[pos[o->src]].src != o->src)
                    pos[o->src]++;
                assert_true(pos[o->src] < nd->nlog);
                struct sim_log *l = &nd->log[pos[o->src]++];
                assert_int_equal(l->kind, 1);
                assert_int_equal(l->addr, o->va + off);
                assert_int_equal(l->len, chunk);
            }
        }
        /* nothing else applied */
        for (int src = 0; src < s->n; src++) {
            size_t p = pos[src];
            while (p < nd->nlog && nd->log[p].src != src)
                p++;
            assert_true(p == nd->nlog);
        }
        /* memory == reference (only applied writes, in order) */
        uint8_t *ref = calloc(SIM_PAGES, SIM_PAGE);
        for (size_t k = 0; k < w->nops; k++) {
            struct op_rec *o = &w->ops[k];
            if (o->src >= 0 && o->dst == d && o->kind == MBCF_OP_PUT && o->status == MBCF_OK)
                memcpy(ref + (o->va - SIM_BASE), s->node[o->src].src + o->srcoff, o->len);
        }
        assert_memory_equal(ref, nd->mem, SIM_FIFO_PAGE * SIM_PAGE);
        free(ref);
        /* FIFO: consumed entries per source == applied appends, in order */
        size_t fp[SIM_MAX_NODES] = { 0 };
        for (size_t k = 0; k < w->nops; k++) {
            struct op_rec *o = &w->ops[k];
            if (o->src < 0 || o->dst != d || o->kind != MBCF_OP_FIFO || o->status != MBCF_OK)
                continue;
            while (fp[o->src] < nd->nfifo && nd->fifo_got[fp[o->src]].src != o->src)
                fp[o->src]++;
            assert_true(fp[o->src] < nd->nfifo);
            assert_int_equal(nd->fifo_got[fp[o->src]].addr, o->tag);
            assert_int_equal(nd->fifo_got[fp[o->src]].len, o->len);
            fp[o->src]++;
        }
        for (int src = 0; src < s->n; src++) {
            size_t p = fp[src];
            while (p < nd->nfifo && nd->fifo_got[p].src != src)
                p++;
            assert_true(p == nd->nfifo);
        }
    }
    for (int i = 0; i < s->n; i++)
        assert_int_equal(mbcf_outstanding(s->node[i].eng), 0);
}

static uint64_t sum_stat(struct sim *s, size_t off)
{
    uint64_t t = 0;
    for (int i = 0; i < s->n; i++)
        t += *(const uint64_t *)((const char *)mbcf_engine_stats(s->node[i].eng) + off);
    return t;
}
#define SUM(s, field) sum_stat(s, offsetof(struct mbcf_stats_eng, field))

/* ---------- tests ---------- */

static void test_clean_link(void **state)
{
    (void)state;
    static struct sim s;
    struct work w;
    sim_init(&s, 2, 1, NULL);
    gen_work(&s, &w, 400, 30, 80, -1);
    run(&s, &w, 20000000000ull);
    verify(&s, &w);
    assert_int_equal(SUM(&s, tx_retrans), 0);
    assert_int_equal(SUM(&s, rx_dup), 0);
    assert_true(SUM(&s, refused) > 0);      /* the bad ops were refused at the target */
    assert_true(SUM(&s, applied) > 0);
    free(w.ops);
    sim_free(&s);
}

static void lossy_run(uint64_t seed, unsigned loss, unsigned dup, unsigned txfail, int per_node)
{
    static struct sim s;
    struct work w;
    sim_init(&s, 2 + (int)(seed % 3), seed, NULL);
    s.loss_pm = loss;
    s.dup_pm = dup;
    s.txfail_pm = txfail;
    s.jitter_ns = 200000;          /* reordering */
    gen_work(&s, &w, per_node, 30, 50, -1);
    run(&s, &w, 600000000000ull);
    verify(&s, &w);
    if (loss)
        assert_true(SUM(&s, tx_retrans) > 0);
    if (dup)
        assert_true(SUM(&s, rx_dup) > 0);
    free(w.ops);
    sim_free(&s);
}

static void test_lossy_many_seeds(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++)
        lossy_run(seed, 50, 20, 10, 150);
}

static void test_heavy_loss(void **state)
{
    (void)state;
    for (uint64_t seed = 100; seed < 104; seed++)
        lossy_run(seed, 250, 50, 0, 80);
}

/* ---------- selective retransmission ---------- */

static int drop_nth;                 /* DATA frame from node 0 to drop once (1-based) */
static int data_seen;
static int drop_chosen(struct sim *s, int src, int dst, const void *f, uint32_t len)
{
    (void)s; (void)dst; (void)len;
    struct mbcf_wire_hdr h;
    memcpy(&h, f, sizeof h);
    if (src != 0 || h.type != MBCF_T_DATA)
        return 0;
    return ++data_seen == drop_nth;
}

static void gbn_tweak(struct mbcf_config *c) { c->selective = 0; }

/* 40 one-frame writes 0 -> 1, the 5th frame lost once: returns the frames
 * retransmitted; the writes land exactly once, in order. */
static uint64_t one_loss(int selective)
{
    static struct sim s;
    sim_init(&s, 2, 3, selective ? NULL : gbn_tweak);
    s.drop = drop_chosen;
    drop_nth = 5;
    data_seen = 0;
    for (int i = 0; i < 40; i++)
        assert_int_equal(mbcf_post_put(s.node[0].eng, 1, 0, SIM_VA(0) + 1000u * (unsigned)i,
                                       1000u * (unsigned)i, 1000, (uint64_t)i), 0);
    while (s.node[0].ncq < 40) {
        sim_step(&s);
        assert_true(s.now < 10000000000ull);
    }
    for (int i = 0; i < 40; i++) {
        assert_int_equal(s.node[0].cq[i].cookie, (uint64_t)i);
        assert_int_equal(s.node[0].cq[i].status, MBCF_OK);
    }
    assert_int_equal(s.node[1].nlog, 40);                 /* exactly once ... */
    for (int i = 0; i < 40; i++)                          /* ... and in order */
        assert_int_equal(s.node[1].log[i].addr, SIM_VA(0) + 1000u * (unsigned)i);
    assert_memory_equal(s.node[1].mem, s.node[0].src, 40000);
    const struct mbcf_stats_eng *a = mbcf_engine_stats(s.node[0].eng);
    const struct mbcf_stats_eng *b = mbcf_engine_stats(s.node[1].eng);
    if (selective) {
        assert_true(b->rx_held >= 1 && b->tx_sack >= 1 && a->rx_sack >= 1);
    } else {
        assert_int_equal(b->rx_held, 0);
        assert_int_equal(b->tx_sack, 0);
    }
    uint64_t r = a->tx_retrans;
    sim_free(&s);
    return r;
}

static void test_sack_one_loss(void **state)
{
    (void)state;
    assert_int_equal(one_loss(1), 1);       /* only the lost frame goes again */
    assert_true(one_loss(0) > 1);           /* go-back-N resends what followed it */
}

/* The same lossy workloads (loss, duplication, reordering) with SACK and with
 * go-back-N: both deliver exactly once in order (verify), SACK resends less
 * and finishes no later in virtual time, summed over the seeds. */
static void test_sack_vs_gbn_lossy(void **state)
{
    (void)state;
    uint64_t rt[2] = { 0, 0 }, vt[2] = { 0, 0 };
    for (int sel = 0; sel < 2; sel++)
        for (uint64_t seed = 200; seed < 212; seed++) {
            static struct sim s;
            struct work w;
            sim_init(&s, 2 + (int)(seed % 3), seed, sel ? NULL : gbn_tweak);
            s.loss_pm = 50;
            s.dup_pm = 20;
            s.jitter_ns = 200000;
            gen_work(&s, &w, 150, 30, 20, -1);
            run(&s, &w, 600000000000ull);
            verify(&s, &w);
            if (sel)
                assert_true(SUM(&s, rx_held) > 0);
            else
                assert_int_equal(SUM(&s, rx_held), 0);
            rt[sel] += SUM(&s, tx_retrans);
            vt[sel] += s.now;
            free(w.ops);
            sim_free(&s);
        }
    print_message("# go-back-N: %llu frames resent, %.3f s; selective: %llu, %.3f s (virtual)\n",
                  (unsigned long long)rt[0], vt[0] / 1e9, (unsigned long long)rt[1], vt[1] / 1e9);
    assert_true(rt[1] < rt[0]);
    assert_true(vt[1] <= vt[0]);
}

static void flood_tweak(struct mbcf_config *c) { c->fifo_full_timeout_ns = 0; }

static void fifo_flood(uint64_t seed, unsigned loss)
{
    static struct sim s;
    struct work w;
    sim_init(&s, 4, seed, flood_tweak);
    s.loss_pm = loss;
    s.dup_pm = loss ? 20 : 0;
    s.jitter_ns = 100000;
    s.node[0].drain_per_step = 1;     /* slow consumer: the FIFO fills up */
    gen_work(&s, &w, 300, 100, 0, 0);
    run(&s, &w, 600000000000ull);
    verify(&s, &w);
    assert_true(SUM(&s, fifo_busy) > 0);      /* the FIFO was full at times ... */
    assert_true(SUM(&s, busy_acks_rx) > 0);   /* ... and the senders learnt it */
    assert_int_equal(s.node[0].nfifo, 900);   /* nothing lost or duplicated */
    free(w.ops);
    sim_free(&s);
}

static void test_fifo_flood(void **state)
{
    (void)state;
    fifo_flood(7, 0);
    fifo_flood(8, 50);
}

static void full_tweak(struct mbcf_config *c) { c->fifo_full_timeout_ns = 20000000; }

static void test_fifo_full_refused_after_timeout(void **state)
{
    (void)state;
    static struct sim s;
    sim_init(&s, 2, 3, full_tweak);
    s.node[1].drain_per_step = 0;     /* owner does not consume */
    struct work w;
    gen_work(&s, &w, 100, 100, 0, 1);
    for (size_t k = 0; k < w.nops; k++)
        if (w.ops[k].src >= 0)
            w.ops[k].expect = -1;
    while (s.node[0].ncq < 100) {
        post_some(&s, &w);
        sim_step(&s);
        assert_true(s.now < 100000000000ull);
    }
    size_t ok = 0, full = 0;
    for (size_t i = 0; i < s.node[0].ncq; i++) {
        ok += s.node[0].cq[i].status == MBCF_OK;
        full += s.node[0].cq[i].status == MBCF_E_FIFO_FULL;
    }
    assert_true(full > 0 && ok > 0);
    assert_int_equal(ok + full, 100);
    assert_int_equal(SUM(&s, fifo_full_refused), full);
    s.node[1].drain_per_step = -1;    /* now consume: exactly the OK ones, in order */
    sim_step(&s);
    assert_int_equal(s.node[1].nfifo, ok);
    verify(&s, &w);
    free(w.ops);
    sim_free(&s);
}

/* Window and backoff: with the link down the sender has exactly `window` frames
 * out, and retransmits the oldest after rto, 2 rto, 4 rto ... up to rto_max. */
static uint64_t seq0_times[64];
static int nseq0, max_seq_seen;
static void record_send(struct sim *s, int src, int dst, const void *f, uint32_t len)
{
    (void)dst;
    (void)len;
    struct mbcf_wire_hdr h;
    memcpy(&h, f, sizeof h);
    if (src != 0 || h.type != MBCF_T_DATA)
        return;
    if ((int)h.seq > max_seq_seen)
        max_seq_seen = (int)h.seq;
    if (h.seq == 0 && nseq0 < 64)
        seq0_times[nseq0++] = s->now;
}

static void win_tweak(struct mbcf_config *c)
{
    c->window = 16;
    c->rto_ns = 1000000;
    c->rto_max_ns = 8000000;
}

static void test_window_and_backoff(void **state)
{
    (void)state;
    static struct sim s;
    sim_init(&s, 2, 5, win_tweak);
    s.link_down = 1;
    s.on_send = record_send;
    nseq0 = 0;
    max_seq_seen = -1;
    for (int i = 0; i < 10; i++)
        assert_int_equal(mbcf_post_put(s.node[0].eng, 1, 0, SIM_VA(0), 0, 16000, (uint64_t)i), 0);
    assert_int_equal(max_seq_seen, 15);       /* 16 frames in flight, no more */
    while (s.now < 60000000)
        sim_step(&s);
    assert_int_equal(max_seq_seen, 15);       /* still none beyond the window */
    assert_true(nseq0 >= 7);
    uint64_t expect = 1000000;
    for (int i = 1; i < 7; i++) {
        uint64_t gap = seq0_times[i] - seq0_times[i - 1];
        assert_true(gap >= expect && gap <= expect + s.tick_ns);
        if (expect < 8000000)
            expect *= 2;
    }
    /* link back: everything arrives, exactly once */
    s.link_down = 0;
    while (s.node[0].ncq < 10) {
        sim_step(&s);
        assert_true(s.now < 10000000000ull);
    }
    for (int i = 0; i < 10; i++) {
        assert_int_equal(s.node[0].cq[i].cookie, (uint64_t)i);
        assert_int_equal(s.node[0].cq[i].status, MBCF_OK);
    }
    assert_memory_equal(s.node[1].mem, s.node[0].src, 16000);
    assert_true(mbcf_engine_stats(s.node[0].eng)->timeouts >= 7);
    sim_free(&s);
}

/* A link whose round trip (1.2 s) is far above the largest RTO (320 ms), as
 * on a loaded 2-core host running 4 QEMU nodes, where frame delivery stops
 * for seconds and then comes in one burst (seen in the
 * Tofu transport's captures, docs/tofu.md "Stalls of tofu_ops"). Before the
 * fix every timeout resent the whole window (up to 64 frames), so each frame
 * went out about 7 times and the copies queued up in front of the acks:
 * congestion collapse. Now a timeout resends only the oldest frame until an
 * ack shows progress. */
static void test_long_rtt_no_storm(void **state)
{
    (void)state;
    static struct sim s;
    struct work w;
    sim_init(&s, 2, 7, NULL);
    s.delay_ns = 600000000;
    gen_work(&s, &w, 300, 30, 0, -1);
    run(&s, &w, 600000000000ull);
    verify(&s, &w);
    uint64_t data = SUM(&s, tx_data), re = SUM(&s, tx_retrans);
    print_message("long RTT: %llu frames, %llu retransmissions, %llu duplicates received\n",
                  (unsigned long long)data, (unsigned long long)re,
                  (unsigned long long)SUM(&s, rx_dup));
    assert_true(data > 0);
    assert_true(re * 4 < data);               /* was about 6 retransmissions per frame */
    free(w.ops);
    sim_free(&s);
}

/* The window is 128 frames (wider than one 64-frame err_mask): with the link
 * down, 200 one-frame writes put 128 frames on the wire, no more; with the
 * link back, every other one refused (read-only page), each completion has
 * its exact status although acks jump by up to 128 frames (wide acks). */
static void test_window_128_exact_status(void **state)
{
    (void)state;
    static struct sim s;
    sim_init(&s, 2, 9, NULL);
    s.link_down = 1;
    s.on_send = record_send;
    nseq0 = 0;
    max_seq_seen = -1;
    for (int i = 0; i < 200; i++) {
        uint64_t va = i % 2 ? SIM_VA(SIM_PG_READONLY_PAGE) : SIM_VA(0) + 8u * (unsigned)i;
        assert_int_equal(mbcf_post_put(s.node[0].eng, 1, 0, va, 8u * (unsigned)i, 8,
                                       (uint64_t)i), 0);
    }
    assert_int_equal(max_seq_seen, MBCF_WINDOW - 1);
    s.link_down = 0;
    while (s.node[0].ncq < 200) {
        sim_step(&s);
        assert_true(s.now < 20000000000ull);
    }
    for (int i = 0; i < 200; i++) {
        assert_int_equal(s.node[0].cq[i].cookie, (uint64_t)i);
        assert_int_equal(s.node[0].cq[i].status, i % 2 ? MBCF_E_READONLY : MBCF_OK);
    }
    sim_free(&s);
}

static void test_refusals_leave_memory_untouched(void **state)
{
    (void)state;
    static struct sim s;
    sim_init(&s, 2, 9, NULL);
    struct { uint64_t va; uint32_t len; uint16_t task; int st; } c[] = {
        { SIM_VA(SIM_PG_READONLY_PAGE), 8, 0, MBCF_E_READONLY },
        { SIM_VA(SIM_PG_NOEXP_PAGE), 8, 0, MBCF_E_UNEXPORTED },
        { SIM_VA(SIM_PG_UNMAPPED_PAGE), 8, 0, MBCF_E_UNMAPPED },
        { SIM_KERNEL_VA, 8, 0, MBCF_E_KERNEL },
        { SIM_NONCANON_VA, 8, 0, MBCF_E_NONCANON },
        { SIM_VA(SIM_PG_CROSS_PAGE + 1) - 16, 32, 0, MBCF_E_UNEXPORTED },  /* crosses */
        { SIM_VA(SIM_PG_CROSS_PAGE), 20000, 0, MBCF_E_UNEXPORTED },        /* multi-frame crossing */
        { SIM_VA(0), 8, 7, MBCF_E_NOTASK },
        { SIM_VA(SIM_REGION_PAGES - 1) + 4000, 200, 0, MBCF_OK },            /* control: allowed */
    };
    int n = (int)(sizeof c / sizeof c[0]);
    for (int i = 0; i < n; i++)
        assert_int_equal(mbcf_post_put(s.node[0].eng, 1, c[i].task, c[i].va, 100, c[i].len,
                                       (uint64_t)i), 0);
    assert_int_equal(mbcf_post_fifo(s.node[0].eng, 1, 0, SIM_VA(3), 100, 16, 100), 0);
    while (s.node[0].ncq < (size_t)n + 1)
        sim_step(&s);
    for (int i = 0; i < n; i++) {
        assert_int_equal(s.node[0].cq[i].cookie, (uint64_t)i);
        assert_int_equal(s.node[0].cq[i].status, c[i].st);
    }
    assert_int_equal(s.node[0].cq[n].status, MBCF_E_NOFIFO);
    /* only the control write changed memory */
    uint8_t *ref = calloc(SIM_PAGES, SIM_PAGE);
    memcpy(ref + (SIM_REGION_PAGES - 1) * SIM_PAGE + 4000, s.node[0].src + 100, 200);
    assert_memory_equal(ref, s.node[1].mem, SIM_FIFO_PAGE * SIM_PAGE);
    free(ref);
    /* the multi-frame refused write stopped early: far fewer than 15 frames sent */
    assert_true(mbcf_engine_stats(s.node[0].eng)->tx_data < 40);
    sim_free(&s);
}

static void test_post_errors(void **state)
{
    (void)state;
    static struct sim s;
    sim_init(&s, 3, 11, NULL);
    struct mbcf_engine *e = s.node[1].eng;
    assert_int_equal(mbcf_post_put(e, 3, 0, SIM_VA(0), 0, 8, 0), -MBCF_E_NODE);
    assert_int_equal(mbcf_post_put(e, -1, 0, SIM_VA(0), 0, 8, 0), -MBCF_E_NODE);
    assert_int_equal(mbcf_post_put(e, 0, 0, SIM_VA(0), 0, MBCF_PUT_MAX + 1, 0), -MBCF_E_TOOLONG);
    assert_int_equal(mbcf_post_fifo(e, 0, 0, SIM_VA(0), 0, MBCF_FIFO_ENTRY_MAX + 1, 0),
                     -MBCF_E_TOOLONG);
    assert_int_equal(mbcf_post_put(e, 0, 0, ~0ull - 3, 0, 8, 0), -MBCF_E_INVAL);
    s.link_down = 1;
    int k = 0;
    while (mbcf_can_post(e, 2))
        assert_int_equal(mbcf_post_put(e, 2, 0, SIM_VA(0), 0, 4, (uint64_t)k++), 0);
    assert_int_equal(k, MBCF_OPQ);
    assert_int_equal(mbcf_post_put(e, 2, 0, SIM_VA(0), 0, 4, 999), -MBCF_E_AGAIN);
    assert_int_equal(mbcf_post_put(e, 0, 0, SIM_VA(16), 0, 4, 1000), 0);  /* other peer fine */
    /* a write to itself goes through the loopback like any other */
    assert_int_equal(mbcf_post_put(e, 1, 0, SIM_VA(20), 0, 3000, 1001), 0);
    s.link_down = 0;
    while (s.node[1].ncq < MBCF_OPQ + 2)
        sim_step(&s);
    assert_memory_equal(s.node[1].mem + 20 * SIM_PAGE, s.node[1].src, 3000);
    assert_int_equal(mbcf_outstanding(e), 0);
    sim_free(&s);
}

/* Malformed and replayed frames are counted and dropped; nothing is applied. */
static uint8_t saved[MBCF_WIRE_MAX];
static uint32_t saved_len;
static void save_first(struct sim *s, int src, int dst, const void *f, uint32_t len)
{
    (void)s;
    (void)dst;
    struct mbcf_wire_hdr h;
    memcpy(&h, f, sizeof h);
    if (src == 0 && h.type == MBCF_T_DATA && !saved_len) {
        memcpy(saved, f, len);
        saved_len = len;
    }
}

static void test_malformed_and_replay(void **state)
{
    (void)state;
    static struct sim s;
    sim_init(&s, 2, 13, NULL);
    s.on_send = save_first;
    saved_len = 0;
    struct mbcf_engine *e1 = s.node[1].eng;
    assert_int_equal(mbcf_post_put(s.node[0].eng, 1, 0, SIM_VA(0), 0, 64, 1), 0);
    while (s.node[0].ncq < 1)
        sim_step(&s);
    assert_true(saved_len > 0);
    size_t nlog = s.node[1].nlog;
    uint64_t mal0 = mbcf_engine_stats(e1)->rx_malformed;
    uint8_t bad[MBCF_WIRE_MAX];
    int nbad = 0;
    /* truncated, extended, wrong type/op/flags, bad nstat, bad ranges */
    mbcf_rx(e1, 0, saved, 10), nbad++;
    mbcf_rx(e1, 0, saved, saved_len - 1), nbad++;
    memcpy(bad, saved, saved_len); bad[0] = 9; mbcf_rx(e1, 0, bad, saved_len), nbad++;
    memcpy(bad, saved, saved_len); bad[2] = 7; mbcf_rx(e1, 0, bad, saved_len), nbad++;
    memcpy(bad, saved, saved_len); bad[1] |= 0x80; mbcf_rx(e1, 0, bad, saved_len), nbad++;
    memcpy(bad, saved, saved_len); bad[3] = 1; mbcf_rx(e1, 0, bad, saved_len), nbad++;
    struct mbcf_wire_hdr h;
    memcpy(&h, saved, sizeof h);
    h.total = MBCF_PUT_MAX + 1; memcpy(bad, &h, sizeof h);
    mbcf_rx(e1, 0, bad, saved_len), nbad++;
    memcpy(&h, saved, sizeof h);
    h.offset = 8; memcpy(bad, &h, sizeof h);          /* FIRST flag with offset 8 */
    mbcf_rx(e1, 0, bad, saved_len), nbad++;
    for (int i = 0; i < 200; i++) {
        uint32_t len = (uint32_t)(sim_rand(&s) % sizeof bad);
        for (uint32_t b = 0; b < len; b++)
            bad[b] = (uint8_t)sim_rand(&s);
        mbcf_rx(e1, 0, bad, len);
        nbad++;
    }
    assert_int_equal(mbcf_engine_stats(e1)->rx_malformed - mal0, (uint64_t)nbad);
    /* a replay of the old valid frame is a duplicate, not applied again */
    uint64_t dup0 = mbcf_engine_stats(e1)->rx_dup;
    mbcf_rx(e1, 0, saved, saved_len);
    assert_int_equal(mbcf_engine_stats(e1)->rx_dup, dup0 + 1);
    assert_int_equal(s.node[1].nlog, nlog);
    /* a duplicate is owed a (re-)ack until the batch ends */
    assert_int_equal(mbcf_ack_owed(e1), 1);
    mbcf_rx_done(e1);
    assert_int_equal(mbcf_ack_owed(e1), 0);
    /* frames claiming to come from an unknown node */
    mbcf_rx(e1, -1, saved, saved_len);
    mbcf_rx(e1, 5, saved, saved_len);
    assert_int_equal(mbcf_engine_stats(e1)->rx_bad_src, 2);
    /* the channel still works */
    assert_int_equal(mbcf_post_put(s.node[0].eng, 1, 0, SIM_VA(1), 64, 64, 2), 0);
    while (s.node[0].ncq < 2)
        sim_step(&s);
    assert_int_equal(s.node[0].cq[1].status, MBCF_OK);
    assert_memory_equal(s.node[1].mem + SIM_PAGE, s.node[0].src + 64, 64);
    sim_free(&s);
}

/* The engine keeps no copy of the data: every transmission (first or
 * retransmission) reads the source again. A source that became unreadable
 * fails its operation (MBCF_E_INVAL), the target writes nothing from that
 * frame on, and the stream goes on with the next operation. */
static uint64_t voided;
static void count_voided(struct sim *s, int src, int dst, const void *f, uint32_t len)
{
    (void)s;
    (void)dst;
    (void)len;
    struct mbcf_wire_hdr h;
    memcpy(&h, f, sizeof h);
    if (src == 0 && h.type == MBCF_T_DATA && h.task == MBCF_TASK_VOID)
        voided++;
}

static void test_source_read_per_transmission(void **state)
{
    (void)state;
    static struct sim s;
    sim_init(&s, 2, 17, NULL);
    s.on_send = count_voided;
    voided = 0;
    memset(s.node[1].mem, 0x5a, 8 * SIM_PAGE);   /* "untouched" is visible */
    s.loss_pm = 100;
    struct mbcf_engine *e = s.node[0].eng;
    /* 6000 bytes whose source ends after 2 full frames + 184 bytes */
    assert_int_equal(mbcf_post_put(e, 1, 0, SIM_VA(0), SIM_SRC_BYTES - 3000, 6000, 1), 0);
    /* a one-frame write with no readable source at all */
    assert_int_equal(mbcf_post_put(e, 1, 0, SIM_VA(4), SIM_SRC_BYTES + 8, 100, 2), 0);
    /* a good write behind them */
    assert_int_equal(mbcf_post_put(e, 1, 0, SIM_VA(6), 0, 5000, 3), 0);
    while (s.node[0].ncq < 3)
        sim_step(&s);
    assert_int_equal(s.node[0].cq[0].status, MBCF_E_INVAL);
    assert_int_equal(s.node[0].cq[1].status, MBCF_E_INVAL);
    assert_int_equal(s.node[0].cq[2].status, MBCF_OK);
    uint8_t *ref = calloc(SIM_PAGES, SIM_PAGE);
    memset(ref, 0x5a, 8 * SIM_PAGE);
    memcpy(ref, s.node[0].src + SIM_SRC_BYTES - 3000, 2 * MBCF_FRAG_MAX);
    memcpy(ref + 6 * SIM_PAGE, s.node[0].src, 5000);
    assert_memory_equal(ref, s.node[1].mem, 8 * SIM_PAGE);
    free(ref);
    const struct mbcf_stats_eng *st = mbcf_engine_stats(e);
    assert_true(st->tx_retrans > 0);
    /* every transmission read the source, except the voided ones (3 frames of
     * the first write, the second write: each at least once) */
    assert_true(voided >= 4);
    assert_int_equal(s.data_reads + voided, st->tx_data + st->tx_retrans);
    sim_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_link),
        cmocka_unit_test(test_lossy_many_seeds),
        cmocka_unit_test(test_heavy_loss),
        cmocka_unit_test(test_sack_one_loss),
        cmocka_unit_test(test_sack_vs_gbn_lossy),
        cmocka_unit_test(test_fifo_flood),
        cmocka_unit_test(test_fifo_full_refused_after_timeout),
        cmocka_unit_test(test_window_and_backoff),
        cmocka_unit_test(test_long_rtt_no_storm),
        cmocka_unit_test(test_window_128_exact_status),
        cmocka_unit_test(test_refusals_leave_memory_untouched),
        cmocka_unit_test(test_post_errors),
        cmocka_unit_test(test_malformed_and_replay),
        cmocka_unit_test(test_source_read_per_transmission),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
