/* task_local.c - the processes of this node seen by local index, for the
 * kernel's protocol glue (kapi.h "tasks of this node"): MBCF reaches a target
 * process's page tables by its local index (issue 15, docs/ppn.md), from
 * system calls and from interrupt context alike.
 *
 * One process per node until the scheduler of issue 15 lands: local index 0
 * is the one task (`current`). With several processes these three become
 * task_count(), current->local and a walk of task_by_local(i)'s tables. */
#include "kapi.h"
#include "task.h"

int task_local_count(void)
{
    return current ? 1 : 0;
}

int task_local_current(void)
{
    return current ? 0 : -1;
}

uint64_t *task_local_pte(int local, uint64_t va)
{
    if (local != 0 || !current)
        return NULL;
    return user_pte(va);
}
