/* mbcf_kernel_trace.c - latency trace of the MBCF kernel path (see
 * mbcf_kernel_trace.h). A ring of (event, time_ns) records; the summary walks
 * it once per received DATA frame and prints the median delay from that
 * frame's arrival to each later step on this node (apply, wake-up of the
 * task, its next doorbell and transmit), plus the median time from this
 * node's transmit to the next DATA arrival (wire + the peer's work). */
#include "kapi.h"
#include "mbcf_kernel_trace.h"

#define TR_N 16384u

struct tr_rec {
    uint64_t ns;
    uint16_t ev;
    uint32_t arg;
};

int mbcf_tr_on;
static struct tr_rec ring[TR_N];
static uint32_t tr_n;

void mbcf_tr_rec(int ev, uint32_t arg)
{
    if (tr_n >= TR_N)
        return;
    ring[tr_n].ns = time_ns();
    ring[tr_n].ev = (uint16_t)ev;
    ring[tr_n].arg = arg;
    tr_n++;
}

static uint64_t vals[TR_N];

static uint64_t median(uint64_t *v, uint32_t n)
{
    for (uint32_t gap = n / 2; gap; gap /= 2)       /* shell sort, n is small */
        for (uint32_t i = gap; i < n; i++)
            for (uint32_t j = i; j >= gap && v[j - gap] > v[j]; j -= gap) {
                uint64_t t = v[j];
                v[j] = v[j - gap];
                v[j - gap] = t;
            }
    return n ? v[n / 2] : 0;
}

/* Median over all DATA arrivals of (first `ev` after it, before the next DATA) - arrival. */
static void step(const char *name, int ev)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < tr_n; i++) {
        if (ring[i].ev != TR_RX_DATA)
            continue;
        for (uint32_t j = i + 1; j < tr_n && ring[j].ev != TR_RX_DATA && ring[j].ev != TR_CUT; j++)
            if (ring[j].ev == ev) {
                vals[n++] = ring[j].ns - ring[i].ns;
                break;
            }
    }
    uint64_t m = median(vals, n);
    kprintf("mbcf-trace: rx_data -> %-8s median %llu.%01llu us (n=%u)\n", name,
            (unsigned long long)(m / 1000), (unsigned long long)(m % 1000 / 100), n);
}

static void summary(void)
{
    uint32_t cnt[TR_NEV] = { 0 };
    for (uint32_t i = 0; i < tr_n; i++)
        cnt[ring[i].ev]++;
    kprintf("mbcf-trace: %u records: db %u tx %u rx_data %u rx_ack %u tx_ack %u "
            "sleep %u wake %u wait_now %u\n", tr_n, cnt[TR_DB], cnt[TR_TX], cnt[TR_RX_DATA],
            cnt[TR_RX_ACK], cnt[TR_TX_ACK], cnt[TR_SLEEP], cnt[TR_WAKE], cnt[TR_WAIT_NOW]);
    step("applied", TR_APPLIED);
    step("wake", TR_WAKE);
    step("tx_ack", TR_TX_ACK);
    step("doorbell", TR_DB);
    step("pulled", TR_PULLED);
    step("tx", TR_TX);
    /* Our transmit -> next DATA arrival: wire both ways + the peer's turnaround. */
    uint32_t n = 0, in_wait = 0;
    uint64_t last_tx = 0;
    for (uint32_t i = 0; i < tr_n; i++) {
        if (ring[i].ev == TR_TX)
            last_tx = ring[i].ns;
        else if (ring[i].ev == TR_CUT)
            last_tx = 0;
        else if (ring[i].ev == TR_RX_DATA) {
            in_wait += ring[i].arg;
            if (last_tx)
                vals[n++] = ring[i].ns - last_tx;
            last_tx = 0;
        }
    }
    uint64_t m = median(vals, n);
    kprintf("mbcf-trace: tx -> next rx_data median %llu.%01llu us (n=%u); rx_data taken "
            "while sleeping in SYS_mbcf_wait: %u\n", (unsigned long long)(m / 1000),
            (unsigned long long)(m % 1000 / 100), n, in_wait);
}

/* on: 1 start (empty ring), 0 stop and print, 2 pause, 3 resume. The raw
 * frames of mbcfbench's paired blocks run while paused; a marker keeps the
 * walk from pairing events across the pause. */
long mbcf_k_sys_trace(long on)
{
    if (on == 2 || on == 3) {
        if (on == 2)
            mbcf_tr(TR_CUT, 0);
        mbcf_tr_on = on == 3 && tr_n;
        return 0;
    }
    if (on) {
        tr_n = 0;
        mbcf_tr_on = 1;
        return 0;
    }
    if (mbcf_tr_on) {
        mbcf_tr_on = 0;
        summary();
    }
    return 0;
}
