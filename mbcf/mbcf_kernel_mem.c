/* mbcf_kernel_mem.c - MBCF protection through the receiving task's page tables
 * (seed 003 sec 2.1, feature 2: protection and virtualisation by the page
 * management and address translation mechanisms).
 *
 * A remote write is allowed page by page only when the page is canonical,
 * in the user half, mapped for the user, writable, and exported writable by
 * the task (PTE software bit PTE_MBCF_WRITE, kapi.h). The whole range is
 * checked before the first byte is written, so a refused write leaves memory
 * untouched. Memory-based FIFOs: a table of rings the task registered; the
 * portable ring code (mbcf_fifo_ring.c) appends through page-table io.
 *
 * Several processes per node (--ppn): every call names the process
 * by its local index `t` (the MBCF task id: SQE and wire `task` field); its
 * page tables are reached through task_local_pte (kapi.h), never through the
 * CPU's current address space, so the interrupt path and the intra-node path
 * (mbcf_kernel_local.c) apply to the right process whoever runs. */
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
#define PTC_N 1024   /* 24 KiB: the pages of a 1 MiB source and target both fit */
static struct { uint64_t page; uint64_t *pte; int t; } ptc[PTC_N];
static uint64_t ptc_generation;

void mbcf_k_ptc_reset(void)
{
    memset(ptc, 0, sizeof ptc);
    ptc_generation = user_pt_generation;
}

/* PTE of process t's user page `page` (page aligned) when present and user, else NULL. */
static uint64_t *pte_of(int t, uint64_t page)
{
    if (ptc_generation != user_pt_generation)
        mbcf_k_ptc_reset();
    unsigned i = (unsigned)((page >> 12) + (uint64_t)t * 61) % PTC_N;
    uint64_t *pte = ptc[i].pte;
    if (!pte || ptc[i].page != page || ptc[i].t != t) {
        pte = task_local_pte(t, page);       /* walks; NULL unless present and user */
        if (!pte)
            return 0;
        ptc[i].page = page;
        ptc[i].pte = pte;
        ptc[i].t = t;
    }
    return (*pte & (PTE_P | PTE_U)) == (PTE_P | PTE_U) ? pte : 0;
}

void *mbcf_k_uptr(int t, uint64_t va, uint32_t len, int write)
{
    if (!len || va >= USER_TOP || (va & PAGE_MASK) + len > PAGE_SIZE)
        return 0;
    uint64_t *pte = pte_of(t, va & ~PAGE_MASK);
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
static int page_writable(int t, uint64_t va, uint64_t **out)
{
    if (!canonical(va))
        return MBCF_E_NONCANON;
    if (va >= USER_TOP)
        return MBCF_E_KERNEL;
    uint64_t *pte = pte_of(t, va & ~PAGE_MASK);   /* NULL unless present and user */
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
    if (!mbcf_k_task_ready(task))
        return MBCF_E_NOTASK;
    if (!len)
        return MBCF_OK;
    if (va + len < va)
        return MBCF_E_NONCANON;
    uint64_t *pte;
    for (uint64_t p = va & ~PAGE_MASK; p < va + len; p += PAGE_SIZE) {
        int st = page_writable(task, p, &pte);
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
        if (page_writable(task, va, &pte))  /* checked above: cannot fail here */
            return MBCF_E_UNMAPPED;
        uint32_t n = (uint32_t)(PAGE_SIZE - (va & PAGE_MASK));
        if (n > len)
            n = len;
        memcpy((uint8_t *)phys_to_virt(*pte & PTE_ADDR) + (va & PAGE_MASK), src, n);
        va += n;
        src += n;
        len -= n;
    }
    mbcf_k_event(task);
    return MBCF_OK;
}

/* Read len bytes of process t's memory at va into buf (the source of a
 * command): MBCF_OK, or MBCF_E_INVAL when some page is not readable. */
int mbcf_k_read(int t, uint64_t va, void *buf, uint32_t len)
{
    uint8_t *d = buf;
    while (len) {
        uint32_t n = (uint32_t)(PAGE_SIZE - (va & PAGE_MASK));
        if (n > len)
            n = len;
        const void *u = mbcf_k_uptr(t, va, n, 0);
        if (!u)
            return MBCF_E_INVAL;
        memcpy(d, u, n);
        d += n;
        va += n;
        len -= n;
    }
    return MBCF_OK;
}

/* Write len bytes from buf into process t's writable memory at va (its
 * rings): MBCF_OK, or MBCF_E_INVAL when some page is not writable (nothing
 * written then). */
int mbcf_k_put_user(int t, uint64_t va, const void *buf, uint32_t len)
{
    uint32_t first = (uint32_t)(PAGE_SIZE - (va & PAGE_MASK));
    if (first > len)
        first = len;
    void *a = mbcf_k_uptr(t, va, first, 1);
    void *b = len > first ? mbcf_k_uptr(t, va + first, len - first, 1) : 0;
    if (!a || (len > first && !b))
        return MBCF_E_INVAL;
    memcpy(a, buf, first);
    if (b)
        memcpy(b, (const uint8_t *)buf + first, len - first);
    return MBCF_OK;
}

/* Intra-node remote write (mbcf_kernel_local.c): memory to memory, from
 * process st's [sva, sva+len) to process dt's [dva, dva+len), one copy.
 * The whole target range is checked first, exactly as for a write from the
 * wire, so a refused write leaves memory untouched; the source was checked
 * readable when the command was taken (and is re-checked page by page). */
int mbcf_k_copy(int dt, uint64_t dva, int st, uint64_t sva, uint32_t len)
{
    int r = mbcf_k_check_range((uint16_t)dt, dva, len);
    if (r)
        return r;
    if (!mbcf_k_user_readable(st, sva, len))
        return MBCF_E_INVAL;
    while (len) {
        uint64_t *dp = 0, *sp = pte_of(st, sva & ~PAGE_MASK);
        if (page_writable(dt, dva, &dp) || !sp)   /* checked above: cannot fail here */
            return MBCF_E_UNMAPPED;
        uint32_t n = (uint32_t)(PAGE_SIZE - (dva & PAGE_MASK));
        uint32_t m = (uint32_t)(PAGE_SIZE - (sva & PAGE_MASK));
        if (n > m)
            n = m;
        if (n > len)
            n = len;
        memmove((uint8_t *)phys_to_virt(*dp & PTE_ADDR) + (dva & PAGE_MASK),
                (const uint8_t *)phys_to_virt(*sp & PTE_ADDR) + (sva & PAGE_MASK), n);
        dva += n;
        sva += n;
        len -= n;
    }
    mbcf_k_event(dt);
    return MBCF_OK;
}

static int user_range_ok(int t, uint64_t va, uint64_t len, int write)
{
    if (!len)
        return 1;
    if (va + len < va || va + len > USER_TOP)
        return 0;
    for (uint64_t p = va & ~PAGE_MASK; p < va + len; p += PAGE_SIZE) {
        uint64_t *pte = pte_of(t, p);
        if (!pte || (write && !(*pte & PTE_W)))
            return 0;
    }
    return 1;
}

int mbcf_k_user_readable(int t, uint64_t va, uint64_t len) { return user_range_ok(t, va, len, 0); }
int mbcf_k_user_writable(int t, uint64_t va, uint64_t len) { return user_range_ok(t, va, len, 1); }

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
    int t;                           /* the owning process (local index) */
    struct mbcf_ring_producer prod;  /* our own tail and size: never read back */
};
/* One table per process, allocated at its first registration. */
#define FIFO_TABLE_PAGES ((MBCF_K_FIFOS * sizeof(struct kfifo) + PAGE_SIZE - 1) / PAGE_SIZE)
static struct kfifo *fifos[MBCF_K_TASKS];

