/* btl.h - the byte transfer layer of libmpi_mbcf: what the PML (pml_*.c)
 * uses of MBCF (seed 003 sec 2.2, footnote 2). It knows FIFO entries and
 * remote writes, not requests or matching:
 *   btl_chan.c    per peer, a message and a send-request channel: ordered,
 *                 retried delivery of FIFO entries into the peer's FIFOs
 *                 (go-back-N), and this process's 2n FIFOs to drain;
 *                 the completion queue, dispatched by cookie kind;
 *   btl_put.c     remote writes (split at MBCF_PUT_MAX) and bounce slots;
 *   btl_export.c  exporting receive buffers for remote writes.
 * Per-peer state is one struct btl_endpoint (btl_internal.h). */
#ifndef LIBMPI_MBCF_BTL_H
#define LIBMPI_MBCF_BTL_H
#include <stddef.h>
#include <stdint.h>
#include "mbcf.h"
#include "wire.h"

enum { CH_MSG = 0, CH_REQ = 1 };   /* channel kinds: message FIFO, send-request FIFO */

/* A remote write of btl_put finished: owner as given, MBCF status. */
typedef void btl_put_done_fn(uint64_t owner, int status);

/* Create this process's FIFOs (one per peer and kind); put_done is called
 * from btl_cq_drain for every completed btl_put write. */
void btl_init(btl_put_done_fn *put_done);
/* From now on an append refused because the peer has exited counts as done. */
void btl_set_finalizing(void);
/* After the last completion (pml_finalize, after mbcf_finalize): the
 * channel entries and queues go back to the allocator. */
void btl_fini(void);
/* An MBCF call failed with status: report and abort the job. */
void btl_fail(const char *what, int status);
/* peer is dead (MBCF_E_PEER_DEAD, or the PML learnt it): its queued entries
 * and bounce slots go, nothing more is queued or written to it, its late
 * completions are ignored. Called by the PML and on a MBCF_E_PEER_DEAD. */
void btl_drop_peer(int peer);

/* ---- channels (btl_chan.c) ---- */
/* Queue header w (src and tseq are filled in here) and len bytes of data
 * for peer's FIFO of this kind; posted by chan_pump_all. */
int chan_send(int peer, int kind, struct wire *w, const void *data, size_t len);
/* The send's entry in one go (docs/fastpath.md): header w,
 * len bytes of data and xlen bytes of attached records (extra: our
 * pending send-requests; the caller sets w->flags to their number) in one
 * new message-channel entry for peer, posted at once when nothing of that
 * channel waits before it and its window allows (no attach afterwards, no
 * pump walk); else queued like chan_send. */
int chan_send_post(int peer, const struct wire *w, const void *data, size_t len,
                   const void *extra, size_t xlen);
/* Post what the window allows of every channel; 1: some entry is still
 * unposted. Inline gate: nothing queued since, no call. */
extern int btl_pump_pending;            /* some channel may have unposted entries */
int chan_pump_pending_all(void);
static inline int chan_pump_all(void)
{
    return btl_pump_pending ? chan_pump_pending_all() : 0;
}
int chan_idle(void);                    /* nothing unacknowledged anywhere */
/* The receive side's next channel sequence accepted from peer (tseq of
 * struct wire): the drain accepts an entry that carries it and increments
 * it; a duplicate or an entry after a gap is dropped (the sender goes back). */
uint32_t *chan_expect_word(int peer, int kind);
/* Append nrec records (len bytes) to the newest unposted message entry for
 * peer (W_EAGER/W_RTS/W_DONE without attachments, within one FIFO entry);
 * 1 done, 0 not possible. */
int chan_attach_last(int peer, const void *extra, size_t len, uint8_t nrec);
/* This process's FIFO that peer appends to. */
mbcf_fifo_t *btl_fifo(int kind, int peer);

/* ---- remote writes (btl_put.c) ---- */
/* Post the write of len bytes (split at MBCF_PUT_MAX); each posted piece
 * adds 1 to *pending and its completion calls put_done(owner, status) (at
 * once, with MBCF_E_PEER_DEAD, when the peer is dead). */
void btl_put(int peer, uint64_t raddr, const void *src, int64_t len, uint64_t owner,
             int *pending);
/* A small write (<= MBCF_FIFO_ENTRY_MAX) from a library-owned copy: src is
 * free at return (waits for a free bounce slot of peer if needed). */
int btl_put_bounce(int peer, uint64_t raddr, const void *src, int64_t len);

/* ---- completions (btl_chan.c) ---- */
/* Operations this layer posted whose completion has not been seen (MBCF
 * gives exactly one completion per posted operation, mbcf.h). While it is
 * 0 there is nothing of ours in the completion queue: btl_cq_drain costs no
 * call (completions of operations the program posted itself stay for it). */
extern uint64_t btl_ops_out;
void btl_cq_drain_all(void);
static inline void btl_cq_drain(void)
{
    if (btl_ops_out)
        btl_cq_drain_all();
}
/* A progress round drains lazily: a FIFO append's MBCF_OK completion only
 * recycles its channel entry, so those wait in the queue (the wait sleeps
 * on mbcf_news, which they do not move) until BTL_CQ_BATCH of our
 * operations are outstanding. Drained at once: a refusal (mbcf_refused
 * moved: go back, dead peer), a remote write's completion (btl_ops_need:
 * a request or a bounce slot waits for it), a channel that could not post
 * everything (its window frees with completions), and all once finalizing. */
/* The completions are ours alone (btl_init claims our cookie kinds,
 * mbcf_cq_claim): a program that also polls the queue (mpibench's MBCF
 * column, mbcf_stream) no longer takes those left waiting (with batch 32 and
 * a shared queue, mpibench all hung in cluster_bench_tools: the channel's
 * entries were never recycled). docs/fastpath.md. */
#define BTL_CQ_BATCH 32
extern uint64_t btl_ops_need;           /* remote writes (btl_put*) outstanding */
extern uint32_t btl_refused_seen;       /* mbcf_refused() at the last drain */
extern int btl_finalizing;              /* btl_set_finalizing: every completion awaited */
static inline int btl_cq_wanted(void)
{
    return btl_ops_out && (btl_ops_need || btl_pump_pending || btl_ops_out >= BTL_CQ_BATCH ||
                           btl_finalizing || mbcf_refused() != btl_refused_seen);
}

/* ---- exports (btl_export.c) ---- */
/* Make [p, p+len) writable by remote writes; 0 or an MBCF status. */
int btl_export(void *p, int64_t len);

#endif
