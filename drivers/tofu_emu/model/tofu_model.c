/* tofu_model.c - parameter tables of Tofu1 and TofuD with their sources, and
 * the modeled-time engine (queue-ordered TNIs, max-min fair sharing of node
 * injection, link directions and receiving TNIs, per-hop latency).  Integers
 * only; see tofu_model.h for the model and docs/tofu.md for the calibration. */
#include "tofu_model.h"

/* Tofu1 (K computer).
 *  n_tni 4, n_links 10, link 5 GB/s per direction: seed 000 sec 3.1.1.
 *  cmd_ns 1000: seed 000 sec 5 (fig. 14), about 1 us per RDMA engine access.
 *  exchange_ns 17000: seed 000 sec 4.2-4.3 measure "about 18 us" of overhead
 *    per halo exchange; the model's own 1 us command overhead is part of it.
 *  tni_mbps 4150: fitted to seed 000 sec 4.2, two 224,256 B puts on two TNIs in
 *    72 us: 224,256 B / (72 - 18) us = 4153 MB/s (the paper quotes 3.8 GB/s
 *    from the 60..872 slope and 4.0 GB/s in sec 4.3).
 *  node_mbps 13400: fitted to seed 000 sec 4.4 (4 directions on 4 TNIs took
 *    86 us where each TNI alone would need 73 us: 4 x 224,256 B / 67 us);
 *    no datasheet value, the paper only says "some bottleneck".
 *  hop_ns 100, base_ns 0: assumed, no figure in our sources.
 *  max_piggyback 32: TofuD's figure (docs/architecture.md "Tofu facts"), used for Tofu1 too. */
static const struct tofu_params tofu1_params = {
    .name = "tofu1", .n_tni = 4, .n_links = 10,
    .link_mbps = 5000, .tni_mbps = 4150, .node_mbps = 13400,
    .cmd_ns = 1000, .base_ns = 0, .hop_ns = 100, .exchange_ns = 17000,
    .max_piggyback = 32, .max_putget = 16u << 20,
};

/* TofuD (Fugaku), Ajima et al., "The Tofu Interconnect D", IEEE CLUSTER 2018:
 *  n_tni 6, 10 links of 6.8 GB/s (28 Gb/s x 2 lanes) per direction;
 *  node_mbps 38100: measured injection rate per node (about 38 GB/s);
 *  tni_mbps 6350: that injection shared by the 6 TNIs (38.1 / 6);
 *  8-byte put latency 0.49 us = cmd_ns + 8 B at tni_mbps (2 ns) + base_ns +
 *    1 hop; the split cmd 250 / hop 80 / base 158 is assumed (the paper gives
 *    the total only).
 *  max_piggyback 32 (docs/architecture.md "Tofu facts"). */
static const struct tofu_params tofud_params = {
    .name = "tofud", .n_tni = 6, .n_links = 10,
    .link_mbps = 6800, .tni_mbps = 6350, .node_mbps = 38100,
    .cmd_ns = 250, .base_ns = 158, .hop_ns = 80, .exchange_ns = 0,
    .max_piggyback = 32, .max_putget = 16u << 20,
};

const struct tofu_params *tofu_params(enum tofu_mode mode)
{
    switch (mode) {
    case TOFU_MODE_TOFU1: return &tofu1_params;
    case TOFU_MODE_TOFUD: return &tofud_params;
    }
    return 0;
}

