/* kwait.c - block the calling thread until a protocol says "something came"
 * (kapi.h kwait_block / kwait_wake), xv6's sleep/wakeup on a channel over the
 * scheduler's sched_block / sched_wake. The MBCF glue uses it for
 * SYS_mbcf_wait when several processes share a node (docs/ppn.md): a waiting
 * process then leaves the CPU to the others and the CPU halts when all wait,
 * where net_wait's loop would keep yielding between waiting processes.
 * Lock order: big kernel lock, then sched_lock (a waker runs under the BKL:
 * the NIC interrupt, the net tick, system calls). */
#include "kapi.h"
#include "sched.h"
#include "thread.h"
#include "task.h"

#define KWAIT_N 64
static struct { struct thread *t; const void *chan; } waiters[KWAIT_N];   /* sched_lock */

int kwait_block(const void *chan, int (*done)(void *arg), void *arg, int64_t timeout_ns)
{
    struct thread *self = thread_self();
    uint64_t deadline = timeout_ns >= 0 ? time_ns() + (uint64_t)timeout_ns : 0;
    if (!deadline && timeout_ns >= 0)
        deadline = 1;
    int bkl = spin_held(&kernel_lock);
    spin_lock(&sched_lock);
    int slot = -1;
    for (int i = 0; i < KWAIT_N && slot < 0; i++)
        if (!waiters[i].t)
            slot = i;
    if (done(arg) || slot < 0 || !self || !self->task || self->task->exiting) {
        spin_unlock(&sched_lock);
        return slot < 0 || !self || !self->task ? -EBUSY : 0;   /* -EBUSY: caller polls instead */
    }
    waiters[slot].t = self;
    waiters[slot].chan = chan;
    if (bkl)
        spin_unlock(&kernel_lock);     /* registered first: no wake-up is lost */
    sched_block(deadline);
    waiters[slot].t = 0;
    int timed_out = self->timed_out;
    spin_unlock(&sched_lock);
    if (bkl)
        spin_lock(&kernel_lock);
    return timed_out ? -ETIMEDOUT : 0;
}

void kwait_wake(const void *chan)
{
    spin_lock(&sched_lock);
    for (int i = 0; i < KWAIT_N; i++)
        if (waiters[i].t && waiters[i].chan == chan)
            sched_wake(waiters[i].t);
    spin_unlock(&sched_lock);
}
