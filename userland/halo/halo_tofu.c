/* halo_tofu.c - rsched_pc_ops over libutofu and MPI (see halo_tofu.h).
 *   reg     utofu_reg_mem on TNI 0's VCQ (a STADD is valid on every VCQ of the task)
 *   put     utofu_put on the VCQ of the send engine to the peer's VCQ of the
 *           receive engine, with a TCQ notice (local completion) and a remote
 *           MRQ notice (arrival); the batch leaves at the next poll (one doorbell)
 *   wait    polls every VCQ's TCQ and MRQ
 *   dir_of  from the Tofu logical shape: rank = y * Lx + x (tofu_topo.h)
 *   xchg    MPI_Alltoall of counts + MPI_Alltoallv of descriptors
 *   agree   MPI_Allreduce(MPI_LAND); barrier MPI_Barrier */
#include "halo_tofu.h"
#include "rsched_cost_tofu.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jtofu.h"
#include "utofu.h"
#include "utofu_emu.h"

#define MAX_TNI 6
#define MAX_REG 256

static struct {
    int rank, nranks, px, py, ntni;
    enum tofu_mode mode;
    utofu_vcq_hdl_t vh[MAX_TNI];
    utofu_vcq_id_t *vcq;            /* vcq[rank * ntni + tni] */
    utofu_stadd_t regs[MAX_REG];
    int nreg;
} T;

/* -1, 0, +1 steps from `from` to `to` on a ring of n (on a ring of 2 the
 * one neighbour counts as +1), 2 when farther */
static int step(int from, int to, int n)
{
    int d = (to - from + n) % n;
    return d == 0 ? 0 : d == 1 ? 1 : d == n - 1 ? -1 : 2;
}

static int dir_of(void *ctx, int peer)
{
    (void)ctx;
    int dx = step(T.rank % T.px, peer % T.px, T.px), dy = step(T.rank / T.px, peer / T.px, T.py);
    return rsched_dir_from_offset(dx, dy);
}

static int reg(void *ctx, void *buf, uint32_t bytes, uint64_t *stadd)
{
    (void)ctx;
    if (T.nreg >= MAX_REG)
        return -1;
    int rc = utofu_reg_mem(T.vh[0], buf, bytes ? bytes : 1, 0, stadd);
    if (rc != UTOFU_SUCCESS) {
        fprintf(stderr, "halo: utofu_reg_mem: %s\n", utofu_strerror(rc));
        return -1;
    }
    T.regs[T.nreg++] = *stadd;
    return 0;
}

static int xchg(void *ctx, struct rsched_pc_desc *const out[], const int outn[],
                struct rsched_pc_desc *const in[], int inmax, int inn[])
{
    (void)ctx;
    int R = T.nranks, sz = (int)sizeof(struct rsched_pc_desc), rc = 0;
    int *sc = calloc((size_t)R, sizeof *sc), *sd = calloc((size_t)R, sizeof *sd);
    int *rcn = calloc((size_t)R, sizeof *rcn), *rd = calloc((size_t)R, sizeof *rd);
    char *sbuf = malloc((size_t)R * (size_t)inmax * (size_t)sz + 1);
    char *rbuf = malloc((size_t)R * (size_t)inmax * (size_t)sz + 1);
    if (!sc || !sd || !rcn || !rd || !sbuf || !rbuf) {
        rc = -1;
        goto out;
    }
    int off = 0;
    for (int r = 0; r < R; r++) {
        sc[r] = outn[r] * sz;
        sd[r] = off;
        memcpy(sbuf + off, out[r], (size_t)sc[r]);
        off += sc[r];
    }
    MPI_Alltoall(sc, 1, MPI_INT, rcn, 1, MPI_INT, MPI_COMM_WORLD);
    off = 0;
    for (int r = 0; r < R; r++) {
        if (rcn[r] > inmax * sz)
            rc = -1;
        rd[r] = off;
        off += rcn[r];
    }
    if (rc == 0)
        MPI_Alltoallv(sbuf, sc, sd, MPI_BYTE, rbuf, rcn, rd, MPI_BYTE, MPI_COMM_WORLD);
    for (int r = 0; rc == 0 && r < R; r++) {
        inn[r] = rcn[r] / sz;
        memcpy(in[r], rbuf + rd[r], (size_t)rcn[r]);
    }
out:
    free(sc);
    free(sd);
    free(rcn);
    free(rd);
    free(sbuf);
    free(rbuf);
    return rc;
}

static int agree(void *ctx, int ok)
{
    (void)ctx;
    int all = 0;
    return MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD) == MPI_SUCCESS ? all : -1;
}

