/* rsched_table.h - the table of seed 000's evaluation from the host
 * simulation: per case (sec 4.2-4.6), per vertical size k (Table 1), per
 * scheduler (and orig), the modeled time of one halo exchange; written as
 * CSV and as Markdown (one table per case, k down, schedulers across, like
 * the seed's figures 4, 6, 8, 10, 12). */
#ifndef LIBMPI_MBCF_RSCHED_TABLE_H
#define LIBMPI_MBCF_RSCHED_TABLE_H

#include <stdint.h>
#include <stdio.h>
#include "rsched_sim.h"

struct rsched_row {
    enum tofu_mode mode;
    int hcase;
    int k;
    char algo[8];
    int n;                  /* puts per process */
    uint64_t bytes;         /* bytes per process */
    uint64_t plan_ns, comm_ns, exchange_ns;
};

/* The schedulers compared in a mode: orig, rr1 rr2 rr4, bl1 bl2 bl4, bl4o,
 * and in TofuD mode also rr6, bl6, bl6o. *n gets the count. */
const char *const *rsched_table_algos(enum tofu_mode mode, int *n);

/* One row per case x k x algo, in that nesting. Returns the row count, or a
 * negative error of rsched_sim_run (also when more than max rows). */
int rsched_table_build(const struct rsched_sim_cfg *cfg, const int *ks, int nk,
                       const char *const *algos, int na, struct rsched_row *rows, int max);

/* The row of (mode, case, k, algo), or NULL. */
const struct rsched_row *rsched_table_find(const struct rsched_row *rows, int n,
                                           enum tofu_mode mode, int hcase, int k,
                                           const char *algo);

/* CSV: mode,case,k,algo,puts,bytes,plan_us,comm_us,exchange_us. */
void rsched_table_csv(FILE *f, const struct rsched_row *rows, int n, int header);
/* Markdown: one table per (mode, case) present in rows: k, bytes, then the
 * exchange time in us per algo; the fastest of each row in bold. */
void rsched_table_md(FILE *f, const struct rsched_row *rows, int n, const char *const *algos,
                     int na);

#endif
