/* mem.c - physical page allocator setup from the UEFI memory map, the kernel
 * page tables (Intel SDM vol. 3A 4.5), page_alloc, kmalloc and mmio_map. */
#include "kapi.h"
#include "io.h"
#include "mem.h"
#include "palloc.h"
#include "spinlock.h"

static struct palloc pa;
/* SMP: the frame bitmap, the kmalloc lists and the MMIO window each have a lock. */
static struct spinlock mem_lock = SPINLOCK_INIT("mem");
static struct spinlock kmalloc_lock = SPINLOCK_INIT("kmalloc");
static struct spinlock mmio_lock = SPINLOCK_INIT("mmio");
static uint64_t dmap_base;            /* 0 until our page tables are live */
static uint64_t dmap_end;             /* bytes of physical memory in the direct map */
static uint64_t mmio_next = MMIO_BASE;
uint64_t kernel_pml4_pa;
uint64_t kimage_lo, kimage_hi;
uint64_t kstack_top, dfstack_top;

void *phys_to_virt(uint64_t p) { return (void *)(p + dmap_base); }

static void *pt_p2v(uint64_t p) { return phys_to_virt(p); }

static uint64_t pt_alloc_table(void)
{
    uint64_t fl = spin_lock_irqsave(&mem_lock);
    int64_t f = palloc_alloc(&pa, 1);
    spin_unlock_irqrestore(&mem_lock, fl);
    if (f < 0)
        return 0;
    uint64_t p = (uint64_t)f * PAGE_SIZE;
    memset(phys_to_virt(p), 0, PAGE_SIZE);
    return p;
}

uint64_t user_pt_generation;

/* A table page emptied by an unmap: cached PTE pointers into it (kapi.h,
 * user_pte) are stale from now on. */
static void pt_free_table(uint64_t p)
{
    user_pt_generation++;
    page_free(phys_to_virt(p), 1);
}

const struct pt_ops kernel_pt_ops = { pt_p2v, pt_alloc_table, pt_free_table };

uint64_t virt_to_phys(const void *kva)
{
    uint64_t v = (uint64_t)kva;
    if (dmap_base && v >= dmap_base && v < dmap_base + dmap_end)
        return v - dmap_base;
    if (v >= kimage_lo && v < kimage_hi)
        return v;
    uint64_t *pte = pt_walk(&kernel_pt_ops, kernel_pml4_pa, v & ~0xfffull, 0, 0);
    return pte && (*pte & PTE_P) ? (*pte & PTE_ADDR) + (v & 0xfff) : 0;
}

void *page_alloc_uninit(uint64_t n)
{
    uint64_t f = spin_lock_irqsave(&mem_lock);
    int64_t first = palloc_alloc(&pa, n);
    spin_unlock_irqrestore(&mem_lock, f);
    return first < 0 ? NULL : phys_to_virt((uint64_t)first * PAGE_SIZE);
}

void *page_alloc(uint64_t n)
{
    void *p = page_alloc_uninit(n);
    if (p)
        memset(p, 0, n * PAGE_SIZE);
    return p;
}

void page_free(void *p, uint64_t n)
{
    if (!p)
        return;
    uint64_t f = spin_lock_irqsave(&mem_lock);
    int bad = palloc_free(&pa, virt_to_phys(p) / PAGE_SIZE, n) != 0;
    spin_unlock_irqrestore(&mem_lock, f);
    if (bad)
        panic("page_free: bad free of %p (%lu pages)", p, n);
}

uint64_t mem_free_pages(void) { return pa.nfree; }
uint64_t mem_total_pages(void) { return pa.npages; }

/* ---- kmalloc: power-of-two size classes 32..2048 bytes, pages above ---- */
struct khdr { uint64_t size; uint64_t magic; };   /* 16 bytes keeps 16-byte alignment */
#define KMAGIC_SMALL 0x6b6d616c6c6f6373ull
#define KMAGIC_BIG   0x6b6d616c6c6f6362ull
static void *free_lists[7];                        /* 32 << i */

