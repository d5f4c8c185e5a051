/* net_core.c - the kernel's frame layer over a network device (netdev.h):
 * init, transmit (net_send / burst), receive demultiplexing by kind through
 * the protocol table (net_proto.h), the tick, counters and the power-off
 * report. See net.h. Names no driver and no protocol. */
#include "kapi.h"
#include "net_internal.h"
#include "net_frame.h"
#include "net_proto.h"
#include "fwcfg.h"
#include "subsys.h"

struct net_state net;

/* ---- protocol table: one handler set per frame kind ---- */
static const struct net_proto *protos[CLUSTER_KIND_MAX + 1];

int net_proto_register(const struct net_proto *p)
{
    if (!p || !p->rx || !net_kind_known(p->kind) || p->kind > CLUSTER_KIND_MAX)
        return -EINVAL;
    if (protos[p->kind])
        return -EEXIST;
    protos[p->kind] = p;
    return 0;
}

int net_rank(void)  { return net.rank; }
int net_nodes(void) { return net.dev ? net.nodes : 0; }
int net_up(void)    { return net.dev != 0; }

/* ---- transmit ---- */

#define TX_PENDING_MAX 64u
static uint16_t tx_lens[TX_PENDING_MAX];
static uint32_t tx_pending;

/* Loopback frames (dst == own rank), delivered by net_poll. */
#define LOOPBACK_SLOTS 8u
struct loopback_slot {
    uint8_t kind;
    uint32_t len;
    uint8_t data[CLUSTER_PAYLOAD_MAX];
};
static struct loopback_slot loopback[LOOPBACK_SLOTS];
static uint32_t lo_head, lo_tail;

static int check_send(int dst_rank, uint8_t kind, uint32_t len)
{
    if (!net.dev)
        return -ENODEV;
    if (dst_rank < 0 || dst_rank >= net.nodes || !net_kind_known(kind))
        return -EINVAL;
    if (len > CLUSTER_PAYLOAD_MAX)
        return -EMSGSIZE;
    return 0;
}

void net_tx_flush(void)
{
    if (!net.dev || tx_pending == 0)
        return;
    net.dev->ops->tx_commit(net.dev, tx_lens, tx_pending);
    net.stats.tx_frames += tx_pending;
    for (uint32_t i = 0; i < tx_pending; i++)
        net.stats.tx_bytes += tx_lens[i];
    tx_pending = 0;
}

/* Buffer for frame number tx_pending of the current burst, flushing when needed. */
static uint8_t *tx_slot(void)
{
    uint8_t *bufs[TX_PENDING_MAX];
    if (tx_pending == TX_PENDING_MAX)
        net_tx_flush();
    for (int attempt = 0; attempt < 2; attempt++) {
        if (net.dev->ops->tx_reserve(net.dev, bufs, tx_pending + 1) == tx_pending + 1)
            return bufs[tx_pending];
        net_tx_flush();   /* QEMU transmits synchronously on TDT: this frees descriptors */
    }
    return 0;
}

void *net_tx_prepare(int dst_rank, uint8_t kind, uint32_t len, int *err)
{
    int e = check_send(dst_rank, kind, len);
    if (e == 0 && dst_rank == net.rank)
        e = -EINVAL;
    uint8_t *buf = e ? 0 : tx_slot();
    if (!e && !buf)
        e = -ENOBUFS;
    if (e) {
        if (err)
            *err = e;
        return 0;
    }
    /* Headers now, payload by the caller: build with an empty payload, then fix the length. */
    net_frame_build(buf, net.rank, dst_rank, kind, 0, 0);
    struct cluster_hdr h = { .kind = kind, .version = CLUSTER_WIRE_VERSION, .length = (uint16_t)len };
    memcpy(buf + CLUSTER_ETH_HDR, &h, sizeof h);
    uint32_t total = NET_HDRS_LEN + len;
    if (total < NET_ETH_MIN) {
        memset(buf + NET_HDRS_LEN, 0, NET_ETH_MIN - NET_HDRS_LEN);   /* zero padding */
        total = NET_ETH_MIN;
    }
    tx_lens[tx_pending++] = (uint16_t)total;
    return buf + NET_HDRS_LEN;
}

