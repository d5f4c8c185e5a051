/* rsched_sim.c - one halo exchange of every process of the grid through the
 * Tofu timing model (see rsched_sim.h for how a plan becomes modeled time).
 *
 * The "orig" protocol (seed 000 figs. 8 and 12: the MPI's own eager /
 * rendezvous path, before RSched) is modeled as an MPI that, like the one
 * the seed improves on (sec 1), names no particular engine: every message
 * leaves from engine 0 and lands on engine 0 of the destination, in the
 * order the requests were posted (orig<N>, a sensitivity variant, spreads the
 * messages over engines 0..N-1 in turn, each landing on the same-numbered
 * engine, like RoundRobin(N)):
 *  - the CPU posts the messages one by one, sw_ns each;
 *  - a message of at most eager_max bytes is put at once into a bounce
 *    buffer and copied out by the receiving CPU at copy_mbps, one copy at a
 *    time, after that CPU has posted its own messages;
 *  - a larger one first does the rendezvous handshake (RTS and CTS, charged
 *    as two 32-byte puts on an idle path) and is then put in place.
 * The handshake does not wait for busy engines and the receiver's copy does
 * not slow its engine: orig is, if anything, modeled on the fast side. */
#include "rsched_sim.h"
#include "rsched_halo.h"
#include "rsched_cost_tofu.h"

#include <stdlib.h>
#include <string.h>

/* Sources of the values: access_ns is the mode's per-command overhead
 * cmd_ns, which on Tofu1 is seed 000 sec 5's "about 1 us" per RDMA engine
 * access (fig. 14); for TofuD we have no figure of the CPU's queue access
 * and take its cmd_ns the same way. eager_max, sw_ns and copy_mbps are
 * assumptions of ours (the seed gives no figure for the original
 * protocol): a 16 KiB eager limit, 1 us of MPI software per message,
 * 8 GB/s memcpy. */
void rsched_sim_defaults(struct rsched_sim_cfg *cfg, enum tofu_mode mode)
{
    const struct tofu_params *p = tofu_params(mode);
    memset(cfg, 0, sizeof *cfg);
    cfg->mode = mode;
    cfg->px = 8;
    cfg->py = 6;
    cfg->access_ns = p ? p->cmd_ns : 1000;
    cfg->eager_max = 16384;
    cfg->sw_ns = 1000;
    cfg->copy_mbps = 8000;
}

struct rsched_cost rsched_sim_cost(const struct rsched_sim_cfg *cfg)
{
    struct rsched_cost c = rsched_cost_tofu(tofu_params(cfg->mode));
    c.access_ns = cfg->access_ns;
    return c;
}

static struct tofu_sim model;   /* about 1 MB: one, reused */

#define MAX_PROCS (TOFU_SIM_MAX_CMDS / 2)

static int add_put(uint32_t node, int tni, const struct rsched_put *u, int rx, uint64_t issue,
                   int tag)
{
    struct tofu_cmd c;
    memset(&c, 0, sizeof c);
    c.node = node;
    c.tni = (uint8_t)tni;
    c.op = TOFU_OP_PUT;
    c.peer = (uint32_t)u->dest;
    c.peer_tni = (uint8_t)rx;
    c.bytes = u->len;
    c.issue_ns = issue;
    c.tag = (uint64_t)node << 32 | (uint32_t)tag;
    return tofu_sim_add(&model, &c) < 0 ? RSCHED_SIM_EMODEL : 0;
}

/* Every process's plan into the model; checks each plan's constraints. */
static int add_scheduled(const struct rsched_sim_cfg *cfg, const struct rsched_algo *a,
                         int hcase, int k, struct rsched_sim_out *out)
{
    struct rsched_cost cost = rsched_sim_cost(cfg);
    for (int r = 0; r < cfg->px * cfg->py; r++) {
        struct rsched_put puts[RSCHED_MAX_PUTS];
        struct rsched_plan plan;
        int n = rsched_halo_puts(hcase, k, cfg->px, cfg->py, r % cfg->px, r / cfg->px, puts,
                                 RSCHED_MAX_PUTS);
        int rc = rsched_schedule(a, &cost, puts, n, &plan);
        if (rc)
            return rc;
        char why[160];
        if (rsched_check(&plan, &cost, puts, n, a->kind == RSCHED_BL ? RSCHED_CHECK_BL : 0, a->m,
                         why, sizeof why)) {
            fprintf(stderr, "rsched_sim: plan of process %d breaks a constraint: %s\n", r, why);
            return RSCHED_SIM_ECHECK;
        }
        if (r == 0) {
            out->n = n;
            memcpy(out->puts, puts, sizeof puts);
            out->plan = plan;
        }
        uint64_t issue = 0;
        for (int e = 0; e < plan.nengines; e++) {
            if (plan.nq[e] == 0)
                continue;
            for (int j = 0; j < plan.nq[e]; j++) {
                const struct rsched_cmd *c = &plan.cmd[plan.q[e][j]];
                if (add_put((uint32_t)r, e, &puts[c->put], c->rx_engine, issue, c->put))
                    return RSCHED_SIM_EMODEL;
            }
            issue += cfg->access_ns;
        }
    }
    return 0;
}

