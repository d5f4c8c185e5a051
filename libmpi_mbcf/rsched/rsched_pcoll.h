/* rsched_pcoll.h - the pseudo-collective mode of seed 000 sec 4.1 as a
 * portable core: a set of persistent requests (MPI_Send_init /
 * MPI_Recv_init) started together is matched once at init (by peer and tag,
 * in posting order, as MPI's non-overtaking rule matches them), receive
 * buffers are registered once and their steering addresses sent to the
 * senders once, and the sends are scheduled by RSched. Each start is then:
 * a barrier, the scheduled RDMA puts engine by engine, completion of all of
 * them (local completions of my puts, remote notices of the puts into my
 * buffers), a barrier.
 *
 * Everything the core needs from below comes through rsched_pc_ops: the
 * emulated Tofu's libutofu plus MPI point-to-point in libmpi_mbcf, or an
 * in-memory fake in the host test (tests/host/test_rsched_pcoll.c). No MPI or
 * kernel headers. A request set that does not fit the mode (a peer that is
 * no grid neighbour, a send without a persistent receive on the other side,
 * sizes that differ, too many requests) makes every rank fall back, with a
 * one-line reason, so the caller runs its ordinary protocol. */
#ifndef LIBMPI_MBCF_RSCHED_PCOLL_H
#define LIBMPI_MBCF_RSCHED_PCOLL_H

#include <stdint.h>
#include "rsched.h"

/* One persistent request: contiguous bytes, a real peer and tag (no
 * wildcards); ctx tells communicators apart (MPI matches by source, tag and
 * communicator: libmpi_mbcf passes the communicator's context id, 0 if there
 * is one communicator only). */
struct rsched_pc_req {
    int send;                /* 1: send to peer, 0: receive from peer */
    void *buf;
    uint32_t bytes;
    int peer;
    int tag;
    uint32_t ctx;
};

/* What a request's counterpart tells the other side at init. */
struct rsched_pc_desc {
    int32_t send;            /* the describing rank's request is a send (1) or receive (0) */
    int32_t tag;
    uint32_t bytes;
    uint32_t ctx;            /* communicator context id */
    uint64_t stadd;          /* receive: where the sender puts */
};

#define RSCHED_PC_MAX_RANKS 1024

/* The transport. Every call returns 0 on success, negative on error. */
struct rsched_pc_ops {
    void *ctx;
    int rank, nranks;
    /* halo direction (RSCHED_E..RSCHED_SW) of peer on the process grid, -1 if none */
    int (*dir_of)(void *ctx, int peer);
    /* register [buf, buf + bytes) for RDMA: its steering address */
    int (*reg)(void *ctx, void *buf, uint32_t bytes, uint64_t *stadd);
    /* collective over all ranks: send out[r][0..outn[r]) to every rank r,
     * receive what r sent me into in[r] (room for inmax each), counts in inn[r] */
    int (*xchg)(void *ctx, struct rsched_pc_desc *const out[], const int outn[],
                struct rsched_pc_desc *const in[], int inmax, int inn[]);
    /* collective: logical AND of ok over all ranks */
    int (*agree)(void *ctx, int ok);
    /* queue a put on my engine `engine`, landing on engine `rx_engine` of peer */
    int (*put)(void *ctx, int engine, int peer, int rx_engine, uint64_t lstadd, uint64_t rstadd,
               uint32_t bytes);
    /* wait for one completion: *remote = 0 for one of my puts done, 1 for a
     * put into my registered memory */
    int (*wait)(void *ctx, int *remote);
    /* optional: like wait, but returns at once: 1 with *remote set, 0 when
     * nothing has completed (rsched_pc_test; NULL: rsched_pc_test waits) */
    int (*poll)(void *ctx, int *remote);
    int (*barrier)(void *ctx);
};

struct rsched_pc {
    const struct rsched_pc_ops *ops;
    int nsend, nrecv;
    struct rsched_put puts[RSCHED_MAX_PUTS];        /* my sends, posting order */
    uint64_t lstadd[RSCHED_MAX_PUTS], rstadd[RSCHED_MAX_PUTS];
    struct rsched_plan plan;
    int started;
    int ndone_local, ndone_remote;                  /* completions seen since the start */
    char why[128];                                  /* fallback reason */
};

enum {
    RSCHED_PC_FALLBACK = 1,  /* the set does not fit the mode: use the ordinary protocol (why says why) */
    RSCHED_PC_ETRANSPORT = -20,   /* an ops call failed */
    RSCHED_PC_ESTATE = -21,  /* start while started, wait while not */
};

/* Collective: every rank calls it with its own request set. 0 (mode on),
 * RSCHED_PC_FALLBACK on every rank alike, or a negative error. */
int rsched_pc_init(struct rsched_pc *pc, const struct rsched_algo *a, const struct rsched_cost *c,
                   const struct rsched_pc_req *reqs, int n, const struct rsched_pc_ops *ops);
/* MPI_Startall: barrier, then the scheduled puts, engine 0's queue first. */
int rsched_pc_start(struct rsched_pc *pc);
/* MPI_Waitall: every put of mine done and every put into my buffers
 * arrived, then a barrier. */
int rsched_pc_wait(struct rsched_pc *pc);
/* MPI_Test of the set: takes what has completed without waiting; when all
 * has, the closing barrier and *done = 1 (the set is then complete, as after
 * rsched_pc_wait), else *done = 0. */
int rsched_pc_test(struct rsched_pc *pc, int *done);

#endif
