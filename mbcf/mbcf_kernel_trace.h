/* mbcf_kernel_trace.h - latency trace of the MBCF kernel path (TSC time
 * stamps at doorbell, transmit, receive, apply, wake-up), switched on and off
 * by SYS_mbcf_trace; the summary (median of each step) goes to the console. */
#ifndef MBCF_KERNEL_TRACE_H
#define MBCF_KERNEL_TRACE_H
#include <stdint.h>

enum mbcf_tr_ev {
    TR_DB,          /* SYS_mbcf_doorbell entry */
    TR_PULLED,      /* doorbell: commands taken from the ring, frames prepared */
    TR_TX,          /* doorbell: frames handed to the NIC (TDT written) */
    TR_RX_DATA,     /* mbcf_net_rx: a DATA frame arrives */
    TR_APPLIED,     /* mbcf_net_rx: the engine applied it (write done) */
    TR_RX_ACK,      /* mbcf_net_rx: a pure ACK frame arrives */
    TR_TX_ACK,      /* a pure ACK frame was prepared */
    TR_SLEEP,       /* SYS_mbcf_wait goes to net_wait */
    TR_WAKE,        /* SYS_mbcf_wait returns after net_wait */
    TR_WAIT_NOW,    /* SYS_mbcf_wait returns at once (event already there) */
    TR_CUT,         /* trace paused here (no step spans it) */
    TR_NEV
};

extern int mbcf_tr_on;
void mbcf_tr_rec(int ev, uint32_t arg);
static inline void mbcf_tr(int ev, uint32_t arg)
{
    if (mbcf_tr_on)
        mbcf_tr_rec(ev, arg);
}
long mbcf_k_sys_trace(long on);

#endif
