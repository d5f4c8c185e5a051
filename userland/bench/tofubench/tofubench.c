/* tofubench.c - put latency and bandwidth of the emulated Tofu controller, in
 * modeled time (the Tofu timing model, utofu_emu.h) beside wall time (this
 * QEMU cluster), per size from 8 B to 16 MiB (scripts/qemu/bench_tofu, make
 * bench-tofu). Run on 4 nodes (--tofu 2x2x1); node 0 measures, the others
 * answer (latency) or only receive (bandwidth).
 *   lat: ping-pong of puts with remote notices between nodes 0 and 1;
 *        half the round trip, median over the repetitions.
 *   bw:  node 0 posts k puts per TNI and waits for all local completions;
 *        configs: 1 TNI to 1 neighbour, all TNIs to 1 neighbour (one link),
 *        all TNIs to 2 neighbours (two links).
 * Output lines: "tofubench lat MODE SIZE MODEL_NS WALL_NS" and
 * "tofubench bw MODE CONFIG SIZE MODEL_MBPS WALL_MBPS". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "utofu.h"
#include "utofu_emu.h"
#include "jtofu.h"

#define MAXSZ (16u << 20)
#define NT 6

static int me, n, ntni;
static utofu_vcq_hdl_t vh[NT];
static utofu_vcq_id_t vcq0[4];   /* TNI 0 VCQ of each node */
static utofu_vcq_id_t vcq_t[4][NT];
static uint8_t *buf, *ctl;
static utofu_stadd_t s_buf, s_ctl;

static void die(const char *what, int rc)
{
    printf("tofubench: %s: %s\n", what, utofu_strerror(rc));
    exit(1);
}

/* Wait for one remote notice with edata e on VCQ 0 (others are dropped). */
static void wait_notice(int e)
{
    struct utofu_mrq_notice nt;
    for (;;) {
        int rc = utofu_poll_mrq(vh[0], 0, &nt);
        if (rc == UTOFU_SUCCESS && nt.notice_type == UTOFU_MRQ_TYPE_RMT_PUT && (int)nt.edata == e)
            return;
        if (rc != UTOFU_SUCCESS && rc != UTOFU_ERR_NOT_FOUND)
            die("poll_mrq", rc);
    }
}

