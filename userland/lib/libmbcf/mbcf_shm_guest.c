/* mbcf_shm_guest.c - mbcf_shm_map/unmap (mbcf.h) on our kernel: the
 * private call SYS_shm_map and munmap. */
#include "mbcf.h"
#include "cluster_abi.h"
#include "cluster_user.h"
#include <sys/mman.h>
#include <errno.h>

void *mbcf_shm_map(uint64_t key, size_t len, int flags, int *err)
{
    long r = cluster_syscall3(SYS_shm_map, (long)key, (long)len, flags);
    if (err)
        *err = r < 0 && r > -4096 ? (int)r : 0;
    return r < 0 && r > -4096 ? NULL : (void *)r;
}

int mbcf_shm_unmap(void *addr, size_t len)
{
    return munmap(addr, len) ? -errno : 0;
}
