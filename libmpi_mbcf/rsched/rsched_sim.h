/* rsched_sim.h - host simulation of seed 000's benchmark (sec 4.1): one halo
 * exchange of all processes of a px x py periodic grid (the seed's 48 =
 * 8 x 6), every process running the plan of the chosen scheduler, timed by
 * the shared Tofu timing model (drivers/tofu_emu/model/tofu_model.h). The model is
 * deterministic and exchanges are separated by barriers, so one exchange
 * stands for the seed's 41,000.
 *
 * How a plan becomes modeled time:
 *  - the CPU writes the command queues of the engines it uses one after the
 *    other, one access each (access_ns, seed 000 sec 5: "about 1 us"): the
 *    k-th used engine's commands are issued at k * access_ns;
 *  - each engine then runs its queue in order, back to back (a real engine
 *    cannot wait for a planned start: gaps in a plan disappear);
 *  - the timing model shares node injection, links on the dimension-order
 *    route and receiving TNIs among the puts in flight, and adds its
 *    per-command overhead and path latency;
 *  - one exchange = last byte delivered anywhere + the model's fixed
 *    exchange_ns (Startall/Waitall and their two barriers, sec 4.1).
 * "orig" (the eager/rendezvous protocol of the seed's figures 8 and 12) is
 * modeled as rsched_sim.c says. */
#ifndef LIBMPI_MBCF_RSCHED_SIM_H
#define LIBMPI_MBCF_RSCHED_SIM_H

#include <stdint.h>
#include "rsched.h"
#include "tofu_model.h"

struct rsched_sim_cfg {
    enum tofu_mode mode;
    int px, py;              /* process grid, one process per node */
    uint32_t access_ns;      /* CPU time to fill and ring one engine's queue */
    /* orig only */
    uint32_t eager_max;      /* largest eager message */
    uint32_t sw_ns;          /* MPI software time per message, serial on the CPU */
    uint32_t copy_mbps;      /* eager: receive-side copy out of the bounce buffer */
};
/* The seed's setting: 8 x 6 processes; values and sources in rsched_sim.c. */
void rsched_sim_defaults(struct rsched_sim_cfg *cfg, enum tofu_mode mode);
/* The scheduler's planning cost derived from the mode's parameter table. */
struct rsched_cost rsched_sim_cost(const struct rsched_sim_cfg *cfg);

struct rsched_sim_out {
    uint64_t exchange_ns;    /* modeled time of one exchange */
    uint64_t comm_ns;        /* of which the puts (first issue to last delivery) */
    uint64_t plan_ns;        /* the scheduler's planned makespan (process 0) */
    uint64_t bytes;          /* bytes each process sends per exchange */
    int n;                   /* puts per process */
    struct rsched_put puts[RSCHED_MAX_PUTS];   /* process 0's request set */
    struct rsched_plan plan;                   /* process 0's plan ("orig": one engine) */
    uint64_t mstart[RSCHED_MAX_PUTS];          /* process 0, modeled: engine began */
    uint64_t mend[RSCHED_MAX_PUTS];            /* process 0, modeled: delivered */
};

enum {
    RSCHED_SIM_EMODEL = -10,   /* mode unknown, grid too large, or the model refused a command */
    RSCHED_SIM_ECHECK = -11,   /* a plan broke a constraint (see stderr) */
};

/* algo: "orig", "orig<N>" (N engines, see rsched_sim.c) or a scheduler name
 * (rsched_parse). Returns 0, an rsched_err
 * (unknown name, too few engines) or RSCHED_SIM_E*. */
int rsched_sim_run(const struct rsched_sim_cfg *cfg, const char *algo, int hcase, int k,
                   struct rsched_sim_out *out);

#endif
