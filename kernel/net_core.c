/* net_core.c - the kernel's raw-frame layer over the e1000 driver: init and the
 * boot handshake, transmit (net_send / burst), receive demultiplexing by kind
 * (net_poll), counters, and the power-off report. See net.h. */
#include "kapi.h"
#include "net_internal.h"
#include "net_frame.h"
#include "fwcfg.h"
#include "subsys.h"
#include "../drivers/e1000/e1000.h"

struct net_state net;

/* ---- weak hooks the MBCF glue replaces ---- */
__attribute__((weak)) void mbcf_net_rx(int src_rank, const void *payload, uint32_t len)
{
    (void)src_rank; (void)payload; (void)len;
    net.stats.drop_no_handler++;
}

__attribute__((weak)) void mbcf_net_tick(void)
{
}

__attribute__((weak)) void mbcf_net_rx_done(void)
{
}

__attribute__((weak)) void mbcf_net_shutdown(void)
{
}

/* TEMPORARY (until the seams branch lands its frame-kind registration): the
 * emulated Tofu controller's hooks (drivers/tofu_emu/tofu_k_seam.h). */
__attribute__((weak)) void tofu_k_net_rx(int src_rank, const void *payload, uint32_t len)
{
    (void)src_rank; (void)payload; (void)len;
    net.stats.drop_no_handler++;
}
__attribute__((weak)) void tofu_k_net_tick(void) {}
__attribute__((weak)) void tofu_k_net_shutdown(void) {}
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
    e1000_tx_commit(net.dev, tx_lens, tx_pending);
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
        if (e1000_tx_reserve(net.dev, bufs, tx_pending + 1) == tx_pending + 1)
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

int net_send(int dst_rank, uint8_t kind, const void *payload, uint32_t len)
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
    net_tx_flush();
    return 0;
}

/* ---- receive ---- */

static void ctrl_rx(int src, const uint8_t *p, uint32_t len);
static uint32_t mbcf_rx_count;   /* MBCF frames delivered in the current net_poll */

static void deliver(int src, uint8_t kind, const uint8_t *payload, uint32_t len)
{
    switch (kind) {
    case CLUSTER_KIND_RAW:
        if (net_rawq_push(&net.rawq, src, payload, len) < 0)
            net.stats.drop_queue_full++;
        break;
    case CLUSTER_KIND_MBCF:
        mbcf_rx_count++;
        mbcf_net_rx(src, payload, len);
        break;
    case CLUSTER_KIND_CTRL:
        ctrl_rx(src, payload, len);
        break;
    case CLUSTER_KIND_TOFU:
        tofu_k_net_rx(src, payload, len);
        break;
    }
}

static void rx_one(const struct e1000_pkt *pk)
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
    mbcf_rx_count = 0;
    struct e1000_pkt pkts[32];
    uint32_t n;
    while ((n = e1000_rx_burst(net.dev, pkts, 32)) != 0) {
        for (uint32_t i = 0; i < n; i++)
            rx_one(&pkts[i]);
        e1000_rx_release(net.dev, n);
    }
    while (lo_head != lo_tail) {
        struct loopback_slot *s = &loopback[lo_head % LOOPBACK_SLOTS];
        deliver(net.rank, s->kind, s->data, s->len);
        lo_head++;
    }
    if (mbcf_rx_count)
        mbcf_net_rx_done();   /* one coalesced reply per receive burst */
    busy = 0;
    net_tx_flush();   /* replies the handlers prepared leave in one burst */
}

/* ---- boot handshake: every node learns that every other node receives ---- */

static uint8_t peer_acked[256];   /* peers that answered our HELLO (first 256 ranks) */
static int acked_count;

static void ctrl_rx(int src, const uint8_t *p, uint32_t len)
{
    net.stats.rx_ctrl++;
    if (len < 1)
        return;
    if (p[0] == CLUSTER_CTRL_HELLO) {
        uint8_t ack = CLUSTER_CTRL_ACK;
        if (src != net.rank)
            (void)net_send(src, CLUSTER_KIND_CTRL, &ack, 1);
    } else if (p[0] == CLUSTER_CTRL_ACK && src < 256 && !peer_acked[src]) {
        peer_acked[src] = 1;
        acked_count++;
    }
}

static int all_acked(void *arg)
{
    (void)arg;
    int peers = net.nodes < 256 ? net.nodes : 256;
    return acked_count >= peers - 1;
}

static void handshake(void)
{
    uint64_t t0 = time_ns(), limit = 120ull * 1000000000ull;
    uint8_t hello = CLUSTER_CTRL_HELLO;
    int peers = net.nodes < 256 ? net.nodes : 256;
    while (!all_acked(0) && time_ns() - t0 < limit) {
        for (int r = 0; r < peers; r++)
            if (r != net.rank && !peer_acked[r])
                (void)net_send(r, CLUSTER_KIND_CTRL, &hello, 1);
        (void)net_wait(all_acked, 0, 50000000);   /* resend every 50 ms */
    }
    if (all_acked(0))
        kprintf("net: all %d nodes reachable after %llu ms\n", net.nodes,
                (unsigned long long)((time_ns() - t0) / 1000000));
    else
        kprintf("net: WARNING only %d of %d peers answered\n", acked_count, peers - 1);
}

/* ---- interrupt and tick ---- */

static void nic_irq(void *arg)
{
    (void)arg;
    (void)e1000_irq_ack(net.dev);   /* reading ICR deasserts the level-triggered line */
    net.stats.irqs++;
    net_poll();
}

static void net_tick(void)
{
    net_poll();
    mbcf_net_tick();
    tofu_k_net_tick();
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
    uint64_t rq_pages = (NET_RAWQ_SLOTS * sizeof(struct net_rawq_slot) + PAGE_SIZE - 1) / PAGE_SIZE;
    net_rawq_init(&net.rawq, page_alloc(rq_pages), NET_RAWQ_SLOTS);
    if (net.rawq.nslots == 0)
        kprintf("net: no memory for the raw receive queue (raw frames will be dropped)\n");
    net.dev = e1000_probe(0);
    if (!net.dev)
        return;
    (void)power_off_register(net_shutdown);
    uint8_t mac[6];
    net_mac_of_rank(net.rank, mac);
    e1000_set_mac(net.dev, mac);   /* our MAC is a function of the rank, whatever QEMU was given */
    int bus, devno, fn, low;
    e1000_pci_addr(net.dev, &bus, &devno, &fn);
    int gsi = pci_irq_gsi(bus, devno, fn, &low);
    if (gsi >= 0)
        irq_register(gsi, low, nic_irq, 0);
    else
        kprintf("net: NIC has no interrupt line, polling only\n");
    net_wait_apply_mode();
    timer_register_tick(net_tick);
    uint64_t t0 = time_ns();
    while (!e1000_link_up(net.dev) && time_ns() - t0 < 3000000000ull)
        ;
    kprintf("net: e1000 %02x:%02x:%02x:%02x:%02x:%02x rank %d of %d, link %s, wait %s\n",
            mac[0], mac[1], mac[2], mac[3], mac[4], mac[5], net.rank, net.nodes,
            e1000_link_up(net.dev) ? "up" : "DOWN",
            net.cfg.wait_mode ? "poll" : "adaptive");
    if (net.nodes > 1)
        handshake();
}

void net_get_stats(struct net_stats *out)
{
    *out = net.stats;
    if (net.dev)
        out->rx_missed = e1000_missed(net.dev);
}

static void net_shutdown(void)
{
    if (!net.dev)
        return;
    net_poll();
    mbcf_net_shutdown();
    tofu_k_net_shutdown();
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
    e1000_stop(net.dev);
}
