/* nt_malformed.c - inject malformed frames with SYS_raw_send_frame and have the
 * receiver (nt_server) check that each was counted in the right drop counter
 * and none reached its raw queue. Runts and oversize frames cannot cross QEMU
 * + vde (QEMU pads to 60 bytes, vde drops > 1514), the host unit tests cover them. */
#include <errno.h>
#include <string.h>
#include "nettest.h"
#include "nt_malformed.h"

static uint8_t frame[CLUSTER_FRAME_MAX];

static void set_mac(uint8_t *m, int rank)
{
    m[0] = CLUSTER_MAC0; m[1] = CLUSTER_MAC1; m[2] = CLUSTER_MAC2; m[3] = CLUSTER_MAC3;
    m[4] = (uint8_t)(rank >> 8); m[5] = (uint8_t)rank;
}

/* A valid RAW frame from us to dst with `len` payload bytes; returns its length. */
static int good_frame(int dst, uint32_t len)
{
    set_mac(frame, dst);
    set_mac(frame + 6, nt_node.rank);
    frame[12] = CLUSTER_ETHERTYPE >> 8;
    frame[13] = CLUSTER_ETHERTYPE & 0xFF;
    struct cluster_hdr h = { CLUSTER_KIND_RAW, CLUSTER_WIRE_VERSION, (uint16_t)len };
    memcpy(frame + 14, &h, sizeof h);
    nt_fill(frame + 18, 3, len);
    int n = 18 + (int)len;
    return n < 60 ? 60 : n;
}

static void set_len_field(uint16_t v) { memcpy(frame + 16, &v, 2); }

/* A valid RAW frame whose payload is the command "FORGED" (source set after). */
static int forged_frame(int dst)
{
    int n = good_frame(dst, 6);
    memcpy(frame + 18, "FORGED", 6);
    return n;
}

static int inject(int n)
{
    return raw_send_frame(frame, (size_t)n) == 0;
}

void nt_malformed_client(int peer)
{
    int sent = 0, n;
    static const uint16_t types[NT_BAD_ETHERTYPE] = { 0x0800, 0x0806, 0xB588, 0xFFFF };
    for (int i = 0; i < NT_BAD_ETHERTYPE; i++) {
        n = good_frame(peer, 100);
        frame[12] = (uint8_t)(types[i] >> 8);
        frame[13] = (uint8_t)types[i];
        sent += inject(n);
    }
    /* Bad header: length beyond the frame, trailing garbage, kind, version. */
    n = good_frame(peer, 100); set_len_field(101);    sent += inject(n);
    n = good_frame(peer, 100); set_len_field(0xFFFF); sent += inject(n);
    n = good_frame(peer, 100); set_len_field(99);     sent += inject(n);
    n = good_frame(peer, 300); set_len_field(0);      sent += inject(n);
    n = good_frame(peer, 10);  frame[14] = 0;         sent += inject(n);
    n = good_frame(peer, 10);  frame[14] = 9;         sent += inject(n);
    n = good_frame(peer, 10);  frame[15] = 0;         sent += inject(n);
    n = good_frame(peer, 10);  frame[15] = 2;         sent += inject(n);
    /* Forged sources: the kernel stamps ours, they arrive as "FORGED" from us. */
    n = forged_frame(peer); frame[6] = 0x02;                   sent += inject(n);
    n = forged_frame(peer); frame[9] = 0xC2;                   sent += inject(n);
    n = forged_frame(peer); set_mac(frame + 6, nt_node.nodes); sent += inject(n);
    n = forged_frame(peer); set_mac(frame + 6, peer);          sent += inject(n);
    int total = NT_BAD_ETHERTYPE + NT_BAD_HEADER + NT_FORGED_SRC;
    nt_check(sent == total, "injected %d/%d malformed frames", sent, total);
    /* A valid hand-made frame still arrives: the server echoes it. */
    n = good_frame(peer, 33);
    nt_check(inject(n), "hand-built valid frame sent");

    /* Order is kept between two nodes: CHECK arrives after all of them. */
    static uint8_t buf[RAW_PAYLOAD_MAX];
    int got_echo = 0, got_result = 0;
    uint64_t d[5] = { 0 };
    raw_send(peer, "CHECK", 5);
    for (int k = 0; k < 4 && !got_result; k++) {
        int src;
        long r = raw_recv(buf, sizeof buf, &src, 2000000000);
        if (r == 33 && nt_verify(buf, 3, 33))
            got_echo = 1;
        else if (r == 4 + (long)sizeof d && memcmp(buf, "RSLT", 4) == 0) {
            memcpy(d, buf + 4, sizeof d);
            got_result = 1;
        }
    }
    nt_check(got_echo, "hand-built valid frame echoed intact");
    nt_check(got_result && d[0] == NT_BAD_ETHERTYPE && d[1] == NT_BAD_HEADER && d[2] == 0,
             "receiver counted ethertype %llu, bad header %llu, unknown source %llu (want 0)",
             (unsigned long long)d[0], (unsigned long long)d[1], (unsigned long long)d[2]);
    nt_check(got_result && d[4] == NT_FORGED_SRC,
             "frames with a forged source arrived stamped with ours: %llu of %d",
             (unsigned long long)d[4], NT_FORGED_SRC);
    raw_send(peer, "END", 3);
    long r = raw_recv(buf, sizeof buf, 0, 2000000000);
    nt_check(nt_is_cmd(buf, r, "END"), "server acknowledged END");
}
