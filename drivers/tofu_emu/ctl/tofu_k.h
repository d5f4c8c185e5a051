/* tofu_k.h - internal interface between the kernel glue files of the emulated
 * Tofu controller, in three layers, each calling only downwards by name:
 *   tofu_k_net.c    the transport: an MBCF engine hosted in the kernel
 *                   (mbcf/mbcf_khost.h) on CLUSTER_KIND_TOFU frames, its
 *                   post queue and callbacks;
 *   tofu_k_target.c what the target does with arriving puts and messages
 *                   (STADD + page-table checks, notices, get/atomic replies);
 *   tofu_k_vcq.c    the task side: configuration, VCQ rings in task memory,
 *                   doorbell, command table, completions, system calls.
 * What a lower layer needs from an upper one (an arriving put or message, a
 * completed operation, a VCQ's owner, a notice) goes through the one
 * operations table tofu_k_ops, filled by tofu_k_plug.c (as uk_netdev drivers
 * and net_proto register their functions instead of naming the stack).
 * Execution model (kapi.h): all of it runs under the big kernel lock
 * (system calls, the NIC interrupt and the net tick on CPU 0). */
#ifndef TOFU_K_H
#define TOFU_K_H
#include <stdint.h>
#include "tofu_abi.h"
#include "tofu_wire.h"

/* Processes of the node (--ppn): each owns its VCQs and its STADD table, and
 * every access to task memory goes through the owning process's page tables
 * (mbcf_kernel.h's per-process helpers), whichever process the CPU runs. */
#define TOFU_K_PROCS 64 /* == MBCF_K_TASKS, the launcher's --ppn limit */

/* Target process of a put travels in the engine's task field: the target VCQ
 * (tni, cq), whose owner's STADD table resolves the STADD at the target. */
#define TOFU_WT(tni, cq) ((uint16_t)(0x100u | ((unsigned)(tni)&0xf) << 4 | ((unsigned)(cq)&0xf)))
#define TOFU_WT_OK(task) (((task)&0xff00u) == 0x100u)
#define TOFU_WT_TNI(task) ((uint8_t)((task) >> 4 & 0xf))
#define TOFU_WT_CQ(task) ((uint8_t)((task)&0xf))

/* ---- tofu_k_net.c ---- */
/* Source encodings of posted operations: user memory of process t
 * (TOFU_KSRC_USER), a message buffer of the pool below, or the piggyback data
 * of a command slot. */
#define TOFU_KSRC_USER(t, va) ((uint64_t)(va) | (uint64_t)(t) << 48)
#define TOFU_KSRC_T(a) ((int)((a) >> 48) & 0xff)
#define TOFU_KSRC_VA(a) ((a) & ((1ull << 48) - 1))
#define TOFU_KSRC_MSG (0xAull << 60)
#define TOFU_KSRC_PIGGY (0xBull << 60)

/* Cookie of a posted operation: command slot + 1 (0: none) in bits 16..31,
 * message buffer + 1 (0: none) in bits 0..15. */
#define TOFU_COOKIE(slot1, msg1) (((uint64_t)(slot1) << 16) | (uint64_t)(msg1))

/* Queue a put of len bytes from src (TOFU_KSRC_*) to STADD stadd of the VCQ
 * `task` (TOFU_WT) on node; queue a message (copied into a pool buffer).
 * slot1: command slot + 1 whose completion counts this operation, or 0.
 * 0, or -1 when the queue or the pool is full. */
int tofu_k_post_put(int node, uint16_t task, uint64_t stadd, uint64_t src, uint32_t len,
                    uint32_t slot1);
int tofu_k_post_msg(int node, const struct tofu_msg *m, uint32_t slot1);
/* Room for n more queued operations and n message buffers? */
int tofu_k_post_room(unsigned n);
/* Post what the engine takes now (never call from an engine callback). */
void tofu_k_pump(void);
int tofu_k_net_up(void);
void tofu_k_net_stats(struct tofu_stats *s);
/* Diagnostics: the transport's state on the console (SYS_tofu_dump). */
void tofu_k_net_dump(void);

