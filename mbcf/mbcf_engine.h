/* mbcf_engine.h - the MBCF protocol engine (seed 003 sec 2.1): remote writes and
 * memory-based FIFO appends between nodes, reliable and ordered per pair of
 * nodes, channel-less for the user (any node can address any node).
 *
 * Per pair of nodes (sender A -> target B):
 *  - every DATA frame gets the next sequence number; B applies frames strictly
 *    in sequence order, exactly once (duplicates and frames beyond the one it
 *    expects are dropped and answered with an ack);
 *  - B acknowledges cumulatively (piggybacked on its own DATA frames to A, or
 *    in a pure ACK at the end of a receive batch / on a tick), carrying the
 *    refusal status of each of the last 64 frames (128 in a pure ACK: the
 *    window, mbcf_wire.h "wide status"), so A learns per operation whether it
 *    was applied or refused and why;
 *  - B keeps frames that arrive after a gap (up to MBCF_WINDOW - 1 ahead, in
 *    memory from the alloc callback) and applies them when the gap is filled;
 *    it reports them in a pure ACK with a SACK mask (mbcf_wire.h);
 *  - A keeps at most MBCF_WINDOW unacknowledged frames (flow control), goes back
 *    to the oldest unacknowledged frame on timeout (exponential backoff) or
 *    when B reports a gap (fast retransmit; again at the same position only
 *    once the last one had time to arrive, as RACK, RFC 8985 sec. 6), and
 *    resends only the frames B neither acknowledged nor holds (selective
 *    retransmission; a fast retransmit stops at the highest held frame);
 *  - loss recovery timers follow TCP's: the retransmission timeout comes from
 *    the measured round trip (RFC 6298: srtt + 4 rttvar, Karn's rule, a floor
 *    of rto_min_ns suited to this link, doubling per timeout up to
 *    rto_max_ns), and when no ack came for 2 srtt + ack_delay_ns while frames
 *    are out, A resends the last frame sent once (a tail-loss probe, RFC 8985
 *    sec. 7): its ack, or the SACK it provokes, recovers a lost tail or a
 *    lost ack after about two round trips instead of a timeout. A thin
 *    flight (fewer than 8 frames out that the target does not hold) is
 *    resent whole (every frame the target lacks) by its probes and
 *    timeouts, its first 6 timeouts come after half the path's round trip
 *    (min_rtt: the lower envelope of samples from first transmissions,
 *    which Karn's ambiguity can only make larger; not below rto_min_ns)
 *    and keep that value (Linux tcp_thin_linear_timeouts), so that on a
 *    slow lossy link a small message is resent about twice per round trip
 *    instead of once per srtt + 4 rttvar;
 *  - proactive redundancy on a lossy path: A keeps a loss estimate per peer
 *    (the moving share of acks that came later than min_rtt plus a margin:
 *    the frame or its ack was lost); from 20% on, every frame of a flight
 *    of fewer than 16 frames out, new or resent, goes out three times back
 *    to back (twice once the share falls under 20%, once under 4%), and
 *    pure ACKs to that peer twice: over a path losing 36% of frames a
 *    frame then arrives with 95% instead of 64%;
 *  - a FIFO append that finds the FIFO full is held back at B (not applied, not
 *    acknowledged, MBCF_F_BUSY in the ack) so that later operations of A stay
 *    behind it: A probes again after a growing delay. If the FIFO stays full
 *    longer than fifo_full_timeout_ns, B refuses the append (MBCF_E_FIFO_FULL)
 *    and moves on; A's completion then says so and the user retries.
 *
 * Dead peers: a node whose task has ended says so before it powers
 * off (mbcf_leave: a BYE frame carrying its last ack, sent a few times); with
 * dead_ns set, a peer silent for probe_ns is probed (an ACK with
 * MBCF_F_PROBE, which every engine answers) and a peer from which nothing at
 * all arrived for dead_ns is declared dead. A dead peer stays dead: its
 * pending operations complete with MBCF_E_PEER_DEAD, new posts to it fail
 * with it, frames from it are dropped, and the peer_dead callback tells the
 * glue (which wakes the task).
 *
 * The engine never touches task memory: the glue's callbacks do (target-side
 * write, FIFO append, reading the source of a local operation). Portable C,
 * no kernel headers: the same file is tested on the host (tests/host).
 * Not reentrant: the caller serialises all calls on one engine.
 */
#ifndef MBCF_ENGINE_H
#define MBCF_ENGINE_H
#include <stdint.h>
#include <stddef.h>
#include "mbcf_wire.h"

#define MBCF_MAX_NODES 64
#define MBCF_WINDOW    128    /* frames in flight per peer (<= MBCF_ACK_SPAN_WIDE) */
#define MBCF_OPQ       256    /* posted, not yet completed operations per peer */

