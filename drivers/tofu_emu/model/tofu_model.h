/* tofu_model.h - the Tofu timing model: one parameter table per mode (Tofu1 of
 * the K computer, TofuD of Fugaku) and a deterministic modeled-time engine for
 * RDMA commands (put, get, atomics) on the torus of tofu_topo.h.
 * Portable C: integers only (the kernel has no FPU state), no allocation, no
 * kernel headers; host-tested in tests/host/test_tofu_model.c.
 *
 * What the engine models (times in ns, bandwidths in MB/s = bytes/us):
 *  - each TNI runs its commands one at a time in queue order (the order they
 *    were added); a command starts at max(issue time, TNI free), pays the
 *    per-command overhead, then its data flows (a get first waits one path
 *    latency for the request to reach the remote TNI);
 *  - a flow is capped at the TNI rate and shares, max-min fairly, the node's
 *    injection bandwidth (sending node), every link direction on its
 *    dimension-order route, and the receiving TNI (which thus serialises the
 *    data arriving from several senders: its total rate never exceeds the TNI
 *    rate);
 *  - the last byte reaches the target one path latency after it left:
 *    base + hops * per-hop latency.
 * Everything is integer arithmetic on a given sequence of commands, so the
 * result never depends on host load.
 *
 * Two ways to use it:
 *  - batch (schedulers, collectives, benchmarks): tofu_sim_init, tofu_sim_add
 *    every command, tofu_sim_run; read the outputs of each command.
 *  - incremental (kernel glue): add commands as they are rung in (issue times
 *    not earlier than tofu_sim_now), tofu_sim_advance(t) to learn which ones
 *    completed by modeled time t, tofu_sim_retire to drop completed ones.
 *    A node only sees its own commands: contention with other nodes' traffic
 *    on shared links is not modeled there (see docs/tofu.md).
 */
#ifndef TOFU_MODEL_H
#define TOFU_MODEL_H

#include <stdint.h>
#include "tofu_topo.h"

enum tofu_mode { TOFU_MODE_TOFU1 = 1, TOFU_MODE_TOFUD = 2 };

/* One mode's parameters; tofu_params() returns the table with the source of
 * each value in tofu_model.c. */
struct tofu_params {
    const char *name;          /* "tofu1" / "tofud" */
    unsigned n_tni;            /* TNIs (RDMA engines) per node */
    unsigned n_links;          /* router links */
    uint32_t link_mbps;        /* per link, per direction */
    uint32_t tni_mbps;         /* one TNI's injection (and reception) rate */
    uint32_t node_mbps;        /* injection of all TNIs of a node together */
    uint32_t cmd_ns;           /* per-command overhead at the TNI */
    uint32_t base_ns;          /* path latency not due to hops */
    uint32_t hop_ns;           /* latency per hop */
    uint32_t exchange_ns;      /* seed 000 only: fixed cost of one halo exchange
                                  (Startall/Waitall, two barriers), not part of
                                  the engine; used by calibration */
    uint32_t max_piggyback;    /* bytes of data inside a command */
    uint32_t max_putget;       /* largest single put/get */
};

/* NULL for an unknown mode. */
const struct tofu_params *tofu_params(enum tofu_mode mode);
/* "tofu1" / "tofud" -> mode, 0 if unknown. */
enum tofu_mode tofu_mode_from_name(const char *name);

/* Latency of the path from -> to: base + hops * hop_ns. */
uint64_t tofu_path_ns(const struct tofu_params *p, unsigned hops);
/* Modeled time of one put of `bytes` on an idle network, issue to remote
 * delivery: cmd + bytes at min(tni, link) rate + path latency. */
uint64_t tofu_put_alone_ns(const struct tofu_params *p, unsigned hops, uint64_t bytes);

/* ---- the engine ---- */

enum tofu_op { TOFU_OP_PUT = 1, TOFU_OP_GET = 2, TOFU_OP_ATOMIC = 3 };

