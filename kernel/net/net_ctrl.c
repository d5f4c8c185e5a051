/* net_ctrl.c - CLUSTER_KIND_CTRL frames: the boot handshake, by which every
 * node learns that every other node receives (HELLO, answered with ACK). */
#include "kapi.h"
#include "net_internal.h"
#include "net_proto.h"

static uint8_t peer_acked[256];   /* peers that answered our HELLO (first 256 ranks) */
static int acked_count;

static void ctrl_rx(int src, const void *payload, uint32_t len)
{
    const uint8_t *p = payload;
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

void net_ctrl_handshake(void)
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

static const struct net_proto ctrl_proto = {
    .kind = CLUSTER_KIND_CTRL, .name = "ctrl", .rx = ctrl_rx,
};

void net_ctrl_register(void)
{
    (void)net_proto_register(&ctrl_proto);
}