void mbcf_k_fifo_reset(int t)
{
    if (t >= 0 && t < MBCF_K_TASKS && fifos[t])
        memset(fifos[t], 0, MBCF_K_FIFOS * sizeof(struct kfifo));
}

/* Ring io through the owner's page tables (mbcf_fifo_ring.h). */
static uint8_t *ring_ptr(struct kfifo *f, uint64_t off)
{
    uint64_t va = f->va + off;
    uint64_t *pte = pte_of(f->t, va & ~PAGE_MASK);
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

static struct kfifo *fifo_find(int t, uint64_t va)
{
    struct kfifo *tab = t >= 0 && t < MBCF_K_TASKS ? fifos[t] : 0;
    for (int i = 0; tab && i < MBCF_K_FIFOS; i++)
        if (tab[i].va == va && va)
            return &tab[i];
    return 0;
}

int mbcf_k_fifo_append(uint16_t task, uint64_t ring_va, int src, const void *data, uint32_t len)
{
    if (!mbcf_k_task_ready(task))
        return MBCF_E_NOTASK;
    struct kfifo *f = fifo_find(task, ring_va);
    if (!f)
        return MBCF_E_NOFIFO;
    struct mbcf_ring_io io = { f, io_load64, io_store64, io_copy_in };
    int st = mbcf_ring_append(&f->prod, &io, (uint16_t)src, data, len);
    if (st == MBCF_OK)
        mbcf_k_event(task);
    return st;
}

/* SYS_mbcf_fifo_reg(ring, bytes): register (bytes > 0) or unregister (bytes 0)
 * the ring at `ring` of the calling process t. The task formats the ring
 * first (libmbcf does). */
long mbcf_k_sys_fifo_reg(int t, uint64_t ring, uint64_t bytes)
{
    if (t < 0 || t >= MBCF_K_TASKS)
        return -EINVAL;
    struct kfifo *f = fifo_find(t, ring);
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
    if (!fifos[t] && !(fifos[t] = page_alloc(FIFO_TABLE_PAGES)))
        return -ENOMEM;
    for (int i = 0; !f && i < MBCF_K_FIFOS; i++)
        if (!fifos[t][i].va)
            f = &fifos[t][i];
    if (!f)
        return -ENOSPC;
    f->va = ring;
    f->t = t;
    mbcf_ring_producer_init(&f->prod, bytes);
    uint64_t head = 0;
    struct mbcf_ring_io io = { f, io_load64, io_store64, io_copy_in };
    if (io.load64(f, 0, &head) == 0 && !(head & 7))
        f->prod.tail = head;   /* continue where the owner's consumer stands */
    return 0;
}
