/* sys_thread.c - clone (threads only: the flags musl's pthread_create passes),
 * exit vs exit_group, gettid/getpid, set_tid_address, set_robust_list
 * (accepted: nothing to clean up without process-shared robust mutexes),
 * sched_yield, CPU affinity and getcpu, membarrier, kill/tkill/tgkill (the
 * signal ends the process: no handlers here). Linux semantics: clone(2),
 * sched_setaffinity(2), membarrier(2). */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "percpu.h"
#include "sched.h"
#include "task.h"
#include "smp.h"
#include "syscall_nr.h"
#include "syscall_table.h"
#include "sys_thread.h"
#include "futex.h"

#define CLONE_VM             0x00000100
#define CLONE_FS             0x00000200
#define CLONE_FILES          0x00000400
#define CLONE_SIGHAND        0x00000800
#define CLONE_THREAD         0x00010000
#define CLONE_SYSVSEM        0x00040000
#define CLONE_SETTLS         0x00080000
#define CLONE_PARENT_SETTID  0x00100000
#define CLONE_CHILD_CLEARTID 0x00200000
#define CLONE_DETACHED       0x00400000
#define CLONE_CHILD_SETTID   0x01000000
#define CLONE_SUPPORTED (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | \
                         CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID | CLONE_DETACHED |      \
                         CLONE_CHILD_SETTID)
#define CLONE_REQUIRED (CLONE_VM | CLONE_SIGHAND | CLONE_THREAD)

/* Names of clone flag bits (include/uapi/linux/sched.h), bit 8 upwards. */
static const char *const clone_names[24] = {
    "CLONE_VM", "CLONE_FS", "CLONE_FILES", "CLONE_SIGHAND", "CLONE_PIDFD", "CLONE_PTRACE",
    "CLONE_VFORK", "CLONE_PARENT", "CLONE_THREAD", "CLONE_NEWNS", "CLONE_SYSVSEM", "CLONE_SETTLS",
    "CLONE_PARENT_SETTID", "CLONE_CHILD_CLEARTID", "CLONE_DETACHED", "CLONE_UNTRACED",
    "CLONE_CHILD_SETTID", "CLONE_NEWCGROUP", "CLONE_NEWUTS", "CLONE_NEWIPC", "CLONE_NEWUSER",
    "CLONE_NEWPID", "CLONE_NEWNET", "CLONE_IO",
};

static int next_tid = 1000;          /* pids are 1..P; thread ids from here (sched_lock) */

/* Reports each refused flag once: "clone: unsupported flag CLONE_NEWNS -> EINVAL". */
static long clone_refuse(uint64_t flags)
{
    static uint64_t reported;
    uint64_t bad = flags & ~(uint64_t)CLONE_SUPPORTED;
    if (!bad) {
        if (!(reported & 1)) {
            reported |= 1;
            kprintf("cluster: clone without CLONE_VM|CLONE_SIGHAND|CLONE_THREAD (a new process, flags %lx) is "
                    "not supported -> EINVAL\n", flags);
        }
        return -EINVAL;
    }
    if ((bad & 0xff) && !((reported >> 1) & 1)) {
        reported |= 2;
        kprintf("cluster: clone: exit signal %lu (a new process) is not supported -> EINVAL\n", bad & 0xff);
    }
    for (int b = 8; b < 64; b++) {
        if (!((bad >> b) & 1) || ((reported >> b) & 1))
            continue;
        reported |= 1ull << b;
        const char *name = b < 32 ? clone_names[b - 8] : "unknown";
        kprintf("cluster: clone: unsupported flag %s (%lx) -> EINVAL\n", name, (uint64_t)1 << b);
    }
    return -EINVAL;
}

long sys_clone(const struct syscall_args *a)
{
    uint64_t flags = a->a1, newsp = a->a2, ptid = a->a3, ctid = a->a4, tls = a->a5;
    if ((flags & ~(uint64_t)CLONE_SUPPORTED) || (flags & CLONE_REQUIRED) != CLONE_REQUIRED)
        return clone_refuse(flags);
    if ((flags & CLONE_SETTLS) && tls >= USER_TOP)
        return -EPERM;
    struct thread *self = thread_self();
    struct task *t = self->task;
    spin_lock(&sched_lock);
    int tid = next_tid++;
    if (next_tid >= 0x3fffffff)
        next_tid = 1000;
    spin_unlock(&sched_lock);
    struct thread *th = thread_alloc(t, tid, (void (*)(void *))thread_enter_clone, NULL);
    if (!th)
        return -ENOMEM;
    if ((flags & CLONE_PARENT_SETTID) && copy_to_user(ptid, &tid, sizeof tid)) {
        thread_free(th);
        return -EFAULT;
    }
    if ((flags & CLONE_CHILD_SETTID) && copy_to_user(ctid, &tid, sizeof tid)) {
        thread_free(th);
        return -EFAULT;
    }
    /* The parent's SYSCALL frame sits at the top of its kernel stack (entry.S);
     * the child returns through a copy with RAX 0 and its own stack. */
    const struct syscall_frame *pf = (const void *)(self->kstack_top - sizeof *pf);
    struct syscall_frame *cf = (void *)(th->kstack_top - sizeof *cf);
    *cf = *pf;
    if (newsp)
        cf->rsp = newsp;
    cf->rax = 0;
    /* thread_entry calls fn(arg): arg is the frame (r13 of the swtch frame). */
    ((uint64_t *)th->ksp)[2] = (uint64_t)cf;
    th->fs_base = (flags & CLONE_SETTLS) ? tls : rdmsr(MSR_FS_BASE);
    __asm__ volatile("fxsave64 (%0)" : : "r"(th->fpu) : "memory");   /* the parent's live FPU state */
    th->clear_child_tid = (flags & CLONE_CHILD_CLEARTID) ? ctid : 0;
    th->rq.allowed = self->rq.allowed;
    spin_lock(&sched_lock);
    if (t->exiting) {
        spin_unlock(&sched_lock);
        thread_free(th);
        return -EINTR;
    }
    t->nthreads++;
    sched_add_thread(th);
    sched_make_runnable(th);
    spin_unlock(&sched_lock);
    return tid;
}

