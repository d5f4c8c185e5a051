/* task.c - the processes: address space (4 KiB user pages, eager zero fill),
 * static ELF loading (P times for P processes per node), the initial stack,
 * brk/mmap/munmap/mprotect/mremap (TLB shoot-down to the process's other
 * CPUs), and the user-memory accessors of kapi.h and task.h. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "mem.h"
#include "elf.h"
#include "ustack.h"
#include "task.h"
#include "ktime.h"
#include "smp.h"
#include "thread.h"
#include "shm.h"

static struct task tasks[MAX_TASKS];
static int ntasks;

int task_count(void)
{
    return ntasks;
}

struct task *task_by_local(int idx)
{
    return idx >= 0 && idx < ntasks ? &tasks[idx] : NULL;
}

#define PROT_READ 1
#define PROT_WRITE 2
#define PROT_EXEC 4
#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_FIXED_NOREPLACE 0x100000
#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2

static uint64_t pte_flags(int prot)
{
    uint64_t f = PTE_P | PTE_U;
    if (prot & PROT_WRITE)
        f |= PTE_W;
    if (!(prot & PROT_EXEC))
        f |= PTE_NX;
    if (!(prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
        f &= ~PTE_U;     /* PROT_NONE: keep the page, deny ring 3 */
    return f;
}

/* ---- user memory accessors (kapi.h, task.h) ---- */
uint64_t *task_user_pte(struct task *t, uint64_t va)
{
    if (!t || va >= USER_TOP)
        return NULL;
    uint64_t *pte = pt_walk(&kernel_pt_ops, t->pml4_pa, va, 0, 0);
    return pte && (*pte & PTE_P) && (*pte & PTE_U) ? pte : NULL;
}

int task_copy_from_user(struct task *t, void *dst, uint64_t usrc, uint64_t len)
{
    if (!t)
        return -EFAULT;
    return uaccess_copy_in(&kernel_pt_ops, t->pml4_pa, dst, usrc, len);
}

int task_copy_to_user(struct task *t, uint64_t udst, const void *src, uint64_t len)
{
    if (!t)
        return -EFAULT;
    return uaccess_copy_out(&kernel_pt_ops, t->pml4_pa, udst, src, len);
}

uint64_t *user_pte(uint64_t va)
{
    return percpu_ready ? task_user_pte(current, va) : NULL;
}

int copy_from_user(void *dst, uint64_t usrc, uint64_t len)
{
    return percpu_ready ? task_copy_from_user(current, dst, usrc, len) : -EFAULT;
}

int copy_to_user(uint64_t udst, const void *src, uint64_t len)
{
    return percpu_ready ? task_copy_to_user(current, udst, src, len) : -EFAULT;
}

void user_tlb_flush(uint64_t va)
{
    invlpg(va);
}

/* ---- page mapping ---- */
static int in_kernel_image(uint64_t lo, uint64_t hi)
{
    return lo < kimage_hi && kimage_lo < hi;
}

static uint64_t *walk_create(uint64_t va)
{
    return pt_walk(&kernel_pt_ops, current->pml4_pa, va, 1, PTE_U);
}

/* System calls run with interrupts off; a long mapping loop opens a window
 * now and then so the NIC and the timer are served (the STI shadow lets
 * pending interrupts in between the NOP and the CLI). PTEs are written with one
 * store after the page is ready, so an interrupt handler walking the tables
 * (user_pte) sees either nothing or a complete mapping. Table pages are freed
 * only between windows, with user_pt_generation moved first. */
static inline void irq_window(uint64_t va)
{
    if ((va & ((256 * PAGE_SIZE) - 1)) == 0)
        __asm__ volatile("sti; nop; cli" ::: "memory");
}

/* ---- range walks over the task's page tables (pt_range visitors) ----
 * They skip absent tables, so a call over tens of TiB costs what is mapped
 * there, not one walk per 4 KiB page. */
static int unmap_leaf(void *ctx, uint64_t va, uint64_t *pte)
{
    (void)ctx;
    irq_window(va);
    uint64_t old = *pte;
    *pte = 0;
    if (old & PTE_SHM) { /* a shared segment's page: its last user frees it */
        shm_page_unref(old & PTE_ADDR);
        current->shm_pages--;
    } else {
        page_free(phys_to_virt(old & PTE_ADDR), 1);
    }
    invlpg(va);
    current->pages--;
    return 0;
}

