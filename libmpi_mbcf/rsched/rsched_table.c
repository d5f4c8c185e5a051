/* rsched_table.c - builds and writes the simulation's table (rsched_table.h). */
#include "rsched_table.h"
#include "rsched_halo.h"

#include <string.h>

static const char *const algos_tofu1[] = { "orig", "rr1", "rr2", "rr4", "bl1", "bl2", "bl4", "bl4o" };
static const char *const algos_tofud[] = { "orig", "rr1", "rr2", "rr4", "rr6", "bl1", "bl2", "bl4",
                                           "bl4o", "bl6", "bl6o" };

const char *const *rsched_table_algos(enum tofu_mode mode, int *n)
{
    if (mode == TOFU_MODE_TOFUD) {
        *n = (int)(sizeof algos_tofud / sizeof algos_tofud[0]);
        return algos_tofud;
    }
    *n = (int)(sizeof algos_tofu1 / sizeof algos_tofu1[0]);
    return algos_tofu1;
}

int rsched_table_build(const struct rsched_sim_cfg *cfg, const int *ks, int nk,
                       const char *const *algos, int na, struct rsched_row *rows, int max)
{
    static struct rsched_sim_out out;
    int n = 0;
    for (int c = 0; c < RSCHED_HALO_NCASES; c++)
        for (int i = 0; i < nk; i++)
            for (int a = 0; a < na; a++) {
                if (n >= max)
                    return RSCHED_EINVAL;
                int rc = rsched_sim_run(cfg, algos[a], c, ks[i], &out);
                if (rc)
                    return rc;
                struct rsched_row *r = &rows[n++];
                memset(r, 0, sizeof *r);
                r->mode = cfg->mode;
                r->hcase = c;
                r->k = ks[i];
                snprintf(r->algo, sizeof r->algo, "%s", algos[a]);
                r->n = out.n;
                r->bytes = out.bytes;
                r->plan_ns = out.plan_ns;
                r->comm_ns = out.comm_ns;
                r->exchange_ns = out.exchange_ns;
            }
    return n;
}

const struct rsched_row *rsched_table_find(const struct rsched_row *rows, int n,
                                           enum tofu_mode mode, int hcase, int k,
                                           const char *algo)
{
    for (int i = 0; i < n; i++)
        if (rows[i].mode == mode && rows[i].hcase == hcase && rows[i].k == k &&
            !strcmp(rows[i].algo, algo))
            return &rows[i];
    return NULL;
}

static const char *mode_name(enum tofu_mode m)
{
    const struct tofu_params *p = tofu_params(m);
    return p ? p->name : "?";
}

void rsched_table_csv(FILE *f, const struct rsched_row *rows, int n, int header)
{
    if (header)
        fprintf(f, "mode,case,k,algo,puts,bytes,plan_us,comm_us,exchange_us\n");
    for (int i = 0; i < n; i++) {
        const struct rsched_row *r = &rows[i];
        fprintf(f, "%s,%s,%d,%s,%d,%llu,%.3f,%.3f,%.3f\n", mode_name(r->mode),
                rsched_halo_case_name(r->hcase), r->k, r->algo, r->n,
                (unsigned long long)r->bytes, r->plan_ns / 1000.0, r->comm_ns / 1000.0,
                r->exchange_ns / 1000.0);
    }
}

void rsched_table_md(FILE *f, const struct rsched_row *rows, int n, const char *const *algos,
                     int na)
{
    for (int i = 0; i < n; i++) {
        const struct rsched_row *r = &rows[i];
        int first = 1;      /* first row of its (mode, case) */
        for (int j = 0; j < i && first; j++)
            first = rows[j].mode != r->mode || rows[j].hcase != r->hcase;
        if (!first)
            continue;
        fprintf(f, "\n%s, %s: modeled time per exchange [us]\n\n| k | bytes/proc |",
                mode_name(r->mode), rsched_halo_case_name(r->hcase));
        for (int a = 0; a < na; a++)
            fprintf(f, " %s |", algos[a]);
        fprintf(f, "\n|---:|---:|");
        for (int a = 0; a < na; a++)
            fprintf(f, "---:|");
        fprintf(f, "\n");
        for (int j = i; j < n; j++) {
            const struct rsched_row *s = &rows[j];
            if (s->mode != r->mode || s->hcase != r->hcase)
                continue;
            int dup = 0;    /* one line per k: only at that k's first row */
            for (int t = i; t < j && !dup; t++)
                dup = rows[t].mode == s->mode && rows[t].hcase == s->hcase && rows[t].k == s->k;
            if (dup)
                continue;
            uint64_t best = UINT64_MAX;
            for (int a = 0; a < na; a++) {
                const struct rsched_row *x = rsched_table_find(rows, n, s->mode, s->hcase, s->k, algos[a]);
                if (x && x->exchange_ns < best)
                    best = x->exchange_ns;
            }
            fprintf(f, "| %d | %llu |", s->k, (unsigned long long)s->bytes);
            for (int a = 0; a < na; a++) {
                const struct rsched_row *x = rsched_table_find(rows, n, s->mode, s->hcase, s->k, algos[a]);
                if (!x)
                    fprintf(f, " - |");
                else if (x->exchange_ns == best)
                    fprintf(f, " **%.1f** |", x->exchange_ns / 1000.0);
                else
                    fprintf(f, " %.1f |", x->exchange_ns / 1000.0);
            }
            fprintf(f, "\n");
        }
    }
}
