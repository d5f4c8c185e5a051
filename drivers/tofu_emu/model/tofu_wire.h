/* tofu_wire.h - Tofu messages carried by the reliable, ordered MBCF engine.
 *
 * The controller does not have a reliability protocol of its own: it runs a
 * second instance of MBCF's engine (mbcf/mbcf_engine.c) on frames of kind
 * CLUSTER_KIND_TOFU. Put data travels as MBCF remote writes whose target
 * address is the STADD (the target's check callbacks resolve it); everything
 * else (remote notices, get requests, atomics, their replies) travels as one
 * MBCF FIFO entry each: this header plus at most TOFU_MSG_DATA_MAX bytes.
 * Per pair of nodes the engine delivers in order and exactly once, so a notice
 * posted after its put arrives after the put's data was applied.
 * Portable (no kernel headers). */
#ifndef TOFU_WIRE_H
#define TOFU_WIRE_H
#include <stdint.h>

#define TOFU_MSG_NOTICE     1   /* remote notice of a put (after its data) */
#define TOFU_MSG_GET_REQ    2   /* read `len` bytes at `stadd`, write them to the
                                   initiator's `aux` STADD, then GET_DONE */
#define TOFU_MSG_GET_DONE   3   /* the get's data was sent (status 0) */
#define TOFU_MSG_ARMW_REQ   4   /* atomic on the 8 bytes at `stadd` */
#define TOFU_MSG_ARMW_REPLY 5   /* aux = old value */

struct tofu_msg {
    uint8_t kind;        /* TOFU_MSG_* */
    uint8_t edata;
    uint8_t armw_op;     /* ARMW_REQ: TOFU_DESC_ARMW8 op (swap/add) or 0xff = cswap */
    uint8_t notice;      /* 1: deliver a remote notice at the target */
    uint8_t dst_tni, dst_cq;   /* target VCQ (its MRQ gets the notice) */
    uint8_t src_tni, src_cq;   /* initiator VCQ */
    uint32_t cmd;        /* initiator's command slot (replies name it) */
    int32_t status;      /* GET_DONE */
    uint64_t src_vcq;    /* initiator's utofu_vcq_id_t (in the notice) */
    uint64_t stadd;      /* target STADD of the operation */
    uint64_t len;
    uint64_t aux;        /* GET_REQ: initiator's STADD; ARMW_REQ: operand; REPLY: old value */
    uint64_t aux2;       /* ARMW_REQ cswap: the compare value */
    uint64_t model_ns;   /* modeled time stamped on the notice this message causes */
};

#define TOFU_ARMW_CSWAP 0xff

#endif
