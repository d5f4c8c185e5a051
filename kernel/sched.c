/* sched.c - the scheduler (see sched.h): per-CPU run queues, the thread to
 * thread switch, blocking with deadlines, wake-ups (IPI to another CPU), the
 * time slice, idle threads and work stealing. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "mem.h"
#include "percpu.h"
#include "sched.h"
#include "task.h"
#include "smp.h"

struct spinlock sched_lock = SPINLOCK_INIT("sched");
struct spinlock kernel_lock = SPINLOCK_INIT("kernel");
struct futexq futex_queues;
uint8_t fpu_clean[512] __attribute__((aligned(16)));

static struct thread idle_threads[MAX_CPUS];
static struct thread *all_threads;        /* every non-idle thread */
static struct thread *sleepers;           /* blocked with a deadline */

/* switch.S */
void swtch(uint64_t *save_rsp, uint64_t new_rsp);
void thread_entry(void);

struct thread *thread_self(void)
{
    return cpu_this()->thread;
}

static void fxsave(uint8_t *a) { __asm__ volatile("fxsave64 (%0)" : : "r"(a) : "memory"); }
static void fxrstor(const uint8_t *a) { __asm__ volatile("fxrstor64 (%0)" : : "r"(a) : "memory"); }

void sched_init(void)
{
    futexq_init(&futex_queues);
    uint32_t mxcsr = 0x1f80;
    __asm__ volatile("fninit; ldmxcsr %0" : : "m"(mxcsr));
    fxsave(fpu_clean);
}

/* ---- all threads, sleepers ---- */
void sched_add_thread(struct thread *t)
{
    t->all_prev = NULL;
    t->all_next = all_threads;
    if (all_threads)
        all_threads->all_prev = t;
    all_threads = t;
}

void sched_remove_thread(struct thread *t)
{
    if (t->all_prev)
        t->all_prev->all_next = t->all_next;
    else
        all_threads = t->all_next;
    if (t->all_next)
        t->all_next->all_prev = t->all_prev;
}

void sched_wake_task(struct task *p)
{
    for (struct thread *t = all_threads; t; t = t->all_next)
        if (t->task == p && t->state == T_BLOCKED) {
            futexq_remove(&futex_queues, &t->fw);
            sched_wake(t);
        }
}

struct thread *sched_find_tid(int tid)
{
    for (struct thread *t = all_threads; t; t = t->all_next)
        if (t->tid == tid)
            return t;
    return NULL;
}

static void sleepers_remove(struct thread *t)
{
    for (struct thread **p = &sleepers; *p; p = &(*p)->sleep_next)
        if (*p == t) {
            *p = t->sleep_next;
            return;
        }
}

/* ---- placement ---- */
static int cpu_load(int i)
{
    return runq_len(&cpus[i].rq) + (cpus[i].thread && cpus[i].thread != cpus[i].idle);
}

void sched_make_runnable(struct thread *t)
{
    int load[MAX_CPUS];
    for (int i = 0; i < ncpus; i++)
        load[i] = cpu_load(i);
    int c = runq_pick_cpu(load, ncpus, t->rq.allowed, t->cpu);
    if (c < 0)
        c = 0;                           /* affinity to CPUs that went away: CPU 0 */
    t->state = T_RUNNABLE;
    t->cpu = c;
    runq_push(&cpus[c].rq, &t->rq);
    if (c != cpu_this()->id)
        smp_send_resched(c);
}

static struct thread *pick_next(struct cpu *c)
{
    struct rq_link *l = runq_pop(&c->rq);
    for (int i = 1; !l && i < ncpus; i++)        /* steal, nearest CPU id first */
        l = runq_steal(&cpus[(c->id + i) % ncpus].rq, c->id);
    if (!l)
        return NULL;
    return (struct thread *)((char *)l - __builtin_offsetof(struct thread, rq));
}

/* Frees the stack of a thread that exited on this CPU before the switch. */
static void after_switch(void)
{
    struct cpu *c = cpu_this();
    if (c->zombie) {
        thread_free(c->zombie);
        c->zombie = NULL;
    }
}

/* The switch itself, sched_lock held (it is released by whoever runs next:
 * the caller's code path after swtch returns, or thread_entry). */
static void switch_to(struct cpu *c, struct thread *next)
{
    struct thread *prev = c->thread;
    if (prev == next) {
        next->state = T_RUNNING;
        return;
    }
    if (prev->task) {
        fxsave(prev->fpu);
        prev->fs_base = rdmsr(MSR_FS_BASE);
    }
    if (next->task) {
        if (read_cr3() != next->task->pml4_pa)
            write_cr3(next->task->pml4_pa);
        c->task = next->task;
        fxrstor(next->fpu);
        wrmsr(MSR_FS_BASE, next->fs_base);
    }
    next->state = T_RUNNING;
    next->cpu = c->id;
    c->thread = next;
    c->slice = SCHED_SLICE_TICKS;
    c->kstack_top = next->kstack_top;
    tss_set_rsp0(c->id, next->kstack_top);
    swtch(&prev->ksp, next->ksp);
    after_switch();
}

void sched_switch_away(void)
{
    struct cpu *c = cpu_this();
    struct thread *next = pick_next(c);
    switch_to(c, next ? next : c->idle);
}

void sched_block(uint64_t deadline_ns)
{
    struct thread *t = thread_self();
    t->state = T_BLOCKED;
    t->timed_out = 0;
    t->wake_at = deadline_ns;
    if (deadline_ns) {
        t->sleep_next = sleepers;
        sleepers = t;
    }
    sched_switch_away();
}

