/* mbcf_abi.h - the MBCF contract between the kernel (mbcf/), the user
 * libraries (userland/lib/libmbcf, both backends) and programs: status codes, size
 * limits, export flags, the submission/completion queues a task shares with
 * the kernel, the counters of SYS_mbcf_stats, and the layout of a
 * memory-based FIFO ring. System call numbers: cluster_abi.h (SYS_mbcf_*).
 * Plain C types only: included by the portable engine, the kernel and user code. */
#ifndef MBCF_ABI_H
#define MBCF_ABI_H
#include <stdint.h>

/* Completion status: 0 or one of these (also returned negated by the
 * library calls; mbcf_strerror gives the text). */
enum mbcf_status {
    MBCF_OK = 0,
    MBCF_E_UNEXPORTED = 1,  /* target page not exported for remote access */
    MBCF_E_READONLY = 2,    /* target page exported read-only */
    MBCF_E_UNMAPPED = 3,    /* target address not mapped in the task */
    MBCF_E_KERNEL = 4,      /* target address in kernel space */
    MBCF_E_NONCANON = 5,    /* target address not canonical */
    MBCF_E_NOTASK = 6,      /* no such task on the target node */
    MBCF_E_TOOLONG = 7,     /* length beyond the operation's limit */
    MBCF_E_NOFIFO = 8,      /* no FIFO registered at that address */
    MBCF_E_FIFO_FULL = 9,   /* FIFO has no room now: retry later */
    MBCF_E_FIFO_CORRUPT = 10, /* owner's control fields are inconsistent */
    MBCF_E_NODE = 11,       /* no such node */
    MBCF_E_AGAIN = 12,      /* local submission queue full: poll completions */
    MBCF_E_INVAL = 13,      /* bad local argument */
    MBCF_E_TIMEOUT = 14,    /* wait timed out */
    MBCF_E_PEER_DEAD = 15,  /* target node dead: its task ended (node powered off) or it
                               did not answer for the dead-peer time (mbcf_dead_peers) */
};

/* Operation limits. */
#define MBCF_PUT_MAX        (16u << 20)  /* one remote write, split into frames */
#define MBCF_FIFO_ENTRY_MAX 1400u        /* one FIFO message fits one frame */

/* Export flags (SYS_mbcf_export, mbcf_export): read, or read and write. */
#define MBCF_EXPORT_READ  1
#define MBCF_EXPORT_WRITE 2

/* ---- MBCF: queues shared between a task and the kernel (mbcf/, libmbcf) ----
 * DPDK style (seed 001): the task writes commands into a submission ring and
 * reads completions from a completion ring, both in its own memory; the kernel
 * reads/writes them through the task's page tables. SYS_mbcf_doorbell (one per
 * batch) makes the kernel take new commands; the kernel also takes them on its
 * timer tick and when acknowledgements free room. Receiving needs no system
 * call: the NIC interrupt drives the engine, which writes into the task's
 * memory; ctrl.events counts arrivals so the task can poll one word.
 * Index rule: *_tail is written by the producer, *_head by the consumer, both
 * free-running uint32; entry i lives at [i % entries]. */
