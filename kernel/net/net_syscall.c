/* net_syscall.c - private system calls of the network layer (numbers in
 * kernel/uapi/cluster_abi.h): raw frames for programs, NIC counters, wait-mode
 * configuration. Every user pointer goes through copy_from_user/copy_to_user:
 * a bad buffer yields -EFAULT and loses nothing (a frame that cannot be copied
 * out stays queued). */
#include "kapi.h"
#include "net_internal.h"
#include "net_frame.h"
#include "syscall_table.h"
#include "net_proto.h"

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

/* The test hook: a whole Ethernet frame built by the program, possibly
 * malformed (the receivers' classifier is tested with it). It can never speak
 * for another node or for a protocol: the kernel writes our own
 * source MAC over bytes 6..11, and a frame with our ethertype whose kind a
 * receiver would hand to a protocol other than raw (net_kind_known) is
 * refused with -EPERM. Unknown kinds, bad versions and foreign ethertypes stay
 * possible: every receiver drops those. */
static long sys_raw_send_frame(uint64_t uframe, uint64_t len)
{
    if (!net_up())
        return -ENODEV;
    if (len < CLUSTER_ETH_HDR)
        return -EINVAL;
    if (len > CLUSTER_FRAME_MAX)
        return -EMSGSIZE;
    uint8_t *bufs[1];
    net_tx_flush();
    if (net.dev->ops->tx_reserve(net.dev, bufs, 1) != 1)
        return -ENOBUFS;
    uint8_t *f = bufs[0];
    if (copy_from_user(f, uframe, len) < 0)
        return -EFAULT;   /* the buffer stays free: only tx_commit posts it */
    uint16_t type = (uint16_t)((f[12] << 8) | f[13]);
    if (type == CLUSTER_ETHERTYPE && len >= NET_HDRS_LEN) {
        uint8_t kind = f[CLUSTER_ETH_HDR];   /* struct cluster_hdr.kind */
        if (kind != CLUSTER_KIND_RAW && net_kind_known(kind))
            return -EPERM;
    }
    net_mac_of_rank(net.rank, f + 6);
    uint16_t l = (uint16_t)len;   /* TCTL.PSP pads short frames to 64 bytes */
    net.dev->ops->tx_commit(net.dev, &l, 1);
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
    /* The settings are written back at the end: a buffer that cannot take
     * them (read-only page) fails here, before anything is applied. */
    if (copy_to_user(uio, &c, sizeof c) < 0)
        return -EFAULT;
    if (c.wait_mode >= 0)
        net.cfg.wait_mode = c.wait_mode;
    if (c.print_stats >= 0)
        net.cfg.print_stats = c.print_stats;
    if (c.poll_budget_ns >= 0)
        net.cfg.poll_budget_ns = c.poll_budget_ns;
    net_wait_apply_mode();
    return copy_to_user(uio, &net.cfg, sizeof net.cfg) < 0 ? -EFAULT : 0;
}

/* ---- the SYS_net range of the system-call table ---- */
static long sc_raw_send(const struct syscall_args *a)  { return sys_raw_send((long)a->a1, a->a2, a->a3); }
static long sc_raw_recv(const struct syscall_args *a)  { return sys_raw_recv(a->a1, a->a2, a->a3, (int64_t)a->a4); }
static long sc_net_stats(const struct syscall_args *a) { return sys_net_stats(a->a1); }
static long sc_raw_send_frame(const struct syscall_args *a) { return sys_raw_send_frame(a->a1, a->a2); }
static long sc_net_config(const struct syscall_args *a) { return sys_net_config(a->a1); }

static const syscall_fn net_calls[SYS_NET_LAST - SYS_NET_FIRST + 1] = {
    [SYS_raw_send - SYS_NET_FIRST]       = sc_raw_send,
    [SYS_raw_recv - SYS_NET_FIRST]       = sc_raw_recv,
    [SYS_net_stats - SYS_NET_FIRST]      = sc_net_stats,
    [SYS_raw_send_frame - SYS_NET_FIRST] = sc_raw_send_frame,
    [SYS_net_config - SYS_NET_FIRST]     = sc_net_config,
};
static const struct syscall_range net_range = {
    "net", SYS_NET_FIRST, SYS_NET_LAST - SYS_NET_FIRST + 1, net_calls,
};

/* ---- CLUSTER_KIND_RAW: received raw frames wait for SYS_raw_recv ---- */
static void raw_rx(int src, const void *payload, uint32_t len)
{
    if (net_rawq_push(&net.rawq, src, payload, len) < 0)
        net.stats.drop_queue_full++;
}

static const struct net_proto raw_proto = {
    .kind = CLUSTER_KIND_RAW, .name = "raw", .rx = raw_rx,
};

void net_syscall_register(void)
{
    (void)syscall_register(&net_range);
    (void)net_proto_register(&raw_proto);
}