long sys_exit_thread(const struct syscall_args *a)
{
    struct thread *th = thread_self();
    spin_lock(&sched_lock);
    if (th->task->nthreads == 1 && !th->task->exiting)
        th->task->status = (int)(a->a1 & 0xff);
    spin_unlock(&sched_lock);
    thread_exit();
}

long sys_exit_group(const struct syscall_args *a)
{
    process_exit((int)(a->a1 & 0xff));
}

long sys_gettid(const struct syscall_args *a)
{
    (void)a;
    return thread_self()->tid;
}

long sys_getpid(const struct syscall_args *a)
{
    (void)a;
    return current->pid;
}

long sys_set_tid_address(const struct syscall_args *a)
{
    struct thread *th = thread_self();
    th->clear_child_tid = a->a1;
    return th->tid;
}

long sys_set_robust_list(const struct syscall_args *a)
{
    return a->a2 == 24 ? 0 : -EINVAL;       /* sizeof(struct robust_list_head) */
}

long sys_sched_yield(const struct syscall_args *a)
{
    (void)a;
    sched_yield();
    return 0;
}

/* The thread `pid` names (0: the caller), of the caller's process. */
static struct thread *target_thread(long pid)
{
    struct thread *self = thread_self();
    if (pid == 0 || pid == self->tid)
        return self;
    struct thread *t = sched_find_tid((int)pid);
    return t && t->task == self->task ? t : NULL;
}

long sys_sched_getaffinity(const struct syscall_args *a)
{
    if (a->a2 < 8 || (a->a2 & 7))
        return -EINVAL;
    spin_lock(&sched_lock);
    struct thread *t = target_thread((long)a->a1);
    uint64_t online = ncpus >= 64 ? ~0ull : (1ull << ncpus) - 1;
    uint64_t mask = t ? t->rq.allowed & online : 0;
    spin_unlock(&sched_lock);
    if (!t)
        return -ESRCH;
    return copy_to_user(a->a3, &mask, 8) ? -EFAULT : 8;
}

long sys_sched_setaffinity(const struct syscall_args *a)
{
    uint64_t mask = 0;
    if (a->a2 == 0)
        return -EINVAL;
    if (copy_from_user(&mask, a->a3, a->a2 < 8 ? a->a2 : 8))
        return -EFAULT;
    uint64_t online = ncpus >= 64 ? ~0ull : (1ull << ncpus) - 1;
    if (!(mask & online))
        return -EINVAL;
    spin_lock(&sched_lock);
    struct thread *t = target_thread((long)a->a1);
    if (t)
        sched_set_affinity(t, mask & online);
    spin_unlock(&sched_lock);
    if (!t)
        return -ESRCH;
    if (t == thread_self())
        sched_migrate();                  /* now, if this CPU is no longer allowed */
    return 0;
}

long sys_getcpu(const struct syscall_args *a)
{
    uint32_t c = (uint32_t)cpu_id(), node = 0;
    if (a->a1 && copy_to_user(a->a1, &c, 4))
        return -EFAULT;
    if (a->a2 && copy_to_user(a->a2, &node, 4))
        return -EFAULT;
    return 0;
}

/* membarrier(2): QUERY, GLOBAL (0 is QUERY, 1 GLOBAL), PRIVATE_EXPEDITED (8)
 * and its REGISTER (16). A barrier IPI to every CPU running the process
 * (the shoot-down path waits for each to answer: SDM 3A 8.2.5, interrupts
 * serialise). */
long sys_membarrier(const struct syscall_args *a)
{
    int cmd = (int)a->a1;
    switch (cmd) {
    case 0:
        return 1 | 8 | 16;
    case 1:
    case 8:
        __asm__ volatile("mfence" ::: "memory");
        smp_tlb_shootdown();
        return 0;
    case 16:
        return 0;
    default:
        return -EINVAL;
    }
}

long sys_kill(const struct syscall_args *a)
{
    long sig = a->nr == SYSNR_tgkill ? (long)a->a3 : (long)a->a2;
    if (sig == 0)
        return 0;
    if (sig < 0 || sig > 64)
        return -EINVAL;
    kprintf("\ncluster: program killed by signal %ld\n", sig);
    process_exit(STATUS_SIGNAL((int)(sig & 0x7f)));
}

int sys_thread_unlocked(long nr)
{
    switch (nr) {
    case SYSNR_futex: case SYSNR_sched_yield: case SYSNR_gettid: case SYSNR_getpid:
    case SYSNR_exit: case SYSNR_exit_group: case SYSNR_set_tid_address: case SYSNR_set_robust_list:
    case SYSNR_sched_getaffinity: case SYSNR_sched_setaffinity: case SYSNR_getcpu:
    case SYSNR_clock_gettime: case SYSNR_membarrier: case SYSNR_nanosleep: case SYSNR_clock_nanosleep:
    case SYSNR_gettimeofday: case SYSNR_rt_sigprocmask:
        return 1;
    default:
        return 0;
    }
}
