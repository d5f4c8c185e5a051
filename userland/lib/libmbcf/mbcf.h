/* mbcf.h - user interface to MBCF, memory-based communication facilities
 * (seed 003 sec 2.1): remote writes into another node's task memory and
 * memory-based FIFOs, delivered reliably and in order, protected by the
 * receiving task's page tables.
 *
 * Two implementations exist behind this one header:
 *   - the guest library (our kernel: shared submission/completion rings plus
 *     one doorbell system call per batch of commands),
 *   - the host library (Linux processes on one machine, for developing and
 *     unit-testing libmpi_mbcf without booting QEMU).
 *
 * Ordering: all operations from one rank to one rank are applied at the target
 * in the order they were posted (a remote write followed by a FIFO append is
 * seen in that order). Remote addresses are virtual addresses in the target
 * task; every node runs the same executable, so the address of a static object
 * is the same on every node.
 */
#ifndef MBCF_H
#define MBCF_H
#include <stddef.h>
#include <stdint.h>
#include "mbcf_abi.h"

/* Status codes (enum mbcf_status), limits and export flags: kernel/uapi/mbcf_abi.h. */
const char *mbcf_strerror(int status);

/* Start: learn rank and size, set up queues. Returns 0 or -status.
 * Endpoints (docs/ppn.md): with several processes per node (--ppn P) the
 * rank of process `local` of node n is n * P + local; every call below that
 * takes a `node` takes such a rank (with P = 1, rank == node). */
int mbcf_init(void);
int mbcf_rank(void);
int mbcf_size(void);   /* ranks: nodes * P */
int mbcf_ppn(void);    /* P, processes per node (1 on the host backend) */

/* Node-local shared memory (docs/ppn.md; the kernel's SYS_shm_map,
 * kernel/uapi/cluster_abi.h): the processes of one node that map the same
 * 64-bit key see the same pages (each at its own address). flags:
 * SHM_CREATE (make it, len > 0), SHM_CREATE|SHM_EXCL (only make it); 0
 * attaches (len 0 or the segment's size). Returns the address, or NULL
 * with *err = -errno (-ENOENT, -EEXIST, -EINVAL, -ENOMEM; -ENOSYS on the
 * host backend, whose ranks are each a node of their own). Unmap with
 * mbcf_shm_unmap; the pages go when the last process unmapped or ended. */
void *mbcf_shm_map(uint64_t key, size_t len, int flags, int *err);
int mbcf_shm_unmap(void *addr, size_t len); /* 0 or -errno */

/* Export [addr, addr+len) (rounded out to pages) for remote access.
 * flags: MBCF_EXPORT_READ, or MBCF_EXPORT_READ|MBCF_EXPORT_WRITE. */
int mbcf_export(void *addr, size_t len, int flags);

/* Memory-based FIFO owned by this task. The ring lives in the task's memory;
 * the target kernel appends whole entries and never writes outside the ring.
 * The owner consumes with peek/pop, no system call. bytes: power of two >= 4096. */
typedef struct mbcf_fifo {
    void *ring;       /* ring memory (owner's) */
    size_t bytes;     /* ring size */
    uint64_t head;    /* owner's consume position (bytes, monotonic) */
    uint64_t head_off;  /* head % (bytes - MBCF_RING_CTRL): the head entry's word */
    void *impl;       /* implementation detail */
} mbcf_fifo_t;
int mbcf_fifo_create(mbcf_fifo_t *f, void *ring, size_t bytes);
/* If an entry is ready: *msg, *len point into the ring, returns 1; else 0.
 * Entries from one sender appear in the order they were sent. */
int mbcf_fifo_peek(mbcf_fifo_t *f, const void **msg, size_t *len, int *src_node); /* sender's rank */
void mbcf_fifo_pop(mbcf_fifo_t *f);   /* release the entry returned by peek */
/* Is something (an entry or a pad) at the head? A few loads, no call: the
 * entry word at data[head_off] with its VALID flag (mbcf_abi.h ring
 * layout), for a progress loop that skips empty FIFOs. peek decides. */
static inline int mbcf_fifo_ready(const mbcf_fifo_t *f)
{
    const uint64_t *w = (const uint64_t *)(const void *)((const uint8_t *)f->ring +
                                                         MBCF_RING_CTRL + f->head_off);
    return f->impl && (MBCF_ENT_FLAGS(__atomic_load_n(w, __ATOMIC_ACQUIRE)) & MBCF_ENT_VALID);
}

/* Post operations (non-blocking). src must stay unchanged until the
 * completion with this cookie is seen. Returns 0, or -MBCF_E_AGAIN when the
 * local queue is full (poll completions and retry), or -status. */
int mbcf_put(int node, uint64_t raddr, const void *src, size_t len, uint64_t cookie);
int mbcf_fifo_send(int node, uint64_t fifo_raddr, const void *msg, size_t len,
                   uint64_t cookie);