void sched_wake(struct thread *t)
{
    if (t->state != T_BLOCKED)
        return;
    if (t->wake_at)
        sleepers_remove(t);
    t->wake_at = 0;
    sched_make_runnable(t);
}

void sched_yield(void)
{
    struct cpu *c = cpu_this();
    spin_lock(&sched_lock);
    struct thread *t = c->thread;
    if (t != c->idle && !((t->rq.allowed >> c->id) & 1)) {   /* affinity changed meanwhile */
        sched_make_runnable(t);
        sched_switch_away();
        spin_unlock(&sched_lock);
        return;
    }
    struct thread *next = pick_next(c);
    if (next) {
        t->state = T_RUNNABLE;
        runq_push(&c->rq, &t->rq);
        switch_to(c, next);
    }
    spin_unlock(&sched_lock);
}

void sched_set_affinity(struct thread *t, uint64_t allowed)
{
    t->rq.allowed = allowed;
    if (t->state == T_RUNNABLE && !((allowed >> t->cpu) & 1)) {
        runq_remove(&cpus[t->cpu].rq, &t->rq);
        sched_make_runnable(t);
    }
}

void sched_migrate(void)
{
    struct cpu *c = cpu_this();
    struct thread *t = c->thread;
    if ((t->rq.allowed >> c->id) & 1)
        return;
    spin_lock(&sched_lock);
    sched_make_runnable(t);          /* onto an allowed CPU's queue */
    sched_switch_away();
    spin_unlock(&sched_lock);
}

int sched_runnable_here(void)
{
    return runq_len(&cpu_this()->rq);
}

void sched_sleep_until(uint64_t deadline_ns)
{
    struct thread *t = thread_self();
    while (time_ns() < deadline_ns && !(t->task && t->task->exiting)) {
        spin_lock(&sched_lock);
        sched_block(deadline_ns);
        spin_unlock(&sched_lock);
    }
}

/* ---- timer and IPI ---- */
void sched_tick(void)
{
    struct cpu *c = cpu_this();
    c->ticks++;
    if (c->id == 0 && sleepers) {
        uint64_t now = time_ns();
        spin_lock(&sched_lock);
        for (struct thread *t = sleepers, *nx; t; t = nx) {
            nx = t->sleep_next;
            if (t->wake_at <= now) {
                futexq_remove(&futex_queues, &t->fw);
                t->timed_out = 1;
                sched_wake(t);
            }
        }
        spin_unlock(&sched_lock);
    }
    struct thread *t = c->thread;
    if (t && t != c->idle && ((--c->slice <= 0 && runq_len(&c->rq) > 0) || !((t->rq.allowed >> c->id) & 1)))
        c->need_resched = 1;          /* slice over, or pinned elsewhere by another thread */
}

void sched_ipi(void)
{
    struct cpu *c = cpu_this();
    if (runq_len(&c->rq) > 0 && c->thread != c->idle)
        c->need_resched = 1;
}

/* ---- threads ---- */
struct thread *thread_alloc(struct task *t, int tid, void (*fn)(void *), void *arg)
{
    struct thread *th = kmalloc(sizeof *th);
    void *stack = th ? page_alloc(KSTACK_PAGES) : NULL;
    if (!stack) {
        kfree(th);
        return NULL;
    }
    th->kstack = stack;
    th->kstack_top = (uint64_t)stack + KSTACK_PAGES * PAGE_SIZE;
    th->task = t;
    th->tid = tid;
    th->cpu = cpu_id();
    th->rq.allowed = ~0ull;
    memcpy(th->fpu, fpu_clean, sizeof th->fpu);
    /* swtch frame (switch.S pops r15 r14 r13 r12 rbx rbp, then returns to
     * thread_entry, which calls fn(arg) from r12/r13). ksp = 8 mod 16, so fn
     * starts with the stack aligned as the ABI wants after a call. */
    uint64_t *sp = (uint64_t *)(th->kstack_top - 256 - 72);
    sp[0] = 0;                       /* r15 */
    sp[1] = 0;                       /* r14 */
    sp[2] = (uint64_t)arg;           /* r13 */
    sp[3] = (uint64_t)fn;            /* r12 */
    sp[4] = 0;                       /* rbx */
    sp[5] = 0;                       /* rbp */
    sp[6] = (uint64_t)thread_entry;
    th->ksp = (uint64_t)sp;
    return th;
}

void thread_free(struct thread *t)
{
    page_free(t->kstack, KSTACK_PAGES);
    kfree(t);
}

/* First code of every new thread (from thread_entry): the switch left
 * sched_lock held. */
void sched_thread_begin(void);
void sched_thread_begin(void)
{
    after_switch();
    spin_unlock(&sched_lock);
}

/* ---- idle ---- */
void sched_run_idle(uint64_t stack_top)
{
    struct cpu *c = cpu_this();
    struct thread *idle = &idle_threads[c->id];
    idle->kstack_top = stack_top;
    c->kstack_top = stack_top;
    idle->state = T_RUNNING;
    idle->cpu = c->id;
    idle->tid = -1 - c->id;
    idle->rq.allowed = 1ull << c->id;
    c->idle = idle;
    c->thread = idle;
    c->online = 1;
    for (;;) {
        spin_lock(&sched_lock);
        struct thread *next = pick_next(c);
        if (next)
            switch_to(c, next);
        spin_unlock(&sched_lock);
        if (!next) {
            uint64_t t0 = rdtsc();
            if (runq_len(&c->rq) == 0)
                __asm__ volatile("sti; hlt; cli" ::: "memory");
            c->idle_ns += rdtsc() - t0;
        }
    }
}
