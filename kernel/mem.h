/* mem.h - kernel memory layout and the physical/virtual memory internals
 * (mem.c). Layout:
 *   low half          user memory; plus the kernel image where UEFI loaded it,
 *                     identity mapped, supervisor only, in every address space
 *   0xFFFF800000000000 direct map of all RAM (2 MiB pages, no-execute)
 *   0xFFFFC00000000000 uncached MMIO mappings (mmio_map)
 */
#ifndef MEM_H
#define MEM_H
#include <stdint.h>
#include "boot.h"
#include "pt.h"

#define DMAP_BASE 0xFFFF800000000000ull
#define MMIO_BASE 0xFFFFC00000000000ull
#define KSTACK_PAGES 16           /* 64 KiB kernel stacks */

/* page_alloc (kapi.h) without the zeroing: for a caller that zeroes a large
 * run itself with interrupt windows (kernel/shm.c). */
void *page_alloc_uninit(uint64_t n);
extern const struct pt_ops kernel_pt_ops;
extern uint64_t kernel_pml4_pa;
extern uint64_t kimage_lo, kimage_hi;   /* kernel image range (identity mapped) */

/* Builds the page allocator and the kernel page tables, loads CR3, switches
 * to a fresh kernel stack and calls next(); never returns. */
void mem_init(const struct boot_info *bi, void (*next)(void)) __attribute__((noreturn));
/* Frames free / total, for the boot log. */
uint64_t mem_free_pages(void);
uint64_t mem_total_pages(void);
/* Maps the kernel image into a new address space (lower half, supervisor). */
int mem_map_kernel_image(uint64_t pml4_pa);
/* Maps the page at physical pa 1:1 (supervisor, executable) in the kernel's
 * page tables: the AP start-up trampoline (smp_boot.c). */
int mem_map_identity(uint64_t pa);
/* Top of the kernel stack used for interrupts from ring 3 and syscalls. */
extern uint64_t kstack_top;
extern uint64_t dfstack_top;
#endif
