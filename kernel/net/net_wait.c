/* net_wait.c - how the kernel waits for frames. Two modes (docs/architecture.md:
 * on a 2-core host a spinning guest starves the QEMU I/O threads and the switch):
 *  - adaptive (0): poll the NIC for cfg.poll_budget_ns, then clear stale
 *    interrupt causes, arm the receive interrupt (netdev rx_irq) and HLT (cpu_idle_wait)
 *    until a frame interrupt or the 1 kHz timer tick;
 *  - poll (1): spin on the receive ring, device interrupts masked.
 * The mode comes from node_info()->wait_mode at boot (launcher --wait-mode) and
 * can be changed at run time with SYS_net_config (the benchmarks compare both). */
#include "kapi.h"
#include "net_internal.h"

void net_wait_apply_mode(void)
{
    if (!net.dev)
        return;
    net.dev->ops->rx_irq(net.dev, net.cfg.wait_mode != 1);
}

int net_wait(int (*done)(void *arg), void *arg, int64_t timeout_ns)
{
    uint64_t start = time_ns();
    for (;;) {
        net_poll();
        if (done(arg))
            return 0;
        uint64_t now = time_ns();
        if (timeout_ns >= 0 && now - start >= (uint64_t)timeout_ns)
            return -ETIMEDOUT;
        if (!net.dev || net.cfg.wait_mode == 1 ||
            now - start < (uint64_t)net.cfg.poll_budget_ns) {
            cpu_poll_relax();      /* other threads and CPUs get their turn */
            continue;
        }
        /* Adaptive: acknowledge old causes so only a new frame (or the tick)
         * wakes us, check once more, then sleep. */
        (void)net.dev->ops->irq_ack(net.dev);
        net_poll();
        if (done(arg))
            return 0;
        cpu_idle_wait();
    }
}
