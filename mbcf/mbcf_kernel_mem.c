/* mbcf_kernel_mem.c - MBCF protection through the receiving task's page tables
 * (seed 003 sec 2.1, feature 2: protection and virtualisation by the page
 * management and address translation mechanisms).
 *
 * A remote write is allowed page by page only when the page is canonical,
 * in the user half, mapped for the user, writable, and exported writable by
 * the task (PTE software bit PTE_MBCF_WRITE, kapi.h). The whole range is
 * checked before the first byte is written, so a refused write leaves memory
 * untouched. Memory-based FIFOs: a table of rings the task registered; the
 * portable ring code (mbcf_fifo_ring.c) appends through page-table io. */
#include "kapi.h"
#include "mbcf_kernel.h"
#include "mbcf_fifo_ring.h"
#include "mbcf_abi.h"
#define PAGE_MASK (PAGE_SIZE - 1)

/* ---- leaf-PTE cache ----
 * While no page-table page of the task is freed (user_pt_generation, kapi.h,
 * unchanged), the address of the leaf entry for a user page, once found, stays
 * the entry for that page. Each use re-reads the entry and checks present/user
 * (and writable, exported) there: the same answer as a fresh walk, without the
 * 4-level walk. The hot pages of an MBCF step (ctrl, ring slots, sources,
 * targets) hit every time. Emptied at SYS_mbcf_setup, at power-off and when
 * an unmap has freed a table page (the cached pointer could point into it). */
#define PTC_N 1024   /* 16 KiB: the pages of a 1 MiB source and target both fit */
static struct { uint64_t page; uint64_t *pte; } ptc[PTC_N];
static uint64_t ptc_generation;

void mbcf_k_ptc_reset(void)
{
    memset(ptc, 0, sizeof ptc);
    ptc_generation = user_pt_generation;
}

/* PTE of the user page `page` (page aligned) when present and user, else NULL. */
static uint64_t *pte_of(uint64_t page)
{
    if (ptc_generation != user_pt_generation)
        mbcf_k_ptc_reset();
    unsigned i = (unsigned)(page >> 12) % PTC_N;
    uint64_t *pte = ptc[i].pte;
    if (!pte || ptc[i].page != page) {
        pte = user_pte(page);                /* walks; NULL unless present and user */
        if (!pte)
            return 0;
        ptc[i].page = page;
        ptc[i].pte = pte;
    }
    return (*pte & (PTE_P | PTE_U)) == (PTE_P | PTE_U) ? pte : 0;
}

void *mbcf_k_uptr(uint64_t va, uint32_t len, int write)
{
    if (!len || va >= USER_TOP || (va & PAGE_MASK) + len > PAGE_SIZE)
        return 0;
    uint64_t *pte = pte_of(va & ~PAGE_MASK);
    if (!pte || (write && !(*pte & PTE_W)))
        return 0;
    return (uint8_t *)phys_to_virt(*pte & PTE_ADDR) + (va & PAGE_MASK);
}

static int canonical(uint64_t va)
{
    uint64_t top = va >> 47;
    return top == 0 || top == 0x1ffff;
}

/* Status of one page for a remote write; *out receives its PTE. */
static int page_writable(uint64_t va, uint64_t **out)
{
    if (!canonical(va))
        return MBCF_E_NONCANON;
    if (va >= USER_TOP)
        return MBCF_E_KERNEL;
    uint64_t *pte = pte_of(va & ~PAGE_MASK);   /* NULL unless present and user */
    if (!pte)
        return MBCF_E_UNMAPPED;
    if (!(*pte & (PTE_MBCF_READ | PTE_MBCF_WRITE)))
        return MBCF_E_UNEXPORTED;
    if (!(*pte & PTE_MBCF_WRITE) || !(*pte & PTE_W))
        return MBCF_E_READONLY;
    *out = pte;
    return MBCF_OK;
}

int mbcf_k_check_range(uint16_t task, uint64_t va, uint64_t len)
{
    if (task != 0 || !mbcf_k_task_ready)
        return MBCF_E_NOTASK;
    if (!len)
        return MBCF_OK;
    if (va + len < va)
        return MBCF_E_NONCANON;
    uint64_t *pte;
    for (uint64_t p = va & ~PAGE_MASK; p < va + len; p += PAGE_SIZE) {
        int st = page_writable(p, &pte);
        if (st)
            return st;
    }
    return MBCF_OK;
}

int mbcf_k_write(uint16_t task, uint64_t va, const void *data, uint32_t len)
{
    int st = mbcf_k_check_range(task, va, len);
    if (st)
        return st;
    const uint8_t *src = data;
    while (len) {
        uint64_t *pte = 0;
        if (page_writable(va, &pte))        /* checked above: cannot fail here */
            return MBCF_E_UNMAPPED;
        uint32_t n = (uint32_t)(PAGE_SIZE - (va & PAGE_MASK));
        if (n > len)
            n = len;
        memcpy((uint8_t *)phys_to_virt(*pte & PTE_ADDR) + (va & PAGE_MASK), src, n);
        va += n;
        src += n;
        len -= n;
    }
    mbcf_k_event();
    return MBCF_OK;
}

static int user_range_ok(uint64_t va, uint64_t len, int write)
{
    if (!len)
        return 1;
    if (va + len < va || va + len > USER_TOP)
        return 0;
    for (uint64_t p = va & ~PAGE_MASK; p < va + len; p += PAGE_SIZE) {
        uint64_t *pte = pte_of(p);
        if (!pte || (write && !(*pte & PTE_W)))
            return 0;
    }
    return 1;
}

int mbcf_k_user_readable(uint64_t va, uint64_t len) { return user_range_ok(va, len, 0); }
int mbcf_k_user_writable(uint64_t va, uint64_t len) { return user_range_ok(va, len, 1); }

