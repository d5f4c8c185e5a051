/* mbcf_guest.h - extras of the guest MBCF library beyond mbcf.h: counters,
 * and a post with an explicit target task id (a test
 * hook: every node runs one MBCF task, id 0, so other ids are refused with
 * MBCF_E_NOTASK). */
#ifndef MBCF_GUEST_H
#define MBCF_GUEST_H
#include <stdint.h>
#include <stddef.h>
#include "cluster_abi.h"
#include "mbcf_abi.h"

/* System calls of SYS_mbcf_* not wrapped here (SYS_mbcf_trace): use
 * cluster_syscall3 from userland/lib/include/cluster_user.h. */
int mbcf_guest_stats(struct mbcf_stats *out);
/* op: MBCF_SQE_PUT or MBCF_SQE_FIFO */
int mbcf_guest_post(int op, int node, int task, uint64_t raddr, const void *src, size_t len,
                    uint64_t cookie);

#endif
