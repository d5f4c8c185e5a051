/* task_local.c - the processes of this node seen by local index, for the
 * kernel's protocol glue (kapi.h "processes of this node"): MBCF reaches a
 * target process's page tables by its local index (docs/ppn.md),
 * from system calls and from interrupt context alike, whatever process the
 * CPU runs. Thin wrappers over task.h (task_count, task_by_local,
 * task_user_pte), so the glue needs kapi.h only. */
#include "kapi.h"
#include "task.h"

int task_local_count(void)
{
    return task_count();
}

int task_local_current(void)
{
    return current ? current->local : -1;
}

uint64_t *task_local_pte(int local, uint64_t va)
{
    struct task *t = task_by_local(local);
    return t ? task_user_pte(t, va) : NULL;
}

int task_local_alive(int local)
{
    struct task *t = task_by_local(local);
    return t && !t->ended && !t->exiting;
}