void *kmalloc(uint64_t n)
{
    uint64_t need = n + sizeof(struct khdr);
    if (n > (1ull << 40))
        return NULL;
    if (need > 2048) {
        uint64_t pages = (need + PAGE_SIZE - 1) / PAGE_SIZE;
        struct khdr *h = page_alloc(pages);
        if (!h)
            return NULL;
        h->size = pages;
        h->magic = KMAGIC_BIG;
        return h + 1;
    }
    int c = 0;
    while ((32ull << c) < need)
        c++;
    uint64_t f = spin_lock_irqsave(&kmalloc_lock);
    if (!free_lists[c]) {
        uint8_t *page = page_alloc(1);
        if (!page) {
            spin_unlock_irqrestore(&kmalloc_lock, f);
            return NULL;
        }
        for (uint64_t off = 0; off + (32ull << c) <= PAGE_SIZE; off += 32ull << c) {
            *(void **)(page + off) = free_lists[c];
            free_lists[c] = page + off;
        }
    }
    struct khdr *h = free_lists[c];
    free_lists[c] = *(void **)h;
    spin_unlock_irqrestore(&kmalloc_lock, f);
    memset(h, 0, 32ull << c);
    h->size = (uint64_t)c;
    h->magic = KMAGIC_SMALL;
    return h + 1;
}

void kfree(void *p)
{
    if (!p)
        return;
    struct khdr *h = (struct khdr *)p - 1;
    if (h->magic == KMAGIC_BIG) {
        h->magic = 0;
        page_free(h, h->size);
        return;
    }
    if (h->magic != KMAGIC_SMALL || h->size > 6)
        panic("kfree: bad pointer %p", p);
    h->magic = 0;
    int c = (int)h->size;
    uint64_t f = spin_lock_irqsave(&kmalloc_lock);
    *(void **)h = free_lists[c];
    free_lists[c] = h;
    spin_unlock_irqrestore(&kmalloc_lock, f);
}

/* ---- mappings ---- */
static int map_page(uint64_t pml4, uint64_t va, uint64_t pa_, uint64_t flags)
{
    uint64_t *pte = pt_walk(&kernel_pt_ops, pml4, va, 1, flags & PTE_U);
    if (!pte)
        return -1;
    *pte = pa_ | flags | PTE_P;
    return 0;
}

void *mmio_map(uint64_t phys, uint64_t len)
{
    uint64_t base = phys & ~0xfffull;
    uint64_t end = (phys + len + 0xfff) & ~0xfffull;
    uint64_t f = spin_lock_irqsave(&mmio_lock);
    uint64_t va = mmio_next;
    for (uint64_t p = base; p < end; p += PAGE_SIZE)
        if (map_page(kernel_pml4_pa, va + (p - base), p, PTE_W | PTE_PCD | PTE_PWT | PTE_NX))
            panic("mmio_map: out of memory");
    mmio_next += (end - base) + PAGE_SIZE;      /* one guard page between mappings */
    spin_unlock_irqrestore(&mmio_lock, f);
    return (void *)(va + (phys - base));
}

int mem_map_identity(uint64_t pa)
{
    return map_page(kernel_pml4_pa, pa, pa, PTE_W);
}

int mem_map_kernel_image(uint64_t pml4)
{
    for (uint64_t p = kimage_lo; p < kimage_hi; p += PAGE_SIZE)
        if (map_page(pml4, p, p, PTE_W))
            return -1;
    return 0;
}

static int usable_type(uint32_t t)
{
    return t == EFI_MT_CONVENTIONAL;
}

static int ram_type(uint32_t t)
{
    return t != EFI_MT_MMIO && t != EFI_MT_MMIO_PORT && t <= 14;
}

extern void switch_stack_cr3(uint64_t cr3, uint64_t rsp, void (*fn)(void)) __attribute__((noreturn));

