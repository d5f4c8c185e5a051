/* mbcf_kernel.h - internal interface between the MBCF kernel glue files:
 * mbcf_kernel.c (engine instance, network hooks, system calls, shared rings),
 * mbcf_kernel_mem.c (page-table protection, remote writes, exports, FIFOs)
 * and mbcf_kernel_local.c (operations between processes of one node).
 *
 * Processes are named by their local index t on the node (0..ppn-1, the MBCF
 * task id of the SQE and of the wire header, docs/ppn.md). */
#ifndef MBCF_KERNEL_H
#define MBCF_KERNEL_H
#include <stdint.h>
#include "mbcf_engine.h"
#include "mbcf_abi.h"

#define MBCF_K_TASKS 64   /* processes per node (the launcher's --ppn limit) */

/* Target side, called by the engine and the intra-node path. */
int mbcf_k_check_range(uint16_t task, uint64_t va, uint64_t len);
int mbcf_k_write(uint16_t task, uint64_t va, const void *data, uint32_t len);
int mbcf_k_fifo_append(uint16_t task, uint64_t ring_va, int src, const void *data, uint32_t len);
/* Process st's [sva, sva+len) into process dt's [dva, ...): MBCF_OK or the
 * refusal of the whole range (nothing written then). */
int mbcf_k_copy(int dt, uint64_t dva, int st, uint64_t sva, uint32_t len);
/* Process t's [va, va+len) into buf: MBCF_OK or MBCF_E_INVAL. */
int mbcf_k_read(int t, uint64_t va, void *buf, uint32_t len);
/* buf into process t's writable [va, va+len), len <= 4096: MBCF_OK or MBCF_E_INVAL. */
int mbcf_k_put_user(int t, uint64_t va, const void *buf, uint32_t len);
/* Is [va, va+len) readable user memory of process t? (source of a command) */
int mbcf_k_user_readable(int t, uint64_t va, uint64_t len);
/* ... and writable (the completion ring, which the kernel writes). */
int mbcf_k_user_writable(int t, uint64_t va, uint64_t len);
/* Kernel pointer to [va, va+len) of process t when that lies in ONE present
 * user page (writable if write), else NULL. Through a cache of leaf-PTE
 * addresses (mbcf_kernel_mem.c). */
void *mbcf_k_uptr(int t, uint64_t va, uint32_t len, int write);
void mbcf_k_ptc_reset(void);

/* System calls of the calling process (exports act on the current address space). */
long mbcf_k_sys_export(uint64_t addr, uint64_t len, long flags);
long mbcf_k_sys_fifo_reg(int t, uint64_t ring, uint64_t bytes);
void mbcf_k_fifo_reset(int t);

/* Endpoint (MPI rank) of process t of node: node * ppn + t; the source
 * stamped in FIFO entries. */
int mbcf_k_endpoint(int node, int t);
/* Is process t attached (SYS_mbcf_setup done)? (mbcf_kernel.c) */
int mbcf_k_task_ready(int t);
/* News for process t (write applied, FIFO entry, a peer's death): ctrl.events
 * and ctrl.news move (completions move events, and news only when refused). */
void mbcf_k_event(int t);
/* A completion for process t's command (mbcf_kernel.c); ep: the target's
 * endpoint (mbcf_k_endpoint). */
void mbcf_k_complete(int t, uint64_t cookie, int ep, int status);

/* ---- intra-node operations (mbcf_kernel_local.c) ----
 * Apply the command q of process t whose target is this node, memory to
 * memory. Returns 1 when it is done (its completion written), 0 when it must
 * stay at the head of t's submission queue (the target FIFO is full: tried
 * again on the next tick/doorbell, refused with MBCF_E_FIFO_FULL after
 * MBCF_LOCAL_FIFO_FULL_NS, like the engine's fifo_full_timeout_ns). */
#define MBCF_LOCAL_FIFO_FULL_NS 2000000000ull
int mbcf_k_local_apply(int t, const struct mbcf_sqe *q);
/* Counters of the intra-node path (struct mbcf_stats local_*). */
struct mbcf_local_stats { uint64_t applied, refused, fifo_busy, fifo_full_refused, bytes; };
extern struct mbcf_local_stats mbcf_local_stats;

#endif