/* Frees the pages of [lo, hi) and every table page left empty. */
static void unmap_range(uint64_t lo, uint64_t hi)
{
    uint64_t gen = user_pt_generation;
    pt_range(&kernel_pt_ops, current->pml4_pa, lo, hi, unmap_leaf, NULL, 1);
    /* A table page went back: INVLPG also empties the paging-structure
     * caches (Intel SDM vol. 3A 4.10.4.1), which may still point into it. */
    if (gen != user_pt_generation)
        invlpg(lo);
}

static int stop_at_first(void *ctx, uint64_t va, uint64_t *pte)
{
    (void)pte;
    *(uint64_t *)ctx = va;
    return 1;
}

/* Lowest mapped page of [lo, hi), 0 when none (page 0 is never mapped). */
static uint64_t first_mapped(uint64_t lo, uint64_t hi)
{
    uint64_t va = 0;
    pt_range(&kernel_pt_ops, current->pml4_pa, lo, hi, stop_at_first, &va, 0);
    return va;
}

struct count_ctx { uint64_t need, n; };
static int count_leaf(void *ctx, uint64_t va, uint64_t *pte)
{
    struct count_ctx *c = ctx;
    irq_window(va);
    c->n += (*pte & c->need) == c->need;
    return 0;
}

/* 1 when every page of [lo, hi) is mapped with all the PTE bits in need. */
static int range_all_mapped(uint64_t lo, uint64_t hi, uint64_t need)
{
    struct count_ctx c = { need | PTE_P, 0 };
    pt_range(&kernel_pt_ops, current->pml4_pa, lo, hi, count_leaf, &c, 0);
    return c.n == (hi - lo) / PAGE_SIZE;
}

/* Maps fresh zeroed pages over [lo, hi) (page aligned, must be unmapped). On
 * failure everything it allocated (pages and table pages) goes back. A range
 * of more pages than are free cannot succeed: it is refused before the first
 * allocation (ENOMEM, as Linux's overcommit check refuses it, mmap(2)), not
 * after allocating all memory and giving it back. */
static int map_anon(uint64_t lo, uint64_t hi, uint64_t flags)
{
    if ((hi - lo) / PAGE_SIZE > mem_free_pages())
        return -ENOMEM;
    for (uint64_t va = lo; va < hi; va += PAGE_SIZE) {
        irq_window(va);
        uint64_t *pte = walk_create(va);
        void *page = pte ? page_alloc(1) : NULL;
        if (!page) {
            unmap_range(lo, va + PAGE_SIZE);   /* the tables made for va too */
            return -ENOMEM;
        }
        *pte = virt_to_phys(page) | flags;
        current->pages++;
    }
    return 0;
}

/* Top-down placement of mappings without MAP_FIXED: the highest len bytes
 * ending at or below top that overlap no mapping, one guard page below any
 * mapping skipped on the way. Deterministic: equal call sequences give equal
 * addresses on every node. 0 when nothing fits above MMAP_BOTTOM. */
static uint64_t find_gap(uint64_t top, uint64_t len)
{
    while (top > MMAP_BOTTOM && top - MMAP_BOTTOM >= len) {
        uint64_t lo = top - len, hit = first_mapped(lo, top);
        if (!hit)
            return lo;
        top = hit - PAGE_SIZE;
    }
    return 0;
}

/* ---- ELF loading ---- */
static int load_segments(const uint8_t *file, const struct elf_info *ei)
{
    for (int i = 0; i < ei->nseg; i++) {
        const struct elf_seg *s = &ei->seg[i];
        uint64_t lo = s->vaddr & ~0xfffull, hi = (s->vaddr + s->memsz + 0xfff) & ~0xfffull;
        int prot = (s->flags & ELF_PF_R ? PROT_READ : 0) | (s->flags & ELF_PF_W ? PROT_WRITE : 0) |
                   (s->flags & ELF_PF_X ? PROT_EXEC : 0);
        for (uint64_t va = lo; va < hi; va += PAGE_SIZE) {
            uint64_t *pte = walk_create(va);
            if (!pte)
                return -ENOMEM;
            if (*pte & PTE_P) {     /* page shared with the previous segment: widen */
                uint64_t f = pte_flags(prot);
                *pte |= f & (PTE_W | PTE_U);
                if (!(f & PTE_NX))
                    *pte &= ~PTE_NX;
                continue;
            }
            void *page = page_alloc(1);
            if (!page)
                return -ENOMEM;
            *pte = virt_to_phys(page) | pte_flags(prot);
            current->pages++;
        }
        /* Copy the file bytes through the direct map (pages may be read-only). */
        for (uint64_t done = 0; done < s->filesz;) {
            uint64_t va = s->vaddr + done, off = va & 0xfff;
            uint64_t n = PAGE_SIZE - off < s->filesz - done ? PAGE_SIZE - off : s->filesz - done;
            uint64_t *pte = pt_walk(&kernel_pt_ops, current->pml4_pa, va, 0, 0);
            memcpy((uint8_t *)phys_to_virt(*pte & PTE_ADDR) + off, file + s->offset + done, n);
            done += n;
        }
    }
    return 0;
}

