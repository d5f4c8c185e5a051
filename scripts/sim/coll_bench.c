/* coll_bench.c - the seed 004 measurement driver for SimGrid SMPI (built
 * with smpicc against the same libmpi_mbcf/coll source as the guests and
 * the MPICH host tests). Times one collective per message size on the
 * simulated clock and prints CSV on rank 0:
 *   coll,shape,ppn,procs,alg,seg,bytes,t_us,thr_MBs,chosen,chosen_seg
 * bytes = M of seed 004: Bcast message, or Alltoall(v) bytes per pair;
 * thr = eq. 2 (M/t) for Bcast, eq. 1 ((Np-Nlp) Nlp M / t) for Alltoall(v).
 * The algorithm and segment size come from MPI_MBCF_COLL_<NAME>(_SEGSIZE)
 * (or the tuner: alg "auto"); "chosen" is what coll_stats() saw it run.
 * Usage: coll_bench bcast|alltoall|alltoallv SIZES [ITERS]
 *   SIZES comma-separated, k/M suffixes. COLL_BENCH_VERIFY=1 checks the
 *   data of every call and prints a TAP line per size (plain buffers). COLL_BENCH_LABEL replaces the
 *   alg column (tuner / fugaku rows); COLL_BENCH_PPN = Nlp of eq. 1. Buffers: plain malloc, or one
 *   shared block per size with COLL_BENCH_SHARED=1 (SMPI_SHARED_MALLOC).
 * Guest build (QEMU, -DCOLL_BENCH_TOFU_MODEL): t_us is wall time, and a
 * last column model_tofud_us gives the modeled TofuD time of the same call:
 * the algorithm's R rounds and X bytes (coll_tune.c terms of what ran, at
 * the segment size that ran), each round one put of X/R bytes over one hop
 * on an idle network, priced by the Tofu timing model's TofuD row
 * (tofu_put_alone_ns, drivers/tofu_emu/model/tofu_model.c). No contention: the
 * QEMU transport is MBCF, not the emulated Tofu, so the device's own
 * modeled clock does not see these messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "coll.h"
#ifdef COLL_BENCH_TOFU_MODEL
#include "coll_shape.h"
#include "coll_tune.h"
#include "tofu_model.h"

/* Modeled TofuD time (us) of one call of what ran (see the top comment). */
static double tofud_model_us(const char *coll, const char *alg, size_t M, size_t seg, int size)
{
    struct coll_shape sh;
    struct tune_terms x = { 0, 0, 0 };
    coll_shape_make(getenv("MPI_MBCF_SHAPE"), size, &sh);
    int bc = strcmp(coll, "bcast") == 0, n = bc ? TB_COUNT : TA_COUNT;
    const char *const *l = bc ? coll_tune_bcast_names : coll_tune_a2a_names;
    for (int a = 0; a < n; a++)
        if (strcmp(l[a], alg) == 0)
            x = bc ? coll_tune_bcast_terms(a, &sh, (double)M, (double)seg)
                   : coll_tune_a2a_terms(a, &sh, (double)M);
    if (!(x.R > 0))
        return -1;                      /* an algorithm the tuner has no terms for */
    const struct tofu_params *p = tofu_params(TOFU_MODE_TOFUD);
    return x.R * (double)tofu_put_alone_ns(p, 1, (uint64_t)(x.X / x.R)) / 1e3;
}
#endif

static int verify;   /* COLL_BENCH_VERIFY (same on all ranks) */

static size_t parse_size(const char *s, char **end)
{
    size_t v = strtoull(s, end, 10);
    if (**end == 'k' || **end == 'K') { v <<= 10; (*end)++; }
    else if (**end == 'm' || **end == 'M') { v <<= 20; (*end)++; }
    return v;
}

static void *buf_alloc(size_t n)
{
#ifdef SMPI_SHARED_MALLOC
    const char *s = getenv("COLL_BENCH_SHARED");
    if (s && atoi(s) > 0 && !verify)
        return SMPI_SHARED_MALLOC(n ? n : 1);
#endif
    return calloc(n ? n : 1, 1);
}

static void buf_free(void *p)
{
#ifdef SMPI_SHARED_MALLOC
    const char *s = getenv("COLL_BENCH_SHARED");
    if (s && atoi(s) > 0 && !verify) {
        SMPI_SHARED_FREE(p);
        return;
    }
#endif
    free(p);
}

/* COLL_BENCH_VERIFY=1: fill patterns before and check after each call;
 * bad bytes of this rank are added to *bad. */
static unsigned char pat(size_t a, size_t b, size_t i)
{
    return (unsigned char)(a * 31 + b * 7 + i * 3 + 1);
}

