/* mbcf_wire.h - MBCF frame format on the wire and its validating parser.
 *
 * An MBCF frame is the payload of a project frame whose struct cluster_hdr
 * has kind CLUSTER_KIND_MBCF (kernel/uapi/cluster_abi.h). Layout:
 *
 *   struct mbcf_wire_hdr  (40 bytes, little-endian, all nodes are x86-64)
 *   data                  (len bytes: remote-write fragment or FIFO entry)
 *   status bytes          (nstat bytes, only with MBCF_F_ACK)
 *
 * Reliability (seed 003 sec 2.1, feature 6: arrival and order guaranteed):
 * every DATA frame from node A to node B carries a per-pair sequence number.
 * Any frame may carry a cumulative acknowledgement `ack` (next sequence number
 * expected from the peer) plus the outcome of the 64 frames before it:
 * bit i of err_mask set means frame (ack - 64 + i) was refused at the target,
 * and the status bytes give the refusal codes in increasing sequence order.
 * The status bytes sit after the data so the acknowledgement fields can be
 * rewritten in place on every retransmission.
 *
 * Selective acknowledgement: a receiver keeps frames that arrive
 * beyond the one it expects (up to 63 ahead) and says so in a pure ACK with
 * MBCF_F_SACK: its `addr` field, unused in ACK frames, is then the SACK mask,
 * bit i set meaning frame (ack + 1 + i) is held there. The sender retransmits
 * only the frames that are neither acknowledged nor held. DATA frames never
 * carry SACK (the glue's send_data writes header, data and status bytes only).
 *
 * Wide status (a window of MBCF_WINDOW = 128 frames): a pure ACK or
 * BYE with MBCF_F_WIDE also covers the 64 frames before those of err_mask:
 * `total` (bits 0-31) and `offset` (bits 32-63), unused in these frames, form
 * err_hi, bit i meaning frame (ack - 128 + i) was refused. nstat then counts
 * both masks' bits and the status bytes still go in increasing sequence order
 * (err_hi's first). A sender takes an ack only if it covers every frame it is
 * about to count as done (ack - base <= 64, or 128 when wide), so refusal
 * status stays exact with 128 frames in flight.
 *
 * Portable C: no kernel headers (unit-tested on the host).
 */
#ifndef MBCF_WIRE_H
#define MBCF_WIRE_H
#include <stdint.h>
#include <stddef.h>

/* Frame types. */
#define MBCF_T_DATA 1   /* carries an operation fragment (and maybe an ack) */
#define MBCF_T_ACK  2   /* acknowledgement only */
#define MBCF_T_BYE  3   /* "node leaving": the sender's task has ended and its node
                           powers off; carries its last ack (sent a few times, no
                           answer: frames can be lost, silence detection covers it) */

/* Operations of DATA frames. */
#define MBCF_OP_PUT  1  /* remote write fragment */
#define MBCF_OP_FIFO 2  /* memory-based FIFO append (one whole entry) */

/* Flags. */
#define MBCF_F_ACK   0x01 /* ack, err_mask and status bytes are valid */
#define MBCF_F_GAP   0x02 /* receiver saw a frame beyond the one it expects */
#define MBCF_F_BUSY  0x04 /* receiver holds frame `ack` back: FIFO full */
#define MBCF_F_FIRST 0x08 /* first fragment of an operation */
#define MBCF_F_LAST  0x10 /* last fragment of an operation */
#define MBCF_F_PROBE 0x20 /* ACK only: liveness probe, answer with an ack */
#define MBCF_F_SACK  0x40 /* ACK only: addr is the SACK mask (frames held beyond ack) */
#define MBCF_F_WIDE  0x80 /* ACK/BYE only: offset:total is err_hi (status of ack-128 .. ack-65) */
#define MBCF_F_ALL   0xff

struct mbcf_wire_hdr {
    uint8_t type;      /* MBCF_T_* */
    uint8_t flags;     /* MBCF_F_* */
    uint8_t op;        /* MBCF_OP_* for DATA, 0 for ACK */
    uint8_t nstat;     /* status bytes after the data (== popcount(err_mask)) */
    uint32_t seq;      /* DATA: sequence number; ACK: 0 */
    uint32_t ack;      /* with MBCF_F_ACK: next sequence number expected */
    uint16_t task;     /* DATA: target process's local index (low byte) and the
                          sending process's (high byte): MBCF_WT_* (docs/ppn.md) */
    uint16_t len;      /* data bytes in this frame */
    uint64_t err_mask; /* with MBCF_F_ACK: refused frames among ack-64 .. ack-1 */
    uint64_t addr;     /* PUT: target vaddr of this fragment; FIFO: FIFO vaddr;
                          ACK with MBCF_F_SACK: bit i = frame ack+1+i held */
    uint32_t total;    /* PUT: length of the whole operation; FIFO: == len */
    uint32_t offset;   /* PUT: offset of this fragment in the operation; FIFO: 0 */
} __attribute__((packed));

