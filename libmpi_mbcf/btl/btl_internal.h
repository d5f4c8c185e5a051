/* btl_internal.h - state shared by the btl_*.c files only: the per-peer
 * endpoint, the FIFO rings, the completion cookie layout. */
#ifndef LIBMPI_MBCF_BTL_INTERNAL_H
#define LIBMPI_MBCF_BTL_INTERNAL_H
#include "btl.h"
#include "world.h"

/* Message FIFO per peer (bytes, power of 2). 64 KiB: its ring-space bound
 * (chan_ring_budget, about 63 KB) is then about the INFLIGHT cap of 48 full
 * entries (67 KB), so a window of eager entries is bounded by the channel's
 * window, not the ring (32 KiB bounded multi-entry eager at 4-16 KiB;
 * docs/notes/midsize.md). Cost: MAXR x (MSG_RING + REQ_RING) = 4.5 MiB of
 * bss per process, 288 MiB for 64 processes on one node (--ppn 64). */
#define MSG_RING (64 * 1024)
#define REQ_RING    (8 * 1024)    /* send-request FIFO per peer */

/* One queued FIFO entry of a channel. */
struct chan_ent {
    uint32_t len;
    uint32_t cum;         /* ring space (chan_ring_cost) of the channel's entries
                             queued so far, this one included (wraps) */
    uint8_t ok;
    uint8_t sent;         /* posted at least once (then never changed: chan_attach_last) */
    uint8_t data[] __attribute__((aligned(8)));   /* struct wire, then data */
};
/* Ordered delivery of entries into one FIFO of one peer (go-back-N). */
struct chan {
    int peer, kind;
    uint32_t base;        /* tseq of q[0] */
    uint32_t next;        /* next tseq to assign */
    int n, cap, head;     /* queue of unacknowledged entries (cap: a power of two) */
    struct chan_ent **q;  /* each slot keeps its entry once made: an acknowledged
                             entry stays for the next one queued there */
    int posted;           /* entries from the front posted in this attempt */
    uint32_t qcum;        /* cum of the newest queued entry */
    uint32_t front_cum;   /* cum of the newest released one: the posted entries
                             take qat(posted - 1)->cum - front_cum of the ring */
    uint32_t attempt;
    uint32_t ck_hi;       /* bits 32-63 of this attempt's cookies (chan_cookie) */
    uint64_t raddr;       /* our FIFO of this kind in the peer (fifo_raddr) */
    uint64_t retry_at;    /* ns: do not post before (backoff after FIFO full) */
    uint64_t backoff;
    uint32_t expect;      /* receive side: next tseq accepted */
};

/* Bounce slots for small remote writes (buffered eager, MPI-3.1 sec 3.4: a
 * standard send may complete once the data is copied out): per peer a ring
 * of BOUNCE_N slots of one FIFO entry each; a slot is busy from the put
 * until its completion. */
#define BOUNCE_N 8

/* Everything this process keeps per peer, but the FIFO rings (below). */
struct btl_endpoint {
    struct chan chan[2];          /* CH_MSG, CH_REQ: our entries to the peer */
    mbcf_fifo_t fifo[2];          /* our FIFOs the peer appends to */
    uint8_t dropped;              /* btl_drop_peer: the peer is dead */
    uint8_t bounce_busy[BOUNCE_N];
    unsigned bounce_next;
    uint8_t bounce[BOUNCE_N][MBCF_FIFO_ENTRY_MAX] __attribute__((aligned(64)));
};
extern struct btl_endpoint btl_ep[MAXR];

/* The FIFO rings the peers append to, one pair per peer. In bss, so their
 * addresses are equal in every rank (all run the same executable): a peer
 * writes into rings[its own rank] of ours. */
struct btl_rings {
    uint8_t msg[MSG_RING] __attribute__((aligned(4096)));
    uint8_t req[REQ_RING] __attribute__((aligned(4096)));
};
extern struct btl_rings btl_rings[MAXR];

/* Completion cookie: kind in bits 62-63 (never 0: btl_init claims the
 * cookies with one of these bits set, mbcf_cq_claim). */
#define CK_CHAN   1ull
#define CK_PUT    2ull
#define CK_BOUNCE 3ull

void bounce_completion(uint64_t ck, int status);        /* btl_put.c */
extern btl_put_done_fn *btl_put_done;                   /* btl_put.c */

#endif
