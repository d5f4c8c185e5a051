/* mbcf_shm_host.c - mbcf_shm_map/unmap (mbcf.h) on the host backend: every
 * rank is a node of its own there (mbcf_ppn() 1), so no two ranks share a
 * node and there is nothing to share: -ENOSYS. */
#include "mbcf.h"
#include <errno.h>

void *mbcf_shm_map(uint64_t key, size_t len, int flags, int *err)
{
    (void)key;
    (void)len;
    (void)flags;
    if (err)
        *err = -ENOSYS;
    return NULL;
}

int mbcf_shm_unmap(void *addr, size_t len)
{
    (void)addr;
    (void)len;
    return -ENOSYS;
}
