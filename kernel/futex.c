/* futex.c - the futex system call (see futex.h; Linux futex(2)). The value
 * check and the enqueue happen under sched_lock, the lock every wake takes,
 * so no wake-up falls between them. A bad or unaligned address: -EFAULT /
 * -EINVAL; an operation not listed: -ENOSYS, named once on the console. */
#include "kapi.h"
#include "percpu.h"
#include "sched.h"
#include "task.h"
#include "timespec.h"
#include "ktime.h"
#include "futex.h"
#include "syscall_table.h"

#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_REQUEUE 3
#define FUTEX_CMP_REQUEUE 4
#define FUTEX_WAIT_BITSET 9
#define FUTEX_WAKE_BITSET 10
#define FUTEX_PRIVATE_FLAG 128
#define FUTEX_CLOCK_REALTIME 256

static void wake_one(struct futex_waiter *w, void *ctx)
{
    (void)ctx;
    sched_wake((struct thread *)((char *)w - __builtin_offsetof(struct thread, fw)));
}

int futex_wake_addr(struct task *t, uint64_t uaddr, int n)
{
    spin_lock(&sched_lock);
    int r = futexq_wake(&futex_queues, (uint64_t)t, uaddr, ~0u, n, wake_one, NULL);
    spin_unlock(&sched_lock);
    return r;
}

/* Absolute deadline (time_ns) from the user's timespec; 0 = none. */
static long deadline_of(uint64_t uts, int absolute, int realtime, uint64_t *out)
{
    *out = 0;
    if (!uts)
        return 0;
    int64_t ts[2];
    uint64_t ns;
    if (copy_from_user(ts, uts, sizeof ts))
        return -EFAULT;
    if (timespec_to_ns(ts[0], ts[1], &ns))
        return -EINVAL;
    uint64_t now = time_ns();
    if (absolute) {
        uint64_t base = realtime ? time_realtime_ns() : now;
        ns = ns > base ? ns - base : 0;
    }
    *out = deadline_after(now, ns);
    if (*out == 0)
        *out = 1;
    return 0;
}

static long futex_wait(uint64_t uaddr, uint32_t val, uint64_t deadline, uint32_t bitset)
{
    struct thread *th = thread_self();
    struct task *t = th->task;
    uint32_t cur;
    if (uaddr & 3)
        return -EINVAL;
    if (!bitset)
        return -EINVAL;
    spin_lock(&sched_lock);
    if (copy_from_user(&cur, uaddr, sizeof cur)) {
        spin_unlock(&sched_lock);
        return -EFAULT;
    }
    if (cur != val || t->exiting) {
        spin_unlock(&sched_lock);
        return cur != val ? -EAGAIN : -EINTR;
    }
    futexq_add(&futex_queues, &th->fw, (uint64_t)t, uaddr, bitset);
    sched_block(deadline);
    int still = th->fw.queued;            /* not taken off by a wake: timeout or exit */
    futexq_remove(&futex_queues, &th->fw);
    int timed_out = th->timed_out;
    spin_unlock(&sched_lock);
    if (!still && !timed_out)
        return 0;
    return timed_out ? -ETIMEDOUT : -EINTR;
}

static long futex_requeue(uint64_t uaddr, int nwake, int nreq, uint64_t uaddr2, int cmp, uint32_t val)
{
    struct task *t = current;
    uint32_t cur;
    if ((uaddr & 3) || (uaddr2 & 3) || nwake < 0 || nreq < 0)
        return -EINVAL;
    if (user_pte(uaddr2 & ~0xfffull) == NULL)
        return -EFAULT;
    spin_lock(&sched_lock);
    if (copy_from_user(&cur, uaddr, sizeof cur)) {
        spin_unlock(&sched_lock);
        return -EFAULT;
    }
    if (cmp && cur != val) {
        spin_unlock(&sched_lock);
        return -EAGAIN;
    }
    int r = futexq_requeue(&futex_queues, (uint64_t)t, uaddr, uaddr2, nwake, nreq, wake_one, NULL);
    spin_unlock(&sched_lock);
    return r;
}

long sys_futex(const struct syscall_args *a)
{
    uint64_t uaddr = a->a1, uts = a->a4;
    int op = (int)a->a2, cmd = op & ~(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME);
    uint32_t val = (uint32_t)a->a3;
    uint64_t deadline;
    long r;
    switch (cmd) {
    case FUTEX_WAIT:
    case FUTEX_WAIT_BITSET:
        r = deadline_of(uts, cmd == FUTEX_WAIT_BITSET, (op & FUTEX_CLOCK_REALTIME) != 0, &deadline);
        if (r)
            return r;
        return futex_wait(uaddr, val, deadline, cmd == FUTEX_WAIT ? ~0u : (uint32_t)a->a6);
    case FUTEX_WAKE:
    case FUTEX_WAKE_BITSET: {
        uint32_t bits = cmd == FUTEX_WAKE ? ~0u : (uint32_t)a->a6;
        if (uaddr & 3)
            return -EINVAL;
        if (!bits)
            return -EINVAL;
        if (user_pte(uaddr & ~0xfffull) == NULL)
            return -EFAULT;
        spin_lock(&sched_lock);
        r = futexq_wake(&futex_queues, (uint64_t)current, uaddr, bits, (int)(val > 0x7fffffff ? 0x7fffffff : val),
                        wake_one, NULL);
        spin_unlock(&sched_lock);
        return r;
    }
    case FUTEX_REQUEUE:
    case FUTEX_CMP_REQUEUE:
        return futex_requeue(uaddr, (int)val, (int)(a->a4 > 0x7fffffff ? 0x7fffffff : a->a4), a->a5,
                             cmd == FUTEX_CMP_REQUEUE, (uint32_t)a->a6);
    default: {
        static uint32_t reported;
        if (cmd >= 0 && cmd < 32 && !((reported >> cmd) & 1)) {
            reported |= 1u << cmd;
            kprintf("cluster: futex operation %d not supported -> ENOSYS\n", cmd);
        }
        return -ENOSYS;
    }
    }
}
