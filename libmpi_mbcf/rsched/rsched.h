/* rsched.h - RSched, the RDMA command scheduler of seed 000 (Hatanaka, Hori,
 * Ishikawa, "RDMA scheduling for faster MPI communication"): a set of RDMA
 * puts given at once (a persistent halo exchange started by MPI_Startall) is
 * turned into one ordered command list per RDMA engine (TNI), with modeled
 * start and end times.
 *
 * Schedulers (selected by name, as MPI_MBCF_RSCHED will):
 *   rr<m>   RoundRobin(m), seed 000 sec 3.2.1: puts queued in input order on
 *           engines 0..m-1 in turn (no link or receiver awareness).
 *   bl<m>   BLbased(m), sec 3.2.2: bottom-left packing of the puts sorted by
 *           length (descending) then direction, so that all finish soonest,
 *           never two puts on one link at the same time, no two puts meeting
 *           on one receive engine at the destination, and at most m engines
 *           busy with diagonal puts at once (E/W/N/S are not limited).
 *   bl<m>o  the overhead-aware BLbased of sec 5 (fig. 14): engine e is
 *           pre-charged with the time the issuing CPU needs to reach its
 *           queue (e+1 engine accesses, about 1 us each on Tofu1), so small
 *           puts stay on the first engines instead of paying that access.
 * m may be at most the engine count of the cost table: 4 on Tofu1, 6 on
 * TofuD (bl6, bl6o, rr6 are the TofuD 6-engine modes).
 *
 * Plain C, no kernel or MPI headers: unit-tested on the host
 * (tests/host/test_rsched.c). Times are integer nanoseconds of the
 * scheduler's own planning model (rsched_put_ns); the real duration of a
 * schedule, with link sharing, is for a timing model to say. */
#ifndef LIBMPI_MBCF_RSCHED_H
#define LIBMPI_MBCF_RSCHED_H

#include <stdint.h>
#include <stdio.h>

#define RSCHED_MAX_PUTS    64
#define RSCHED_MAX_ENGINES 8

/* The 8 neighbour directions of a 2-D halo. The order is the second sort
 * key of BLbased (seed 000 sec 3.2.2) and the colour order of the plots. */
enum rsched_dir {
    RSCHED_E, RSCHED_W, RSCHED_N, RSCHED_S,
    RSCHED_NE, RSCHED_NW, RSCHED_SE, RSCHED_SW,
    RSCHED_NDIR
};
const char *rsched_dir_name(int dir);     /* "E".."SW", "?" when out of range */
int rsched_dir_is_diagonal(int dir);
int rsched_dir_opposite(int dir);         /* E<->W, NE<->SW, ...; -1 when out of range */
/* Grid offset of a direction: E is +x, N is +y. */
void rsched_dir_offset(int dir, int *dx, int *dy);
/* The direction of offset (dx, dy), each in -1..1; -1 for (0, 0) or others. */
int rsched_dir_from_offset(int dx, int dy);

/* One RDMA put of the request set. Direction stands for the network link it
 * occupies (seed 000 fig. 1: colour = direction = link); dest is the
 * destination process (any id, compared only for equality). */
struct rsched_put {
    int dir;
    uint32_t len;
    int dest;
};

/* Planning cost of one engine (the scheduler's model, not the simulator's):
 * a put of len bytes occupies its engine put_ns + len * 1000 / mbps ns
 * (rounded up). access_ns is the CPU's time to reach one engine's command
 * queue, used only by the overhead-aware variant. */
struct rsched_cost {
    int nengines;          /* engines (TNIs) of the node, 1..RSCHED_MAX_ENGINES */
    uint32_t put_ns;       /* fixed per-command time on the engine */
    uint32_t mbps;         /* engine injection rate, bytes per microsecond */
    uint32_t access_ns;    /* per-engine queue access (seed 000 sec 5: about 1 us) */
};
uint64_t rsched_put_ns(const struct rsched_cost *c, uint32_t len);

enum rsched_kind { RSCHED_RR, RSCHED_BL };
struct rsched_algo {
    enum rsched_kind kind;
    int m;                 /* rr: engines used; bl: diagonal limit */
    int overhead_aware;    /* bl<m>o */
};

/* One scheduled command: which put, on which engine, arriving on which
 * receive engine of the destination, from when to when (planned ns). */
struct rsched_cmd {
    int put;               /* index into the request set */
    int engine;
    int rx_engine;
    uint64_t start, end;
};

struct rsched_plan {
    int nengines;
    int ncmds;
    struct rsched_cmd cmd[RSCHED_MAX_PUTS];        /* cmd[i] schedules put i */
    int nq[RSCHED_MAX_ENGINES];                    /* commands per engine */
    int q[RSCHED_MAX_ENGINES][RSCHED_MAX_PUTS];    /* put indices in start order */
    uint64_t makespan;
};

enum rsched_err {
    RSCHED_OK = 0,
    RSCHED_EINVAL = -1,    /* bad argument: count, direction, cost, name */
    RSCHED_ENGINES = -2,   /* the algorithm needs more engines than the cost table has */
};
const char *rsched_strerror(int err);

/* Parses rr<m>, bl<m>, bl<m>o (m in 1..RSCHED_MAX_ENGINES). 0 or RSCHED_EINVAL. */
int rsched_parse(const char *name, struct rsched_algo *out);
/* Canonical name ("rr4", "bl4o"), into buf of size n; returns buf. */
const char *rsched_name(const struct rsched_algo *a, char *buf, int n);

/* Schedules puts[0..n-1]. 0 on success, RSCHED_EINVAL on a bad request set
 * or cost, RSCHED_ENGINES when a->m > c->nengines. */
int rsched_schedule(const struct rsched_algo *a, const struct rsched_cost *c,
                    const struct rsched_put *puts, int n, struct rsched_plan *out);
int rsched_schedule_named(const char *name, const struct rsched_cost *c,
                          const struct rsched_put *puts, int n, struct rsched_plan *out);

/* Per engine, in start order: "start end dir len dest rx" lines. */
void rsched_print(FILE *f, const struct rsched_plan *p, const struct rsched_put *puts);

/* Constraint check of a plan against its request set, for tests and
 * assertions. Always: every put scheduled exactly once, on an engine below
 * nengines, end = start + rsched_put_ns, no two commands of one engine
 * overlapping, queues in start order, makespan = last end. With
 * RSCHED_CHECK_BL also: no two puts in one direction overlapping, no two
 * puts to one destination overlapping on one receive engine, at most
 * diag_limit diagonal puts at once. Returns 0, or -1 with a one-line reason
 * in why (size n). */
#define RSCHED_CHECK_BL 1
int rsched_check(const struct rsched_plan *p, const struct rsched_cost *c,
                 const struct rsched_put *puts, int n, int flags, int diag_limit,
                 char *why, int whylen);

#endif