struct mbcf_callbacks {
    void *ctx;
    /* Transmit one MBCF frame (the payload after struct cluster_hdr) to node
     * dst. Returns 0, or <0 when it could not be queued now (the engine keeps
     * the frame and tries again later). */
    int (*send_frame)(void *ctx, int dst, const void *frame, uint32_t len);
    uint64_t (*now_ns)(void *ctx);
    /* Target side. check_range: may the whole [vaddr, vaddr+len) be written by
     * remote nodes? (len 0: just the task). check_and_write: check the range
     * again and write it; must write nothing unless every page is allowed.
     * Both return MBCF_OK or an MBCF_E_* refusal. */
    int (*check_range)(void *ctx, uint16_t task, uint64_t vaddr, uint64_t len);
    int (*check_and_write)(void *ctx, uint16_t task, uint64_t vaddr,
                           const void *data, uint32_t len);
    /* Append one whole entry to the FIFO registered at fifo_vaddr.
     * MBCF_OK, MBCF_E_FIFO_FULL (nothing written), or another refusal. */
    int (*fifo_append)(void *ctx, uint16_t task, uint64_t fifo_vaddr, int src_node,
                       const void *data, uint32_t len);
    /* Transmit one DATA frame to node dst, built by the glue straight into its
     * transmit buffer (one copy of the data): the 40-byte header h, then h->len
     * bytes read from the posted operation's source at local address src, then
     * h->nstat status bytes. The engine keeps no copy of the data: a
     * retransmission reads the source again (mbcf.h: the source stays unchanged
     * until the operation completes). Returns 0; <0 when it could not be
     * queued now (the engine tries again later); or an MBCF_E_* status when
     * the source cannot be read (nothing queued; the engine then sends the
     * frame voided, see MBCF_TASK_VOID, and the operation fails with it). */
    int (*send_data)(void *ctx, int dst, const struct mbcf_wire_hdr *h, uint64_t src,
                     const uint8_t *status);
    /* Operation done: applied (MBCF_OK) or refused (status). */
    void (*complete)(void *ctx, uint64_t cookie, int node, int status);
    /* Zeroed memory for per-peer send state (about 18 KiB each), or NULL. */
    void *(*alloc)(void *ctx, size_t bytes);
    /* Peer `node` declared dead (MBCF_DEAD_LEFT or MBCF_DEAD_SILENT), called
     * once, after its operations completed with MBCF_E_PEER_DEAD. May be NULL. */
    void (*peer_dead)(void *ctx, int node, int why);
};
#define MBCF_DEAD_LEFT   1   /* it said BYE: its task ended, its node powers off */
#define MBCF_DEAD_SILENT 2   /* nothing arrived from it for dead_ns */

struct mbcf_config {
    int self;                      /* this node's rank */
    int nodes;                     /* node count (<= MBCF_MAX_NODES) */
    uint64_t rto_ns;               /* retransmission timeout before the first RTT sample */
    uint64_t rto_min_ns;           /* floor of the RTO from the RTT estimate, srtt + 4 rttvar
                                      (RFC 6298 sec. 2; 0: rto_ns) */
    uint64_t rto_max_ns;           /* backoff limit */
    uint64_t ack_delay_ns;         /* longest a peer may hold back an ack (its tick): added
                                      to the tail-loss probe timeout 2 srtt (RFC 8985 sec. 7.2) */
    uint64_t busy_ns;              /* first probe delay after a BUSY ack */
    uint64_t busy_max_ns;          /* probe delay limit */
    uint64_t fifo_full_timeout_ns; /* hold a full-FIFO append at most this long (0: forever) */
    uint32_t window;               /* frames in flight per peer (1..MBCF_WINDOW) */
    uint32_t ack_every;            /* also ack at once after this many frames (0: only batch end/tick) */
    uint64_t dead_ns;              /* a peer silent this long is dead (0: never; default 0) */
    uint64_t probe_ns;             /* probe a peer silent this long, and again after as long
                                      (0: dead_ns / 16, so 16 probes are lost before a live
                                      peer under heavy loss is taken for dead) */
    int selective;                 /* hold frames after a gap, SACK, resend only holes
                                      (default 1); 0: go-back-N (frames after a gap
                                      dropped), kept for comparison (docs/fastpath.md) */
};
void mbcf_config_default(struct mbcf_config *c, int self, int nodes);

struct mbcf_stats_eng {
    uint64_t tx_data, tx_ack, tx_retrans, tx_blocked;
    uint64_t timeouts, fast_retrans, busy_acks_rx;
    uint64_t tlp_probes; /* tail-loss probes sent (RFC 8985 sec. 7) */
    uint64_t tx_redundant; /* extra copies of frames of short flights (lossy path) */
    uint64_t rx_frames, rx_data, rx_ack, rx_dup, rx_ooo, rx_stale_ack;
    uint64_t rx_malformed, rx_bad_src, rx_bad_sequence, rx_no_memory;
    uint64_t malformed_by_reason[MBCF_WIRE_NERR];
    uint64_t applied, refused, fifo_busy, fifo_full_refused;
    uint64_t ops_posted, ops_completed;
    uint64_t tx_probe, rx_probe, tx_bye, rx_bye, rx_from_dead, dead_peers;
    uint64_t rx_held, tx_sack, rx_sack, tx_sack_skipped;   /* selective retransmission */
    uint64_t rx_narrow_ack;        /* acks not taken: beyond the span of their status */
    uint64_t self_stalls;          /* liveness checks more than probe_ns apart: this node
                                      was not running; the gap is not the peers' silence */
};

