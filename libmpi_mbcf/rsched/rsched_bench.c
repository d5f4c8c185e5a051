/* rsched_bench.c - the host simulation of seed 000's evaluation, in one run:
 *   rsched_bench OUTDIR
 * writes into OUTDIR (made by the caller):
 *   rsched.csv          every row (mode, case, k, scheduler, modeled times)
 *   rsched.md           per mode and case a table like figs. 4/6/8/10/12,
 *                       the seed's findings beside the model's, and the
 *                       host time the scheduler itself takes
 *   perf_<mode>_<case>.dat    gnuplot input: k, then one column per scheduler
 *   sched_<mode>_<case>.dat   gnuplot input: process 0's schedules at k = 872,
 *                       planned and modeled, one block per scheduler (figs.
 *                       3/5/7/9/11)
 *   schedules_<mode>.txt       the same schedules as rsched_print text
 * scripts/sim/rsched_plot OUTDIR draws the PNGs from the .dat files. */
#include "rsched_table.h"
#include "rsched_halo.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_ROWS 1024
#define DRAW_K 872

static struct rsched_row rows[2][MAX_ROWS];
static int nrows[2];

static FILE *open_out(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    return f;
}

static double us(uint64_t ns) { return ns / 1000.0; }

/* exchange time of one row, and its net part (without the fixed exchange
 * cost of the mode: what the seed subtracts as "about 18 us") */
static double t_of(int m, enum tofu_mode mode, int hcase, int k, const char *algo, int net)
{
    const struct rsched_row *r = rsched_table_find(rows[m], nrows[m], mode, hcase, k, algo);
    if (!r)
        return -1;
    double t = us(r->exchange_ns);
    return net ? t - us(tofu_params(mode)->exchange_ns) : t;
}

static const char *near2(double ratio)
{
    return ratio >= 1.6 && ratio <= 2.4 ? "yes" : "no";
}

/* Fastest scheduler (not orig) of a row, name into buf. */
static const char *fastest(int m, enum tofu_mode mode, int hcase, int k, char *buf, int n)
{
    int na;
    const char *const *algos = rsched_table_algos(mode, &na);
    double best = 1e300;
    buf[0] = 0;
    for (int a = 0; a < na; a++) {
        double t = t_of(m, mode, hcase, k, algos[a], 0);
        if (strncmp(algos[a], "orig", 4) && t >= 0 && t < best - 1e-9) {
            best = t;
            snprintf(buf, (size_t)n, "%s", algos[a]);
        } else if (strncmp(algos[a], "orig", 4) && t >= 0 && t < best + 1e-9) {
            size_t l = strlen(buf);
            snprintf(buf + l, (size_t)n - l, "=%s", algos[a]);
        }
    }
    return buf;
}