void mem_init(const struct boot_info *bi, void (*next)(void))
{
    const uint8_t *m = (const uint8_t *)bi->mmap;
    uint64_t nd = bi->mmap_size / bi->desc_size;
    uint64_t top = 0;
    for (uint64_t i = 0; i < nd; i++) {
        const struct efi_mdesc *d = (const void *)(m + i * bi->desc_size);
        if (ram_type(d->type) && d->phys + d->npages * PAGE_SIZE > top)
            top = d->phys + d->npages * PAGE_SIZE;
    }
    uint64_t npages = top / PAGE_SIZE;
    uint64_t bm_pages = (palloc_bitmap_words(npages) * 8 + PAGE_SIZE - 1) / PAGE_SIZE;
    uint64_t *bits = NULL;
    for (uint64_t i = 0; i < nd && !bits; i++) {
        const struct efi_mdesc *d = (const void *)(m + i * bi->desc_size);
        if (usable_type(d->type) && d->phys >= 0x100000 && d->npages >= bm_pages)
            bits = (uint64_t *)d->phys;       /* UEFI's identity map is still live */
    }
    if (!bits)
        panic("no room for the page bitmap");
    palloc_init(&pa, bits, npages);
    for (uint64_t i = 0; i < nd; i++) {
        const struct efi_mdesc *d = (const void *)(m + i * bi->desc_size);
        if (usable_type(d->type) && d->phys >= 0x100000)
            palloc_mark_free(&pa, d->phys / PAGE_SIZE, d->npages);
    }
    palloc_mark_used(&pa, (uint64_t)bits / PAGE_SIZE, bm_pages);

    /* No-execute bit and syscall enable (AMD64 APM vol. 2, 3.1.7). */
    wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_NXE | EFER_SCE);

    kimage_lo = bi->image_base & ~0xfffull;
    kimage_hi = (bi->image_base + bi->image_size + 0xfff) & ~0xfffull;
    kernel_pml4_pa = pt_alloc_table();
    uint64_t *pml4 = phys_to_virt(kernel_pml4_pa);
    /* Direct map with 2 MiB pages, whole GiBs. */
    dmap_end = (top + (1ull << 30) - 1) & ~((1ull << 30) - 1);
    for (uint64_t gb = 0; gb < dmap_end; gb += 1ull << 30) {
        uint64_t va = DMAP_BASE + gb;
        unsigned i4 = (va >> 39) & 511, i3 = (va >> 30) & 511;
        if (!(pml4[i4] & PTE_P))
            pml4[i4] = pt_alloc_table() | PTE_P | PTE_W;
        uint64_t *pdpt = phys_to_virt(pml4[i4] & PTE_ADDR);
        uint64_t pd_pa = pt_alloc_table();
        if (!pd_pa)
            panic("out of memory for the direct map");
        pdpt[i3] = pd_pa | PTE_P | PTE_W;
        uint64_t *pd = phys_to_virt(pd_pa);
        for (int j = 0; j < 512; j++)
            pd[j] = (gb + ((uint64_t)j << 21)) | PTE_P | PTE_W | PTE_PS | PTE_NX;
    }
    /* The MMIO window's PDPT exists from the start so that every address
     * space (which copies the upper half of the PML4) sees later mappings. */
    pml4[(MMIO_BASE >> 39) & 511] = pt_alloc_table() | PTE_P | PTE_W;
    if (mem_map_kernel_image(kernel_pml4_pa))
        panic("out of memory mapping the kernel image");

    int64_t kf = palloc_alloc(&pa, KSTACK_PAGES);
    int64_t df = palloc_alloc(&pa, 4);
    if (kf < 0 || df < 0)
        panic("out of memory for kernel stacks");
    uint8_t *ks = (uint8_t *)(DMAP_BASE + (uint64_t)kf * PAGE_SIZE);
    kstack_top = (uint64_t)ks + KSTACK_PAGES * PAGE_SIZE;
    dfstack_top = DMAP_BASE + (uint64_t)df * PAGE_SIZE + 4 * PAGE_SIZE;
    dmap_base = DMAP_BASE;
    pa.bits = (uint64_t *)(DMAP_BASE + (uint64_t)bits);
    switch_stack_cr3(kernel_pml4_pa, kstack_top, next);
}