struct mbcf_engine;   /* opaque outside mbcf_engine.c */
size_t mbcf_engine_size(void);
/* mem: mbcf_engine_size() bytes, 8-byte aligned. Returns the engine or NULL on bad config. */
struct mbcf_engine *mbcf_engine_init(void *mem, const struct mbcf_config *cfg,
                                     const struct mbcf_callbacks *cb);

/* Post a remote write of len bytes from local address src to vaddr raddr of
 * task `task` on node `node`, or a FIFO append (whole entry, len <= 1400).
 * Returns 0, -MBCF_E_AGAIN (queue to that node full), -MBCF_E_NODE,
 * -MBCF_E_TOOLONG, -MBCF_E_INVAL or -MBCF_E_PEER_DEAD (node declared dead). node may be this node (frames loop back
 * through send_frame like any other). Frames go out at once as far as the
 * window allows. */
int mbcf_post_put(struct mbcf_engine *e, int node, uint16_t task, uint64_t raddr,
                  uint64_t src, uint32_t len, uint64_t cookie);
int mbcf_post_fifo(struct mbcf_engine *e, int node, uint16_t task, uint64_t fifo_raddr,
                   uint64_t src, uint32_t len, uint64_t cookie);
/* Room for more posts to node? (0 when a post would return -MBCF_E_AGAIN) */
int mbcf_can_post(struct mbcf_engine *e, int node);

/* Hand every per-peer block obtained from alloc to release (engine unusable after). */
void mbcf_engine_fini(struct mbcf_engine *e, void (*release)(void *ctx, void *p));

/* A received MBCF frame from node src (payload after struct cluster_hdr). */
void mbcf_rx(struct mbcf_engine *e, int src, const void *frame, uint32_t len);
/* End of a receive batch: send the pending cumulative acks. */
void mbcf_rx_done(struct mbcf_engine *e);
/* 1 when some peer is owed an ack that mbcf_rx_done would send now. */
int mbcf_ack_owed(const struct mbcf_engine *e);
/* Timer: retransmissions, probes, delayed acks, blocked transmissions. */
void mbcf_tick(struct mbcf_engine *e);

/* This node's task has ended: send a BYE (with our ack) to every live peer.
 * Call it a few times (frames can be lost); peers answer nothing. */
void mbcf_leave(struct mbcf_engine *e);
/* The silence after which a peer is dead, for a host running more vCPUs than
 * it has cores (oversub_pct: host vCPUs per core x 100, 0 = not known): a
 * node whose emulator gets 1/f of a core is starved for longer stretches, so
 * dead_ns grows with f / 2 (unchanged up to 2 vCPUs per core, where dead_ns
 * was measured; 16 one-vCPU nodes on 2 cores: x4). */
uint64_t mbcf_dead_ns_oversub(uint64_t dead_ns, uint32_t oversub_pct);
/* Peers declared dead: bit p for node p; *left (may be NULL) gets those that
 * said BYE. When each was declared: mbcf_dead_since (0: alive). */
uint64_t mbcf_dead_mask(const struct mbcf_engine *e, uint64_t *left);
uint64_t mbcf_dead_since(const struct mbcf_engine *e, int node);
/* When a valid frame from node was last seen, to the tick (dead_ns set; else 0),
 * moved later by the time this node itself was not running (check_peers). */
uint64_t mbcf_heard_ns(const struct mbcf_engine *e, int node);

/* Where the protocol stands with one peer (diagnostics: a stalled transfer
 * shows which side holds what). Sender side towards node: [tx_base, tx_nxt)
 * sent and unacknowledged, [tx_nxt, tx_top) built, waiting to be (re)sent;
 * receiver side: rx_nxt, the next sequence number expected from node. */
struct mbcf_peer_state {
    uint32_t tx_base, tx_nxt, tx_top, tx_max, ops_queued;
    uint8_t rto_armed, busy, probing, dead;
    uint64_t rto_cur_ns;
    uint64_t srtt_ns, min_rtt_ns;  /* round-trip estimates (0: no sample yet) */
    uint32_t late_pm;              /* share of acks that came late, per mille (loss estimate) */
    uint8_t redundant;             /* short flights' frames go out 2-3 times */
    int64_t rto_due_ns;            /* deadline - now (negative: overdue) */
    uint32_t rx_nxt, rx_pending;
    uint8_t rx_gap, rx_busy, ack_owed;
};
void mbcf_peer_state(const struct mbcf_engine *e, int node, struct mbcf_peer_state *out);

/* Operations posted and not completed (all peers). */
uint32_t mbcf_outstanding(const struct mbcf_engine *e);
const struct mbcf_stats_eng *mbcf_engine_stats(const struct mbcf_engine *e);

#endif