/* Hand posted operations to the transport (the one doorbell). */
int mbcf_flush(void);

/* Completions: one per posted operation, when it was applied at the target
 * (status MBCF_OK) or refused there (status says why). */
typedef struct mbcf_cqe {
    uint64_t cookie;
    int32_t status;
    int32_t node;     /* the target rank */
} mbcf_cqe_t;
int mbcf_poll_cq(mbcf_cqe_t *out, int max);
/* A library sharing the queue with the program that links it claims the
 * completions whose cookie has any bit of mask set (the program's cookies
 * must have them clear): mbcf_poll_cq no longer returns those, and
 * mbcf_poll_cq_claimed returns only those; what either reads of the other's
 * is kept, in order, for the other's next poll (mbcf_cq_owner.c). */
void mbcf_cq_claim(uint64_t mask);
int mbcf_poll_cq_claimed(mbcf_cqe_t *out, int max);
/* The claimed owner's next completions taken as one run, nothing copied
 * out: when the next one is claimed and MBCF_OK, it and the ones right
 * after it whose cookies follow (cookie + 1, + 2, ...) and are MBCF_OK
 * too, at most max, are taken; *first gets the first cookie. Returns how
 * many; 0 when none waits or the next one is not such a completion (a
 * refusal, the program's, one kept from an earlier poll): then
 * mbcf_poll_cq_claimed takes it. For a library whose operations complete
 * in order (one channel's appends): a cumulative acknowledgement. */
int mbcf_poll_cq_run(uint64_t *first, int max);

/* Block until something may have arrived (a completion, a FIFO entry or a
 * remote write) or timeout_ns passed. Adaptive: polls briefly, then sleeps.
 * Returns 0 or -MBCF_E_TIMEOUT. */
int mbcf_wait(int64_t timeout_ns);

/* A counter that changes whenever something may have arrived for this task
 * (a completion, a FIFO entry, an applied remote write). A library that has
 * drained everything after reading value v need not look again while the
 * counter still reads v: polling one word instead of every FIFO. */
uint32_t mbcf_events(void);

/* Arrivals apart from completions: mbcf_news() changes whenever
 * mbcf_events() does except for the completions with status MBCF_OK (an
 * applied remote write, a FIFO entry, a refused operation's completion, a
 * rank's death); mbcf_refused() counts the completions whose status is not
 * MBCF_OK. A library waiting for an arrival need not wake, nor look at the
 * completion queue, for its own operations that went through: they can be
 * drained in batches, unless mbcf_refused() moved (a refusal to react to)
 * or it waits for a completion itself (then mbcf_wait). */
/* Both inline (a progress loop reads them several times per message), from
 * words the backend names: news is the sum of two (guest: the kernel's news
 * word and a zero; host: the doorbell, named at init, and the local refusal
 * count), refused is one (guest: the kernel's; host: the local count); dead
 * is the raw word behind mbcf_dead_peers (guest: the kernel's node mask;
 * host: the launcher's rank mask), for mbcf_any_dead. Each reads zero
 * before init. */
struct mbcf_words {
    const uint32_t *news[2];
    const uint32_t *refused;
    const uint64_t *dead;
};
extern struct mbcf_words mbcf_words;
static inline uint32_t mbcf_news(void)
{
    return __atomic_load_n(mbcf_words.news[0], __ATOMIC_ACQUIRE) +
           __atomic_load_n(mbcf_words.news[1], __ATOMIC_RELAXED);
}
static inline uint32_t mbcf_refused(void)
{
    return __atomic_load_n(mbcf_words.refused, __ATOMIC_ACQUIRE);
}
/* Is any rank dead (mbcf_dead_peers would return non-zero)? One load: a
 * progress loop asks for the mask only when it is. */
static inline int mbcf_any_dead(void)
{
    return __atomic_load_n(mbcf_words.dead, __ATOMIC_ACQUIRE) != 0;
}
/* Block until mbcf_news() differs from seen (posted operations flushed
 * first) or timeout_ns passed: 0 or -MBCF_E_TIMEOUT. */
int mbcf_wait_news(uint32_t seen, int64_t timeout_ns);

/* Ranks declared dead (bit p = rank p; ranks >= 64 are never reported):
 * their operations complete with MBCF_E_PEER_DEAD and a blocked mbcf_wait
 * returns when one dies. The kernel declares nodes dead: every rank of a
 * dead node is dead. *left (may be NULL) gets those whose task ended
 * (node powered off); the others stopped answering. Reads one shared word. */
uint64_t mbcf_dead_peers(uint64_t *left);

/* Wall-clock in nanoseconds (monotonic). */
uint64_t mbcf_now_ns(void);

/* Stop: flush and wait for all posted operations. */
int mbcf_finalize(void);

#endif
