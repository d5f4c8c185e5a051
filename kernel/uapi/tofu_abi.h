/* tofu_abi.h - contract between the emulated Tofu controller (drivers/tofu_emu)
 * and user programs (userland/lib/libutofu): private system calls, the queues a
 * VCQ keeps in task memory, and their entries.
 *
 * Like MBCF's rings (cluster_abi.h): the task writes command descriptors into
 * its VCQ's TOQ (transmit order queue) and rings ONE doorbell per batch
 * (SYS_tofu_doorbell, a mask of VCQs); the kernel writes local completions
 * into the TCQ and notices (local and remote) into the MRQ, all in task
 * memory, and counts events so the task can poll one word or sleep in
 * SYS_tofu_wait. Index rule: *_tail written by the producer, *_head by the
 * consumer, free-running uint32, entry i at [i % entries]. */
#ifndef TOFU_ABI_H
#define TOFU_ABI_H
#include <stdint.h>

/* System calls: the range 1020-1039 (SYS_TOFU_FIRST..SYS_TOFU_LAST). */
#define SYS_tofu_info       1020 /* (struct tofu_info *out) -> 0 | -ENODEV (no Tofu shape) */
#define SYS_tofu_vcq_create 1021 /* (struct tofu_vcq_rings *r) -> VCQ index of the caller |
                                    -EEXIST ((tni, cq) taken on the node) | -errno */
#define SYS_tofu_vcq_free 1022   /* (int index) -> 0 | -EINVAL (not the caller's) | -EBUSY
                                    (commands in flight) */
#define SYS_tofu_reg_mem    1023 /* (void *addr, uint64_t len, int flags, uint64_t *stadd) -> 0 | -errno */
#define SYS_tofu_dereg_mem 1024  /* (uint64_t stadd) -> 0 | -EINVAL (not the caller's) */
#define SYS_tofu_doorbell   1025 /* (uint64_t vcq_mask) -> commands taken | -errno */
#define SYS_tofu_wait 1026       /* (uint32_t seen, int64_t timeout_ns >= 0) -> the caller's
                                    current event count (at once when it differs from seen)
                                    | -ETIMEDOUT | -EINVAL (timeout_ns < 0: no endless wait) */
#define SYS_tofu_stats      1027 /* (struct tofu_stats *out) -> 0 */
#define SYS_tofu_dump       1028 /* (long tag) -> 0: diagnostics, the controller's queues and
                                    its transport's per-peer state on the console */

#define TOFU_ABI_MODE_TOFU1 1
#define TOFU_ABI_MODE_TOFUD 2

struct tofu_info {
    int32_t rank, nodes;
    int32_t mode;          /* TOFU_ABI_MODE_* */
    uint32_t log[3];       /* logical 3-D shape Lx, Ly, Lz */
    uint8_t coords[6];     /* this node's X, Y, Z, a, b, c */
    uint8_t n_tni;
    uint8_t rsvd;
};

/* utofu_vcq_id_t of our VCQs: the node's coordinates and the queue,
 *   X << 56 | Y << 48 | Z << 40 | a << 32 | b << 24 | c << 16 | tni << 8 | cq. */
#define TOFU_VCQ_ID(co, tni, cq) \
    ((uint64_t)(co)[0] << 56 | (uint64_t)(co)[1] << 48 | (uint64_t)(co)[2] << 40 | \
     (uint64_t)(co)[3] << 32 | (uint64_t)(co)[4] << 24 | (uint64_t)(co)[5] << 16 | \
     (uint64_t)(tni) << 8 | (uint64_t)(cq))
#define TOFU_VCQ_COORD(id, i) ((uint8_t)((id) >> (56 - 8 * (i))))
#define TOFU_VCQ_TNI(id)      ((uint8_t)((id) >> 8))
#define TOFU_VCQ_CQ(id)       ((uint8_t)(id))

#define TOFU_VCQ_MAX 16 /* per process; bit i of the doorbell mask = VCQ index i */

struct tofu_vcq_ctrl {     /* in task memory, 8-byte aligned */
    uint32_t toq_head;     /* kernel: descriptors taken */
    uint32_t tcq_tail;     /* kernel: TCQ entries written */
    uint32_t mrq_tail;     /* kernel: MRQ entries written */
    uint32_t mrq_lost;     /* kernel: notices dropped because the MRQ was full */
    uint32_t toq_tail;     /* task: descriptors written */
    uint32_t tcq_head;     /* task: TCQ entries consumed */
    uint32_t mrq_head;     /* task: MRQ entries consumed */
    uint32_t rsvd;
};

struct tofu_vcq_rings {    /* argument of SYS_tofu_vcq_create */
    uint64_t ctrl, toq, tcq, mrq;       /* vaddrs */
    uint32_t toq_entries, tcq_entries, mrq_entries;   /* powers of two, 1..4096 */
    uint8_t tni, cq;       /* TNI index (< n_tni) and CQ number (< 16, unique per TNI) */
    uint16_t rsvd;
};

