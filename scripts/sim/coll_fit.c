/* coll_fit.c - fits L and B per collective, algorithm, node shape and ranks
 * per node to the rows of a coll_bench CSV (scripts/sim/sweep.sh), with
 * the cost terms and least squares of libmpi_mbcf/coll/coll_tune.c, and
 * writes the tuner's table (MPI_MBCF_COLL_TUNE_FILE format); or prints the
 * model's time over segment sizes (seed 004 fig. 8 curves).
 *   coll_fit fit RESULTS.csv [HOLDOUT] > tune.txt
 *   coll_fit predict TUNE.txt RESULTS.csv [HOLDOUT] > model.csv
 *   coll_fit curve TUNE.txt ALG SHAPE BYTES SEG[,SEG...]   (bcast, ppn 1)
 *   coll_fit decide TUNE.txt|- SHAPE BYTES[,BYTES...] [SEG_MIN]
 *     the tuner's Bcast choice (alg, seg, model us) and the Fugaku-like
 *     rule's per size, as coll_decide.c makes it at run time (ppn 1,
 *     default L/B 0.5 us / 6800 MB/s where the table has no entry)
 * HOLDOUT: message sizes (bytes, comma list) left out of the fit, for an
 * out-of-sample check; predict marks their rows held_out=1.
 * Rows labelled tuner / fugaku / auto are not fitted. A segmented tree's
 * rows that ran pipelined (chosen_seg > 0) fit the entry "<alg>/seg". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coll_tune.h"
#include "coll_model.h"

struct row { char coll[16], shape[32], alg[24]; int ppn, procs, alg_i; double M, seg, t; };

static int alg_of(const char *coll, const char *name)
{
    int n = strcmp(coll, "bcast") == 0 ? TB_COUNT : TA_COUNT;
    const char *const *l = strcmp(coll, "bcast") == 0 ? coll_tune_bcast_names : coll_tune_a2a_names;
    for (int i = 0; i < n; i++)
        if (strcmp(l[i], name) == 0)
            return i;
    return -1;
}

static struct tune_terms terms(const struct row *r)
{
    struct coll_shape sh;
    coll_shape_make(r->shape, r->procs, &sh);
    if (strcmp(r->coll, "bcast") == 0)
        return coll_tune_bcast_terms(r->alg_i, &sh, r->M, r->seg);
    return coll_tune_a2a_terms(r->alg_i, &sh, r->M);
}

/* Is M one of the comma-separated sizes of list (NULL: none)? */
static int in_list(const char *list, double M)
{
    for (const char *q = list; q && *q;) {
        char *end;
        double v = strtod(q, &end);
        if (end == q)
            break;
        if (v == M)
            return 1;
        q = *end == ',' ? end + 1 : end;
    }
    return 0;
}

/* The fittable rows of a coll_bench CSV (times in s); -1 if unreadable. */
static int read_rows(const char *path, struct row *rows, int max)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    int n = 0;
    char line[512];
    while (fgets(line, sizeof line, f) && n < max) {
        struct row r;
        char seg[32], chosen[24];
        double thr;
        unsigned long cseg;
        if (sscanf(line, "%15[^,],%31[^,],%d,%d,%23[^,],%31[^,],%lf,%lf,%lf,%23[^,],%lu",
                   r.coll, r.shape, &r.ppn, &r.procs, r.alg, seg, &r.M, &r.t, &thr, chosen,
                   &cseg) != 11)
            continue;                   /* header */
        r.alg_i = alg_of(r.coll, r.alg);
        if (r.alg_i < 0)                /* tuner / fugaku / auto rows */
            continue;
        r.seg = (double)cseg;
        /* the pipelined regime of a segmented tree is its own entry */
        if (strcmp(r.coll, "bcast") == 0 && coll_tune_bcast_segmented(r.alg_i) && cseg > 0)
            strncat(r.alg, "/seg", sizeof r.alg - strlen(r.alg) - 1);
        r.t *= 1e-6;
        rows[n++] = r;
    }
    fclose(f);
    return n;
}

static struct row rows[20000];

static int fit(const char *path, const char *holdout)
{
    int all = read_rows(path, rows, 20000), n = 0;
    if (all < 0)
        return 1;
    for (int i = 0; i < all; i++)
        if (!in_list(holdout, rows[i].M))
            rows[n++] = rows[i];
    printf("# fitted by scripts/sim/coll_fit from %s%s%s: coll alg shape ppn L_us B_MBs T0_us Bc_MBs\n",
           path, holdout ? ", sizes held out: " : "", holdout ? holdout : "");
    static char done[20000];
    for (int i = 0; i < n; i++) {
        if (done[i])
            continue;
        static struct tune_terms x[20000];
        static double t[20000];
        int k = 0;
        for (int j = i; j < n; j++) {
            if (done[j] || strcmp(rows[j].coll, rows[i].coll) || strcmp(rows[j].shape, rows[i].shape) ||
                rows[j].ppn != rows[i].ppn || strcmp(rows[j].alg, rows[i].alg))
                continue;
            done[j] = 1;
            x[k] = terms(&rows[j]);
            t[k++] = rows[j].t;
        }
        double L, B, T0, Bc;
        if (coll_tune_fit4(x, t, k, &T0, &L, &B, &Bc) != 0) {
            printf("# %s %s %s %d: no fit from %d samples\n", rows[i].coll, rows[i].alg,
                   rows[i].shape, rows[i].ppn, k);
            continue;
        }
        double worst = 0;
        for (int j = 0; j < k; j++) {
            double e = (T0 + coll_tune_cost(x[j], L, B, Bc) - t[j]) / t[j];
            if (e < 0) e = -e;
            if (e > worst) worst = e;
        }
        printf("%s %s %s %d %.4f %.1f %.4f %.1f   # %d samples, worst relative error %.0f%%\n",
               rows[i].coll, rows[i].alg, rows[i].shape, rows[i].ppn, L * 1e6, B / 1e6,
               T0 * 1e6, Bc / 1e6, k, worst * 100);
    }
    return 0;
}

