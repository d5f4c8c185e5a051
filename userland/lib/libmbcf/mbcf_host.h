/* mbcf_host.h - shared-memory segment of the host MBCF backend (mbcf_host.c)
 * and its launcher (mbcf_hostrun.c): N Linux processes on one machine play
 * the N nodes. The launcher creates the segment (a memfd inherited by every
 * rank) and passes MBCF_HOST_FD, MBCF_RANK, MBCF_SIZE in the environment.
 * Host-only: never built into guest programs. */
#ifndef MBCF_HOST_H
#define MBCF_HOST_H
#include <stdint.h>
#include "mbcf_fifo_ring.h" /* mbcf/, the FIFO ring layout */

#define HOST_MAX_RANKS   64
/* Disjoint exported page ranges per rank (mbcf_host.c merges touching ones).
 * MPI exports each receive buffer; under ASan the heap spreads them over
 * many regions: a 4-rank MPI suite needed more than 128. */
#define HOST_MAX_EXPORTS 1024
#define HOST_MAX_FIFOS   160   /* MPI uses 2n per rank (seed 003 sec 2.2) */
#define HOST_SEG_MAGIC   0x4d424346u   /* "MBCF" */

struct host_export {
    uint64_t start, end;       /* page-rounded [start, end) */
    int32_t flags;             /* MBCF_EXPORT_READ / _WRITE */
    int32_t pad;
};

struct host_fifo {
    uint64_t fifo_addr;        /* address of the owner's mbcf_fifo_t */
    uint64_t ring_addr;        /* address of the ring memory */
    uint32_t lock;             /* appenders serialise on this */
    uint32_t used;
    struct mbcf_ring_producer prod;   /* shared producer state (tail) */
};

struct host_rank {
    int32_t pid;               /* 0 until the rank called mbcf_init */
    uint32_t doorbell;         /* bumped (and futex-woken) on every arrival */
    uint32_t lock;             /* protects exports and fifo registry */
    int32_t nexports;
    int32_t nfifos;
    int32_t exited;
    struct host_export exp[HOST_MAX_EXPORTS];
    struct host_fifo fifo[HOST_MAX_FIFOS];
};

struct host_seg {
    uint32_t magic;
    int32_t size;
    uint64_t dead;             /* bit r: rank r's process ended (ranks < 64) */
    struct host_rank r[HOST_MAX_RANKS];
};

#endif