/* Command descriptor ops. */
#define TOFU_DESC_PUT        1
#define TOFU_DESC_PUT_PIGGY  2   /* data in desc.piggy (<= 32 bytes) */
#define TOFU_DESC_GET        3
#define TOFU_DESC_ARMW8      4   /* armw_op: UTOFU_ARMW_OP_SWAP / _ADD (op1 = operand) */
#define TOFU_DESC_CSWAP8     5   /* op1 = old (compare), op2 = new */
#define TOFU_DESC_NOP        6

/* desc.flags: uTofu's UTOFU_ONESIDED_FLAG_* values (utofu.h), subset:
 * TCQ_NOTICE 1<<14, LOCAL_MRQ_NOTICE 1<<15, REMOTE_MRQ_NOTICE 1<<2,
 * STRONG_ORDER 1<<0 (always true here: one ordered stream per pair of nodes). */
#define TOFU_F_STRONG_ORDER  (1u << 0)
#define TOFU_F_REMOTE_MRQ    (1u << 2)
#define TOFU_F_TCQ_NOTICE    (1u << 14)
#define TOFU_F_LOCAL_MRQ     (1u << 15)
#define TOFU_F_KNOWN         (TOFU_F_STRONG_ORDER | TOFU_F_REMOTE_MRQ | TOFU_F_TCQ_NOTICE | \
                              TOFU_F_LOCAL_MRQ)

struct tofu_desc {         /* one TOQ entry, 128 bytes */
    uint8_t op;            /* TOFU_DESC_* */
    uint8_t armw_op;
    uint8_t edata;
    uint8_t piggy_len;
    uint32_t flags;        /* TOFU_F_* */
    uint64_t rmt_vcq;      /* utofu_vcq_id_t of the target VCQ */
    uint64_t lcl_stadd;    /* PUT: source, GET: destination */
    uint64_t rmt_stadd;
    uint64_t len;
    uint64_t op1, op2;     /* atomics */
    uint64_t cbdata;       /* returned in the TCQ entry */
    uint64_t model_local_ns;    /* modeled local completion (libutofu's model) */
    uint64_t model_deliver_ns;  /* modeled arrival at the target (remote notice) */
    uint64_t rsvd;
    uint8_t piggy[32];
};

/* Status codes in TCQ/MRQ entries: the values of uTofu's enum utofu_return_code. */
#define TOFU_ERR_TCQ_DESC        (-129)  /* malformed descriptor (op, flags, sizes) */
#define TOFU_ERR_TCQ_STADD       (-131)  /* local STADD not registered / out of range */
#define TOFU_ERR_TCQ_LENGTH      (-132)  /* length beyond the limit */
#define TOFU_ERR_MRQ_OTHER       (-192)
#define TOFU_ERR_MRQ_PEER        (-193)  /* no such node or no such VCQ there */
#define TOFU_ERR_MRQ_RMT_MEMORY  (-195)  /* target memory read-only or unmapped */
#define TOFU_ERR_MRQ_RMT_STADD   (-197)  /* target STADD not registered */
#define TOFU_ERR_MRQ_RMT_LENGTH  (-199)  /* target range leaves the registered region */
#define TOFU_ERR_INVALID_VCQ_ID  (-522)

struct tofu_tcq_entry {    /* 32 bytes */
    uint64_t cbdata;
    int32_t status;        /* 0 or a negative uTofu code (UTOFU_ERR_*) */
    uint32_t rsvd;
    uint64_t model_ns;     /* desc.model_local_ns */
    uint64_t wall_ns;      /* kernel clock when the command completed */
};

/* MRQ notice types: uTofu's enum utofu_mrq_notice_type values. */
#define TOFU_MRQ_LCL_PUT  0
#define TOFU_MRQ_RMT_PUT  1
#define TOFU_MRQ_LCL_GET  2
#define TOFU_MRQ_RMT_GET  3
#define TOFU_MRQ_LCL_ARMW 4
#define TOFU_MRQ_RMT_ARMW 5

struct tofu_mrq_entry {    /* 64 bytes */
    uint8_t type;          /* TOFU_MRQ_* */
    uint8_t edata;
    uint16_t rsvd0;
    int32_t status;        /* 0 or a negative uTofu code (local notices of failed commands) */
    uint64_t vcq_id;       /* remote notices: the initiator's VCQ; local: the target's */
    uint64_t rmt_value;    /* LCL_ARMW: the old value at the target */
    uint64_t lcl_stadd;
    uint64_t rmt_stadd;
    uint64_t len;
    uint64_t model_ns;     /* modeled time of the event */
    uint64_t wall_ns;      /* kernel clock when the notice was written */
};

struct tofu_stats {
    uint64_t cmds, cmds_done, cmds_failed, doorbells, waits;
    uint64_t refused_unreg, refused_range, refused_rdonly, refused_unmapped, refused_novcq;
    uint64_t notices, notices_lost;
    uint64_t put_bytes_in, get_bytes_out, armw_in;
    uint64_t tx_data, tx_retrans, rx_dup, rx_ooo;   /* the reliable engine (MBCF's) */
};

#endif