static uint64_t copy_ns(const struct rsched_sim_cfg *cfg, uint32_t len)
{
    return ((uint64_t)len * 1000 + cfg->copy_mbps - 1) / cfg->copy_mbps;
}

/* The eager/rendezvous protocol (top of file) into the model. */
static int add_orig(const struct rsched_sim_cfg *cfg, int nengines, int hcase, int k,
                    struct rsched_sim_out *out)
{
    const struct tofu_params *p = model.p;
    for (int r = 0; r < cfg->px * cfg->py; r++) {
        struct rsched_put puts[RSCHED_MAX_PUTS];
        int n = rsched_halo_puts(hcase, k, cfg->px, cfg->py, r % cfg->px, r / cfg->px, puts,
                                 RSCHED_MAX_PUTS);
        uint64_t issue[RSCHED_MAX_PUTS];
        int order[RSCHED_MAX_PUTS];
        for (int i = 0; i < n; i++) {
            issue[i] = (uint64_t)(i + 1) * cfg->sw_ns;
            if (puts[i].len > cfg->eager_max)
                issue[i] += 2 * tofu_put_alone_ns(p, tofu_hops_rank(model.shape, (uint32_t)r,
                                                                      (uint32_t)puts[i].dest), 32);
            int j = i;      /* each engine takes them in issue order */
            while (j > 0 && issue[order[j - 1]] > issue[i]) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = i;
        }
        for (int j = 0; j < n; j++) {
            int e = order[j] % nengines;
            if (add_put((uint32_t)r, e, &puts[order[j]], e, issue[order[j]], order[j]))
                return RSCHED_SIM_EMODEL;
        }
        if (r == 0) {
            struct rsched_cost cost = rsched_sim_cost(cfg);
            struct rsched_algo one = { RSCHED_RR, nengines, 0 };
            out->n = n;
            memcpy(out->puts, puts, sizeof puts);
            rsched_schedule(&one, &cost, puts, n, &out->plan);
        }
    }
    return 0;
}

/* orig: each receiver copies its eager messages out, one at a time, once it
 * has posted its own; returns the last copy's end (0 if none). */
static uint64_t orig_copies(const struct rsched_sim_cfg *cfg, int nposted)
{
    uint64_t last = 0;
    for (int r = 0; r < cfg->px * cfg->py; r++) {
        uint64_t cpu = (uint64_t)nposted * cfg->sw_ns;
        for (;;) {      /* next eager arrival at r, in delivery order */
            const struct tofu_cmd *next = NULL;
            for (unsigned i = 0; i < tofu_sim_count(&model); i++) {
                const struct tofu_cmd *c = tofu_sim_cmd(&model, i);
                if (c->peer != (uint32_t)r || c->bytes > cfg->eager_max || (c->tag >> 63))
                    continue;
                if (!next || c->deliver_ns < next->deliver_ns)
                    next = c;
            }
            if (!next)
                break;
            cpu = (cpu > next->deliver_ns ? cpu : next->deliver_ns) + copy_ns(cfg, (uint32_t)next->bytes);
            ((struct tofu_cmd *)next)->tag |= 1ull << 63;     /* copied */
        }
        if (cpu > last)
            last = cpu;
    }
    return last;
}

int rsched_sim_run(const struct rsched_sim_cfg *cfg, const char *algo, int hcase, int k,
                   struct rsched_sim_out *out)
{
    static struct tofu_shape shape;
    const struct tofu_params *p = tofu_params(cfg->mode);
    if (!p || cfg->px < 1 || cfg->py < 1 || cfg->px * cfg->py > MAX_PROCS ||
        tofu_shape_init(&shape, (uint32_t)cfg->px, (uint32_t)cfg->py, 1))
        return RSCHED_SIM_EMODEL;
    if (hcase < 0 || hcase >= RSCHED_HALO_NCASES)
        return RSCHED_EINVAL;
    memset(out, 0, sizeof *out);
    tofu_sim_init(&model, p, &shape);
    int orig = !strncmp(algo, "orig", 4), rc;
    if (orig) {
        int ne = algo[4] ? algo[4] - '0' : 1;
        if (ne < 1 || ne > (int)p->n_tni || (algo[4] && algo[5]))
            return RSCHED_EINVAL;
        rc = add_orig(cfg, ne, hcase, k, out);
    } else {
        struct rsched_algo a;
        rc = rsched_parse(algo, &a);
        if (!rc)
            rc = add_scheduled(cfg, &a, hcase, k, out);
    }
    if (rc)
        return rc;
    uint64_t end = tofu_sim_run(&model);
    for (unsigned i = 0; i < tofu_sim_count(&model); i++) {
        const struct tofu_cmd *c = tofu_sim_cmd(&model, i);
        if (c->node != 0)
            continue;
        int put = (int)(uint32_t)c->tag;
        out->mstart[put] = c->start_ns;
        out->mend[put] = c->deliver_ns;
    }
    if (orig) {
        uint64_t copies = orig_copies(cfg, out->n);
        if (copies > end)
            end = copies;
    }
    for (int i = 0; i < out->n; i++)
        out->bytes += out->puts[i].len;
    out->plan_ns = out->plan.makespan;
    out->comm_ns = end;
    out->exchange_ns = end + p->exchange_ns;
    return 0;
}
