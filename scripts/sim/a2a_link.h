/* a2a_link.h - link-load model of Alltoall on a TofuD-like torus: a coarser
 * network model than SimGrid's max-min flow solver, for the seed 004 sizes
 * SMPI cannot reach here (3072 and 27,648 nodes, seed Table 1).
 *
 * Flow-level and step-synchronous: the schedule is the library's own
 * (libmpi_mbcf/coll/coll_a2a_sched.c: pairwise rounds, Doublespread steps
 * in windows of COLL_DS_WINDOW). In each window every flow (m bytes) adds
 * itself to the links it crosses under SimGrid's torus routing (dimension
 * order X, Y, Z; per dimension the direction TorusZone::get_local_route
 * takes from the source's coordinate), to the node resource of its source
 * and of its destination, or to its node's loopback when both ends share a
 * node. Window time = overhead + max hops x hop latency + m x the largest
 * of (flows on a link / link bandwidth, flows from and to a node / node
 * bandwidth, 1 / per-flow cap, 1 / loopback bandwidth when intra-node flows
 * exist); the call is the sum over windows. Flow counts do not depend on m,
 * so one pass over the schedule prices every message size.
 *
 * What it drops against SMPI: no max-min sharing inside a window (a link
 * with k flows slows all of them to B/k for the whole window, and the
 * other flows do not speed up when one ends), no overlap of a window with
 * the next (SMPI keeps 3 Doublespread steps in flight per rank, sliding;
 * a2al_time_overlap gives the other end of that bracket), no rank skew.
 * Plain C, no MPI: unit-tested in tests/host/test_a2a_link.c. */
#ifndef SCRIPTS_SIM_A2A_LINK_H
#define SCRIPTS_SIM_A2A_LINK_H

#include "coll_shape.h"

/* The physical platform (scripts/sim/platform.py writes the same figures
 * for SMPI: the TofuD row of drivers/tofu_emu/model/tofu_model.c). */
struct a2al_plat {
    int pd[3];              /* physical torus, SimGrid order (first fastest); unused dims 1 */
    double link_mbps;       /* per link and direction (6800) */
    double hop_ns;          /* per hop (80) */
    double node_mbps;       /* per node, shared by the flows it sends and receives
                               (SimGrid's limiter link, measured: docs/collectives.md
                               (a2alink)); 0: none */
    double flow_mbps;       /* per-flow cap (TNI); 0: none beyond the links */
    double loop_mbps;       /* intra-node flow, each alone (SimGrid FATPIPE loopback) */
    double msg_ns;          /* per-window overhead */
};

enum a2al_alg { A2AL_PAIRWISE, A2AL_DOUBLESPREAD };

/* One window's flow counts: the most flows on one link direction, the
 * most flows from plus to one node (not through it); the longest route
 * (hops); whether any flow crosses the network / stays inside a node. */
struct a2al_win {
    int link, node, hops;
    unsigned char inter, intra;
    int weight;             /* windows of the schedule it stands for (1: exact profile) */
};

/* The priced schedule of one (job shape, ppn, algorithm) on a platform:
 * nwin windows (or samples of windows, see a2al_profile_sampled). */
struct a2al_prof {
    int nwin;
    struct a2al_win *w;
    long link_total;        /* the most flows one link direction carries over the call */
    long node_total;        /* the most flows from and to one node over the call */
};

/* Window statistics of `alg` for the ranks of shape sh (ppn folded into X,
 * coll_shape_make), rank r on physical node node_of[r] (ids x + X(y + Y z)
 * of plat->pd). Returns 0, or -1 without memory. */
int a2al_profile(const struct a2al_plat *plat, const struct coll_shape *sh,
                 const int *node_of, enum a2al_alg alg, struct a2al_prof *out);
/* The same from every stride-th window only (the middle one of each group
 * of stride consecutive windows, weighted by the group's size): the
 * 27,648 x 4 profiles in a fraction of the time; the error of the sampling
 * is measured against exact profiles (docs/collectives.md (a2alink)). */
int a2al_profile_sampled(const struct a2al_plat *plat, const struct coll_shape *sh,
                         const int *node_of, enum a2al_alg alg, int stride,
                         struct a2al_prof *out);
void a2al_prof_free(struct a2al_prof *p);

/* The modeled time (s) of one call with m bytes per pair. */
double a2al_time(const struct a2al_plat *plat, const struct a2al_prof *p, double m);
/* The other end of the bracket (s): windows overlapping perfectly - the
 * windows' latencies in sequence plus m x the busiest link's (or node's)
 * flows over the whole call at full bandwidth, as if no flow ever waited
 * for another window (SMPI's sliding Doublespread window lies between). */
double a2al_time_overlap(const struct a2al_plat *plat, const struct a2al_prof *p, double m);
/* The time of one window (s). */
double a2al_win_time(const struct a2al_plat *plat, const struct a2al_win *w, double m);

/* Hops and links of the route from physical node a to b (SimGrid's torus
 * routing): for each dimension d, len[d] hops in direction dir[d] (0 up:
 * i -> i+1, 1 down: i+1 -> i). Returns the total hop count. */
int a2al_route(const struct a2al_plat *plat, int a, int b, int len[3], int dir[3]);

#endif