/* ---- tofu_k_target.c (called from the engine's callbacks) ---- */
/* src: the node whose put this is (the target remembers the outcome of each
 * source's last put: its remote notice follows it on the same stream);
 * task: the engine's task field (TOFU_WT of the target VCQ). */
int tofu_k_check_range(int src, uint16_t task, uint64_t stadd, uint64_t len);
int tofu_k_check_and_write(int src, uint16_t task, uint64_t stadd, const void *data, uint32_t len);
int tofu_k_message(int src_node, const struct tofu_msg *m);
/* Drop process t's registrations (it ended). */
void tofu_k_target_drop(int t);
/* SYS_tofu_reg_mem / dereg_mem of process t; local STADD resolution for sources. */
long tofu_k_reg_mem(int t, uint64_t addr, uint64_t len, long flags, uint64_t ustadd_out);
long tofu_k_dereg_mem(int t, uint64_t stadd);
int tofu_k_local_stadd(int t, uint64_t stadd, uint64_t len, int write, uint64_t *va);
/* Is [va, va+len) mapped for process t's user (and writable if write)? */
int tofu_k_user_ok(int t, uint64_t va, uint64_t len, int write);
/* MBCF status -> uTofu status for a remote refusal. */
int tofu_k_remote_status(int mbcf_status);
extern struct tofu_stats tofu_k_st;

/* ---- tofu_k_vcq.c ---- */
/* Copy piggyback data of command slot `slot` (bytes off..off+len): 0 or -1. */
int tofu_k_piggy_copy(uint8_t *d, uint32_t slot, uint32_t off, uint32_t len);
/* A queued operation of command slot (slot1 - 1) completed with an MBCF status. */
void tofu_k_cmd_op_done(uint32_t slot1, int mbcf_status);
/* A reply for command slot `cmd` arrived (GET_DONE / ARMW_REPLY). */
void tofu_k_cmd_reply(uint32_t cmd, int src_node, const struct tofu_msg *m);
/* The live process owning VCQ (tni, cq) of this node, or -1. */
int tofu_k_vcq_owner(uint8_t tni, uint8_t cq);
/* Write a notice into the MRQ of VCQ (tni, cq); 0, or -1 when there is no such VCQ. */
int tofu_k_notice(uint8_t tni, uint8_t cq, const struct tofu_mrq_entry *e);
/* Something happened for process t (its SYS_tofu_wait wakes up). */
void tofu_k_event(int t);
/* Free what ended processes owned: VCQs, commands, registrations. */
void tofu_k_reap(void);
/* This node's VCQ id of (tni, cq). */
uint64_t tofu_k_vcq_id(uint8_t tni, uint8_t cq);

/* ---- upcalls: what the transport and the target ask of the layers above ---- */
struct tofu_k_ops {
    /* an arriving put (engine remote write) and message (engine FIFO entry):
     * MBCF_OK or a refusal (tofu_k_target.c) */
    int (*check_range)(int src, uint16_t task, uint64_t stadd, uint64_t len);
    int (*check_and_write)(int src, uint16_t task, uint64_t stadd, const void *data, uint32_t len);
    int (*message)(int src_node, const struct tofu_msg *m);
    /* task side (tofu_k_vcq.c): piggyback data of a command, an operation
     * done, a reply, a VCQ's owner, a notice, freeing what ended processes
     * owned (at the tick) */
    int (*piggy_copy)(uint8_t *d, uint32_t slot, uint32_t off, uint32_t len);
    void (*op_done)(uint32_t slot1, int mbcf_status);
    void (*cmd_reply)(uint32_t cmd, int src_node, const struct tofu_msg *m);
    int (*vcq_owner)(uint8_t tni, uint8_t cq);
    int (*notice)(uint8_t tni, uint8_t cq, const struct tofu_mrq_entry *e);
    void (*reap)(void);
};
extern const struct tofu_k_ops tofu_k_ops;

#endif