/* One timed call; returns the slowest rank's time (s). */
static double run_one(const char *coll, size_t M, MPI_Comm comm, int size, long *bad)
{
    int me;
    MPI_Comm_rank(comm, &me);
    void *a = NULL, *b = NULL;
    int *cnt = NULL, *dsp = NULL, rc = MPI_SUCCESS;
    if (strcmp(coll, "bcast") == 0) {
        a = buf_alloc(M);
    } else {
        a = buf_alloc(M * (size_t)size);
        b = buf_alloc(M * (size_t)size);
        cnt = malloc(sizeof(int) * (size_t)size);
        dsp = malloc(sizeof(int) * (size_t)size);
        for (int i = 0; i < size; i++) {
            cnt[i] = (int)M;
            dsp[i] = (int)(M * (size_t)i);
        }
    }
    if (verify) {
        unsigned char *x = a;
        if (strcmp(coll, "bcast") == 0)
            for (size_t i = 0; i < M; i++)
                x[i] = me == 0 ? pat(0, M, i) : 0;
        else
            for (size_t j = 0; j < (size_t)size; j++)
                for (size_t i = 0; i < M; i++)
                    x[j * M + i] = pat((size_t)me, j, i);
    }
    MPI_Barrier(comm);
    double t0 = MPI_Wtime();
    if (strcmp(coll, "bcast") == 0)
        rc = coll_bcast(a, (int)M, MPI_BYTE, 0, comm);
    else if (strcmp(coll, "alltoall") == 0)
        rc = coll_alltoall(a, (int)M, MPI_BYTE, b, (int)M, MPI_BYTE, comm);
    else
        rc = coll_alltoallv(a, cnt, dsp, MPI_BYTE, b, cnt, dsp, MPI_BYTE, comm);
    double t = MPI_Wtime() - t0, tmax = 0;
    if (rc != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 3);
    MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (verify) {
        const unsigned char *x = a, *y = b;
        if (strcmp(coll, "bcast") == 0) {
            for (size_t i = 0; i < M; i++)
                *bad += x[i] != pat(0, M, i);
        } else {
            for (size_t j = 0; j < (size_t)size; j++)
                for (size_t i = 0; i < M; i++)
                    *bad += y[j * M + i] != pat(j, (size_t)me, i);
        }
    }
    buf_free(a);
    if (b)
        buf_free(b);
    free(cnt);
    free(dsp);
    return tmax;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    const char *v = getenv("COLL_BENCH_VERIFY");
    verify = v && atoi(v) > 0;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3 || (strcmp(argv[1], "bcast") && strcmp(argv[1], "alltoall") &&
                     strcmp(argv[1], "alltoallv"))) {
        if (rank == 0)
            fprintf(stderr, "usage: coll_bench bcast|alltoall|alltoallv SIZES [ITERS]\n");
        MPI_Finalize();
        return 2;
    }
    const char *coll = argv[1];
    int iters = argc > 3 ? atoi(argv[3]) : 1;
    const char *shape = getenv("MPI_MBCF_SHAPE"), *ppn = getenv("COLL_BENCH_PPN");
    char env[64], segenv[80];
    snprintf(env, sizeof env, "MPI_MBCF_COLL_%s", strcmp(coll, "bcast") == 0 ? "BCAST"
             : strcmp(coll, "alltoall") == 0 ? "ALLTOALL" : "ALLTOALLV");
    snprintf(segenv, sizeof segenv, "%s_SEGSIZE", env);
    const char *const *names = coll_algorithm_names(coll);
    MPI_Comm comm;                      /* the algorithms' own context */
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    int nlp = ppn ? atoi(ppn) : 1;
    /* COLL_BENCH_ALGS="a,b,...": one pass per algorithm in this run (set
     * into MPI_MBCF_COLL_<NAME> before its calls; one QEMU boot for all) */
    static char algs[256];
    const char *al = getenv("COLL_BENCH_ALGS");
    snprintf(algs, sizeof algs, "%s", al && *al ? al : "");
    for (char *ap = algs, *anext; ap; ap = anext) {
        anext = strchr(ap, ',');
        if (anext)
            *anext++ = 0;
        if (*ap)
            setenv(env, ap, 1);
        const char *alg = getenv(env), *seg = getenv(segenv), *label = getenv("COLL_BENCH_LABEL");
        if (label && *label)
            alg = label;                    /* "tuner" / "fugaku" rows */
        if (!alg || !*alg)
            alg = "auto";
        for (char *s = argv[2], *end; *s; s = *end ? end + 1 : end) {
            size_t M = parse_size(s, &end);
            double best = 0;
            long bad = 0, allbad = 0;
            struct coll_stats before = *coll_stats();
            for (int i = 0; i < iters; i++) {
                double t = run_one(coll, M, comm, size, &bad);
                if (i == 0 || t < best)
                    best = t;
            }
            /* which algorithm ran (this rank's counters; all ranks agree) */
            const struct coll_stats *st = coll_stats();
            const unsigned long *now = strcmp(coll, "bcast") == 0 ? st->bcast_by_alg
                                     : strcmp(coll, "alltoall") == 0 ? st->alltoall_by_alg
                                     : st->alltoallv_by_alg;
            const unsigned long *was = strcmp(coll, "bcast") == 0 ? before.bcast_by_alg
                                     : strcmp(coll, "alltoall") == 0 ? before.alltoall_by_alg
                                     : before.alltoallv_by_alg;
            int ran = 0, nalg = strcmp(coll, "bcast") == 0 ? 16 : 8;
            for (int a = 0; a < nalg && names[a]; a++)
                if (now[a] != was[a])
                    ran = a;
            double thr = strcmp(coll, "bcast") == 0 ? (double)M / best
                       : (double)(size - nlp) * nlp * (double)M / best;
            if (rank == 0) {
                printf("%s,%s,%d,%d,%s,%s,%zu,%.3f,%.1f,%s,%zu", coll, shape ? shape : "",
                       nlp, size, alg, seg && *seg ? seg : "model", M, best * 1e6,
                       thr / 1e6, names[ran], st->last_seg);
    #ifdef COLL_BENCH_TOFU_MODEL
                printf(",%.3f", tofud_model_us(coll, names[ran], M,
                                               strcmp(coll, "bcast") == 0 ? st->last_seg : 0, size));
    #endif
                printf("\n");
            }
            if (verify) {
                MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
                if (rank == 0)
                    printf("%s - %s/%s %zu B on %d ranks (shape %s): %ld bad bytes\n",
                           allbad ? "not ok" : "ok", coll, alg, M, size, shape ? shape : "1-D",
                           allbad);
            }
            fflush(stdout);
        }
    }
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
