/* rsched_pcoll.c - the pseudo-collective mode of seed 000 sec 4.1 (see
 * rsched_pcoll.h): init-time matching and registration, then per start a
 * barrier, the RSched plan's puts, completion of all, a barrier. */
#include "rsched_pcoll.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REQS (2 * RSCHED_MAX_PUTS)

static void reason(struct rsched_pc *pc, const char *fmt, ...)
{
    if (pc->why[0])
        return;     /* keep the first */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pc->why, sizeof pc->why, fmt, ap);
    va_end(ap);
}

/* Local checks and registration; fills out[peer] with my descriptors for
 * that peer. Returns 1 if the set fits so far. */
static int describe(struct rsched_pc *pc, const struct rsched_pc_req *reqs, int n,
                    struct rsched_pc_desc *const out[], int outn[], uint64_t stadd[])
{
    const struct rsched_pc_ops *o = pc->ops;
    if (n > MAX_REQS) {
        reason(pc, "%d requests, the mode takes at most %d", n, MAX_REQS);
        return 0;
    }
    int nsend = 0;
    for (int i = 0; i < n; i++) {
        const struct rsched_pc_req *r = &reqs[i];
        if (r->peer < 0 || r->peer >= o->nranks || r->tag < 0 || (!r->buf && r->bytes)) {
            reason(pc, "request %d: peer %d / tag %d is no concrete rank and tag", i, r->peer, r->tag);
            return 0;
        }
        if (r->send && ++nsend > RSCHED_MAX_PUTS) {
            reason(pc, "more than %d sends", RSCHED_MAX_PUTS);
            return 0;
        }
        if (r->send && o->dir_of(o->ctx, r->peer) < 0) {
            reason(pc, "send %d: rank %d is no neighbour on the process grid", i, r->peer);
            return 0;
        }
        if (o->reg(o->ctx, r->buf, r->bytes, &stadd[i]) < 0) {
            reason(pc, "request %d: memory registration failed", i);
            return 0;
        }
    }
    for (int i = 0; i < n; i++) {
        struct rsched_pc_desc *d = &out[reqs[i].peer][outn[reqs[i].peer]++];
        d->send = reqs[i].send;
        d->tag = reqs[i].tag;
        d->bytes = reqs[i].bytes;
        d->ctx = reqs[i].ctx;
        d->stadd = reqs[i].send ? 0 : stadd[i];
    }
    return 1;
}

/* First unused descriptor of kind `send` with tag and communicator, in
 * posting order. */
static int find(const struct rsched_pc_desc *in, int inn, char *used, int send, int tag,
                uint32_t ctx)
{
    for (int j = 0; j < inn; j++)
        if (!used[j] && in[j].send == send && in[j].tag == tag && in[j].ctx == ctx) {
            used[j] = 1;
            return j;
        }
    return -1;
}

/* Pairs my requests with the peers' descriptors (MPI order: per peer and
 * tag, first with first). Fills the plan's request set. */
static int match(struct rsched_pc *pc, const struct rsched_pc_req *reqs, int n,
                 struct rsched_pc_desc *const in[], const int inn[], const uint64_t stadd[])
{
    const struct rsched_pc_ops *o = pc->ops;
    char *used = calloc((size_t)o->nranks * MAX_REQS, 1);
    if (!used) {
        reason(pc, "out of memory");
        return 0;
    }
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        const struct rsched_pc_req *r = &reqs[i];
        int j = find(in[r->peer], inn[r->peer], used + (size_t)r->peer * MAX_REQS, !r->send, r->tag,
                     r->ctx);
        if (j < 0) {
            reason(pc, "%s rank %d tag %d has no persistent %s on the other side",
                   r->send ? "send to" : "receive from", r->peer, r->tag, r->send ? "receive" : "send");
            ok = 0;
        } else if (in[r->peer][j].bytes != r->bytes) {
            reason(pc, "%s rank %d tag %d: %u bytes here, %u there", r->send ? "send to" : "receive from",
                   r->peer, r->tag, (unsigned)r->bytes, (unsigned)in[r->peer][j].bytes);
            ok = 0;
        } else if (r->send) {
            struct rsched_put *u = &pc->puts[pc->nsend];
            u->dir = o->dir_of(o->ctx, r->peer);
            u->len = r->bytes;
            u->dest = r->peer;
            pc->lstadd[pc->nsend] = stadd[i];
            pc->rstadd[pc->nsend] = in[r->peer][j].stadd;
            pc->nsend++;
        } else {
            pc->nrecv++;
        }
    }
    free(used);
    return ok;
}

