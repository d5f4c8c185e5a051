/* spooftest.c - a program tries to speak for another node: on 3
 * nodes, rank 2 builds MBCF DATA frames that claim to come from rank 1 (its
 * MAC, its next sequence numbers 0..7) and remote-write FORGED values into rank
 * 0's exported memory, sends them with the raw test hook SYS_raw_send_frame,
 * and sends one RAW frame with rank 1's source MAC. Then rank 1 makes the real
 * remote writes to the same words.
 * Expected: the hook refuses every MBCF frame (-EPERM), the RAW frame arrives
 * at rank 0 stamped with rank 2's true source, and rank 0 holds rank 1's
 * values. Before the fix the forged writes landed and rank 1's real ones were
 * dropped as duplicates while rank 1 was told they succeeded.
 * Coordination: raw frames (READY, GO, PUTDONE). TAP lines, "PASSED" at the end. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "mbcf.h"
#include "raw.h"
#include "mbcf_wire.h"

#define NWORDS 8
#define GOOD(i) (0x600D000000000000ull + (uint64_t)(i))
#define BAD(i)  (0xBAD0000000000000ull + (uint64_t)(i))

static volatile uint64_t target[512] __attribute__((aligned(4096)));
static uint64_t good[NWORDS];
static int rank, failures;

static void check(int cond, const char *what, long a)
{
    printf("%s - rank %d: %s (%ld)\n", cond ? "ok" : "not ok", rank, what, a);
    if (!cond)
        failures++;
}

static void put_mac(uint8_t *m, int r)
{
    m[0] = CLUSTER_MAC0; m[1] = CLUSTER_MAC1; m[2] = CLUSTER_MAC2; m[3] = CLUSTER_MAC3;
    m[4] = (uint8_t)(r >> 8); m[5] = (uint8_t)r;
}

/* Ethernet + cluster header from `claimed` to `dst`; returns the header length. */
static uint32_t eth(uint8_t *f, int dst, int claimed, uint8_t kind, uint16_t payload)
{
    put_mac(f, dst);
    put_mac(f + 6, claimed);
    f[12] = CLUSTER_ETHERTYPE >> 8;
    f[13] = CLUSTER_ETHERTYPE & 0xff;
    struct cluster_hdr h = { kind, CLUSTER_WIRE_VERSION, payload };
    memcpy(f + CLUSTER_ETH_HDR, &h, sizeof h);
    return CLUSTER_ETH_HDR + sizeof h;
}

/* Wait for the raw command `cmd` from `from` (others are reported, not lost). */
static int wait_cmd(const char *cmd, int from)
{
    static uint8_t buf[RAW_PAYLOAD_MAX];
    for (int k = 0; k < 16; k++) {
        int src = -1;
        long r = raw_recv(buf, sizeof buf, &src, 30000000000ll);
        if (r < 0)
            return 0;
        if (src == from && r == (long)strlen(cmd) && memcmp(buf, cmd, (size_t)r) == 0)
            return 1;
        printf("# rank %d: unexpected %ld-byte frame from %d while waiting for %s\n", rank, r, src, cmd);
    }
    return 0;
}

static void attacker(void)
{
    check(wait_cmd("READY", 0), "target ready", 0);
    uint8_t f[128];
    int refused = 0;
    for (int i = 0; i < NWORDS; i++) {
        memset(f, 0, sizeof f);
        uint32_t off = eth(f, 0, 1, CLUSTER_KIND_MBCF, MBCF_WIRE_HDR + 8);
        struct mbcf_wire_hdr w = {
            .type = MBCF_T_DATA, .flags = MBCF_F_FIRST | MBCF_F_LAST, .op = MBCF_OP_PUT,
            .seq = (uint32_t)i, .task = 0, .len = 8, .addr = (uint64_t)(uintptr_t)&target[i],
            .total = 8, .offset = 0,
        };
        memcpy(f + off, &w, sizeof w);
        uint64_t v = BAD(i);
        memcpy(f + off + MBCF_WIRE_HDR, &v, 8);
        int r = raw_send_frame(f, off + MBCF_WIRE_HDR + 8);
        refused += r == -EPERM;
    }
    check(refused == NWORDS, "forged MBCF frames claiming rank 1 refused by the raw hook (-EPERM)",
          refused);
    memset(f, 0, sizeof f);
    uint32_t off = eth(f, 0, 1, CLUSTER_KIND_RAW, 10);
    memcpy(f + off, "FORGED-RAW", 10);
    check(raw_send_frame(f, 60) == 0, "raw frame with rank 1's source MAC sent", 0);
    check(raw_send(1, "GO", 2) == 0, "GO to rank 1", 0);
}

static void real_node(void)
{
    check(wait_cmd("GO", 2), "GO from the attacker", 0);
    for (int i = 0; i < NWORDS; i++) {
        good[i] = GOOD(i);
        int r;
        while ((r = mbcf_put(0, (uint64_t)(uintptr_t)&target[i], &good[i], 8, (uint64_t)i)) ==
               -MBCF_E_AGAIN)
            mbcf_flush();
        check(r == 0, "remote write posted", i);
    }
    mbcf_flush();
    int done = 0, ok = 0;
    while (done < NWORDS) {
        mbcf_cqe_t c[NWORDS];
        int n = mbcf_poll_cq(c, NWORDS);
        for (int k = 0; k < n; k++)
            ok += c[k].status == MBCF_OK;
        done += n;
        if (!n && mbcf_wait(10000000000ll) < 0)
            break;
    }
    check(done == NWORDS && ok == NWORDS, "real remote writes completed OK", ok);
    check(raw_send(0, "PUTDONE", 7) == 0, "PUTDONE to rank 0", 0);
}

static void target_node(void)
{
    check(mbcf_export((void *)target, sizeof target, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) == 0,
          "target words exported", 0);
    check(raw_send(2, "READY", 5) == 0, "READY to the attacker", 0);
    static uint8_t buf[RAW_PAYLOAD_MAX];
    int forged_src = -2, putdone = 0;
    for (int k = 0; k < 8 && (!putdone || forged_src == -2); k++) {
        int src = -1;
        long r = raw_recv(buf, sizeof buf, &src, 30000000000ll);
        if (r < 0)
            break;
        if (r == 10 && memcmp(buf, "FORGED-RAW", 10) == 0)
            forged_src = src;
        else if (r == 7 && memcmp(buf, "PUTDONE", 7) == 0 && src == 1)
            putdone = 1;
    }
    check(forged_src == 2, "raw frame with a forged source arrived from its true sender, rank",
          forged_src);
    check(putdone, "PUTDONE from rank 1", 0);
    int good_n = 0, bad_n = 0;
    for (int i = 0; i < NWORDS; i++) {
        good_n += target[i] == GOOD(i);
        bad_n += target[i] == BAD(i);
    }
    check(bad_n == 0, "no forged write landed", bad_n);
    check(good_n == NWORDS, "every real write of rank 1 landed", good_n);
}

int main(void)
{
    int r = mbcf_init();
    rank = mbcf_rank();
    if (r || mbcf_size() != 3) {
        printf("not ok - spooftest needs 3 nodes and MBCF (init %d, size %d)\n", r, mbcf_size());
        return 1;
    }
    if (rank == 0)
        target_node();
    else if (rank == 1)
        real_node();
    else
        attacker();
    mbcf_finalize();
    if (failures == 0)
        printf("rank %d: PASSED\n", rank);
    return failures != 0;
}