static uint64_t rng_state;
static uint64_t rng_next(void)
{
    if (!rng_state)
        rng_state = rdtsc() | 1;
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

void kernel_random(void *buf, uint64_t n)
{
    uint8_t *p = buf;
    for (uint64_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng_next() >> 24);
}

/* Loads process t (already current on this CPU); 0 or the status to stop with. */
static int load_one(struct task *t, const void *file, const struct elf_info *ei, int argc, char **argv,
                    int envc, char **envp)
{
    t->pml4_pa = virt_to_phys(page_alloc(1));
    if (!t->pml4_pa)
        panic("out of memory for a page table");
    uint64_t *pml4 = phys_to_virt(t->pml4_pa);
    const uint64_t *kpml4 = phys_to_virt(kernel_pml4_pa);
    for (int i = 256; i < 512; i++)
        pml4[i] = kpml4[i];
    if (mem_map_kernel_image(t->pml4_pa))
        panic("out of memory mapping the kernel image");
    if (load_segments(file, ei)) {
        kprintf("cluster: cannot run %s: out of memory\n", argv[0]);
        return STATUS_NOEXEC;
    }
    t->brk_start = t->brk_cur = (ei->hi + 0xfff) & ~0xfffull;
    t->brk_max = kimage_lo > t->brk_start ? kimage_lo : MMAP_BOTTOM;
    t->mmap_next = MMAP_TOP;

    if (map_anon(STACK_TOP - STACK_SIZE, STACK_TOP, pte_flags(PROT_READ | PROT_WRITE))) {
        kprintf("cluster: cannot run %s: out of memory for the stack\n", argv[0]);
        return STATUS_NOEXEC;
    }
    uint32_t r[4];
    cpuid(1, 0, r);
    const uint64_t auxv[][2] = {
        { AT_PHDR, ei->phdr_vaddr }, { AT_PHENT, ei->phentsize }, { AT_PHNUM, ei->phnum },
        { AT_PAGESZ, PAGE_SIZE }, { AT_BASE, 0 }, { AT_FLAGS, 0 }, { AT_ENTRY, ei->entry },
        { AT_UID, 0 }, { AT_EUID, 0 }, { AT_GID, 0 }, { AT_EGID, 0 }, { AT_SECURE, 0 },
        { AT_HWCAP, r[3] }, { AT_CLKTCK, 100 },
    };
    struct ustack_args ua = { argc, envc, (const char *const *)argv, (const char *const *)envp,
                              (int)(sizeof auxv / sizeof auxv[0]), auxv, { 0 } };
    kernel_random(ua.random, 16);
    const uint64_t img_size = 64 * 1024;          /* the top 64 KiB of the stack */
    uint8_t *img = page_alloc(img_size / PAGE_SIZE);
    uint64_t rsp = img ? ustack_build(img, img_size, STACK_TOP, &ua) : 0;
    int bad = !rsp || copy_to_user(STACK_TOP - img_size, img, img_size);
    page_free(img, img_size / PAGE_SIZE);
    if (bad) {
        kprintf("cluster: cannot run %s: arguments and environment too large\n", argv[0]);
        return STATUS_NOEXEC;
    }
    t->entry = ei->entry;
    t->user_rsp = rsp;
    return 0;
}

int task_load_all(const void *file, uint64_t size, int nproc, int argc, char **argv, int envc, char **envp)
{
    struct elf_info ei;
    char err[128];
    if (elf_parse(file, size, MMAP_BOTTOM, &ei, err, sizeof err)) {
        kprintf("cluster: cannot run %s: %s\n", argv[0], err);
        return STATUS_NOEXEC;
    }
    if (in_kernel_image(ei.lo, ei.hi)) {
        kprintf("cluster: cannot run %s: it overlaps the kernel image at %lx-%lx\n", argv[0],
                kimage_lo, kimage_hi);
        return STATUS_NOEXEC;
    }
    if (nproc < 1 || nproc > MAX_TASKS)
        panic("task_load_all: %d processes", nproc);
    for (int i = 0; i < nproc; i++) {
        struct task *t = &tasks[i];
        t->local = i;
        t->pid = i + 1;
        current = t;
        int st = load_one(t, file, &ei, argc, argv, envc, envp);
        if (st)
            return st;
        ntasks = i + 1;
    }
    for (int i = 0; i < nproc; i++)
        if (thread_start_first(&tasks[i]))
            panic("out of memory for the first thread of process %d", i);
    if (nproc > 1)
        kprintf("cluster: %d processes of %s loaded (ppn %d)\n", nproc, argv[0], nproc);
    return 0;
}

/* ---- memory system calls ---- */
long vm_brk(uint64_t addr)
{
    struct task *t = current;
    if (addr < t->brk_start || addr > t->brk_max)
        return (long)t->brk_cur;
    uint64_t old_end = (t->brk_cur + 0xfff) & ~0xfffull, new_end = (addr + 0xfff) & ~0xfffull;
    if (new_end > old_end) {
        if (first_mapped(old_end, new_end) ||
            map_anon(old_end, new_end, pte_flags(PROT_READ | PROT_WRITE)))
            return (long)t->brk_cur;
    } else if (new_end < old_end) {
        unmap_range(new_end, old_end);
        smp_tlb_shootdown();
    }
    t->brk_cur = addr;
    return (long)addr;
}

/* Mappable user range: below STACK_TOP, so the last page of the lower half
 * stays unmapped (a SYSCALL there would return to a non-canonical RIP and make
 * SYSRET fault in ring 0: AMD64 APM vol. 2 6.1.1, the SYSRET erratum). */
static int user_range(uint64_t addr, uint64_t len)
{
    return uaccess_range_ok(addr, len) && addr + len <= STACK_TOP && !in_kernel_image(addr, addr + len) &&
           addr >= ELF_MIN_VADDR;
}

long vm_mmap(uint64_t addr, uint64_t len, int prot, int flags, int fd, uint64_t off)
{
    (void)fd;
    if (!(flags & MAP_ANONYMOUS))
        return -ENODEV;                   /* no files here */
    if (!(flags & (MAP_PRIVATE | MAP_SHARED)) || len == 0 || (off & 0xfff) || len > (1ull << 46))
        return -EINVAL;
    len = (len + 0xfff) & ~0xfffull;
    struct task *t = current;
    if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
        if ((addr & 0xfff) || !user_range(addr, len))
            return (flags & MAP_FIXED) ? -EINVAL : -ENOMEM;
        if (first_mapped(addr, addr + len)) {
            if (flags & MAP_FIXED_NOREPLACE)
                return -EEXIST;
            unmap_range(addr, addr + len);
            smp_tlb_shootdown();
        }
    } else {
        addr = find_gap(t->mmap_next, len);
        if (!addr)
            return -ENOMEM;
    }
    int r = map_anon(addr, addr + len, pte_flags(prot));
    if (r)
        return r;
    if (!(flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)))
        t->mmap_next = addr - PAGE_SIZE;  /* one unmapped guard page between regions */
    return (long)addr;
}