enum tofu_cmd_state {
    TOFU_CMD_WAITING = 0,      /* behind earlier commands of its TNI */
    TOFU_CMD_OVERHEAD,         /* started; data flows at flow_ns */
    TOFU_CMD_FLOWING,          /* data moving */
    TOFU_CMD_DONE              /* all outputs valid */
};

/* One RDMA command.  Inputs are set by the caller; outputs by the engine. */
struct tofu_cmd {
    /* inputs */
    uint32_t node;             /* rank whose TNI queue executes the command */
    uint8_t tni;               /* TNI index at `node` */
    uint8_t op;                /* enum tofu_op */
    uint8_t peer_tni;          /* TNI index at `peer` (receiving TNI of a put) */
    uint32_t peer;             /* remote rank */
    uint64_t bytes;            /* data length (8 for atomics) */
    uint64_t issue_ns;         /* modeled time the command was rung in */
    uint64_t tag;              /* caller's cookie, untouched */
    /* outputs (valid when state == TOFU_CMD_DONE) */
    uint64_t start_ns;         /* TNI began the command */
    uint64_t flow_ns;          /* data began to move */
    uint64_t end_ns;           /* last byte left the source TNI */
    uint64_t deliver_ns;       /* last byte at the destination (put: remote
                                  notice time; get/atomic: local data landed) */
    uint64_t local_ns;         /* local completion (TCQ): put -> end_ns,
                                  get/atomic -> deliver_ns */
    uint32_t hops;
    /* engine state */
    uint8_t state;
    uint8_t nres;
    uint32_t rate;             /* MB/s while flowing */
    uint64_t rem;              /* bytes left * 1000 (MB/s * ns units) */
    uint64_t res[TOFU_MAX_HOPS + 2];
};

#define TOFU_SIM_MAX_CMDS    1024
#define TOFU_SIM_MAX_QUEUES  512   /* distinct (node, TNI) queues in use */
#define TOFU_SIM_RES_SLOTS   4096  /* resource hash slots (power of 2) */

struct tofu_sim_queue {
    uint32_t node;
    uint8_t tni;
    uint8_t busy;              /* a command of this queue has started, not freed */
    uint64_t free_ns;          /* TNI free from this time */
};

struct tofu_sim_res {
    uint64_t id;
    uint32_t gen;              /* slot in use iff gen == tofu_sim.gen */
    uint32_t cap, used, nfree;
};

/* The engine state: large (about 1 MB); allocate it statically or with malloc. */
struct tofu_sim {
    const struct tofu_params *p;
    const struct tofu_shape *shape;
    uint64_t now;
    uint32_t gen;              /* resource table generation (one per event) */
    unsigned ncmds, nqueues;
    struct tofu_cmd cmds[TOFU_SIM_MAX_CMDS];
    struct tofu_sim_queue queues[TOFU_SIM_MAX_QUEUES];
    struct tofu_sim_res res[TOFU_SIM_RES_SLOTS];
};

void tofu_sim_init(struct tofu_sim *sim, const struct tofu_params *p,
                   const struct tofu_shape *shape);
uint64_t tofu_sim_now(const struct tofu_sim *sim);

/* Appends a command (copied; issue_ns earlier than now is moved to now).
 * Returns its index, or -1 when full, a rank is outside the shape, a TNI index
 * is >= n_tni, the op is unknown or bytes > max_putget. */
int tofu_sim_add(struct tofu_sim *sim, const struct tofu_cmd *cmd);
struct tofu_cmd *tofu_sim_cmd(struct tofu_sim *sim, unsigned index);
unsigned tofu_sim_count(const struct tofu_sim *sim);

/* Runs modeled time forward to `until` (or until nothing is left to do,
 * whichever is first).  Returns the number of commands not yet DONE. */
unsigned tofu_sim_advance(struct tofu_sim *sim, uint64_t until);
/* Runs every command to completion; returns the latest deliver_ns/local_ns. */
uint64_t tofu_sim_run(struct tofu_sim *sim);
/* Drops DONE commands (indices of the others shift down, order kept). */
void tofu_sim_retire(struct tofu_sim *sim);

#endif
