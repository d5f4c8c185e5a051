/* mbcf_kernel.h - internal interface between the MBCF kernel glue files:
 * mbcf_kernel.c (engine instance, network hooks, system calls, shared rings)
 * and mbcf_kernel_mem.c (page-table protection, remote writes, exports, FIFOs). */
#ifndef MBCF_KERNEL_H
#define MBCF_KERNEL_H
#include <stdint.h>
#include "mbcf_engine.h"

/* Target side, called by the engine (task 0 = the node's MBCF task). */
int mbcf_k_check_range(uint16_t task, uint64_t va, uint64_t len);
int mbcf_k_write(uint16_t task, uint64_t va, const void *data, uint32_t len);
int mbcf_k_fifo_append(uint16_t task, uint64_t ring_va, int src, const void *data, uint32_t len);
/* Is [va, va+len) readable user memory of the current task? (source of a command) */
int mbcf_k_user_readable(uint64_t va, uint64_t len);
/* ... and writable (the completion ring, which the kernel writes). */
int mbcf_k_user_writable(uint64_t va, uint64_t len);
/* Kernel pointer to [va, va+len) of the task when that lies in ONE present
 * user page (writable if write), else NULL (callers then use copy_*_user).
 * Through a cache of leaf-PTE addresses (mbcf_kernel_mem.c). */
void *mbcf_k_uptr(uint64_t va, uint32_t len, int write);
void mbcf_k_ptc_reset(void);

long mbcf_k_sys_export(uint64_t addr, uint64_t len, long flags);
long mbcf_k_sys_fifo_reg(uint64_t ring, uint64_t bytes);
void mbcf_k_fifo_reset(void);

/* Is a task attached (SYS_mbcf_setup done)? Set by mbcf_kernel.c. */
extern int mbcf_k_task_ready;
/* Something arrived for the task (write applied, FIFO entry, completion). */
void mbcf_k_event(void);

#endif