void net_tx_cancel_last(void)
{
    if (tx_pending)
        tx_pending--;
}

static int loopback_send(uint8_t kind, const void *payload, uint32_t len)
{
    if (lo_tail - lo_head >= LOOPBACK_SLOTS)
        return -ENOBUFS;
    struct loopback_slot *s = &loopback[lo_tail % LOOPBACK_SLOTS];
    s->kind = kind;
    s->len = len;
    if (len)
        memcpy(s->data, payload, len);
    lo_tail++;
    return 0;
}

int net_queue(int dst_rank, uint8_t kind, const void *payload, uint32_t len)
{
    int e = check_send(dst_rank, kind, len);
    if (e)
        return e;
    if (dst_rank == net.rank)
        return loopback_send(kind, payload, len);
    uint8_t *p = net_tx_prepare(dst_rank, kind, len, &e);
    if (!p)
        return e;
    if (len)
        memcpy(p, payload, len);
    return 0;
}

int net_send(int dst_rank, uint8_t kind, const void *payload, uint32_t len)
{
    int e = net_queue(dst_rank, kind, payload, len);
    if (!e && dst_rank != net.rank)
        net_tx_flush();
    return e;
}

/* ---- receive ---- */

static uint32_t rx_kinds;   /* bit k: a frame of kind k was delivered in this net_poll */

static void deliver(int src, uint8_t kind, const uint8_t *payload, uint32_t len)
{
    const struct net_proto *p = protos[kind];   /* kind <= CLUSTER_KIND_MAX: classifier */
    if (!p) {
        net.stats.drop_no_handler++;
        return;
    }
    rx_kinds |= 1u << kind;
    p->rx(src, payload, len);
}

static void rx_one(const struct netdev_pkt *pk)
{
    net.stats.rx_frames++;
    net.stats.rx_bytes += pk->len;
    if (pk->bad) {               /* spans several buffers or hardware error */
        net.stats.drop_oversize++;
        return;
    }
    struct net_frame_info fi;
    switch (net_frame_classify(pk->data, pk->len, net.nodes, &fi)) {
    case NET_OK:               deliver(fi.src_rank, fi.kind, fi.payload, fi.length); break;
    case NET_DROP_RUNT:        net.stats.drop_runt++; break;
    case NET_DROP_OVERSIZE:    net.stats.drop_oversize++; break;
    case NET_DROP_ETHERTYPE:   net.stats.drop_ethertype++; break;
    case NET_DROP_UNKNOWN_SRC: net.stats.drop_unknown_src++; break;
    case NET_DROP_BAD_HEADER:  net.stats.drop_bad_header++; break;
    }
}

void net_poll(void)
{
    static int busy;
    if (!net.dev || busy)
        return;
    busy = 1;
    rx_kinds = 0;
    struct netdev_pkt pkts[32];
    const struct netdev_ops *ops = net.dev->ops;
    uint32_t n;
    while ((n = ops->rx_burst(net.dev, pkts, 32)) != 0) {
        for (uint32_t i = 0; i < n; i++)
            rx_one(&pkts[i]);
        ops->rx_release(net.dev, n);
    }
    while (lo_head != lo_tail) {
        struct loopback_slot *s = &loopback[lo_head % LOOPBACK_SLOTS];
        deliver(net.rank, s->kind, s->data, s->len);
        lo_head++;
    }
    for (uint32_t k = 0; rx_kinds; k++, rx_kinds >>= 1)   /* one coalesced reply per burst */
        if ((rx_kinds & 1) && protos[k]->rx_done)
            protos[k]->rx_done();
    busy = 0;
    net_tx_flush();   /* replies the handlers prepared leave in one burst */
}

/* ---- interrupt and tick ---- */

static void nic_irq(void *arg)
{
    (void)arg;
    (void)net.dev->ops->irq_ack(net.dev);   /* deasserts the level-triggered line */
    net.stats.irqs++;
    net_poll();
}

static void net_tick(void)
{
    net_poll();
    for (int k = 0; k <= CLUSTER_KIND_MAX; k++)
        if (protos[k] && protos[k]->tick)
            protos[k]->tick();
}