static int put(void *ctx, int engine, int peer, int rx_engine, uint64_t lstadd, uint64_t rstadd,
               uint32_t bytes)
{
    (void)ctx;
    int rc = utofu_put(T.vh[engine], T.vcq[peer * T.ntni + rx_engine], lstadd, rstadd, bytes, 0,
                       UTOFU_ONESIDED_FLAG_TCQ_NOTICE | UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE, 0);
    if (rc != UTOFU_SUCCESS)
        fprintf(stderr, "halo: utofu_put: %s\n", utofu_strerror(rc));
    return rc == UTOFU_SUCCESS ? 0 : -1;
}

static int wait_one(void *ctx, int *remote)
{
    (void)ctx;
    for (;;) {
        for (int t = 0; t < T.ntni; t++) {
            void *cb;
            int rc = utofu_poll_tcq(T.vh[t], 0, &cb);
            if (rc == UTOFU_SUCCESS) {
                *remote = 0;
                return 0;
            }
            if (rc != UTOFU_ERR_NOT_FOUND) {
                fprintf(stderr, "halo: utofu_poll_tcq: %s\n", utofu_strerror(rc));
                return -1;
            }
            struct utofu_mrq_notice nt;
            rc = utofu_poll_mrq(T.vh[t], 0, &nt);
            if (rc == UTOFU_SUCCESS && nt.notice_type == UTOFU_MRQ_TYPE_RMT_PUT) {
                *remote = 1;
                return 0;
            }
            if (rc != UTOFU_SUCCESS && rc != UTOFU_ERR_NOT_FOUND) {
                fprintf(stderr, "halo: utofu_poll_mrq: %s\n", utofu_strerror(rc));
                return -1;
            }
        }
    }
}

static int barrier(void *ctx)
{
    (void)ctx;
    return MPI_Barrier(MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
}

static struct rsched_pc_ops ops = { .dir_of = dir_of, .reg = reg, .xchg = xchg, .agree = agree,
                                    .put = put, .wait = wait_one, .barrier = barrier };

int halo_tofu_open(int px, int py)
{
    struct tofu_info in;
    if (utofu_emu_info(&in) != UTOFU_SUCCESS) {
        fprintf(stderr, "halo: no emulated Tofu on this node (boot with --tofu %dx%dx1)\n", px, py);
        return -1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &T.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &T.nranks);
    if (in.nodes != T.nranks || in.rank != T.rank || (int)in.log[0] != px || (int)in.log[1] != py ||
        in.log[2] != 1 || in.n_tni > MAX_TNI) {
        fprintf(stderr, "halo: Tofu shape %ux%ux%u (rank %d of %d) is not the %dx%d process grid\n",
                in.log[0], in.log[1], in.log[2], in.rank, in.nodes, px, py);
        return -1;
    }
    T.px = px;
    T.py = py;
    T.ntni = in.n_tni;
    T.mode = in.mode == TOFU_ABI_MODE_TOFUD ? TOFU_MODE_TOFUD : TOFU_MODE_TOFU1;
    for (int t = 0; t < T.ntni; t++) {
        int rc = utofu_create_vcq((utofu_tni_id_t)t, 0, &T.vh[t]);
        if (rc != UTOFU_SUCCESS) {
            fprintf(stderr, "halo: utofu_create_vcq: %s\n", utofu_strerror(rc));
            return -1;
        }
    }
    T.vcq = calloc((size_t)T.nranks * (size_t)T.ntni, sizeof *T.vcq);
    if (!T.vcq)
        return -1;
    for (int p = 0; p < T.nranks; p++) {
        union jtofu_phys_coords pc;
        if (jtofu_query_phys_coords(0, (jtofu_rank_t)p, &pc) != JTOFU_SUCCESS)
            return -1;
        for (int t = 0; t < T.ntni; t++)
            utofu_construct_vcq_id(pc.a, (utofu_tni_id_t)t, 0, 0, &T.vcq[p * T.ntni + t]);
    }
    ops.rank = T.rank;
    ops.nranks = T.nranks;
    return 0;
}

const struct rsched_pc_ops *halo_tofu_ops(void)
{
    return &ops;
}

struct rsched_cost halo_tofu_cost(void)
{
    return rsched_cost_tofu(tofu_params(T.mode));
}

const char *halo_tofu_mode(void)
{
    return utofu_emu_mode();
}

void halo_tofu_release(void)
{
    for (int i = 0; i < T.nreg; i++)
        utofu_dereg_mem(T.vh[0], T.regs[i], 0);
    T.nreg = 0;
}

uint64_t halo_tofu_model_ns(void)
{
    return utofu_emu_time();
}

uint64_t halo_tofu_wall_ns(void)
{
    return utofu_emu_wall();
}
