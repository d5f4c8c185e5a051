/* shm.h - node-local shared memory (shm.c): SYS_shm_map
 * (uapi/cluster_abi.h) and the hooks the address-space code calls. */
#ifndef SHM_H
#define SHM_H
#include <stdint.h>

struct task;

/* Registers SYS_SHM_FIRST..SYS_SHM_LAST (syscall_init). */
void shm_syscall_register(void);
/* A PTE_SHM page at physical address pa was unmapped: one reference less;
 * the segment's pages go back when none is left. */
void shm_page_unref(uint64_t pa);
/* Process t ended (sched_lock held): its shared pages are unmapped and
 * their references dropped. */
void shm_task_ended(struct task *t);

#endif