#define MBCF_WIRE_HDR 40
/* Largest MBCF frame: what is left of a 1514-byte Ethernet frame after the
 * Ethernet header and struct cluster_hdr (CLUSTER_PAYLOAD_MAX). */
#define MBCF_WIRE_MAX 1496
/* Remote-write bytes per frame: the seed's peak-bandwidth payload (seed 003
 * sec 2.1: 1408-byte data size) leaves room for 48 piggybacked status bytes. */
#define MBCF_FRAG_MAX 1408
#define MBCF_WIRE_FIFO_MAX 1400 /* == MBCF_FIFO_ENTRY_MAX of mbcf.h */
#define MBCF_WIRE_PUT_MAX (16u << 20) /* == MBCF_PUT_MAX of mbcf.h */
#define MBCF_ACK_SPAN 64  /* frames covered by err_mask */
#define MBCF_ACK_SPAN_WIDE 128  /* ... and with err_hi (MBCF_F_WIDE) */
/* Target task of a voided DATA frame: the sender could not read the source
 * any more, so the frame keeps its sequence number but names no task. The
 * target refuses it (MBCF_E_NOTASK) and, being a different task, the rest of
 * that remote write too (fragment sequence broken): nothing is written. */
#define MBCF_TASK_VOID 0xffff
/* The task field: several processes per node (--ppn, docs/ppn.md). The low
 * byte names the target process (local index), the high byte the sender, so
 * the target stamps a FIFO entry with the sender's endpoint. A voided frame's
 * target 0xff is no process (MBCF_E_NOTASK). */
#define MBCF_WT(target, source) ((uint16_t)((target) & 0xff) | (uint16_t)(((source) & 0xff) << 8))
#define MBCF_WT_TARGET(task)    ((task) & 0xff)
#define MBCF_WT_SOURCE(task)    ((task) >> 8)

/* A parsed, validated frame. Pointers point into the caller's buffer. */
struct mbcf_frame {
    struct mbcf_wire_hdr h;
    uint64_t err_hi;       /* MBCF_F_WIDE: refused frames among ack-128 .. ack-65, else 0 */
    const uint8_t *data;   /* h.len bytes */
    const uint8_t *status; /* h.nstat bytes */
};

/* Why a frame was dropped (index into the malformed counters). */
enum mbcf_wire_err {
    MBCF_WIRE_OK = 0,
    MBCF_WIRE_SHORT,      /* shorter than the header */
    MBCF_WIRE_LENGTH,     /* header + len + nstat != frame length, or too long */
    MBCF_WIRE_TYPE,       /* unknown type or op, or op on an ACK frame */
    MBCF_WIRE_FLAGS,      /* unknown flags, or flags that do not fit the type */
    MBCF_WIRE_STATUS,     /* nstat != popcount(err_mask), or bad status code */
    MBCF_WIRE_RANGE,      /* offset/total/len inconsistent, or address wraps */
    MBCF_WIRE_NERR
};

/* Validate buf[0..len) completely; fill *f. Returns MBCF_WIRE_OK or the reason. */
int mbcf_wire_parse(const void *buf, size_t len, struct mbcf_frame *f);

/* Status of frame `seq` according to a frame carrying an ack (MBCF_F_ACK).
 * Only meaningful for ack - mbcf_wire_span(f) <= seq < ack. */
int mbcf_wire_status_of(const struct mbcf_frame *f, uint32_t seq);
/* Frames before ack whose status the frame gives: 64, or 128 with MBCF_F_WIDE. */
uint32_t mbcf_wire_span(const struct mbcf_frame *f);
/* Put err_hi into a header's total and offset fields (for MBCF_F_WIDE). */
void mbcf_wire_set_err_hi(struct mbcf_wire_hdr *h, uint64_t err_hi);

/* Name of a mbcf_wire_err, for logs. */
const char *mbcf_wire_err_name(int err);

/* Portable popcount (no builtins needed by callers). */
unsigned mbcf_popcount64(uint64_t v);

#endif
