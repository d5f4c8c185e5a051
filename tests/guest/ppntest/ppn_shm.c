/* ppn_shm.c - ppntest's "shm" mode: node-local shared memory
 * (mbcf_shm_map, the kernel's SYS_shm_map; docs/ppn.md), every check a TAP
 * line. Must be the last mode (its end has processes exit holding a mapping).
 *   refusals: unknown key (ENOENT), create without a size or with unknown
 *     flags or beyond 2^40 bytes (EINVAL), more than the node has (ENOMEM),
 *     a second create with SHM_EXCL (EEXIST), attach with another size (EINVAL)
 *   sharing: local process 0 makes a 3-page segment and fills it; every
 *     other process of the node attaches and sees it (the node's own: the
 *     value names the node); each stores into its slot, all see all slots
 *   counting: the maker unmaps first, the others still read and write; when
 *     the last one unmapped, the key is gone (ENOENT)
 *   end of a process: each process but local 0 makes a segment of its own
 *     and ends without unmapping it; local 0 sees each key go (ENOENT). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include "mbcf.h"
#include "cluster_abi.h"
#include "mbcf_check.h"
#include "ppn_shm.h"

#define KEY 0x5348000000ull /* "SH": the same key on every node */
#define PG 4096

static void sleep_ms(int ms)
{
    struct timespec ts = { 0, ms * 1000000L };
    nanosleep(&ts, NULL);
}

static void refusals(void)
{
    int err = 0;
    void *p = mbcf_shm_map(KEY + 1 + (uint64_t)rank, PG, 0, &err);
    check(!p && err == -ENOENT, "shm: attach to an unknown key: ENOENT", err, -ENOENT);
    p = mbcf_shm_map(KEY + 1, 0, SHM_CREATE, &err);
    check(!p && err == -EINVAL, "shm: create with length 0: EINVAL", err, -EINVAL);
    p = mbcf_shm_map(KEY + 1, PG, 8, &err);
    check(!p && err == -EINVAL, "shm: unknown flag: EINVAL", err, -EINVAL);
    p = mbcf_shm_map(KEY + 1, (size_t)1 << 41, SHM_CREATE, &err);
    check(!p && err == -EINVAL, "shm: create of 2^41 bytes: EINVAL", err, -EINVAL);
    p = mbcf_shm_map(KEY + 100 + (uint64_t)rank, (size_t)1 << 39, SHM_CREATE, &err);
    check(!p && err == -ENOMEM, "shm: create of 512 GiB: ENOMEM", err, -ENOMEM);
}

static void sharing_and_counting(int ppn)
{
    int local = rank % ppn, node = rank / ppn, err = 0;
    volatile uint64_t *p = NULL;
    if (local == 0) {
        p = mbcf_shm_map(KEY, 3 * PG, SHM_CREATE | SHM_EXCL, &err);
        check(p != NULL, "shm: local process 0 makes a 3-page segment", err, 0);
        if (p) {
            p[0] = 1000u + (uint64_t)node;
            p[3 * PG / 8 - 1] = 0xfeedu;
        }
    }
    barrier();
    if (local != 0) {
        void *q = mbcf_shm_map(KEY, 3 * PG, SHM_CREATE | SHM_EXCL, &err);
        check(!q && err == -EEXIST, "shm: create of an existing key with SHM_EXCL: EEXIST", err,
              -EEXIST);
        q = mbcf_shm_map(KEY, PG, 0, &err);
        check(!q && err == -EINVAL, "shm: attach with another size: EINVAL", err, -EINVAL);
        p = mbcf_shm_map(KEY, 0, 0, &err);
        check(p && p[0] == 1000u + (uint64_t)node && p[3 * PG / 8 - 1] == 0xfeedu,
              "shm: attach sees this node's segment as its maker filled it",
              p ? (long)p[0] : err, 1000 + node);
    }
    if (!p) {
        barrier();
        barrier();
        barrier();
        barrier();
        return;
    }
    p[PG / 8 + local] = 7000u + (uint64_t)rank; /* this process's slot */
    barrier();
    int all = 1;
    for (int l = 0; l < ppn; l++)
        all &= p[PG / 8 + l] == 7000u + (uint64_t)(node * ppn + l);
    check(all, "shm: every process of the node sees every slot", ppn, 0);
    barrier();
    if (local == 0)
        check(mbcf_shm_unmap((void *)p, 3 * PG) == 0, "shm: the maker unmaps first", 0, 0);
    barrier();
    if (local != 0) {
        p[2] = 42;
        check(p[0] == 1000u + (uint64_t)node && p[2] == 42,
              "shm: after the maker left the segment still holds and takes data", (long)p[0], 0);
        mbcf_shm_unmap((void *)p, 3 * PG);
    }
    barrier();
    void *q = mbcf_shm_map(KEY, 0, 0, &err);
    check(!q && err == -ENOENT, "shm: after the last unmap the key is gone: ENOENT", err,
          -ENOENT);
    if (q)
        mbcf_shm_unmap(q, 3 * PG);
}

int test_shm(int ppn)
{
    refusals();
    barrier();
    sharing_and_counting(ppn);
    barrier();
    int local = rank % ppn, err = 0;
    uint64_t mine = KEY + 0x1000 + (uint64_t)local;
    if (local != 0) {
        void *p = mbcf_shm_map(mine, 2 * PG, SHM_CREATE | SHM_EXCL, &err);
        check(p != NULL, "shm: a segment of this process's own, kept at its end", err, 0);
    }
    barrier();
    if (local != 0)
        return 0; /* ends holding it */
    for (int l = 1; l < ppn; l++) {
        int gone = 0;
        for (int t = 0; t < 400 && !gone; t++) { /* 20 s at most */
            void *p = mbcf_shm_map(KEY + 0x1000 + (uint64_t)l, 0, 0, &err);
            if (p) {
                mbcf_shm_unmap(p, 2 * PG);
                sleep_ms(50);
            } else {
                gone = err == -ENOENT;
                if (!gone)
                    break;
            }
        }
        check(gone, "shm: a process's segment goes when it ended holding it", l, err);
    }
    return 0;
}