/* Seed 000's findings, point by point, beside the model's figures (Tofu1). */
static void findings(FILE *f)
{
    const enum tofu_mode T1 = TOFU_MODE_TOFU1;
    const int ks[] = { 60, 327, 872 };
    char b[96];
    fprintf(f, "\n## Seed 000's findings beside the model (Tofu1, 8 x 6 processes)\n\n");
    fprintf(f, "net = exchange time minus the fixed %.0f us per exchange (the seed's \"about 18 us\").\n\n",
            us(tofu_params(T1)->exchange_ns));
    fprintf(f, "| finding (seed 000) | k=60 | k=327 | k=872 | about as the seed says? (k=872) |\n");
    fprintf(f, "|---|---:|---:|---:|---|\n");
    double r[3];
    for (int i = 0; i < 3; i++) {
        double others = 0;
        const char *o[] = { "rr2", "rr4", "bl1", "bl2", "bl4" };
        for (int j = 0; j < 5; j++)
            others += t_of(0, T1, RSCHED_HALO_EW, ks[i], o[j], 1) / 5;
        r[i] = t_of(0, T1, RSCHED_HALO_EW, ks[i], "rr1", 1) / others;
    }
    fprintf(f, "| E-W: rr1 about 2x the others, net (sec 4.2) | %.2fx | %.2fx | %.2fx | %s |\n",
            r[0], r[1], r[2], near2(r[2]));
    for (int i = 0; i < 3; i++)
        r[i] = t_of(0, T1, RSCHED_HALO_EW, ks[i], "bl4", 0);
    fprintf(f, "| E-W: 72 us at k=872 for all but rr1 (fig. 4) | %.1f us | %.1f us | %.1f us | %s |\n",
            r[0], r[1], r[2], r[2] > 65 && r[2] < 80 ? "yes" : "no");
    fprintf(f, "| N-S: rr4 fastest (sec 4.3) | %s |", fastest(0, T1, RSCHED_HALO_NS, 60, b, sizeof b));
    fprintf(f, " %s |", fastest(0, T1, RSCHED_HALO_NS, 327, b, sizeof b));
    fastest(0, T1, RSCHED_HALO_NS, 872, b, sizeof b);
    fprintf(f, " %s | %s |\n", b, strcmp(b, "rr4") ? "no" : "yes");
    for (int i = 0; i < 3; i++)
        r[i] = t_of(0, T1, RSCHED_HALO_NS, ks[i], "rr2", 1) / t_of(0, T1, RSCHED_HALO_NS, ks[i], "rr4", 1);
    fprintf(f, "| N-S: rr2 2x rr4, net (108 vs 64 us at 872) | %.2fx | %.2fx | %.2fx | %s |\n",
            r[0], r[1], r[2], near2(r[2]));
    for (int i = 0; i < 3; i++)
        r[i] = t_of(0, T1, RSCHED_HALO_NS, ks[i], "rr1", 1) / t_of(0, T1, RSCHED_HALO_NS, ks[i], "bl4", 1);
    fprintf(f, "| N-S: rr1 2x BLbased, net | %.2fx | %.2fx | %.2fx | %s |\n", r[0], r[1], r[2], near2(r[2]));
    for (int i = 0; i < 3; i++)
        r[i] = t_of(0, T1, RSCHED_HALO_NS, ks[i], "bl4", 0);
    fprintf(f, "| N-S: BLbased 74 us at 872 (sec 4.3) | %.1f us | %.1f us | %.1f us | %s |\n",
            r[0], r[1], r[2], r[2] > 67 && r[2] < 81 ? "yes" : "no");
    static const int big[] = { RSCHED_HALO_4DIR, RSCHED_HALO_ALL };
    static const char *bigname[] = { "4 directions (sec 4.4)", "all 8 (sec 4.6)" };
    for (int c = 0; c < 2; c++) {
        fprintf(f, "| %s: bl4 fastest |", bigname[c]);
        for (int i = 0; i < 3; i++)
            fprintf(f, " %s |", fastest(0, T1, big[c], ks[i], b, sizeof b));
        fprintf(f, " %s |\n", strstr(b, "bl4") ? "yes" : "no");
        for (int i = 0; i < 3; i++)
            r[i] = t_of(0, T1, big[c], ks[i], "orig", 0) / t_of(0, T1, big[c], ks[i], "bl4", 0);
        fprintf(f, "| %s: orig about 2x bl4 | %.2fx | %.2fx | %.2fx | %s |\n", bigname[c], r[0], r[1],
                r[2], near2(r[2]));
        for (int i = 0; i < 3; i++)
            r[i] = t_of(0, T1, big[c], ks[i], "orig2", 0) / t_of(0, T1, big[c], ks[i], "bl4", 0);
        fprintf(f, "| %s: orig2 (orig on 2 engines, ours) / bl4 | %.2fx | %.2fx | %.2fx | %s |\n",
                bigname[c], r[0], r[1], r[2], near2(r[2]));
    }
    for (int i = 0; i < 3; i++)
        r[i] = t_of(0, T1, RSCHED_HALO_4DIR, ks[i], "bl4", 0);
    fprintf(f, "| 4 directions: bl4 86 us at 872 (sec 4.4) | %.1f us | %.1f us | %.1f us | %s |\n",
            r[0], r[1], r[2], r[2] > 78 && r[2] < 94 ? "yes" : "no");
    fprintf(f, "| diagonals: bl4 < bl2 < rr4 < rr2 (sec 4.5) |");
    for (int i = 0; i < 3; i++) {
        const char *o[] = { "bl4", "bl2", "rr4", "rr2" };
        double t[4];
        for (int j = 0; j < 4; j++)
            t[j] = t_of(0, T1, RSCHED_HALO_DIAG, ks[i], o[j], 0);
        fprintf(f, " bl4 %.1f, bl2 %.1f, rr4 %.1f, rr2 %.1f |", t[0], t[1], t[2], t[3]);
        if (i == 2)
            fprintf(f, " %s |\n", t[0] < t[1] && t[1] < t[2] && t[2] < t[3] ? "yes" : "no");
    }
    fprintf(f, "| diagonals, small (sec 5, fig. 13): engine count matters; bl1 / bl2 / bl4 / bl4o |");
    for (int i = 0; i < 3; i++)
        fprintf(f, " %.1f / %.1f / %.1f / %.1f |", t_of(0, T1, RSCHED_HALO_DIAG, ks[i], "bl1", 0),
                t_of(0, T1, RSCHED_HALO_DIAG, ks[i], "bl2", 0), t_of(0, T1, RSCHED_HALO_DIAG, ks[i], "bl4", 0),
                t_of(0, T1, RSCHED_HALO_DIAG, ks[i], "bl4o", 0));
    fprintf(f, " (bl4o best at k=60: %s) |\n",
            t_of(0, T1, RSCHED_HALO_DIAG, 60, "bl4o", 0) <= t_of(0, T1, RSCHED_HALO_DIAG, 60, "bl4", 0) ? "yes" : "no");
}

