/* task.h - the one user task of a node: its address space and memory calls
 * (task.c). Layout, identical on every node (no randomisation):
 *   program at its ELF addresses (usually 0x400000), brk from the page after it,
 *   mmap regions handed out top-down below MMAP_TOP, the stack below STACK_TOP. */
#ifndef TASK_H
#define TASK_H
#include <stdint.h>

#define STACK_TOP   0x00007ffffffff000ull
#define STACK_SIZE  (8ull << 20)
#define MMAP_TOP    0x00007f0000000000ull
#define MMAP_BOTTOM 0x0000100000000000ull

struct task {
    uint64_t pml4_pa;
    uint64_t brk_start, brk_cur, brk_max;
    uint64_t mmap_next;          /* next mmap region ends here */
    uint64_t pages;              /* user pages mapped */
};
extern struct task *current;

/* Loads the static ELF program, builds its stack and enters ring 3. Returns
 * only on failure (after printing why): the status to power off with. */
int task_exec(const void *elf, uint64_t size, int argc, char **argv, int envc, char **envp);

/* Fills buf with n pseudo-random bytes (AT_RANDOM, getrandom). */
void kernel_random(void *buf, uint64_t n);

long vm_brk(uint64_t addr);
long vm_mmap(uint64_t addr, uint64_t len, int prot, int flags, int fd, uint64_t off);
long vm_munmap(uint64_t addr, uint64_t len);
long vm_mprotect(uint64_t addr, uint64_t len, int prot);
long vm_mremap(uint64_t old, uint64_t old_len, uint64_t new_len, int flags, uint64_t new_addr);
#endif
