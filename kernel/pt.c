/* pt.c - page-table walk and checked user-memory access (see pt.h). Portable C. */
#include <string.h>
#include "pt.h"

#define EFAULT_ 14
#define ENAMETOOLONG_ 36

uint64_t *pt_walk(const struct pt_ops *ops, uint64_t root_pa, uint64_t va, int create, uint64_t inter_flags)
{
    uint64_t *table = ops->p2v(root_pa);
    for (int level = 3; level > 0; level--) {
        unsigned idx = (unsigned)(va >> (12 + 9 * level)) & 511;
        uint64_t e = table[idx];
        if (!(e & PTE_P)) {
            if (!create)
                return NULL;
            uint64_t pa = ops->alloc_table();
            if (!pa)
                return NULL;
            e = pa | PTE_P | PTE_W | inter_flags;
            table[idx] = e;
        } else if (e & PTE_PS) {
            return NULL;
        } else if (create && (inter_flags & ~e & (PTE_U | PTE_W))) {
            e |= inter_flags & (PTE_U | PTE_W);
            table[idx] = e;
        }
        table = ops->p2v(e & PTE_ADDR);
    }
    return &table[(va >> 12) & 511];
}

static int table_empty(const uint64_t *t)
{
    for (int i = 0; i < 512; i++)
        if (t[i])
            return 0;
    return 1;
}

/* The entries of one table (level 3 = PML4 .. 0 = page table) whose spans
 * meet [lo, hi); base is the first address the table maps. */
static int range_level(const struct pt_ops *ops, uint64_t *table, int level, uint64_t base, uint64_t lo,
                       uint64_t hi, pt_visit_fn fn, void *ctx, int prune)
{
    int shift = 12 + 9 * level;
    unsigned first = lo > base ? (unsigned)((lo - base) >> shift) : 0;
    for (unsigned i = first; i < 512; i++) {
        uint64_t va = base + ((uint64_t)i << shift);
        if (va >= hi)
            break;
        uint64_t e = table[i];
        if (!(e & PTE_P))
            continue;
        if (level == 0) {
            int r = fn ? fn(ctx, va, &table[i]) : 0;
            if (r)
                return r;
            continue;
        }
        if (e & PTE_PS)
            continue;
        uint64_t *child = ops->p2v(e & PTE_ADDR);
        int r = range_level(ops, child, level - 1, va, lo, hi, fn, ctx, prune);
        if (prune && table_empty(child)) {
            table[i] = 0;
            ops->free_table(e & PTE_ADDR);
        }
        if (r)
            return r;
    }
    return 0;
}

int pt_range(const struct pt_ops *ops, uint64_t root_pa, uint64_t lo, uint64_t hi, pt_visit_fn fn, void *ctx,
             int prune)
{
    if (hi > (1ull << 48))
        hi = 1ull << 48;
    if (lo >= hi)
        return 0;
    return range_level(ops, ops->p2v(root_pa), 3, 0, lo, hi, fn, ctx, prune);
}

int uaccess_range_ok(uint64_t addr, uint64_t len)
{
    if (len == 0)
        return addr <= USER_TOP;
    return addr < USER_TOP && len <= USER_TOP - addr;
}

int uaccess_check(const struct pt_ops *ops, uint64_t root_pa, uint64_t addr, uint64_t len, int write)
{
    if (!uaccess_range_ok(addr, len))
        return -EFAULT_;
    if (len == 0)
        return 0;
    uint64_t need = PTE_P | PTE_U | (write ? PTE_W : 0);
    for (uint64_t page = addr & ~0xfffull; page < addr + len; page += 4096) {
        uint64_t *pte = pt_walk(ops, root_pa, page, 0, 0);
        if (!pte || (*pte & need) != need)
            return -EFAULT_;
    }
    return 0;
}

/* Copies between a kernel buffer and user memory page by page; dir 0 = in. */
static int copy_pages(const struct pt_ops *ops, uint64_t root_pa, uint64_t uaddr, void *kbuf, uint64_t len, int out)
{
    int r = uaccess_check(ops, root_pa, uaddr, len, out);
    if (r)
        return r;
    uint8_t *k = kbuf;
    while (len) {
        uint64_t off = uaddr & 0xfff;
        uint64_t n = 4096 - off < len ? 4096 - off : len;
        uint64_t *pte = pt_walk(ops, root_pa, uaddr, 0, 0);
        uint8_t *u = (uint8_t *)ops->p2v(*pte & PTE_ADDR) + off;
        if (out)
            memcpy(u, k, n);
        else
            memcpy(k, u, n);
        k += n;
        uaddr += n;
        len -= n;
    }
    return 0;
}

int uaccess_copy_in(const struct pt_ops *ops, uint64_t root_pa, void *dst, uint64_t usrc, uint64_t len)
{
    return copy_pages(ops, root_pa, usrc, dst, len, 0);
}

int uaccess_copy_out(const struct pt_ops *ops, uint64_t root_pa, uint64_t udst, const void *src, uint64_t len)
{
    return copy_pages(ops, root_pa, udst, (void *)src, len, 1);
}

long uaccess_strncpy_in(const struct pt_ops *ops, uint64_t root_pa, char *dst, uint64_t usrc, uint64_t cap)
{
    for (uint64_t i = 0; i < cap; i++) {
        char c;
        if (uaccess_copy_in(ops, root_pa, &c, usrc + i, 1))
            return -EFAULT_;
        dst[i] = c;
        if (!c)
            return (long)i;
    }
    if (cap)
        dst[cap - 1] = '\0';
    return -ENAMETOOLONG_;
}
