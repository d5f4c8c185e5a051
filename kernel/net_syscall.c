/* net_syscall.c - private system calls of the network layer (numbers in
 * kernel/uapi/cluster_abi.h): raw frames for programs, NIC counters, wait-mode
 * configuration. Every user pointer goes through copy_from_user/copy_to_user:
 * a bad buffer yields -EFAULT and loses nothing (a frame that cannot be copied
 * out stays queued). */
#include "kapi.h"
#include "net_internal.h"
#include "net_frame.h"
#include "../drivers/e1000/e1000.h"

static long sys_raw_send(long dst, uint64_t upayload, uint64_t len)
{
    if (!net_up())
        return -ENODEV;
    if (dst < 0 || dst >= net.nodes)
        return -EINVAL;
    if (len > CLUSTER_PAYLOAD_MAX)
        return -EMSGSIZE;
    if ((int)dst == net.rank) {
        static uint8_t tmp[CLUSTER_PAYLOAD_MAX];
        if (copy_from_user(tmp, upayload, len) < 0)
            return -EFAULT;
        return net_send((int)dst, CLUSTER_KIND_RAW, tmp, (uint32_t)len);
    }
    int err = 0;
    uint8_t *p = net_tx_prepare((int)dst, CLUSTER_KIND_RAW, (uint32_t)len, &err);
    if (!p)
        return err;
    if (len && copy_from_user(p, upayload, len) < 0) {
        net_tx_cancel_last();
        return -EFAULT;
    }
    net_tx_flush();
    return 0;
}

static int rawq_ready(void *arg)
{
    (void)arg;
    return net_rawq_count(&net.rawq) != 0;
}

static long sys_raw_recv(uint64_t ubuf, uint64_t cap, uint64_t usrc, int64_t timeout_ns)
{
    if (!net_up())
        return -ENODEV;
    if (timeout_ns == 0) {
        net_poll();
        if (!rawq_ready(0))
            return -EAGAIN;
    } else if (net_wait(rawq_ready, 0, timeout_ns) < 0) {
        return -ETIMEDOUT;
    }
    const struct net_rawq_slot *s = net_rawq_front(&net.rawq);
    if (s->len > cap)
        return -EMSGSIZE;          /* frame stays queued */
    if (s->len && copy_to_user(ubuf, s->data, s->len) < 0)
        return -EFAULT;
    if (usrc) {
        int32_t src = s->src_rank;
        if (copy_to_user(usrc, &src, sizeof src) < 0)
            return -EFAULT;
    }
    long len = s->len;
    net_rawq_pop(&net.rawq);
    return len;
}

static long sys_raw_send_frame(uint64_t uframe, uint64_t len)
{
    if (!net_up())
        return -ENODEV;
    if (len == 0)
        return -EINVAL;
    if (len > CLUSTER_FRAME_MAX)
        return -EMSGSIZE;
    uint8_t *bufs[1];
    net_tx_flush();
    if (e1000_tx_reserve(net.dev, bufs, 1) != 1)
        return -ENOBUFS;
    if (copy_from_user(bufs[0], uframe, len) < 0)
        return -EFAULT;
    uint16_t l = (uint16_t)len;   /* TCTL.PSP pads short frames to 64 bytes */
    e1000_tx_commit(net.dev, &l, 1);
    net.stats.tx_frames++;
    net.stats.tx_bytes += len;
    return 0;
}

static long sys_net_stats(uint64_t uout)
{
    struct net_stats s;
    net_get_stats(&s);
    return copy_to_user(uout, &s, sizeof s) < 0 ? -EFAULT : 0;
}

static long sys_net_config(uint64_t uio)
{
    struct net_config c;
    if (copy_from_user(&c, uio, sizeof c) < 0)
        return -EFAULT;
    if (c.wait_mode > 1 || c.print_stats > 1)
        return -EINVAL;
    if (c.wait_mode >= 0)
        net.cfg.wait_mode = c.wait_mode;
    if (c.print_stats >= 0)
        net.cfg.print_stats = c.print_stats;
    if (c.poll_budget_ns >= 0)
        net.cfg.poll_budget_ns = c.poll_budget_ns;
    net_wait_apply_mode();
    return copy_to_user(uio, &net.cfg, sizeof net.cfg) < 0 ? -EFAULT : 0;
}

long net_syscall(long nr, long a1, long a2, long a3, long a4, long a5)
{
    (void)a5;
    switch (nr) {
    case SYS_raw_send:       return sys_raw_send(a1, (uint64_t)a2, (uint64_t)a3);
    case SYS_raw_recv:       return sys_raw_recv((uint64_t)a1, (uint64_t)a2, (uint64_t)a3, (int64_t)a4);
    case SYS_net_stats:      return sys_net_stats((uint64_t)a1);
    case SYS_raw_send_frame: return sys_raw_send_frame((uint64_t)a1, (uint64_t)a2);
    case SYS_net_config:     return sys_net_config((uint64_t)a1);
    }
    if (nr >= 1020 && nr <= 1039)      /* TEMPORARY: SYS_tofu_* (tofu_abi.h) */
        return tofu_k_syscall(nr, (uint64_t)a1, (uint64_t)a2, (uint64_t)a3, (uint64_t)a4);
    return mbcf_syscall(nr, a1, a2, a3, a4, a5);   /* SYS_mbcf_* and anything else */
}
