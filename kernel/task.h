/* task.h - the processes of a node: their address spaces and memory calls
 * (task.c). A node runs the one static program P times ("ppn", fw_cfg
 * opt/cluster/ppn, default 1) as P processes with local indexes 0..P-1; each
 * process is a thread group (thread.h). Layout, identical in every process of
 * every node (no randomisation):
 *   program at its ELF addresses (usually 0x400000), brk from the page after it,
 *   mmap regions handed out top-down below MMAP_TOP, the stack below STACK_TOP.
 *
 * Interface for the rank mapping and intra-node MBCF:
 *   task_count()        P, the processes this node started (fixed after boot)
 *   task_by_local(i)    process i (0 <= i < P), NULL outside; never freed, also
 *                       after it ended (t->ended), so its memory stays readable
 *   t->local            its index; MPI rank = node * P + local (launcher's job)
 *   task_user_pte / task_copy_from_user / task_copy_to_user: the kapi.h user
 *   memory calls for an explicit process (safe from interrupt context); the
 *   kapi.h ones act on `current`, the process of the thread running on this
 *   CPU (on an idle CPU: the process it ran last). */
#ifndef TASK_H
#define TASK_H
#include <stdint.h>
#include "percpu.h"

#define STACK_TOP   0x00007ffffffff000ull
#define STACK_SIZE  (8ull << 20)
#define MMAP_TOP    0x00007f0000000000ull
#define MMAP_BOTTOM 0x0000100000000000ull
#define MAX_TASKS   64

struct task {
    uint64_t pml4_pa;
    uint64_t brk_start, brk_cur, brk_max;
    uint64_t mmap_next;          /* next mmap region ends here */
    uint64_t pages;              /* user pages mapped */
    uint64_t shm_pages;          /* of them, pages of shared segments (kernel/shm.c) */
    int local;                   /* 0 .. task_count()-1 on this node */
    int pid;                     /* getpid(): local + 1 */
    int nthreads;                /* live threads (sched_lock) */
    int exiting;                 /* exit_group or a fatal signal: threads leave at their next kernel entry */
    int ended;                   /* every thread has exited */
    int status;                  /* exit status (valid once exiting or ended) */
    uint64_t entry, user_rsp;    /* where the first thread enters ring 3 */
};

/* The process of the thread running on this CPU. */
#define current (cpu_this()->task)

int task_count(void);
struct task *task_by_local(int idx);
uint64_t *task_user_pte(struct task *t, uint64_t va);
int task_copy_from_user(struct task *t, void *dst, uint64_t usrc, uint64_t len);
int task_copy_to_user(struct task *t, uint64_t udst, const void *src, uint64_t len);

/* Loads the static ELF program nproc times as processes 0..nproc-1, each with
 * its stack and first thread made runnable. Returns 0, or (after printing why)
 * the status to power off with; nothing runs before the scheduler starts. */
int task_load_all(const void *elf, uint64_t size, int nproc, int argc, char **argv, int envc, char **envp);

/* Fills buf with n pseudo-random bytes (AT_RANDOM, getrandom). */
void kernel_random(void *buf, uint64_t n);

long vm_brk(uint64_t addr);
long vm_mmap(uint64_t addr, uint64_t len, int prot, int flags, int fd, uint64_t off);
long vm_munmap(uint64_t addr, uint64_t len);
/* Maps the physical pages [pa, pa + npages pages) read/write (no execute)
 * into the current process, top-down in the mmap area, marked PTE_SHM;
 * returns the address, or -ENOMEM before any page was mapped. */
long vm_map_shared(uint64_t pa, uint64_t npages);
long vm_mprotect(uint64_t addr, uint64_t len, int prot);
long vm_mremap(uint64_t old, uint64_t old_len, uint64_t new_len, int flags, uint64_t new_addr);
#endif
