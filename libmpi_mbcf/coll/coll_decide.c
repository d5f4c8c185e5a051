/* coll_decide.c - the MPI side of the tuner: the node shape of a
 * communicator, the fitted table, the choice for Bcast and Alltoall(v)
 * (model, or the Fugaku-like rule of seed 004 sec 4.2), decision printing
 * and the counters of coll_stats(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "coll_internal.h"
#include "coll_shape.h"
#include "coll_tune.h"

static struct coll_stats stats;

const struct coll_stats *coll_stats(void)
{
    return &stats;
}

void coll_comm_shape(MPI_Comm comm, struct coll_shape *sh)
{
    int size;
    MPI_Comm_size(comm, &size);
    coll_shape_make(getenv("MPI_MBCF_SHAPE"), size, sh);
}

static int verbose(void)
{
    const char *v = getenv("MPI_MBCF_COLL_VERBOSE");
    return v && atoi(v) > 0;
}

/* Load MPI_MBCF_COLL_TUNE_FILE once (a later change of the path reloads). */
static void load_table(void)
{
    static char loaded[256];
    const char *c = getenv("MPI_MBCF_COLL_TUNE_CARRY");
    coll_tune_carry = !(c && atoi(c) == 0);
    const char *m = getenv("MPI_MBCF_COLL_SEG_MIN");
    if (m && atol(m) > 0)
        coll_tune_seg_min = (size_t)atol(m);
    const char *f = getenv("MPI_MBCF_COLL_TUNE_FILE");
    if (!f || !*f || strcmp(loaded, f) == 0)
        return;
    snprintf(loaded, sizeof loaded, "%s", f);
    if (coll_tune_load(f) < 0)
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_COLL_TUNE_FILE: cannot read \"%s\" "
                "(want lines: coll alg XxYxZ ppn L_us B_MBs [T0_us]); built-in figures used\n", f);
}

/* Index of an algorithm name in a collective's list (0 if absent). */
static int alg_index(const char *coll, const char *name)
{
    const char *const *l = coll_algorithm_names(coll);
    for (int i = 0; l && l[i]; i++)
        if (strcasecmp(l[i], name) == 0)
            return i;
    return 0;
}

static void say(MPI_Comm comm, const char *coll, size_t n, const struct coll_shape *sh,
                const char *alg, size_t seg, const char *why, double t)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (rank != 0 || !verbose())
        return;
    fprintf(stderr, "libmpi_mbcf: %s %zu B on %d ranks, shape %dx%dx%d ppn %d -> %s seg %zu (%s",
            coll, n, size, sh->n[0] / sh->ppn, sh->n[1], sh->n[2], sh->ppn, alg, seg, why);
    if (t > 0)
        fprintf(stderr, ", model %.2f us", t * 1e6);
    fprintf(stderr, ")\n");
}

/* "model", or which node shape's fit the model carried over (looked up
 * only for the decision print). */
static const char *model_why(const char *coll, const struct coll_shape *sh)
{
    static char why[80];
    int n[3];
    if (!verbose() || !coll_tune_carried(coll, sh, n))
        return "model";
    snprintf(why, sizeof why, "model, fit of %dx%dx%d carried over", n[0], n[1], n[2]);
    return why;
}

void coll_decide_bcast(MPI_Comm comm, const struct coll_shape *sh, size_t n, int *alg,
                       size_t *seg)
{
    double L, B, t = -1;
    const char *why = "forced";
    coll_model_params(&L, &B);
    load_table();
    if (*alg == BCAST_AUTO) {
        const char *rule = getenv("MPI_MBCF_COLL_RULE");
        struct tune_choice c;
        if (rule && strcasecmp(rule, "fugaku") == 0) {
            c = coll_tune_bcast_fugaku(n);
            why = "fugaku rule";
        } else {
            c = coll_tune_bcast(sh, n, L, B, NULL);
            why = model_why("bcast", sh);
        }
        *alg = alg_index("bcast", coll_tune_bcast_names[c.alg]);
        if (!*seg)
            *seg = c.seg;
        t = c.t;
    } else if (!*seg) {
        /* forced algorithm: its best segment size by the model */
        const char *name = coll_algorithm_names("bcast")[*alg];
        for (int a = 0; a < TB_COUNT; a++)
            if (strcasecmp(coll_tune_bcast_names[a], name) == 0)
                *seg = coll_tune_bcast_alg(a, sh, n, L, B, &t, NULL);
    }
    stats.bcast_calls++;
    stats.last_seg = *seg;
    if (*alg < 16)
        stats.bcast_by_alg[*alg]++;
    say(comm, "bcast", n, sh, coll_algorithm_names("bcast")[*alg], *seg, why, t);
}

int coll_decide_a2a(MPI_Comm comm, const struct coll_shape *sh, size_t m, int v, int forced,
                    int ds_ok)
{
    const char *coll = v ? "alltoallv" : "alltoall";
    int ds = v ? ALLTOALLV_DOUBLESPREAD : ALLTOALL_DOUBLESPREAD;
    int pw = v ? ALLTOALLV_PAIRWISE : ALLTOALL_PAIRWISE;
    int alg = forced;
    double t = -1;
    const char *why = "forced";
    if (alg == 0) {
        double L, B;
        int allowed[TA_COUNT] = { 1, 1, !v, ds_ok };
        coll_model_params(&L, &B);
        load_table();
        struct tune_choice c = coll_tune_a2a(coll, sh, m, allowed, L, B);
        alg = alg_index(coll, coll_tune_a2a_names[c.alg]);
        t = c.t;
        why = model_why(coll, sh);
    }
    if (alg == ds && !ds_ok) {
        alg = pw;
        why = "doublespread not applicable (non-contiguous or MPI_PACKED): pairwise";
        stats.doublespread_fallbacks++;
    }
    if (v) {
        stats.alltoallv_calls++;
        stats.alltoallv_by_alg[alg & 7]++;
    } else {
        stats.alltoall_calls++;
        stats.alltoall_by_alg[alg & 7]++;
    }
    say(comm, coll, m, sh, coll_algorithm_names(coll)[alg], 0, why, t);
    return alg;
}
