/* mbcf_kernel_local.c - MBCF between processes of one node (* docs/ppn.md): a remote write or FIFO append whose target node is this node
 * is applied by the kernel memory to memory, from the source process's page
 * tables to the target process's, and never touches the wire (Kitten's
 * SMARTMAP is the anchor for single-copy intra-node transfer).
 *
 * Same contract as across the wire (mbcf.h, seed 003 sec 2.1):
 *  - same checks: the whole target range must be mapped, user, writable and
 *    exported writable (mbcf_k_copy -> mbcf_k_check_range), else the command
 *    is refused with the same status and memory stays untouched; the target
 *    process must exist and be attached (MBCF_E_NOTASK);
 *  - same ordering: commands of one process are taken from its submission
 *    queue in order and applied at once, so one process's operations reach a
 *    target in the order posted; a FIFO append that finds the FIFO full stays
 *    at the head of the queue (later commands wait behind it, as the engine
 *    holds later frames behind a BUSY one) and is refused with
 *    MBCF_E_FIFO_FULL after MBCF_LOCAL_FIFO_FULL_NS;
 *  - same completion entries: one per command, {cookie, status, target
 *    endpoint node * ppn + task}.
 * The FIFO entry's source field is the sender's endpoint node * ppn + t, as
 * for an entry from the wire (mbcf_kernel.c cb_fifo). */
#include "kapi.h"
#include "net/net.h"
#include "mbcf_kernel.h"

struct mbcf_local_stats mbcf_local_stats;
static uint64_t busy_since[MBCF_K_TASKS];   /* t's head command found its FIFO full (ns) */

static int fifo_local(int t, const struct mbcf_sqe *q)
{
    static uint8_t entry[MBCF_FIFO_ENTRY_MAX];   /* staged source (interrupts off) */
    if (mbcf_k_read(t, q->src, entry, q->len))
        return MBCF_E_INVAL;
    return mbcf_k_fifo_append(q->task, q->raddr, mbcf_k_endpoint(net_rank(), t), entry, q->len);
}

int mbcf_k_local_apply(int t, const struct mbcf_sqe *q)
{
    int st;
    if (q->op == MBCF_SQE_PUT)
        st = q->len > MBCF_PUT_MAX ? MBCF_E_TOOLONG : mbcf_k_copy(q->task, q->raddr, t, q->src, q->len);
    else
        st = q->len > MBCF_FIFO_ENTRY_MAX ? MBCF_E_TOOLONG : fifo_local(t, q);
    if (st == MBCF_E_FIFO_FULL) {
        uint64_t now = time_ns();
        if (!busy_since[t]) {
            busy_since[t] = now ? now : 1;
            mbcf_local_stats.fifo_busy++;
        }
        if (now - busy_since[t] < MBCF_LOCAL_FIFO_FULL_NS)
            return 0;                      /* stays at the head: retried later */
        mbcf_local_stats.fifo_full_refused++;
    }
    busy_since[t] = 0;
    if (st == MBCF_OK) {
        mbcf_local_stats.applied++;
        mbcf_local_stats.bytes += q->len;
    } else {
        mbcf_local_stats.refused++;
    }
    mbcf_k_complete(t, q->cookie, mbcf_k_endpoint(q->node, q->task), st);
    return 1;
}