int rsched_pc_init(struct rsched_pc *pc, const struct rsched_algo *a, const struct rsched_cost *c,
                   const struct rsched_pc_req *reqs, int n, const struct rsched_pc_ops *ops)
{
    if (!pc || !a || !c || !ops || n < 0 || (n && !reqs) || ops->nranks < 1 ||
        ops->nranks > RSCHED_PC_MAX_RANKS || ops->rank < 0 || ops->rank >= ops->nranks)
        return RSCHED_EINVAL;
    memset(pc, 0, sizeof *pc);
    pc->ops = ops;
    int R = ops->nranks, rc = 0;
    struct rsched_pc_desc **out = calloc((size_t)R, sizeof *out), **in = calloc((size_t)R, sizeof *in);
    struct rsched_pc_desc *pool = calloc((size_t)R * 2 * MAX_REQS, sizeof *pool);
    int *outn = calloc((size_t)R, sizeof *outn), *inn = calloc((size_t)R, sizeof *inn);
    uint64_t *stadd = calloc(MAX_REQS, sizeof *stadd);
    int ok = out && in && pool && outn && inn && stadd;
    if (!ok)
        reason(pc, "out of memory");
    for (int r = 0; ok && r < R; r++) {
        out[r] = pool + (size_t)r * MAX_REQS;
        in[r] = pool + (size_t)(R + r) * MAX_REQS;
    }
    /* every rank takes part in xchg and agree, whatever it found locally */
    ok = ok && describe(pc, reqs, n, out, outn, stadd);
    if (!ok)
        for (int r = 0; outn && r < R; r++)
            outn[r] = 0;
    if (out && in && outn && inn && ops->xchg(ops->ctx, out, outn, in, MAX_REQS, inn) < 0)
        rc = RSCHED_PC_ETRANSPORT;
    ok = ok && !rc && match(pc, reqs, n, in, inn, stadd);
    if (ok) {
        int err = rsched_schedule(a, c, pc->puts, pc->nsend, &pc->plan);
        if (err) {
            reason(pc, "scheduler: %s", rsched_strerror(err));
            ok = 0;
        }
    }
    int all = ops->agree(ops->ctx, ok);
    if (all < 0)
        rc = RSCHED_PC_ETRANSPORT;
    else if (!all && ok)
        reason(pc, "another rank's request set does not fit the mode");
    free(out);
    free(in);
    free(pool);
    free(outn);
    free(inn);
    free(stadd);
    if (rc)
        return rc;
    return all ? 0 : RSCHED_PC_FALLBACK;
}

int rsched_pc_start(struct rsched_pc *pc)
{
    const struct rsched_pc_ops *o = pc->ops;
    if (pc->started)
        return RSCHED_PC_ESTATE;
    pc->ndone_local = pc->ndone_remote = 0;
    if (o->barrier(o->ctx) < 0)
        return RSCHED_PC_ETRANSPORT;
    for (int e = 0; e < pc->plan.nengines; e++)
        for (int k = 0; k < pc->plan.nq[e]; k++) {
            const struct rsched_cmd *c = &pc->plan.cmd[pc->plan.q[e][k]];
            if (o->put(o->ctx, e, pc->puts[c->put].dest, c->rx_engine, pc->lstadd[c->put],
                       pc->rstadd[c->put], pc->puts[c->put].len) < 0)
                return RSCHED_PC_ETRANSPORT;
        }
    pc->started = 1;
    return 0;
}

static void count(struct rsched_pc *pc, int remote)
{
    if (remote)
        pc->ndone_remote++;
    else
        pc->ndone_local++;
}

static int all_in(const struct rsched_pc *pc)
{
    return pc->ndone_local >= pc->nsend && pc->ndone_remote >= pc->nrecv;
}

int rsched_pc_wait(struct rsched_pc *pc)
{
    const struct rsched_pc_ops *o = pc->ops;
    if (!pc->started)
        return RSCHED_PC_ESTATE;
    while (!all_in(pc)) {
        int r;
        if (o->wait(o->ctx, &r) < 0)
            return RSCHED_PC_ETRANSPORT;
        count(pc, r);
    }
    pc->started = 0;
    return o->barrier(o->ctx) < 0 ? RSCHED_PC_ETRANSPORT : 0;
}

int rsched_pc_test(struct rsched_pc *pc, int *done)
{
    const struct rsched_pc_ops *o = pc->ops;
    *done = 0;
    if (!pc->started)
        return RSCHED_PC_ESTATE;
    if (!o->poll) {
        int rc = rsched_pc_wait(pc);
        *done = rc == 0;
        return rc;
    }
    while (!all_in(pc)) {
        int r, got = o->poll(o->ctx, &r);
        if (got < 0)
            return RSCHED_PC_ETRANSPORT;
        if (!got)
            return 0;
        count(pc, r);
    }
    pc->started = 0;
    if (o->barrier(o->ctx) < 0)
        return RSCHED_PC_ETRANSPORT;
    *done = 1;
    return 0;
}