/* Process 0's schedules at DRAW_K: planned (from the plan) and modeled (the
 * timing model's engine start and delivery), one gnuplot block per algo. */
static void schedules(const char *dir, const struct rsched_sim_cfg *cfg)
{
    int na;
    const char *const *algos = rsched_table_algos(cfg->mode, &na);
    const char *mname = tofu_params(cfg->mode)->name;
    char name[128];
    snprintf(name, sizeof name, "schedules_%s.txt", mname);
    FILE *txt = open_out(dir, name);
    static struct rsched_sim_out out;
    for (int c = 0; c < RSCHED_HALO_NCASES; c++) {
        snprintf(name, sizeof name, "sched_%s_%s.dat", mname, rsched_halo_case_name(c));
        FILE *f = open_out(dir, name);
        for (int a = 0; a < na; a++) {
            if (rsched_sim_run(cfg, algos[a], c, DRAW_K, &out)) {
                fprintf(stderr, "rsched_bench: %s %s failed\n", algos[a], rsched_halo_case_name(c));
                exit(1);
            }
            fprintf(txt, "\n== %s %s k=%d (%s): modeled exchange %.1f us\n", mname,
                    rsched_halo_case_name(c), DRAW_K, algos[a], us(out.exchange_ns));
            rsched_print(txt, &out.plan, out.puts);
            fprintf(f, "# %s engines %d plan_us %.3f model_us %.3f\n", algos[a], out.plan.nengines,
                    us(out.plan.makespan), us(out.comm_ns));
            fprintf(f, "# engine plan_start plan_end model_start model_end dir dirname len\n");
            for (int i = 0; i < out.n; i++) {
                const struct rsched_cmd *cmd = &out.plan.cmd[i];
                fprintf(f, "%d %.3f %.3f %.3f %.3f %d %s %u\n", cmd->engine, us(cmd->start), us(cmd->end),
                        us(out.mstart[i]), us(out.mend[i]), out.puts[i].dir,
                        rsched_dir_name(out.puts[i].dir), (unsigned)out.puts[i].len);
            }
            fprintf(f, "\n\n");
        }
        fclose(f);
    }
    fclose(txt);
}