long vm_map_shared(uint64_t pa, uint64_t npages)
{
    struct task *t = current;
    uint64_t len = npages * PAGE_SIZE, addr = find_gap(t->mmap_next, len);
    if (!addr)
        return -ENOMEM;
    for (uint64_t i = 0; i < len; i += PAGE_SIZE) { /* tables first: then it cannot fail */
        irq_window(i);
        if (!walk_create(addr + i)) {
            unmap_range(addr, addr + len); /* no leaf yet: frees the tables only */
            return -ENOMEM;
        }
    }
    uint64_t flags = pte_flags(PROT_READ | PROT_WRITE) | PTE_SHM;
    for (uint64_t i = 0; i < len; i += PAGE_SIZE) {
        irq_window(i);
        *walk_create(addr + i) = (pa + i) | flags;
    }
    t->pages += npages;
    t->shm_pages += npages;
    t->mmap_next = addr - PAGE_SIZE; /* one unmapped guard page between regions */
    return (long)addr;
}

long vm_munmap(uint64_t addr, uint64_t len)
{
    if ((addr & 0xfff) || len == 0 || !uaccess_range_ok(addr, len))
        return -EINVAL;
    len = (len + 0xfff) & ~0xfffull;
    if (in_kernel_image(addr, addr + len))
        return -EINVAL;
    unmap_range(addr, addr + len);
    smp_tlb_shootdown();
    return 0;
}