/* ---- lifecycle ---- */

static void net_shutdown(void);

void net_init(void)
{
    const struct node_info *ni = node_info();
    net.rank = ni->rank;
    net.nodes = ni->nodes > 0 ? ni->nodes : 1;
    net.cfg.wait_mode = ni->wait_mode;
    net.cfg.poll_budget_ns = NET_POLL_BUDGET_DEFAULT_NS;
    char flag[4];
    long fl = fwcfg_read_file("opt/cluster/net_stats", flag, sizeof flag);   /* launcher --net-stats */
    net.cfg.print_stats = fl > 0 && flag[0] == '1';
    net_syscall_register();
    net_ctrl_register();
    uint64_t rq_pages = (NET_RAWQ_SLOTS * sizeof(struct net_rawq_slot) + PAGE_SIZE - 1) / PAGE_SIZE;
    net_rawq_init(&net.rawq, page_alloc(rq_pages), NET_RAWQ_SLOTS);
    if (net.rawq.nslots == 0)
        kprintf("net: no memory for the raw receive queue (raw frames will be dropped)\n");
    if (netdev_probe_all() == 0) {
        kprintf("net: no network device\n");
        return;
    }
    net.dev = netdev_get(0);
    const struct netdev_ops *ops = net.dev->ops;
    (void)power_off_register(net_shutdown);
    uint8_t mac[6];
    net_mac_of_rank(net.rank, mac);
    ops->set_mac(net.dev, mac);   /* our MAC is a function of the rank, whatever QEMU was given */
    int low;
    int gsi = ops->irq_line(net.dev, &low);
    if (gsi >= 0)
        irq_register(gsi, low, nic_irq, 0);
    else
        kprintf("net: NIC has no interrupt line, polling only\n");
    net_wait_apply_mode();
    timer_register_tick(net_tick);
    uint64_t t0 = time_ns();
    while (!ops->link_up(net.dev) && time_ns() - t0 < 3000000000ull)
        ;
    kprintf("net: %s %02x:%02x:%02x:%02x:%02x:%02x rank %d of %d, link %s, wait %s\n",
            net.dev->name, mac[0], mac[1], mac[2], mac[3], mac[4], mac[5], net.rank, net.nodes,
            ops->link_up(net.dev) ? "up" : "DOWN",
            net.cfg.wait_mode ? "poll" : "adaptive");
    if (net.nodes > 1)
        net_ctrl_handshake();
}

void net_get_stats(struct net_stats *out)
{
    *out = net.stats;
    if (net.dev)
        out->rx_missed = net.dev->ops->rx_missed(net.dev);
}

static void net_shutdown(void)
{
    if (!net.dev)
        return;
    net_poll();
    for (int k = 0; k <= CLUSTER_KIND_MAX; k++)
        if (protos[k] && protos[k]->shutdown)
            protos[k]->shutdown();
    if (net.cfg.print_stats) {
        struct net_stats s;
        net_get_stats(&s);
        kprintf("net-stats: rx_frames=%llu rx_bytes=%llu tx_frames=%llu tx_bytes=%llu "
                "drop_runt=%llu drop_oversize=%llu drop_ethertype=%llu drop_unknown_src=%llu "
                "drop_bad_header=%llu drop_queue_full=%llu rx_missed=%llu irqs=%llu "
                "drop_no_handler=%llu rx_ctrl=%llu\n",
                (unsigned long long)s.rx_frames, (unsigned long long)s.rx_bytes,
                (unsigned long long)s.tx_frames, (unsigned long long)s.tx_bytes,
                (unsigned long long)s.drop_runt, (unsigned long long)s.drop_oversize,
                (unsigned long long)s.drop_ethertype, (unsigned long long)s.drop_unknown_src,
                (unsigned long long)s.drop_bad_header, (unsigned long long)s.drop_queue_full,
                (unsigned long long)s.rx_missed, (unsigned long long)s.irqs,
                (unsigned long long)s.drop_no_handler, (unsigned long long)s.rx_ctrl);
    }
    net.dev->ops->stop(net.dev);
}
