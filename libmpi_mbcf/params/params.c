/* params.c - environment parsing: the MPI_MBCF_* run-time parameters
 * (params.h), read once at MPI_Init. Defaults and the measurements behind
 * them: docs/mpi.md. */
#include "params.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Matched sends of at most inline_max bytes carry the data in the W_DONE
 * notice instead of a remote write before it (one frame instead of two);
 * 0 = always remote write. */
#define INLINE_DEFAULT 256
/* Wait policy (docs/architecture.md "adaptive waiting", pml_progress.c): default 0
 * rounds: a task in mbcf_wait lets the kernel defer its ack onto the reply
 * and leaves the host CPU to the peer's QEMU (paired round trips 1.8-2.1x
 * raw vs 2.2-3.4x with 64 rounds, 2026-11-22). */
#define SPIN_DEFAULT 0
/* Receives of less capacity than sreq_min get no send-request: every
 * message they can take goes eager anyway (one entry, or several up to
 * eager_multi), and a matched send could only carry such data inline in its
 * notice or as a remote write that costs the request's round trip, so the
 * request (a 64-byte record each way, kept, matched, checked and re-issued
 * after every eager message) buys nothing (docs/fastpath.md,
 * docs/notes/midsize.md). Default: max(inline_max, eager_multi) + 1; 0 =
 * every receive with a source gets one. */
#define SREQ_MIN_FOLLOW (-1)
/* Messages above the eager limit and up to eager_multi bytes that find no
 * send-request go as several message-FIFO entries instead of a
 * request-to-send: no round trip, one frame per 1336 bytes. 0 = off.
 * Default 4096 (at most 4 entries), with the receives of at most that size
 * asking for no send-request (SREQ_MIN_FOLLOW): on the tap wire osu_bw at
 * 1-4 KiB rose above the remote-write path, at 8-16 KiB it stayed below it
 * (every piece wakes the receiver, a remote write does not;
 * docs/notes/midsize.md). */
#define EAGER_MULTI_DEFAULT 4096
#define EAGER_MULTI_MAX 65536

struct mpi_params mpi_params = {
    .eager_limit = PARAMS_EAGER_MAX,
    .inline_max = INLINE_DEFAULT,
    .spin_rounds = SPIN_DEFAULT,
    .ring_budget = 1,
    .sreq_min = SREQ_MIN_FOLLOW,
    .eager_multi = EAGER_MULTI_DEFAULT,
};

static void eager_from_env(void)
{
    const char *e = getenv("MPI_MBCF_EAGER");
    if (!e)
        return;
    long v = atol(e);
    if (v < 0 || v > PARAMS_EAGER_MAX) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_EAGER=%s out of 0..%ld, using %ld\n", e,
                (long)PARAMS_EAGER_MAX, (long)PARAMS_EAGER_MAX);
        v = PARAMS_EAGER_MAX;
    }
    mpi_params.eager_limit = v;
}

static void inline_from_env(void)
{
    const char *e = getenv("MPI_MBCF_INLINE");
    if (!e || !*e)
        return;
    char *end;
    long v = strtol(e, &end, 10);
    if (*end || v < 0 || v > 1024) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_INLINE='%s' is not 0..1024; using %d\n", e,
                INLINE_DEFAULT);
        return;
    }
    mpi_params.inline_max = v;
}

/* MPI_MBCF_SPIN=n: progress rounds without news before sleeping;
 * MPI_MBCF_SPIN=poll: never sleep (pure polling). */
static void spin_from_env(void)
{
    const char *e = getenv("MPI_MBCF_SPIN");
    if (!e || !*e)
        return;
    if (!strcmp(e, "poll")) {
        mpi_params.spin_rounds = SPIN_POLL;
        return;
    }
    char *end;
    long v = strtol(e, &end, 10);
    if (*end || v < 0 || v > 1000000) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_SPIN='%s' is not 'poll' or 0..1000000; "
                "using %d\n", e, SPIN_DEFAULT);
        return;
    }
    mpi_params.spin_rounds = (int)v;
}

/* MPI_MBCF_SREQ_MIN=n (0..1048576 bytes); after MPI_MBCF_INLINE and
 * MPI_MBCF_EAGER_MULTI, whose limits the default follows. */
static void sreq_min_from_env(void)
{
    const char *e = getenv("MPI_MBCF_SREQ_MIN");
    int64_t lim = mpi_params.inline_max > mpi_params.eager_multi ? mpi_params.inline_max
                                                                 : mpi_params.eager_multi;
    mpi_params.sreq_min = lim + 1;
    if (!e || !*e)
        return;
    char *end;
    long v = strtol(e, &end, 10);
    if (*end || v < 0 || v > 1048576) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_SREQ_MIN='%s' is not 0..1048576; using %lld\n",
                e, (long long)mpi_params.sreq_min);
        return;
    }
    mpi_params.sreq_min = v;
}

static void stats_from_env(void)
{
    const char *s = getenv("MPI_MBCF_STATS");
    mpi_params.stats = s && atoi(s) == 1;
}

/* MPI_MBCF_RING_BUDGET=0 turns the channels' ring-space bound off (the
 * behaviour before it, kept to measure it: docs/npb.md, "osu_bw at 1 KiB"). */
static void ring_budget_from_env(void)
{
    const char *e = getenv("MPI_MBCF_RING_BUDGET");
    if (!e || !*e)
        return;
    if (strcmp(e, "0") && strcmp(e, "1")) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_RING_BUDGET='%s' is not 0 or 1; using 1\n", e);
        return;
    }
    mpi_params.ring_budget = e[0] == '1';
}

/* MPI_MBCF_EAGER_MULTI=n (0..65536 bytes, 0 = off; off as well when
 * MPI_MBCF_EAGER lowers the one-entry limit) */
static void eager_multi_from_env(void)
{
    const char *e = getenv("MPI_MBCF_EAGER_MULTI");
    if (!e || !*e)
        return;
    char *end;
    long v = strtol(e, &end, 10);
    if (*end || v < 0 || v > EAGER_MULTI_MAX) {
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_EAGER_MULTI='%s' is not 0..%d; using %d\n", e,
                EAGER_MULTI_MAX, EAGER_MULTI_DEFAULT);
        return;
    }
    mpi_params.eager_multi = v;
}

void params_from_env(void)
{
    eager_from_env();
    spin_from_env();
    inline_from_env();
    stats_from_env();
    ring_budget_from_env();
    eager_multi_from_env();
    if (mpi_params.eager_limit < PARAMS_EAGER_MAX)
        mpi_params.eager_multi = 0;    /* a lowered eager limit: no multi-entry either */
    sreq_min_from_env();
}