/* Model beside simulation for every fittable row: t = T0 + R*L + X/B
 * with the table's entry of the row's algorithm and regime. */
static int predict(const char *tune, const char *path, const char *holdout)
{
    if (coll_tune_load(tune) < 0) {
        fprintf(stderr, "coll_fit: cannot read %s\n", tune);
        return 1;
    }
    int n = read_rows(path, rows, 20000);
    if (n < 0)
        return 1;
    printf("coll,shape,ppn,alg,seg,bytes,sim_us,model_us,err_pct,held_out\n");
    for (int i = 0; i < n; i++) {
        const struct row *r = &rows[i];
        struct coll_shape sh;
        double L, B;
        coll_shape_make(r->shape, r->procs, &sh);
        if (!coll_tune_params(r->coll, r->alg, &sh, 0, 0, &L, &B))
            continue;
        struct tune_terms x = terms(r);
        double m = coll_tune_t0(r->coll, r->alg, &sh) +
                   coll_tune_cost(x, L, B, coll_tune_bc(r->coll, r->alg, &sh));
        printf("%s,%s,%d,%s,%.0f,%.0f,%.3f,%.3f,%.1f,%d\n", r->coll, r->shape, r->ppn, r->alg,
               r->seg, r->M, r->t * 1e6, m * 1e6, (m - r->t) / r->t * 100, in_list(holdout, r->M));
    }
    return 0;
}

static int curve(int argc, char **argv)
{
    if (argc < 7)
        return 2;
    if (coll_tune_load(argv[2]) < 0) {
        fprintf(stderr, "coll_fit: cannot read %s\n", argv[2]);
        return 1;
    }
    int a = alg_of("bcast", argv[3]);
    if (a < 0)
        return 2;
    struct coll_shape sh;
    int n[3];
    if (coll_shape_parse(argv[4], n) != 0)
        return 2;
    coll_shape_make(argv[4], n[0] * n[1] * n[2], &sh);
    double L, B, M = atof(argv[5]);
    coll_tune_params("bcast", argv[3], &sh, 0.5e-6, 6.8e9, &L, &B);
    double T0 = coll_tune_t0("bcast", argv[3], &sh);
    for (char *s = argv[6], *end; *s; s = *end ? end + 1 : end) {
        double seg = strtod(s, &end);
        struct tune_terms x = coll_tune_bcast_terms(a, &sh, M, seg);
        printf("%.0f,%.3f\n", seg, (T0 + x.R * L + x.X / B) * 1e6);
    }
    double t;
    size_t best = coll_tune_bcast_seg(a, &sh, (size_t)M, L, B, &t);
    t += T0;
    printf("# tuner segment %zu, model %.3f us (L %.3f us, B %.0f MB/s)\n", best, t * 1e6,
           L * 1e6, B / 1e6);
    return 0;
}

static int decide(int argc, char **argv)
{
    if (argc < 5)
        return 2;
    if (strcmp(argv[2], "-") != 0 && coll_tune_load(argv[2]) < 0) {
        fprintf(stderr, "coll_fit: cannot read %s\n", argv[2]);
        return 1;
    }
    if (argc > 5)
        coll_tune_seg_min = (size_t)atol(argv[5]);
    struct coll_shape sh;
    int n[3];
    if (coll_shape_parse(argv[3], n) != 0)
        return 2;
    coll_shape_make(argv[3], n[0] * n[1] * n[2], &sh);
    printf("shape,bytes,tuner_alg,tuner_seg,model_us,rule_alg,rule_seg\n");
    for (char *s = argv[4], *end; *s; s = *end ? end + 1 : end) {
        size_t M = (size_t)strtod(s, &end);
        if (*end == 'k' || *end == 'K') { M <<= 10; end++; }
        else if (*end == 'm' || *end == 'M') { M <<= 20; end++; }
        struct tune_choice c = coll_tune_bcast(&sh, M, 0.5e-6, 6.8e9, NULL);
        struct tune_choice f = coll_tune_bcast_fugaku(M);
        printf("%s,%zu,%s,%zu,%.3f,%s,%zu\n", argv[3], M, coll_tune_bcast_names[c.alg], c.seg,
               c.t * 1e6, coll_tune_bcast_names[f.alg], f.seg);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "fit") == 0)
        return fit(argv[2], argc > 3 ? argv[3] : NULL);
    if (argc >= 4 && strcmp(argv[1], "predict") == 0)
        return predict(argv[2], argv[3], argc > 4 ? argv[4] : NULL);
    if (argc >= 2 && strcmp(argv[1], "curve") == 0) {
        int rc = curve(argc, argv);
        if (rc != 2)
            return rc;
    }
    if (argc >= 2 && strcmp(argv[1], "decide") == 0) {
        int rc = decide(argc, argv);
        if (rc != 2)
            return rc;
    }
    fprintf(stderr, "usage: coll_fit fit RESULTS.csv [HOLDOUT] | coll_fit predict TUNE RESULTS.csv [HOLDOUT] |\n       coll_fit curve TUNE ALG SHAPE BYTES SEG,... | coll_fit decide TUNE|- SHAPE BYTES,... [SEG_MIN]\n");
    return 2;
}