#define MBCF_SQE_PUT  1
#define MBCF_SQE_FIFO 2
struct mbcf_sqe {
    uint8_t op;         /* MBCF_SQE_* */
    uint8_t task;       /* target process: its local index on the node (0..ppn-1) */
    uint16_t node;      /* target node */
    uint32_t len;       /* bytes */
    uint64_t raddr;     /* PUT: target vaddr; FIFO: target ring vaddr */
    uint64_t src;       /* local source vaddr (unchanged until completion) */
    uint64_t cookie;
};
struct mbcf_kcqe {      /* same layout as mbcf_cqe_t of mbcf.h */
    uint64_t cookie;
    int32_t status;     /* enum mbcf_status */
    int32_t node;       /* the target's endpoint: node * ppn + task (== node with ppn 1) */
};
struct mbcf_ctrl {      /* one per task, in its memory, 8-byte aligned */
    uint32_t sq_head;   /* kernel: commands taken */
    uint32_t cq_tail;   /* kernel: completions written */
    uint32_t events;    /* kernel: +1 per applied write, FIFO append, completion */
    uint32_t news;      /* kernel: events without the MBCF_OK completions: +1 per applied
                           write, FIFO append, refused completion, death (a task waiting
                           for an arrival need not wake for its own operations' completions) */
    uint32_t sq_tail;   /* task: commands written */
    uint32_t cq_head;   /* task: completions consumed */
    uint64_t dead;      /* kernel: bit p set = node p declared dead (its operations
                           complete with MBCF_E_PEER_DEAD; events changes with it) */
    uint64_t dead_left; /* kernel: those of them that left (task ended, node powered off);
                           the others stopped answering for the dead-peer time */
    uint32_t refused;   /* kernel: +1 per completion whose status is not MBCF_OK (with news) */
    uint32_t rsvd1;
};
struct mbcf_rings {     /* argument of SYS_mbcf_setup */
    uint64_t ctrl;      /* vaddr of struct mbcf_ctrl */
    uint64_t sq;        /* vaddr of sq_entries struct mbcf_sqe */
    uint64_t cq;        /* vaddr of cq_entries struct mbcf_kcqe */
    uint32_t sq_entries;/* power of two, 1..4096 */
    uint32_t cq_entries;/* power of two, 1..65536 */
};
/* SYS_mbcf_wait takes a second argument: the ctrl.events value the task last
 * saw; the call returns at once when the kernel's count differs. With
 * MBCF_WAIT_NEWS in the third argument the value is ctrl.news instead. */
#define MBCF_WAIT_NEWS 1
struct mbcf_stats {
    uint64_t tx_data, tx_ack, tx_retrans, timeouts, fast_retrans, busy_acks_rx;
    uint64_t rx_frames, rx_data, rx_ack, rx_dup, rx_ooo, rx_malformed;
    uint64_t applied, refused, fifo_busy, fifo_full_refused;
    uint64_t ops_posted, ops_completed, doorbells, waits, wait_sleeps, sq_errors;
    uint64_t tx_probe, rx_probe, tx_bye, rx_bye, rx_from_dead, dead_peers;
    /* operations between processes of one node, applied memory to memory
     * without the wire (--ppn, docs/ppn.md): not in the counters above */
    uint64_t local_applied, local_refused, local_fifo_busy, local_fifo_full_refused, local_bytes;
};

/* ---- memory-based FIFO ring (seed 003 sec 2.1), owned by the receiving task ----
 * `bytes` long (power of two >= MBCF_RING_MIN): struct mbcf_ring_ctrl at
 * offset 0, then the data area of bytes - MBCF_RING_CTRL bytes holding 8-byte
 * aligned entries, each an 8-byte header word (MBCF_ENT_WORD: length, source
 * node, flags; VALID written last) followed by the data, padded to 8.
 * The append/consume logic: mbcf/mbcf_fifo_ring.h. */
#define MBCF_RING_CTRL 64
#define MBCF_RING_MIN 4096
#define MBCF_RING_MAGIC 0x4f464946u  /* "FIFO" */

#define MBCF_ENT_VALID 1u
#define MBCF_ENT_PAD   2u

struct mbcf_ring_ctrl {
    uint64_t head;    /* owner: consume position */
    uint64_t tail;    /* appender: produce position (informational only) */
    uint32_t magic;   /* MBCF_RING_MAGIC once initialised */
    uint32_t dsize;   /* data area size (informational only) */
    uint8_t pad[40];
};

/* Entry header as stored (one little-endian 64-bit word). */
#define MBCF_ENT_WORD(len, src, flags) \
    ((uint64_t)(uint32_t)(len) | ((uint64_t)(uint16_t)(src) << 32) | ((uint64_t)(uint16_t)(flags) << 48))
#define MBCF_ENT_LEN(w)   ((uint32_t)(w))
#define MBCF_ENT_SRC(w)   ((uint16_t)((w) >> 32))
#define MBCF_ENT_FLAGS(w) ((uint16_t)((w) >> 48))

#endif
