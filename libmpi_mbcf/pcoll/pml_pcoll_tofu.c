/* pml_pcoll_tofu.c - the pseudo-collective mode's transport (pml_pcoll.h)
 * on the emulated Tofu, guest build: rsched_pc_ops over libutofu and MPI.
 *   reg     utofu_reg_mem on TNI 0's VCQ (a STADD is valid on every VCQ of the task)
 *   put     utofu_put on the VCQ of the send engine to the peer's VCQ of the
 *           receive engine, with a TCQ notice (local completion) and a remote
 *           MRQ notice (arrival); the batch leaves at the next poll (one doorbell)
 *   wait    polls the VCQs' TCQs and MRQs until one completion; poll: one
 *           pass that never sleeps
 *   dir_of  from the Tofu logical shape: rank = y * Lx + x (tofu_topo.h); the
 *           mode needs a 2-D shape (Lz = 1) with one process per node
 *   xchg    an all-to-all of counts, then of descriptors; agree: an
 *           allreduce with MPI_LAND; barrier: a barrier (all over the world,
 *           pcoll_world_coll, handed down by the entry points) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pml_pcoll.h"
#include "rsched_cost_tofu.h"
#include "world.h"

#include "jtofu.h"
#include "utofu.h"
#include "utofu_emu.h"

#define MAX_TNI 6

static struct {
    int rank, nranks, px, py, ntni;
    enum tofu_mode mode;
    utofu_vcq_hdl_t vh[MAX_TNI];
    utofu_vcq_id_t *vcq;            /* vcq[rank * ntni + tni] */
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
    int rc = utofu_reg_mem(T.vh[0], buf, bytes ? bytes : 1, 0, stadd);
    if (rc != UTOFU_SUCCESS) {
        fprintf(stderr, "mpi_mbcf: utofu_reg_mem: %s\n", utofu_strerror(rc));
        return -1;
    }
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
    pcoll_world_coll->alltoall_int(sc, rcn);
    off = 0;
    for (int r = 0; r < R; r++) {
        if (rcn[r] > inmax * sz)
            rc = -1;
        rd[r] = off;
        off += rcn[r];
    }
    if (rc == 0)
        pcoll_world_coll->alltoallv_bytes(sbuf, sc, sd, rbuf, rcn, rd);
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
    return pcoll_world_coll->allreduce_land(&ok, &all) == MPI_SUCCESS ? all : -1;
}

static int put(void *ctx, int engine, int peer, int rx_engine, uint64_t lstadd, uint64_t rstadd,
               uint32_t bytes)
{
    (void)ctx;
    int rc = utofu_put(T.vh[engine], T.vcq[peer * T.ntni + rx_engine], lstadd, rstadd, bytes, 0,
                       UTOFU_ONESIDED_FLAG_TCQ_NOTICE | UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE, 0);
    if (rc != UTOFU_SUCCESS)
        fprintf(stderr, "mpi_mbcf: utofu_put: %s\n", utofu_strerror(rc));
    return rc == UTOFU_SUCCESS ? 0 : -1;
}

/* One pass over every VCQ, without sleeping: a queue is polled only when
 * utofu_query_num_unread_* says it holds something (an empty poll_tcq /
 * poll_mrq may sleep up to 2 ms in the kernel, utofu_emu.h; one pass over
 * 2 x 4 queues would then cost up to 16 ms per completion). 1 with *remote
 * set when something completed, 0 when nothing had, -1 on an error. */
static int poll_once(void *ctx, int *remote)
{
    (void)ctx;
    for (int t = 0; t < T.ntni; t++) {
        size_t nt = 0, nm = 0;
        if (utofu_query_num_unread_tcq(T.vh[t], &nt) != UTOFU_SUCCESS ||
            utofu_query_num_unread_mrq(T.vh[t], &nm) != UTOFU_SUCCESS)
            return -1;
        if (nt) {
            void *cb;
            int rc = utofu_poll_tcq(T.vh[t], 0, &cb);
            if (rc == UTOFU_SUCCESS) {
                *remote = 0;
                return 1;
            }
            if (rc != UTOFU_ERR_NOT_FOUND) {
                fprintf(stderr, "mpi_mbcf: utofu_poll_tcq: %s\n", utofu_strerror(rc));
                return -1;
            }
        }
        while (nm--) {
            struct utofu_mrq_notice no;
            int rc = utofu_poll_mrq(T.vh[t], 0, &no);
            if (rc == UTOFU_SUCCESS && no.notice_type == UTOFU_MRQ_TYPE_RMT_PUT) {
                *remote = 1;
                return 1;
            }
            if (rc != UTOFU_SUCCESS && rc != UTOFU_ERR_NOT_FOUND) {
                fprintf(stderr, "mpi_mbcf: utofu_poll_mrq: %s\n", utofu_strerror(rc));
                return -1;
            }
        }
    }
    return 0;
}