static void signal_node(int p, int e)
{
    int rc = utofu_put_piggyback8(vh[0], vcq0[p], 1, s_ctl + 8 * (unsigned)me, 8, (uint64_t)e,
                                  UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE, 0);
    if (rc)
        die("signal", rc);
    utofu_emu_flush();
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void latency(size_t size, int reps)
{
    uint64_t model[64], wall[64];
    for (int i = 0; i < reps; i++) {
        uint64_t m0 = utofu_emu_time(), w0 = utofu_emu_wall();
        int rc = utofu_put(vh[0], vcq0[1], s_buf, s_buf, size, 1,
                           UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE, 0);
        if (rc)
            die("lat put", rc);
        wait_notice(2);
        model[i] = (utofu_emu_time() - m0) / 2;
        wall[i] = (utofu_emu_wall() - w0) / 2;
    }
    qsort(model, (size_t)reps, 8, cmp_u64);
    qsort(wall, (size_t)reps, 8, cmp_u64);
    printf("tofubench lat %s %zu %llu %llu\n", utofu_emu_mode(), size,
           (unsigned long long)model[reps / 2], (unsigned long long)wall[reps / 2]);
}

static void pong(size_t size, int reps)
{
    for (int i = 0; i < reps; i++) {
        wait_notice(1);
        int rc = utofu_put(vh[0], vcq0[0], s_buf, s_buf, size, 2,
                           UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE, 0);
        if (rc)
            die("pong put", rc);
        utofu_emu_flush();
    }
}

static void bandwidth(const char *cfg, int tnis, int nbrs, size_t size)
{
    int k = (int)(size >= (1u << 20) ? 1 : (1u << 20) / size > 8 ? 8 : (1u << 20) / size);
    uint64_t m0 = utofu_emu_time(), w0 = utofu_emu_wall();
    int posted = 0;
    for (int j = 0; j < k; j++)
        for (int t = 0; t < tnis; t++) {
            int p = 1 + (t % nbrs);        /* neighbours 1 (a link) and 2 (Y link) */
            int rc = utofu_put(vh[t], vcq_t[p][t], s_buf, s_buf, size, 0,
                               UTOFU_ONESIDED_FLAG_TCQ_NOTICE, 0);
            if (rc)
                die("bw put", rc);
            posted++;
        }
    utofu_emu_flush();
    for (int t = 0; t < tnis; t++) {
        int want = posted / tnis;
        while (want > 0) {
            void *cb;
            int rc = utofu_poll_tcq(vh[t], 0, &cb);
            if (rc == UTOFU_SUCCESS)
                want--;
            else if (rc != UTOFU_ERR_NOT_FOUND)
                die("bw poll", rc);
        }
    }
    double bytes = (double)posted * (double)size;
    double mdt = (double)(utofu_emu_time() - m0), wdt = (double)(utofu_emu_wall() - w0);
    printf("tofubench bw %s %s %zu %.1f %.1f\n", utofu_emu_mode(), cfg, size,
           mdt > 0 ? bytes / mdt * 1000 : 0, wdt > 0 ? bytes / wdt * 1000 : 0);
}

int main(void)
{
    setbuf(stdout, NULL);
    struct tofu_info in;
    if (utofu_emu_info(&in) != UTOFU_SUCCESS || in.nodes < 3) {
        printf("tofubench: needs the Tofu controller and 3+ nodes\n");
        return 1;
    }
    me = in.rank;
    n = in.nodes > 4 ? 4 : in.nodes;
    ntni = in.n_tni;
    for (int t = 0; t < ntni; t++) {
        int rc = utofu_create_vcq((utofu_tni_id_t)t, 0, &vh[t]);
        if (rc)
            die("create_vcq", rc);
    }
    for (int p = 0; p < n; p++) {
        union jtofu_phys_coords pc;
        jtofu_query_phys_coords(0, (jtofu_rank_t)p, &pc);
        for (int t = 0; t < ntni; t++)
            utofu_construct_vcq_id(pc.a, (utofu_tni_id_t)t, 0, 0, &vcq_t[p][t]);
        vcq0[p] = vcq_t[p][0];
    }
    buf = aligned_alloc(4096, MAXSZ);
    ctl = aligned_alloc(4096, 4096);
    memset(buf, 1, MAXSZ);
    memset(ctl, 0, 4096);
    int rc = utofu_reg_mem(vh[0], buf, MAXSZ, 0, &s_buf) | utofu_reg_mem(vh[0], ctl, 4096, 0, &s_ctl);
    if (rc)
        die("reg_mem", rc);
    /* everyone registered (same STADDs everywhere): node 0 starts */
    if (me == 0)
        for (int p = 1; p < in.nodes; p++)
            wait_notice(100);
    else
        signal_node(0, 100);
    if (me == 0) {
        for (int p = 1; p < in.nodes; p++)
            signal_node(p, 101);
        printf("# tofubench: %s, %d TNIs, %d nodes\n", utofu_emu_mode(), ntni, in.nodes);
    } else {
        wait_notice(101);
    }
    for (size_t s = 8; s <= MAXSZ; s *= 8) {
        int reps = s <= 65536 ? 15 : s <= (2u << 20) ? 5 : 3;
        if (me == 0)
            latency(s, reps);
        else if (me == 1)
            pong(s, reps);
    }
    if (me == 0) {
        char all1[32], all2[32];
        snprintf(all1, sizeof all1, "%dtni-1nbr", ntni);
        snprintf(all2, sizeof all2, "%dtni-2nbr", ntni);
        for (size_t s = 8; s <= MAXSZ; s *= 8) {
            bandwidth("1tni-1nbr", 1, 1, s);
            bandwidth(all1, ntni, 1, s);
            bandwidth(all2, ntni, 2, s);
        }
        for (int p = 1; p < in.nodes; p++)
            signal_node(p, 102);
    } else {
        wait_notice(102);
    }
    printf("tofubench: done\n");
    return 0;
}