/* SYS_mbcf_export(addr, len, flags): set (or with flags 0 clear) the export
 * bits on every page of [addr, addr+len) rounded out to pages. All pages are
 * checked first: on error nothing changes. */
long mbcf_k_sys_export(uint64_t addr, uint64_t len, long flags)
{
    if (flags & ~(long)(MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) || !len)
        return -EINVAL;
    uint64_t lo = addr & ~PAGE_MASK, hi = (addr + len + PAGE_MASK) & ~PAGE_MASK;
    if (addr + len < addr || hi < lo || hi > USER_TOP)
        return -EFAULT;
    for (uint64_t p = lo; p < hi; p += PAGE_SIZE) {
        uint64_t *pte = user_pte(p);
        if (!pte)
            return -EFAULT;
        if ((flags & MBCF_EXPORT_WRITE) && !(*pte & PTE_W))
            return -EPERM;
    }
    uint64_t bits = (flags ? PTE_MBCF_READ : 0) | (flags & MBCF_EXPORT_WRITE ? PTE_MBCF_WRITE : 0);
    for (uint64_t p = lo; p < hi; p += PAGE_SIZE) {
        uint64_t *pte = user_pte(p);
        *pte = (*pte & ~(PTE_MBCF_READ | PTE_MBCF_WRITE)) | bits;
        user_tlb_flush(p);
    }
    return 0;
}

/* ---- memory-based FIFOs ---- */
#define MBCF_K_FIFOS 64
struct kfifo {
    uint64_t va;                     /* ring address in the task, 0 = free slot */
    struct mbcf_ring_producer prod;  /* our own tail and size: never read back */
};
static struct kfifo fifos[MBCF_K_FIFOS];

void mbcf_k_fifo_reset(void)
{
    memset(fifos, 0, sizeof fifos);
}

/* Ring io through the task's page tables (mbcf_fifo_ring.h). */
static uint8_t *ring_ptr(struct kfifo *f, uint64_t off)
{
    uint64_t va = f->va + off;
    uint64_t *pte = pte_of(va & ~PAGE_MASK);
    if (!pte || !(*pte & PTE_W))
        return 0;
    return (uint8_t *)phys_to_virt(*pte & PTE_ADDR) + (va & PAGE_MASK);
}

static int io_load64(void *ctx, uint64_t off, uint64_t *v)
{
    uint8_t *p = ring_ptr(ctx, off);
    if (!p)
        return MBCF_E_UNMAPPED;
    *v = __atomic_load_n((uint64_t *)p, __ATOMIC_ACQUIRE);
    return 0;
}

static int io_store64(void *ctx, uint64_t off, uint64_t v)
{
    uint8_t *p = ring_ptr(ctx, off);
    if (!p)
        return MBCF_E_UNMAPPED;
    __atomic_store_n((uint64_t *)p, v, __ATOMIC_RELEASE);
    return 0;
}

static int io_copy_in(void *ctx, uint64_t off, const void *src, uint32_t len)
{
    struct kfifo *f = ctx;
    const uint8_t *s = src;
    while (len) {
        uint8_t *p = ring_ptr(f, off);
        if (!p)
            return MBCF_E_UNMAPPED;
        uint32_t n = (uint32_t)(PAGE_SIZE - ((f->va + off) & PAGE_MASK));
        if (n > len)
            n = len;
        memcpy(p, s, n);
        off += n;
        s += n;
        len -= n;
    }
    return 0;
}

static struct kfifo *fifo_find(uint64_t va)
{
    for (int i = 0; i < MBCF_K_FIFOS; i++)
        if (fifos[i].va == va && va)
            return &fifos[i];
    return 0;
}

int mbcf_k_fifo_append(uint16_t task, uint64_t ring_va, int src, const void *data, uint32_t len)
{
    if (task != 0 || !mbcf_k_task_ready)
        return MBCF_E_NOTASK;
    struct kfifo *f = fifo_find(ring_va);
    if (!f)
        return MBCF_E_NOFIFO;
    struct mbcf_ring_io io = { f, io_load64, io_store64, io_copy_in };
    int st = mbcf_ring_append(&f->prod, &io, (uint16_t)src, data, len);
    if (st == MBCF_OK)
        mbcf_k_event();
    return st;
}

/* SYS_mbcf_fifo_reg(ring, bytes): register (bytes > 0) or unregister (bytes 0)
 * the ring at `ring`. The task formats the ring first (libmbcf does). */
long mbcf_k_sys_fifo_reg(uint64_t ring, uint64_t bytes)
{
    struct kfifo *f = fifo_find(ring);
    if (!bytes) {
        if (!f)
            return -ENOENT;
        f->va = 0;
        return 0;
    }
    if (!ring || (ring & 63) || !mbcf_ring_size_ok(bytes) || ring + bytes > USER_TOP ||
        ring + bytes < ring)
        return -EINVAL;
    for (uint64_t p = ring; p < ring + bytes; p += PAGE_SIZE) {
        uint64_t *pte = user_pte(p & ~PAGE_MASK);
        if (!pte || !(*pte & PTE_W))
            return -EFAULT;
    }
    for (int i = 0; !f && i < MBCF_K_FIFOS; i++)
        if (!fifos[i].va)
            f = &fifos[i];
    if (!f)
        return -ENOSPC;
    f->va = ring;
    mbcf_ring_producer_init(&f->prod, bytes);
    uint64_t head = 0;
    struct mbcf_ring_io io = { f, io_load64, io_store64, io_copy_in };
    if (io.load64(f, 0, &head) == 0 && !(head & 7))
        f->prod.tail = head;   /* continue where the owner's consumer stands */
    return 0;
}
