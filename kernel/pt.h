/* pt.h - x86-64 4-level page-table walking (Intel SDM vol. 3A, 4.5) and the
 * user-pointer checks built on it. Portable C: the caller supplies how a
 * physical address is reached and how a table page is allocated, so the host
 * tests run the same code on page tables built in ordinary memory. */
#ifndef PT_H
#define PT_H
#include <stdint.h>

#include "pte.h"              /* PTE_* bits, USER_TOP */

struct pt_ops {
    void *(*p2v)(uint64_t pa);             /* physical -> usable pointer */
    uint64_t (*alloc_table)(void);         /* zeroed 4 KiB page, physical, 0 on failure */
    void (*free_table)(uint64_t pa);       /* gives back a table page (pt_range with prune) */
};

/* Leaf (4 KiB) PTE for va under the PML4 at root_pa. With create, missing
 * tables are allocated with P|W|inter_flags. NULL when absent (or when a large
 * page maps va, or allocation fails). */
uint64_t *pt_walk(const struct pt_ops *ops, uint64_t root_pa, uint64_t va, int create, uint64_t inter_flags);

/* Called by pt_range for each present 4 KiB leaf entry: it may change or
 * clear *pte; a nonzero return stops the walk. */
typedef int (*pt_visit_fn)(void *ctx, uint64_t va, uint64_t *pte);
/* Visits every present leaf entry of [lo, hi) (page aligned, hi <= 2^48) in
 * address order. Absent entries are skipped at every level, so the cost is
 * the number of tables present in the range, not its size: an empty 64 TiB
 * range costs 128 PML4 entries, not 2^34 page walks. Large-page entries are
 * skipped (user memory is 4 KiB pages). fn may be NULL (prune only). With
 * prune, every table reached in the range that is all zero after its visit
 * is given back (ops->free_table) and its entry cleared; the root never is.
 * Returns fn's nonzero value, else 0. */
int pt_range(const struct pt_ops *ops, uint64_t root_pa, uint64_t lo, uint64_t hi, pt_visit_fn fn, void *ctx,
             int prune);

/* 1 when [addr, addr+len) lies inside the user half without wrapping. */
int uaccess_range_ok(uint64_t addr, uint64_t len);
/* 0 when every page of [addr, addr+len) is present and user-accessible (and
 * writable if write); -14 (-EFAULT) otherwise. len 0 is always fine. */
int uaccess_check(const struct pt_ops *ops, uint64_t root_pa, uint64_t addr, uint64_t len, int write);
/* Checked copies through the page tables (never through the user mapping). */
int uaccess_copy_in(const struct pt_ops *ops, uint64_t root_pa, void *dst, uint64_t usrc, uint64_t len);
int uaccess_copy_out(const struct pt_ops *ops, uint64_t root_pa, uint64_t udst, const void *src, uint64_t len);
/* Copies a NUL-terminated user string of at most cap-1 characters; returns its
 * length, -14 on a bad pointer, -36 (-ENAMETOOLONG) when it does not fit. */
long uaccess_strncpy_in(const struct pt_ops *ops, uint64_t root_pa, char *dst, uint64_t usrc, uint64_t cap);
#endif
