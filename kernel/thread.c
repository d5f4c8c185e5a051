/* thread.c - the life of threads and processes: a process's first thread
 * entering ring 3, thread exit (CLONE_CHILD_CLEARTID: zero the tid word and
 * wake one futex waiter, as Linux does), exit of a whole process (exit_group,
 * fatal fault, signal), and the node's power-off once every process ended,
 * with the first non-zero exit status. */
#include "kapi.h"
#include "io.h"
#include "cpu.h"
#include "mem.h"
#include "percpu.h"
#include "sched.h"
#include "task.h"
#include "smp.h"
#include "ktime.h"
#include "futex.h"
#include "node.h"
#include "shm.h"

static int ntasks_ended, first_bad_status;
extern uint64_t tsc_program_start;

static void first_thread_main(void *arg)
{
    struct task *t = arg;
    if (t->local == 0) {
        tsc_program_start = rdtsc();
        kprintf("cluster: t=%lu ms program start (%s, %d args, %lu pages)\n",
                tsc_to_ns(tsc_program_start) / 1000000, node.argv[0], node.argc, t->pages);
    }
    enter_user(t->entry, t->user_rsp);
}

int thread_start_first(struct task *t)
{
    struct thread *th = thread_alloc(t, t->pid, first_thread_main, t);
    if (!th)
        return -ENOMEM;
    spin_lock(&sched_lock);
    t->nthreads = 1;
    sched_add_thread(th);
    sched_make_runnable(th);
    spin_unlock(&sched_lock);
    return 0;
}

/* sched_lock held: the process's last thread is gone. */
static void process_ended(struct task *t)
{
    shm_task_ended(t);
    t->ended = 1;
    ntasks_ended++;
    if (t->status && !first_bad_status)
        first_bad_status = t->status;
    if (ntasks_ended == task_count()) {
        spin_unlock(&sched_lock);
        power_off(first_bad_status);
    }
}

void thread_exit(void)
{
    struct thread *th = thread_self();
    struct task *t = th->task;
    if (spin_held(&kernel_lock))
        spin_unlock(&kernel_lock);
    if (th->clear_child_tid && !t->exiting) {
        uint32_t zero = 0;
        if (copy_to_user(th->clear_child_tid, &zero, sizeof zero) == 0)
            futex_wake_addr(t, th->clear_child_tid, 1);
    }
    spin_lock(&sched_lock);
    sched_remove_thread(th);
    if (--t->nthreads == 0)
        process_ended(t);
    th->state = T_ZOMBIE;
    cpu_this()->zombie = th;
    sched_switch_away();
    panic("thread_exit: a zombie ran again");
}

void process_exit(int status)
{
    struct thread *self = thread_self();
    struct task *t = self->task;
    spin_lock(&sched_lock);
    if (!t->exiting) {
        t->exiting = 1;
        t->status = status;
    }
    for (int i = 0; i < ncpus; i++)      /* running threads leave at the IPI */
        if (cpus[i].thread && cpus[i].thread->task == t && i != cpu_id())
            smp_send_resched(i);
    sched_wake_task(t);                  /* blocked ones leave when they wake */
    spin_unlock(&sched_lock);
    thread_exit();
}

void thread_user_return(void)
{
    struct cpu *c = cpu_this();
    for (;;) {
        struct thread *th = c->thread;
        if (th->task && th->task->exiting)
            thread_exit();
        if (!c->need_resched)
            return;
        c->need_resched = 0;
        sched_yield();
        c = cpu_this();
    }
}

void kill_user(const char *kind, uint64_t addr, uint64_t rip, int status)
{
    if (task_count() > 1)
        kprintf("\ncluster: program killed: %s at address %lx, rip %lx (process %d)\n", kind, addr, rip,
                current->local);
    else
        kprintf("\ncluster: program killed: %s at address %lx, rip %lx\n", kind, addr, rip);
    process_exit(status);
}