static int str_eq(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

enum tofu_mode tofu_mode_from_name(const char *name)
{
    if (name && str_eq(name, "tofu1"))
        return TOFU_MODE_TOFU1;
    if (name && str_eq(name, "tofud"))
        return TOFU_MODE_TOFUD;
    return 0;
}

uint64_t tofu_path_ns(const struct tofu_params *p, unsigned hops)
{
    return p->base_ns + (uint64_t)hops * p->hop_ns;
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* ns to move `bytes` at `mbps` (bytes/us), rounded up. */
static uint64_t xfer_ns(uint64_t bytes, uint32_t mbps)
{
    return (bytes * 1000 + mbps - 1) / mbps;
}

uint64_t tofu_put_alone_ns(const struct tofu_params *p, unsigned hops, uint64_t bytes)
{
    uint32_t r = min_u32(p->tni_mbps, p->node_mbps);
    if (hops > 0)
        r = min_u32(r, p->link_mbps);
    return p->cmd_ns + xfer_ns(bytes, r) + tofu_path_ns(p, hops);
}

/* ---- resources: ids and capacities ---- */

enum { RES_LINK = 1, RES_INJ = 2, RES_RX = 3 };

static uint64_t res_id(unsigned kind, uint32_t node, unsigned index)
{
    return ((uint64_t)kind << 60) | ((uint64_t)node << 8) | index;
}

static uint32_t res_cap(const struct tofu_params *p, uint64_t id)
{
    switch (id >> 60) {
    case RES_LINK: return p->link_mbps;
    case RES_INJ: return p->node_mbps;
    default: return p->tni_mbps;
    }
}

/* Open-addressing slot of `id` (inserted if absent); NULL when the table is
 * nearly full, in which case the resource is left out (never in practice:
 * 8 x 1024 flows' worth of distinct resources). */
static struct tofu_sim_res *res_slot(struct tofu_sim *sim, uint64_t id, unsigned *fill)
{
    uint64_t h = id * 0x9e3779b97f4a7c15ull;
    unsigned i = (unsigned)(h >> 40) & (TOFU_SIM_RES_SLOTS - 1);
    while (sim->res[i].gen == sim->gen && sim->res[i].id != id)
        i = (i + 1) & (TOFU_SIM_RES_SLOTS - 1);
    if (sim->res[i].gen != sim->gen) {
        if (*fill >= TOFU_SIM_RES_SLOTS * 7 / 8)
            return 0;
        (*fill)++;
        sim->res[i].gen = sim->gen;
        sim->res[i].id = id;
        sim->res[i].cap = res_cap(sim->p, id);
        sim->res[i].used = 0;
        sim->res[i].nfree = 0;
    }
    return &sim->res[i];
}

/* ---- commands ---- */

void tofu_sim_init(struct tofu_sim *sim, const struct tofu_params *p,
                   const struct tofu_shape *shape)
{
    sim->p = p;
    sim->shape = shape;
    sim->now = 0;
    sim->ncmds = 0;
    sim->nqueues = 0;
    sim->gen = 1;
    for (unsigned i = 0; i < TOFU_SIM_RES_SLOTS; i++)
        sim->res[i].gen = 0;
}

uint64_t tofu_sim_now(const struct tofu_sim *sim) { return sim->now; }
unsigned tofu_sim_count(const struct tofu_sim *sim) { return sim->ncmds; }

struct tofu_cmd *tofu_sim_cmd(struct tofu_sim *sim, unsigned index)
{
    return index < sim->ncmds ? &sim->cmds[index] : 0;
}

static struct tofu_sim_queue *queue_of(struct tofu_sim *sim, uint32_t node, uint8_t tni,
                                       int create)
{
    for (unsigned i = 0; i < sim->nqueues; i++)
        if (sim->queues[i].node == node && sim->queues[i].tni == tni)
            return &sim->queues[i];
    if (!create || sim->nqueues >= TOFU_SIM_MAX_QUEUES)
        return 0;
    struct tofu_sim_queue *q = &sim->queues[sim->nqueues++];
    q->node = node;
    q->tni = tni;
    q->busy = 0;
    q->free_ns = 0;
    return q;
}

/* Resources of the data flow: injection at the data's source node, every
 * link on the route, the receiving TNI. */
static int set_resources(struct tofu_sim *sim, struct tofu_cmd *c)
{
    int to_peer = c->op == TOFU_OP_PUT;
    uint32_t src = to_peer ? c->node : c->peer, dst = to_peer ? c->peer : c->node;
    uint8_t rx_tni = to_peer ? c->peer_tni : c->tni;
    struct tofu_hop hops[TOFU_MAX_HOPS];
    int n = tofu_route(sim->shape, src, dst, hops, TOFU_MAX_HOPS);
    if (n < 0)
        return -1;
    c->hops = (uint32_t)n;
    c->nres = 0;
    c->res[c->nres++] = res_id(RES_INJ, src, 0);
    for (int i = 0; i < n; i++)
        c->res[c->nres++] = res_id(RES_LINK, hops[i].node, hops[i].port);
    c->res[c->nres++] = res_id(RES_RX, dst, rx_tni);
    return 0;
}

int tofu_sim_add(struct tofu_sim *sim, const struct tofu_cmd *cmd)
{
    uint32_t nodes = tofu_shape_nodes(sim->shape);
    if (sim->ncmds >= TOFU_SIM_MAX_CMDS || cmd->node >= nodes || cmd->peer >= nodes ||
        cmd->tni >= sim->p->n_tni || cmd->peer_tni >= sim->p->n_tni ||
        cmd->op < TOFU_OP_PUT || cmd->op > TOFU_OP_ATOMIC || cmd->bytes > sim->p->max_putget)
        return -1;
    if (!queue_of(sim, cmd->node, cmd->tni, 1))
        return -1;
    struct tofu_cmd *c = &sim->cmds[sim->ncmds];
    *c = *cmd;
    if (c->issue_ns < sim->now)
        c->issue_ns = sim->now;
    c->state = TOFU_CMD_WAITING;
    c->rate = 0;
    c->start_ns = c->flow_ns = c->end_ns = c->deliver_ns = c->local_ns = 0;
    if (set_resources(sim, c) < 0)
        return -1;
    return (int)sim->ncmds++;
}

/* ---- the engine ---- */

static void finish(struct tofu_sim *sim, struct tofu_cmd *c, uint64_t t)
{
    uint64_t path = tofu_path_ns(sim->p, c->hops);
    c->state = TOFU_CMD_DONE;
    c->end_ns = t;
    c->deliver_ns = t + path;
    c->local_ns = c->op == TOFU_OP_PUT ? t : c->deliver_ns;
    struct tofu_sim_queue *q = queue_of(sim, c->node, c->tni, 0);
    q->busy = 0;
    q->free_ns = c->local_ns;   /* a get holds its TNI until the data landed */
}

/* Queue heads start; started commands whose overhead has passed begin to flow. */
static void promote(struct tofu_sim *sim)
{
    for (unsigned i = 0; i < sim->ncmds; i++) {
        struct tofu_cmd *c = &sim->cmds[i];
        if (c->state == TOFU_CMD_WAITING) {
            struct tofu_sim_queue *q = queue_of(sim, c->node, c->tni, 0);
            if (q->busy)
                continue;
            q->busy = 1;
            c->start_ns = c->issue_ns > q->free_ns ? c->issue_ns : q->free_ns;
            c->flow_ns = c->start_ns + sim->p->cmd_ns;
            if (c->op != TOFU_OP_PUT)   /* the request travels to the remote TNI */
                c->flow_ns += tofu_path_ns(sim->p, c->hops);
            c->state = TOFU_CMD_OVERHEAD;
        }
        if (c->state == TOFU_CMD_OVERHEAD && c->flow_ns <= sim->now) {
            c->state = TOFU_CMD_FLOWING;
            c->rem = c->bytes * 1000;
            c->rate = 0;
            if (c->rem == 0)
                finish(sim, c, c->flow_ns);
        }
    }
}

/* Max-min fair rates (progressive filling) of the flowing commands, each
 * capped at the TNI rate. */
static void set_rates(struct tofu_sim *sim)
{
    unsigned fill = 0, left = 0;
    if (sim->gen == 0) {        /* wrapped: old slots could look current */
        for (unsigned i = 0; i < TOFU_SIM_RES_SLOTS; i++)
            sim->res[i].gen = 0;
        sim->gen = 1;
    }
    const uint32_t FROZEN = 0x80000000u;
    for (unsigned i = 0; i < sim->ncmds; i++) {
        struct tofu_cmd *c = &sim->cmds[i];
        if (c->state != TOFU_CMD_FLOWING)
            continue;
        c->rate = 0;
        left++;
        for (unsigned r = 0; r < c->nres; r++) {
            struct tofu_sim_res *s = res_slot(sim, c->res[r], &fill);
            if (s)
                s->nfree++;
        }
    }
    while (left > 0) {
        uint32_t level = sim->p->tni_mbps;
        for (unsigned i = 0; i < sim->ncmds; i++) {
            struct tofu_cmd *c = &sim->cmds[i];
            if (c->state != TOFU_CMD_FLOWING || c->rate != 0)
                continue;
            for (unsigned r = 0; r < c->nres; r++) {
                struct tofu_sim_res *s = res_slot(sim, c->res[r], &fill);
                if (s && s->nfree > 0) {
                    uint32_t avail = s->cap > s->used ? s->cap - s->used : 0;
                    level = min_u32(level, avail / s->nfree);
                }
            }
        }
        if (level == 0)
            level = 1;
        /* freeze the flows held at `level` by their cap or one of their resources */
        for (unsigned i = 0; i < sim->ncmds; i++) {
            struct tofu_cmd *c = &sim->cmds[i];
            if (c->state != TOFU_CMD_FLOWING || c->rate != 0)
                continue;
            int held = level >= sim->p->tni_mbps;
            for (unsigned r = 0; r < c->nres && !held; r++) {
                struct tofu_sim_res *s = res_slot(sim, c->res[r], &fill);
                if (s && s->nfree > 0) {
                    uint32_t avail = s->cap > s->used ? s->cap - s->used : 0;
                    held = avail / s->nfree <= level;
                }
            }
            if (held)
                c->rate = level | FROZEN;
        }
        for (unsigned i = 0; i < sim->ncmds; i++) {
            struct tofu_cmd *c = &sim->cmds[i];
            if (c->state != TOFU_CMD_FLOWING || !(c->rate & FROZEN))
                continue;
            c->rate &= ~FROZEN;
            left--;
            for (unsigned r = 0; r < c->nres; r++) {
                struct tofu_sim_res *s = res_slot(sim, c->res[r], &fill);
                if (s) {
                    s->used += c->rate;
                    s->nfree--;
                }
            }
        }
    }
    sim->gen++;                 /* empties the table for the next event */
}

/* Flowing commands move dt ns of data; those that empty finish at now + dt. */
static void progress(struct tofu_sim *sim, uint64_t dt)
{
    uint64_t t = sim->now + dt;
    for (unsigned i = 0; i < sim->ncmds; i++) {
        struct tofu_cmd *c = &sim->cmds[i];
        if (c->state != TOFU_CMD_FLOWING)
            continue;
        uint64_t moved = (uint64_t)c->rate * dt;
        c->rem = moved >= c->rem ? 0 : c->rem - moved;
        if (c->rem == 0)
            finish(sim, c, t);
    }
    sim->now = t;
}

unsigned tofu_sim_advance(struct tofu_sim *sim, uint64_t until)
{
    for (;;) {
        promote(sim);
        set_rates(sim);
        uint64_t next = UINT64_MAX;
        for (unsigned i = 0; i < sim->ncmds; i++) {
            struct tofu_cmd *c = &sim->cmds[i];
            uint64_t t = UINT64_MAX;
            if (c->state == TOFU_CMD_OVERHEAD)
                t = c->flow_ns;
            else if (c->state == TOFU_CMD_FLOWING)
                t = sim->now + (c->rem + c->rate - 1) / c->rate;
            if (t < next)
                next = t;
        }
        if (next == UINT64_MAX)
            break;
        if (next > until) {
            if (until > sim->now)
                progress(sim, until - sim->now);
            break;
        }
        progress(sim, next - sim->now);
    }
    unsigned pending = 0;
    for (unsigned i = 0; i < sim->ncmds; i++)
        pending += sim->cmds[i].state != TOFU_CMD_DONE;
    return pending;
}

uint64_t tofu_sim_run(struct tofu_sim *sim)
{
    tofu_sim_advance(sim, UINT64_MAX);
    uint64_t last = 0;
    for (unsigned i = 0; i < sim->ncmds; i++) {
        const struct tofu_cmd *c = &sim->cmds[i];
        if (c->deliver_ns > last)
            last = c->deliver_ns;
        if (c->local_ns > last)
            last = c->local_ns;
    }
    return last;
}

void tofu_sim_retire(struct tofu_sim *sim)
{
    unsigned k = 0;
    for (unsigned i = 0; i < sim->ncmds; i++)
        if (sim->cmds[i].state != TOFU_CMD_DONE)
            sim->cmds[k++] = sim->cmds[i];
    sim->ncmds = k;
}