static int protect_leaf(void *ctx, uint64_t va, uint64_t *pte)
{
    irq_window(va);
    *pte = (*pte & (PTE_ADDR | PTE_MBCF_READ | PTE_MBCF_WRITE | PTE_SHM)) | *(const uint64_t *)ctx;
    invlpg(va);
    return 0;
}

long vm_mprotect(uint64_t addr, uint64_t len, int prot)
{
    if ((addr & 0xfff) || !uaccess_range_ok(addr, len))
        return -EINVAL;
    len = (len + 0xfff) & ~0xfffull;
    if (in_kernel_image(addr, addr + len))
        return -ENOMEM;
    if (!range_all_mapped(addr, addr + len, 0))
        return -ENOMEM;
    uint64_t f = pte_flags(prot);
    pt_range(&kernel_pt_ops, current->pml4_pa, addr, addr + len, protect_leaf, &f, 0);
    smp_tlb_shootdown();
    return 0;
}

static int move_leaf(void *ctx, uint64_t va, uint64_t *pte)
{
    const int64_t *delta = ctx;
    irq_window(va);
    uint64_t *d = walk_create(va + (uint64_t)*delta);   /* made beforehand: cannot fail */
    *d = *pte;
    *pte = 0;
    invlpg(va);
    return 0;
}

/* Grows or shrinks a mapping; moves it (page table entries only, no copy)
 * when MREMAP_MAYMOVE allows and it cannot grow in place. Pages added by a
 * grow start with the mapping's protection but never with its MBCF export
 * bits (a remote node may write only where the task exported); moved pages
 * keep theirs. */
long vm_mremap(uint64_t old, uint64_t old_len, uint64_t new_len, int flags, uint64_t new_addr)
{
    (void)new_addr;
    /* old_len 0 asks Linux for a second mapping of the same shared pages
     * (mremap(2)); pages are never shared here, so it is refused. */
    if ((old & 0xfff) || old_len == 0 || new_len == 0 || (flags & ~MREMAP_MAYMOVE) ||
        !uaccess_range_ok(old, old_len) || new_len > (1ull << 46))
        return -EINVAL;
    old_len = (old_len + 0xfff) & ~0xfffull;
    new_len = (new_len + 0xfff) & ~0xfffull;
    if (in_kernel_image(old, old + old_len))
        return -EINVAL;
    if (!range_all_mapped(old, old + old_len, PTE_U))
        return -EFAULT;
    if (new_len <= old_len) {
        unmap_range(old + new_len, old + old_len);
        smp_tlb_shootdown();
        return (long)old;
    }
    uint64_t flags_pte = *user_pte(old) & (PTE_P | PTE_U | PTE_W | PTE_NX);
    if (user_range(old, new_len) && !first_mapped(old + old_len, old + new_len)) {
        if (map_anon(old + old_len, old + new_len, flags_pte))
            return -ENOMEM;
        return (long)old;
    }
    if (!(flags & MREMAP_MAYMOVE))
        return -ENOMEM;
    struct task *t = current;
    uint64_t dst = find_gap(t->mmap_next, new_len);
    if (!dst || map_anon(dst + old_len, dst + new_len, flags_pte))
        return -ENOMEM;
    for (uint64_t i = 0; i < old_len; i += PAGE_SIZE) {   /* tables first: the move cannot fail */
        irq_window(i);
        if (!walk_create(dst + i)) {
            unmap_range(dst, dst + new_len);
            return -ENOMEM;
        }
    }
    int64_t delta = (int64_t)(dst - old);
    pt_range(&kernel_pt_ops, t->pml4_pa, old, old + old_len, move_leaf, &delta, 0);
    unmap_range(old, old + old_len);      /* nothing left there: frees the emptied tables */
    smp_tlb_shootdown();
    t->mmap_next = dst - PAGE_SIZE;
    return (long)dst;
}
