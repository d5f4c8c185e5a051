/* shm.c - node-local shared memory: one physically contiguous run of pages
 * mapped into several processes of a node (SYS_shm_map,
 * uapi/cluster_abi.h), as POSIX shm_open + mmap(MAP_SHARED) give Linux
 * processes. The pages are ordinary user pages in each process's own page
 * tables (P|U|W|NX plus the software bit PTE_SHM), so MBCF's checks (remote
 * writes only where the process exported, mbcf_k_check_range) apply to them
 * per process as to any other page. Counting: a segment holds one reference
 * per PTE that maps it (shm_table.c); munmap (task.c unmap_leaf) and the end
 * of a process (shm_task_ended) drop theirs; the last one frees the pages and
 * the key. System calls run under the big kernel lock; the end of a process
 * does not, so the table has its own lock (taken inside both). */
#include "kapi.h"
#include "mem.h"
#include "task.h"
#include "elf.h"
#include "spinlock.h"
#include "syscall_table.h"
#include "shm.h"
#include "shm_table.h"

static struct shm_table table;
static struct spinlock shm_lock = SPINLOCK_INIT("shm");

/* Drop n references of the segment holding pa; free it when none is left. */
static void drop(uint64_t pa, uint64_t n)
{
    spin_lock(&shm_lock);
    struct shm_seg *s = shm_find_pa(&table, pa);
    uint64_t base = 0, np = 0;
    int r = s ? shm_unref(s, n) : -1;
    if (r == 1) {
        base = s->pa;
        np = s->npages;
    }
    spin_unlock(&shm_lock);
    if (r < 0)
        panic("shm: page %lx of no segment unmapped", pa);
    if (np)
        page_free(phys_to_virt(base), np);
}

void shm_page_unref(uint64_t pa)
{
    drop(pa, 1);
}

/* A new run of np zeroed pages, or NULL. System calls run with interrupts
 * off: the zeroing opens a window every 256 pages (as task.c's mapping
 * loops do), so a large segment does not hold the NIC and timer back. */
static void *alloc_zeroed(uint64_t np)
{
    uint8_t *p = page_alloc_uninit(np);
    for (uint64_t i = 0; p && i < np; i++) {
        if ((i & 255) == 255)
            __asm__ volatile("sti; nop; cli" ::
                                 : "memory");
        memset(p + i * PAGE_SIZE, 0, PAGE_SIZE);
    }
    return p;
}

static long sys_shm_map(const struct syscall_args *a)
{
    uint64_t key = a->a1, len = a->a2;
    int flags = (int)a->a3;
    if ((flags & ~(SHM_CREATE | SHM_EXCL)) || len > (1ull << 40))
        return -EINVAL;
    uint64_t np = (len + PAGE_SIZE - 1) / PAGE_SIZE;
    long err = 0;
    spin_lock(&shm_lock);
    struct shm_seg *s = shm_find_key(&table, key);
    if (s) {
        if ((flags & SHM_CREATE) && (flags & SHM_EXCL))
            err = -EEXIST;
        else if (np && np != s->npages)
            err = -EINVAL;
    } else if (!(flags & SHM_CREATE)) {
        err = -ENOENT;
    } else if (!np) {
        err = -EINVAL;
    }
    if (!err && !s) {
        /* Only system calls make segments, and they run one at a time
         * (big kernel lock): the key stays free while the pages are made. */
        spin_unlock(&shm_lock);
        void *p = alloc_zeroed(np);
        spin_lock(&shm_lock);
        s = p ? shm_add(&table, key, virt_to_phys(p), np) : NULL;
        if (!s) {
            page_free(p, np);
            err = -ENOMEM;
        }
    }
    uint64_t pa = 0;
    if (!err) { /* held before mapping: an end elsewhere cannot free it */
        s->refs += s->npages;
        pa = s->pa;
        np = s->npages;
    }
    spin_unlock(&shm_lock);
    if (err)
        return err;
    long addr = vm_map_shared(pa, np);
    if (addr < 0)
        drop(pa, np);
    return addr;
}

static int end_leaf(void *ctx, uint64_t va, uint64_t *pte)
{
    struct task *t = ctx;
    (void)va;
    if (*pte & PTE_SHM) {
        uint64_t pa = *pte & PTE_ADDR;
        *pte = 0;
        t->shm_pages--;
        t->pages--;
        drop(pa, 1);
    }
    return 0;
}

void shm_task_ended(struct task *t)
{
    if (t->shm_pages)
        pt_range(&kernel_pt_ops, t->pml4_pa, ELF_MIN_VADDR, STACK_TOP, end_leaf, t, 0);
}

static const syscall_fn shm_calls[] = {
    [SYS_shm_map - SYS_SHM_FIRST] = sys_shm_map,
};
static const struct syscall_range shm_range = {
    "shm",
    SYS_SHM_FIRST,
    SYS_SHM_LAST - SYS_SHM_FIRST + 1,
    shm_calls,
};

void shm_syscall_register(void)
{
    (void)syscall_register(&shm_range);
}