static void perf_dat(const char *dir, int m, enum tofu_mode mode)
{
    int na;
    const char *const *algos = rsched_table_algos(mode, &na);
    for (int c = 0; c < RSCHED_HALO_NCASES; c++) {
        char name[128];
        snprintf(name, sizeof name, "perf_%s_%s.dat", tofu_params(mode)->name, rsched_halo_case_name(c));
        FILE *f = open_out(dir, name);
        fprintf(f, "k");
        for (int a = 0; a < na; a++)
            fprintf(f, " %s", algos[a]);
        fprintf(f, " orig2\n");
        for (int i = 0; i < RSCHED_HALO_NK; i++) {
            fprintf(f, "%d", rsched_halo_k[i]);
            for (int a = 0; a < na; a++)
                fprintf(f, " %.3f", t_of(m, mode, c, rsched_halo_k[i], algos[a], 0));
            fprintf(f, " %.3f\n", t_of(m, mode, c, rsched_halo_k[i], "orig2", 0));
        }
        fclose(f);
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Host time of rsched_schedule on the 14 puts of the 8-direction halo
 * (median of 201 runs; the seed's figures leave it out, sec 4.1). */
static void sched_cost(FILE *f, const struct rsched_sim_cfg *cfg)
{
    int na;
    const char *const *algos = rsched_table_algos(cfg->mode, &na);
    struct rsched_cost cost = rsched_sim_cost(cfg);
    struct rsched_put puts[RSCHED_MAX_PUTS];
    int n = rsched_halo_puts(RSCHED_HALO_ALL, DRAW_K, cfg->px, cfg->py, 0, 0, puts, RSCHED_MAX_PUTS);
    fprintf(f, "\n%s: host time to schedule the 14 puts of all 8 directions (median of 201, ns):",
            tofu_params(cfg->mode)->name);
    for (int a = 0; a < na; a++) {
        if (!strncmp(algos[a], "orig", 4))
            continue;
        static struct rsched_plan p;
        uint64_t t[201];
        for (int i = 0; i < 201; i++) {
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            rsched_schedule_named(algos[a], &cost, puts, n, &p);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            t[i] = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)(t1.tv_nsec - t0.tv_nsec);
        }
        qsort(t, 201, sizeof t[0], cmp_u64);
        fprintf(f, " %s %llu;", algos[a], (unsigned long long)t[100]);
    }
    fprintf(f, "\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    const enum tofu_mode modes[2] = { TOFU_MODE_TOFU1, TOFU_MODE_TOFUD };
    FILE *csv = open_out(dir, "rsched.csv"), *md = open_out(dir, "rsched.md");
    fprintf(md, "# RSched halo exchange, host simulation (seed 000 sec 4)\n\n"
                "48 processes on an 8 x 6 periodic grid, SCALE-LES3 halo of Table 1, one exchange\n"
                "per point through the Tofu timing model (deterministic: one exchange stands for\n"
                "the seed's 41,000). Times are modeled, not measured. orig = eager/rendezvous on one\n"
                "engine, orig2 the same on two (see docs/rsched.md).\n");
    for (int m = 0; m < 2; m++) {
        struct rsched_sim_cfg cfg;
        rsched_sim_defaults(&cfg, modes[m]);
        int na;
        const char *const *algos = rsched_table_algos(modes[m], &na);
        const char *with2[16];
        memcpy(with2, algos, (size_t)na * sizeof *algos);
        with2[na] = "orig2";
        nrows[m] = rsched_table_build(&cfg, rsched_halo_k, RSCHED_HALO_NK, with2, na + 1, rows[m], MAX_ROWS);
        if (nrows[m] < 0) {
            fprintf(stderr, "rsched_bench: %s: %s\n", tofu_params(modes[m])->name, rsched_strerror(nrows[m]));
            return 1;
        }
        rsched_table_csv(csv, rows[m], nrows[m], m == 0);
        fprintf(md, "\n## %s (%u engines)\n", tofu_params(modes[m])->name, tofu_params(modes[m])->n_tni);
        rsched_table_md(md, rows[m], nrows[m], with2, na + 1);
        perf_dat(dir, m, modes[m]);
        schedules(dir, &cfg);
        sched_cost(md, &cfg);
    }
    findings(md);
    fclose(csv);
    fclose(md);
    printf("rsched_bench: %d + %d rows in %s\n", nrows[0], nrows[1], dir);
    return 0;
}
