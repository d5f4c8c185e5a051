/* rsched_grid.c - the host simulation (rsched_sim.h) for one grid, as CSV
 * lines for scripts/qemu/bench_rsched: the modeled time of one exchange of
 * every process of a PX x PY periodic grid, per case, k and scheduler,
 * "orig" (MPI's eager/rendezvous as rsched_sim.c models it) included, so a
 * QEMU run's table can show orig in modeled Tofu time too.
 *   rsched_grid tofu1|tofud PX PY CASE[,CASE] K[,K] ALGO[,ALGO]
 * prints "mode,grid,case,k,algo,exchange_us,comm_us" per combination. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsched_halo.h"
#include "rsched_sim.h"

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: %s tofu1|tofud PX PY CASE[,CASE] K[,K] ALGO[,ALGO]\n", argv[0]);
        return 2;
    }
    enum tofu_mode mode = !strcmp(argv[1], "tofud") ? TOFU_MODE_TOFUD : TOFU_MODE_TOFU1;
    if (mode == TOFU_MODE_TOFU1 && strcmp(argv[1], "tofu1")) {
        fprintf(stderr, "rsched_grid: mode %s is neither tofu1 nor tofud\n", argv[1]);
        return 2;
    }
    struct rsched_sim_cfg cfg;
    rsched_sim_defaults(&cfg, mode);
    cfg.px = atoi(argv[2]);
    cfg.py = atoi(argv[3]);
    static struct rsched_sim_out out;
    int rc = 0;
    char *cs = strdup(argv[4]), *s1 = NULL;
    for (char *c = strtok_r(cs, ",", &s1); c; c = strtok_r(NULL, ",", &s1)) {
        int hcase = rsched_halo_case_from_name(c);
        if (hcase < 0) {
            fprintf(stderr, "rsched_grid: unknown case %s\n", c);
            return 2;
        }
        char *ks = strdup(argv[5]), *s2 = NULL;
        for (char *k = strtok_r(ks, ",", &s2); k; k = strtok_r(NULL, ",", &s2)) {
            char *as = strdup(argv[6]), *s3 = NULL;
            for (char *a = strtok_r(as, ",", &s3); a; a = strtok_r(NULL, ",", &s3)) {
                int e = rsched_sim_run(&cfg, a, hcase, atoi(k), &out);
                if (e) {
                    fprintf(stderr, "rsched_grid: %s %s k=%s on %dx%d: error %d\n", a, c, k,
                            cfg.px, cfg.py, e);
                    rc = 1;
                    continue;
                }
                printf("%s,%dx%d,%s,%s,%s,%.2f,%.2f\n", argv[1], cfg.px, cfg.py, c, k, a,
                       out.exchange_ns / 1000.0, out.comm_ns / 1000.0);
            }
            free(as);
        }
        free(ks);
    }
    free(cs);
    return rc;
}
