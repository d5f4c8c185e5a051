/* nettest.c - raw-frame test program run inside the cluster by
 * tests/cluster/net_*.sh. Usage: nettest basic | allpairs | loss
 *   basic     (2 nodes) rank 0: bad syscall input, echo of every size
 *             0..RAW_PAYLOAD_MAX with content checks, malformed frames;
 *             rank 1: echo server that checks its drop counters.
 *   allpairs  (N nodes) every node sends to every other node, checks content.
 *   loss      (2 nodes, launcher --loss) losses are reported, nothing hangs.
 * Prints TAP lines "ok - ..." / "not ok - ..."; exit status = failures. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include "nettest.h"

struct node_info nt_node;
int nt_failures;

int nt_check(int cond, const char *fmt, ...)
{
    va_list ap;
    printf("%sok - rank %d: ", cond ? "" : "not ", nt_node.rank);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    if (!cond)
        nt_failures++;
    return cond;
}

uint64_t nt_now_ns(void)
{
    uint64_t t = cluster_rdtsc();
    uint64_t hz = nt_node.tsc_hz ? nt_node.tsc_hz : 1000000000ull;
    return (uint64_t)((unsigned __int128)t * 1000000000u / hz);
}

void nt_fill(uint8_t *p, uint32_t tag, uint32_t size)
{
    for (uint32_t i = 0; i < size; i++)
        p[i] = nt_pattern(tag, size, i);
}

int nt_verify(const uint8_t *p, uint32_t tag, uint32_t size)
{
    for (uint32_t i = 0; i < size; i++)
        if (p[i] != nt_pattern(tag, size, i))
            return 0;
    return 1;
}

int nt_is_cmd(const void *buf, long len, const char *cmd)
{
    size_t n = strlen(cmd);
    return len == (long)n && memcmp(buf, cmd, n) == 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, 0, _IOLBF, 0);
    if (raw_node_info(&nt_node) < 0) {
        printf("not ok - nettest: SYS_node_info failed\n");
        return 1;
    }
    const char *what = argc > 1 ? argv[1] : "basic";
    if (!strcmp(what, "basic")) {
        if (!nt_check(nt_node.nodes >= 2, "basic needs 2 nodes (have %d)", nt_node.nodes))
            return 1;
        if (nt_node.rank == 0) {
            nt_badinput();
            nt_echo_client(1);
            nt_malformed_client(1);
        } else if (nt_node.rank == 1) {
            nt_server(0);
        }
    } else if (!strcmp(what, "allpairs")) {
        nt_allpairs();
    } else if (!strcmp(what, "loss")) {
        nt_loss();
    } else {
        printf("not ok - nettest: unknown test '%s'\n", what);
        return 1;
    }
    struct net_stats s;
    if (raw_net_stats(&s) == 0)
        printf("# rank %d stats: rx %llu tx %llu irqs %llu queue_full %llu missed %llu\n",
               nt_node.rank, (unsigned long long)s.rx_frames, (unsigned long long)s.tx_frames,
               (unsigned long long)s.irqs, (unsigned long long)s.drop_queue_full,
               (unsigned long long)s.rx_missed);
    return nt_failures;
}
