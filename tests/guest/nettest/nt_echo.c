/* nt_echo.c - echo of every payload size 0..RAW_PAYLOAD_MAX between rank 0
 * (client) and an echo server, with content checks; and the server side of the
 * basic test (echo, malformed-frame counter check, END). */
#include <errno.h>
#include <string.h>
#include "nettest.h"

/* Send `len` bytes to peer and wait for an identical echo; retries on loss.
 * Returns 1 when the echo came back intact. */
static int echo_once(int peer, const uint8_t *out, uint32_t len, uint8_t *in, int *bad)
{
    for (int attempt = 0; attempt < 5; attempt++) {
        if (raw_send(peer, out, len) < 0)
            return 0;
        for (;;) {
            int src = -1;
            long r = raw_recv(in, RAW_PAYLOAD_MAX, &src, 500000000);
            if (r == -ETIMEDOUT)
                break;                    /* lost: resend */
            if (r < 0)
                return 0;
            if (src == peer && r == (long)len && memcmp(in, out, len) == 0)
                return 1;
            (*bad)++;                     /* stale or corrupted: keep waiting */
        }
    }
    return 0;
}

void nt_echo_client(int peer)
{
    static uint8_t out[RAW_PAYLOAD_MAX], in[RAW_PAYLOAD_MAX];
    int ok = 0, bad = 0, first_fail = -1;
    uint64_t t0 = nt_now_ns();
    for (uint32_t size = 0; size <= RAW_PAYLOAD_MAX; size++) {
        nt_fill(out, 1, size);
        if (echo_once(peer, out, size, in, &bad))
            ok++;
        else if (first_fail < 0)
            first_fail = (int)size;
    }
    uint64_t ms = (nt_now_ns() - t0) / 1000000;
    nt_check(ok == RAW_PAYLOAD_MAX + 1,
             "echo of every size 0..%d: %d/%d intact, %d unexpected frames, first failure %d (%llu ms)",
             RAW_PAYLOAD_MAX, ok, RAW_PAYLOAD_MAX + 1, bad, first_fail, (unsigned long long)ms);
    nt_check(bad == 0, "no corrupted or unexpected echo");
}

/* Counter deltas the malformed test expects on the receiver (nt_malformed.c). */
#include "nt_malformed.h"

static void check_drops(int peer, const struct net_stats *base, uint64_t forged)
{
    struct net_stats now;
    raw_net_stats(&now);
    uint64_t d[5] = {
        now.drop_ethertype - base->drop_ethertype,
        now.drop_bad_header - base->drop_bad_header,
        now.drop_unknown_src - base->drop_unknown_src,
        now.drop_runt - base->drop_runt,
        forged,
    };
    nt_check(d[0] == NT_BAD_ETHERTYPE, "drop_ethertype +%llu (want %d)", (unsigned long long)d[0], NT_BAD_ETHERTYPE);
    nt_check(d[1] == NT_BAD_HEADER, "drop_bad_header +%llu (want %d)", (unsigned long long)d[1], NT_BAD_HEADER);
    nt_check(d[2] == 0, "drop_unknown_src +%llu (want 0: the sender's kernel stamps its source)",
             (unsigned long long)d[2]);
    nt_check(d[4] == NT_FORGED_SRC, "frames with a forged source came from the peer: %llu (want %d)",
             (unsigned long long)d[4], NT_FORGED_SRC);
    nt_check(d[3] == 0, "drop_runt +%llu (QEMU pads short frames to 60 bytes)", (unsigned long long)d[3]);
    uint8_t reply[4 + sizeof d];
    memcpy(reply, "RSLT", 4);
    memcpy(reply + 4, d, sizeof d);
    raw_send(peer, reply, sizeof reply);
}

void nt_server(int peer)
{
    static uint8_t buf[RAW_PAYLOAD_MAX];
    struct net_stats base;
    raw_net_stats(&base);
    long echoed = 0;
    uint64_t forged = 0;
    for (;;) {
        int src = -1;
        long r = raw_recv(buf, sizeof buf, &src, 60000000000ll);
        if (r < 0) {
            nt_check(0, "server receive (%ld)", r);
            return;
        }
        if (src != peer)
            continue;
        if (nt_is_cmd(buf, r, "CHECK")) {
            check_drops(peer, &base, forged);
            continue;
        }
        if (nt_is_cmd(buf, r, "FORGED")) {   /* nt_malformed.c: not echoed */
            forged++;
            continue;
        }
        raw_send(peer, buf, (size_t)r);
        if (nt_is_cmd(buf, r, "END"))
            break;
        echoed++;
    }
    nt_check(echoed >= RAW_PAYLOAD_MAX + 1, "server echoed %ld frames", echoed);
}