/* Until one completion: a pass, and when it found nothing one poll of TNI
 * 0's TCQ, which sleeps until the node's next Tofu event (or 2 ms). */
static int wait_one(void *ctx, int *remote)
{
    for (;;) {
        int got = poll_once(ctx, remote);
        if (got)
            return got < 0 ? -1 : 0;
        void *cb;
        int rc = utofu_poll_tcq(T.vh[0], 0, &cb);
        if (rc == UTOFU_SUCCESS) {
            *remote = 0;
            return 0;
        }
        if (rc != UTOFU_ERR_NOT_FOUND) {
            fprintf(stderr, "mpi_mbcf: utofu_poll_tcq: %s\n", utofu_strerror(rc));
            return -1;
        }
    }
}

static int barrier(void *ctx)
{
    (void)ctx;
    return pcoll_world_coll->barrier() == MPI_SUCCESS ? 0 : -1;
}

int pcoll_tr_open(struct rsched_pc_ops *ops, struct rsched_cost *cost, char *why, size_t cap)
{
    struct tofu_info in;
    if (!pcoll_world_coll) {
        snprintf(why, cap, "no world collectives handed down");
        return -1;
    }
    if (utofu_emu_info(&in) != UTOFU_SUCCESS) {
        snprintf(why, cap, "no emulated Tofu on this node (boot with --tofu, docs/tofu.md)");
        return -1;
    }
    T.rank = mpi_world_rank;
    T.nranks = mpi_world_size;
    if ((int)in.nodes != T.nranks || (int)in.rank != T.rank || in.log[2] != 1 || in.n_tni > MAX_TNI) {
        snprintf(why, cap, "Tofu shape %ux%ux%u (node %u of %u) is no 2-D grid of the %d processes",
                 in.log[0], in.log[1], in.log[2], in.rank, in.nodes, T.nranks);
        return -1;
    }
    T.px = (int)in.log[0];
    T.py = (int)in.log[1];
    T.ntni = in.n_tni;
    T.mode = in.mode == TOFU_ABI_MODE_TOFUD ? TOFU_MODE_TOFUD : TOFU_MODE_TOFU1;
    for (int t = 0; t < T.ntni; t++) {
        int rc = utofu_create_vcq((utofu_tni_id_t)t, 0, &T.vh[t]);
        if (rc != UTOFU_SUCCESS) {
            snprintf(why, cap, "utofu_create_vcq: %s", utofu_strerror(rc));
            return -1;
        }
    }
    T.vcq = calloc((size_t)T.nranks * (size_t)T.ntni, sizeof *T.vcq);
    if (!T.vcq) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    for (int p = 0; p < T.nranks; p++) {
        union jtofu_phys_coords pc;
        if (jtofu_query_phys_coords(0, (jtofu_rank_t)p, &pc) != JTOFU_SUCCESS) {
            snprintf(why, cap, "jtofu_query_phys_coords failed for rank %d", p);
            return -1;
        }
        for (int t = 0; t < T.ntni; t++)
            utofu_construct_vcq_id(pc.a, (utofu_tni_id_t)t, 0, 0, &T.vcq[p * T.ntni + t]);
    }
    *ops = (struct rsched_pc_ops){ .rank = T.rank, .nranks = T.nranks, .dir_of = dir_of, .reg = reg,
                                   .xchg = xchg, .agree = agree, .put = put, .wait = wait_one,
                                   .poll = poll_once, .barrier = barrier };
    *cost = rsched_cost_tofu(tofu_params(T.mode));
    return 0;
}

void pcoll_tr_dereg(uint64_t stadd)
{
    utofu_dereg_mem(T.vh[0], stadd, 0);
}
