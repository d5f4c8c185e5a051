/* coll_select.c - per-collective algorithm choice from the environment:
 * MPI_MBCF_COLL_<NAME>=<algorithm>, MPI_MBCF_COLL_<NAME>_SEGSIZE=<bytes>,
 * MPI_MBCF_COLL_MODEL_L_US / _B_MBS for the cost model's link figures.
 * Read at each call, so a program (or test) may change them between calls.
 * Name lists must stay in the order of the enums in coll_internal.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "coll_internal.h"

#define L(...) (const char *const[]){ "auto", __VA_ARGS__, NULL }

static const struct {
    const char *name;               /* lower-case collective name */
    const char *env;                /* MPI_MBCF_COLL_<NAME> */
    const char *const *algs;
} colls[COLL_COUNT] = {
    [COLL_BARRIER]   = { "barrier", "MPI_MBCF_COLL_BARRIER", L("dissemination", "linear") },
    [COLL_BCAST]     = { "bcast", "MPI_MBCF_COLL_BCAST",
                         L("linear", "binomial", "chain", "pipeline", "bintree",
                           "split_bintree", "scatter_allgather",
                           "trinaryx3", "trinaryx6", "bintree3d", "bintree6d") },
    [COLL_REDUCE]    = { "reduce", "MPI_MBCF_COLL_REDUCE", L("linear", "binomial") },
    [COLL_ALLREDUCE] = { "allreduce", "MPI_MBCF_COLL_ALLREDUCE",
                         L("reduce_bcast", "recursive_doubling", "rabenseifner") },
    [COLL_GATHER]    = { "gather", "MPI_MBCF_COLL_GATHER", L("linear", "binomial") },
    [COLL_GATHERV]   = { "gatherv", "MPI_MBCF_COLL_GATHERV", L("linear") },
    [COLL_SCATTER]   = { "scatter", "MPI_MBCF_COLL_SCATTER", L("linear", "binomial") },
    [COLL_SCATTERV]  = { "scatterv", "MPI_MBCF_COLL_SCATTERV", L("linear") },
    [COLL_ALLGATHER] = { "allgather", "MPI_MBCF_COLL_ALLGATHER",
                         L("gather_bcast", "ring", "recursive_doubling", "bruck") },
    [COLL_ALLGATHERV] = { "allgatherv", "MPI_MBCF_COLL_ALLGATHERV", L("linear", "ring") },
    [COLL_ALLTOALL]  = { "alltoall", "MPI_MBCF_COLL_ALLTOALL", L("linear", "pairwise", "bruck", "doublespread") },
    [COLL_ALLTOALLV] = { "alltoallv", "MPI_MBCF_COLL_ALLTOALLV",
                         L("linear", "pairwise", "doublespread") },
    [COLL_REDUCE_SCATTER] = { "reduce_scatter", "MPI_MBCF_COLL_REDUCE_SCATTER",
                              L("reduce_scatterv", "halving") },
    [COLL_REDUCE_SCATTER_BLOCK] = { "reduce_scatter_block", "MPI_MBCF_COLL_REDUCE_SCATTER_BLOCK",
                                    L("reduce_scatterv", "halving") },
    [COLL_SCAN]      = { "scan", "MPI_MBCF_COLL_SCAN", L("linear", "recursive_doubling") },
    [COLL_EXSCAN]    = { "exscan", "MPI_MBCF_COLL_EXSCAN", L("linear", "recursive_doubling") },
};

/* Last bad value warned about, per collective, so a loop does not flood. */
static char warned[COLL_COUNT][64];

static void warn_once(enum coll_id id, const char *what, const char *val)
{
    if (strncmp(warned[id], val, sizeof warned[id] - 1) == 0)
        return;
    snprintf(warned[id], sizeof warned[id], "%s", val);
    fprintf(stderr, "libmpi_mbcf: %s: %s \"%s\"; using the default\n",
            colls[id].env, what, val);
}

int coll_choice(enum coll_id id)
{
    const char *v = getenv(colls[id].env);
    if (!v || !*v)
        return 0;
    for (int i = 0; colls[id].algs[i]; i++)
        if (strcasecmp(v, colls[id].algs[i]) == 0)
            return i;
    char msg[256];
    size_t n = (size_t)snprintf(msg, sizeof msg, "unknown algorithm (known:");
    for (int i = 0; colls[id].algs[i] && n < sizeof msg; i++)
        n += (size_t)snprintf(msg + n, sizeof msg - n, " %s", colls[id].algs[i]);
    if (n < sizeof msg)
        snprintf(msg + n, sizeof msg - n, ")");
    warn_once(id, msg, v);
    return 0;
}

/* Parse a positive decimal with optional k/K or m/M suffix; 0 if bad. */
static size_t parse_size(const char *v)
{
    char *end;
    unsigned long long x = strtoull(v, &end, 10);
    if (end == v)
        return 0;
    if (*end == 'k' || *end == 'K') { x *= 1024; end++; }
    else if (*end == 'm' || *end == 'M') { x *= 1024 * 1024; end++; }
    if (*end || x == 0 || x > (1ULL << 30))
        return 0;
    return (size_t)x;
}

size_t coll_segsize_env(enum coll_id id)
{
    char name[96];
    snprintf(name, sizeof name, "%s_SEGSIZE", colls[id].env);
    const char *v = getenv(name);
    if (!v || !*v)
        return 0;
    size_t s = parse_size(v);
    static char warned_seg[COLL_COUNT][64];
    if (!s && strncmp(warned_seg[id], v, sizeof warned_seg[id] - 1) != 0) {
        snprintf(warned_seg[id], sizeof warned_seg[id], "%s", v);
        fprintf(stderr, "libmpi_mbcf: %s: bad segment size \"%s\" (want 1..1G bytes, "
                "k/M suffix allowed); using the cost model\n", name, v);
    }
    return s;
}

/* Defaults for MBCF over QEMU e1000 on a 2-core host: one-way latency of
 * a small message and streaming bandwidth (docs/architecture.md reference figures:
 * raw frame RTT 345-490 us, TCP 52-65 MB/s; MBCF should beat both). */
#define DEFAULT_L_US   100.0
#define DEFAULT_B_MBS  40.0

void coll_model_params(double *Lp, double *Bp)
{
    double l = DEFAULT_L_US, b = DEFAULT_B_MBS;
    const char *v;
    if ((v = getenv("MPI_MBCF_COLL_MODEL_L_US")) && *v) {
        double x = strtod(v, NULL);
        if (x > 0) l = x;
    }
    if ((v = getenv("MPI_MBCF_COLL_MODEL_B_MBS")) && *v) {
        double x = strtod(v, NULL);
        if (x > 0) b = x;
    }
    *Lp = l * 1e-6;
    *Bp = b * 1e6;
}

const char *const *coll_algorithm_names(const char *coll)
{
    for (int i = 0; i < COLL_COUNT; i++)
        if (coll && strcasecmp(coll, colls[i].name) == 0)
            return colls[i].algs;
    return NULL;
}
