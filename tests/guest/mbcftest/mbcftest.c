/* mbcftest.c - MBCF tests run on every node of a QEMU cluster (tests/cluster/mbcf_*.sh).
 *   mbcftest pattern [rounds]  every node writes PRNG patterns of many sizes into
 *                              every node (itself included), several rounds over
 *                              the same memory; each node checks what it got
 *   mbcftest flood [msgs]      nodes 1..n-1 flood node 0's small FIFO; node 0
 *                              starts late (the FIFO fills) and checks that
 *                              nothing is lost, duplicated or reordered
 *   mbcftest refuse            node 0 tries every refused case on node 1;
 *                              node 1 checks its memory is unchanged
 *   mbcftest remap             node 1 grows an exported page in place and
 *                              moves another with mremap; node 0 writes into
 *                              the old and the new pages: only the exported
 *                              ones accept (new pages start unexported)
 * Prints TAP-style "ok - ..." / "not ok - ..." lines prefixed by the rank;
 * exits 0 only when all its checks passed. */
#define _GNU_SOURCE   /* mremap */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "mbcf.h"
#include "mbcf_guest.h"
#include "mbcf_check.h"

#define MAXN 4

/* ---- patterns ---- */
static uint64_t rng_state;
static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}
static void fill(uint8_t *p, size_t n, uint64_t seed)
{
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng() >> 56);
}
static uint32_t checksum(const uint8_t *p, size_t n)
{
    uint32_t a = 1, b = 0;   /* Adler-32 */
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

#define AREA (160 * 1024)
static uint8_t area[MAXN][AREA] __attribute__((aligned(4096)));
static uint8_t sendbuf[MAXN][AREA] __attribute__((aligned(4096)));
static uint8_t expect[AREA];

static int test_pattern(int rounds)
{
    static const uint32_t sizes[] = { 4, 100, 1407, 1408, 1409, 5000, 65536, 1, 8 };
    int r = mbcf_export(area, sizeof area, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    check(r == 0, "export the write area", r, 0);
    barrier_at(1);
    uint64_t t0 = mbcf_now_ns();
    int bad = 0, ops = 0;
    for (int round = 0; round < rounds; round++) {
        done_count = 0;
        int posted = 0;
        for (int dst = 0; dst < size; dst++) {
            fill(sendbuf[dst], AREA, (uint64_t)(rank * 1000 + dst * 10 + round));
            uint32_t off = 0;
            for (int k = round; off < AREA; k++) {
                uint32_t len = sizes[k % (sizeof sizes / sizeof sizes[0])];
                if (len > AREA - off)
                    len = AREA - off;
                for (;;) {
                    int e = mbcf_put(dst, (uint64_t)&area[rank][off], &sendbuf[dst][off], len,
                                     (uint64_t)posted);
                    if (e == 0)
                        break;
                    if (e != -MBCF_E_AGAIN) {
                        check_fmt(0, "%s %ld %ld", "mbcf_put failed", e, len);
                        return 1;
                    }
                    mbcf_flush();
                    drain_cq();
                    mbcf_wait(1000000);
                }
                posted++;
                off += len;
            }
        }
        wait_done(posted);
        for (int i = 0; i < posted && i < MAXOPS; i++)
            bad += op_status[i] != MBCF_OK;
        ops += posted;
    }
    uint64_t dt = mbcf_now_ns() - t0;
    check_fmt(bad == 0, "%s: %ld refused of %ld", "all remote writes applied", bad, ops);
    barrier_at(2);
    for (int src = 0; src < size; src++) {
        fill(expect, AREA, (uint64_t)(src * 1000 + rank * 10 + rounds - 1));
        uint32_t want = checksum(expect, AREA), got = checksum(area[src], AREA);
        check_fmt(want == got && memcmp(expect, area[src], AREA) == 0,
                  "%s: checksum %08lx want %08lx", "pattern from each node", (long)got, (long)want);
    }
    printf("rank %d: %d writes, %d rounds, %d KiB to each of %d nodes in %llu us\n", rank, ops,
           rounds, AREA / 1024 * rounds, size, (unsigned long long)(dt / 1000));
    return 0;
}

/* ---- FIFO flood ---- */
static uint8_t ring[16384] __attribute__((aligned(4096)));
struct msg { uint32_t src, seq, len, sum; uint8_t data[MBCF_FIFO_ENTRY_MAX - 16]; };
#define SLOTS 128
static struct msg slots[SLOTS];

static int test_flood(int count)
{
    mbcf_fifo_t f;
    if (rank == 0) {
        int r = mbcf_fifo_create(&f, ring, sizeof ring);
        check(r == 0, "FIFO created", r, 0);
    }
    barrier_at(1);
    if (rank != 0) {
        int free_slot[SLOTS], nfree = SLOTS, completed = 0, bad = 0;
        for (int i = 0; i < SLOTS; i++)
            free_slot[i] = i;
        rng_state = 77 + rank;
        for (int seq = 0; seq < count || completed < count;) {
            mbcf_cqe_t c[32];
            int n = mbcf_poll_cq(c, 32);
            for (int i = 0; i < n; i++) {
                bad += c[i].status != MBCF_OK;
                free_slot[nfree++] = (int)c[i].cookie;
                completed++;
            }
            if (seq < count && nfree) {
                int s = free_slot[--nfree];
                struct msg *m = &slots[s];
                m->src = (uint32_t)rank;
                m->seq = (uint32_t)seq;
                m->len = (uint32_t)(rng() % sizeof m->data);
                fill(m->data, m->len, (uint64_t)rank << 32 | (uint64_t)seq);
                m->sum = checksum(m->data, m->len);
                int e = mbcf_fifo_send(0, (uint64_t)ring, m, 16 + m->len, (uint64_t)s);
                if (e) {
                    free_slot[nfree++] = s;
                    mbcf_flush();
                    mbcf_wait(1000000);
                    continue;
                }
                seq++;
                if (seq % 16 == 0)
                    mbcf_flush();
                continue;
            }
            mbcf_flush();
            if (!n)
                mbcf_wait(10000000);
        }
        check_fmt(bad == 0, "%s: %ld of %ld refused", "all FIFO entries accepted", bad, count);
    } else {
        /* start late so the FIFO fills up and the senders are held back */
        uint64_t t = mbcf_now_ns();
        while (mbcf_now_ns() - t < 300000000ull)
            mbcf_wait(10000000);
        uint32_t next[MAXN] = { 0 };
        int got = 0, bad = 0, total = count * (size - 1);
        /* mbcf_events() contract (mbcf.h): an entry found after an empty
         * look must come with a changed counter (libmpi_mbcf skips its scans
         * on an unchanged one) */
        uint32_t ev_at_empty = 0;
        int was_empty = 0, silent = 0, empties = 0;
        while (got < total) {
            const void *p;
            size_t len;
            int src;
            uint32_t ev = mbcf_events();
            int r = mbcf_fifo_peek(&f, &p, &len, &src);
            if (r != 1) {
                if (r < 0) {
                    check_fmt(0, "%s %ld %ld", "FIFO corrupt", r, got);
                    return 1;
                }
                ev_at_empty = ev;
                was_empty = 1;
                empties++;
                if (mbcf_dead_peers(NULL)) {
                    check_fmt(0, "%s: %ld of %ld entries", "FIFO flood: a sender died", got, total);
                    return 1;
                }
                mbcf_wait(10000000);
                continue;
            }
            /* read after the entry was seen: an arrival between the read
             * above and the peek moved the counter after that read */
            if (was_empty && mbcf_events() == ev_at_empty)
                silent++;
            was_empty = 0;
            struct msg m;
            memcpy(&m, p, len < sizeof m ? len : sizeof m);
            if (src < 1 || src >= size || m.src != (uint32_t)src || m.seq != next[src] ||
                len != 16 + m.len || checksum(m.data, m.len) != m.sum) {
                if (bad++ < 5)
                    printf("rank 0: bad entry from %d: src %u seq %u (want %u) len %zu\n", src,
                           m.src, m.seq, src >= 0 && src < MAXN ? next[src] : 0, len);
            } else {
                next[src]++;
            }
            mbcf_fifo_pop(&f);
            got++;
        }
        check_fmt(bad == 0, "%s: %ld bad of %ld", "FIFO entries in order, intact, no duplicates", bad, total);
        check_fmt(silent == 0 && empties > 0, "%s: %ld silent of %ld empty looks",
                  "every entry after an empty look moved mbcf_events()", silent, empties);
        struct mbcf_stats st;
        mbcf_guest_stats(&st);
        printf("rank 0: fifo held back (full) %llu times\n", (unsigned long long)st.fifo_busy);
        check(st.fifo_busy > 0, "the FIFO was full at times (backpressure seen)",
              (long)st.fifo_busy, 0);
    }
    barrier_at(2);
    if (rank == 0) {   /* nothing extra arrived after the count */
        const void *p;
        size_t len;
        int src;
        check(mbcf_fifo_peek(&f, &p, &len, &src) == 0, "no extra FIFO entries", 0, 0);
    }
    return 0;
}

/* ---- refusals (the cases: mbcf_check.c) ---- */
static uint8_t srcbytes[16384] __attribute__((aligned(4096)));

static int test_refuse(void)
{
    if (size < 2) {
        check(0, "needs 2 nodes", size, 0);
        return 1;
    }
    refuse_prepare(rank == 1);
    if (rank == 1) {
        check(mbcf_export(srcbytes, 4096, 7) == -MBCF_E_INVAL, "bad export flags refused", 0, 0);
        check(mbcf_export((void *)0x0000600000000000ull, 4096, MBCF_EXPORT_READ) < 0,
              "export of unmapped memory refused", 0, 0);
    }
    barrier_at(1);
    if (rank == 0) {
        refuse_send(1, 0, 3);
        check(mbcf_put(1, 0x10000, srcbytes, MBCF_PUT_MAX + 1, 99) == -MBCF_E_TOOLONG,
              "too long remote write refused locally", 0, 0);
        check(mbcf_fifo_send(1, 0x10000, srcbytes, MBCF_FIFO_ENTRY_MAX + 1, 99) == -MBCF_E_TOOLONG,
              "too long FIFO entry refused locally", 0, 0);
        check(mbcf_put(7, 0x10000, srcbytes, 8, 99) == -MBCF_E_NODE, "unknown node refused locally", 0, 0);
    }
    barrier_at(2);
    if (rank == 1) {
        refuse_check_target();
        struct mbcf_stats st;
        mbcf_guest_stats(&st);
        check_fmt(st.refused >= 8, "%s: %ld refused frames counted (%ld)", "target counted refusals",
                  (long)st.refused, 0);
    }
    return 0;
}

/* ---- exported mappings grown or moved by mremap ---- */
#define REMAP_A 0x500000000000ull            /* grown in place: 1 -> 3 pages */
#define REMAP_B 0x500000100000ull            /* moved: 1 -> 2 pages, blocked above */
static struct { volatile uint64_t moved_to; } remap_box __attribute__((aligned(4096)));  /* on node 0 */
static uint64_t remap_moved;                                                           /* on node 1 */

static int test_remap(void)
{
    if (size < 2) {
        check(0, "needs 2 nodes", size, 0);
        return 1;
    }
    check(mbcf_export(&remap_box, sizeof remap_box, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) == 0,
          "export the mailbox", 0, 0);
    if (rank == 1) {
        const int rw = PROT_READ | PROT_WRITE, fl = MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED;
        int ok = mmap((void *)REMAP_A, 4096, rw, fl, -1, 0) == (void *)REMAP_A &&
                 mmap((void *)REMAP_B, 4096, rw, fl, -1, 0) == (void *)REMAP_B &&
                 mmap((void *)(REMAP_B + 4096), 4096, rw, fl, -1, 0) == (void *)(REMAP_B + 4096);
        ok = ok && mbcf_export((void *)REMAP_A, 4096, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) == 0 &&
             mbcf_export((void *)REMAP_B, 4096, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) == 0;
        check(ok, "map and export one page at A and one at B", 0, 0);
        void *a = mremap((void *)REMAP_A, 4096, 3 * 4096, 0);
        check_fmt(a == (void *)REMAP_A, "%s (%lx %ld)", "mremap grows A in place to 3 pages", (long)a, 0);
        void *d = mremap((void *)REMAP_B, 4096, 2 * 4096, MREMAP_MAYMOVE);
        check_fmt(d != MAP_FAILED && d != (void *)REMAP_B, "%s (%lx %ld)",
                  "mremap moves B (blocked above) to 2 pages", (long)d, 0);
        remap_moved = (uint64_t)d;
        put_sync(0, (uint64_t)&remap_box.moved_to, &remap_moved, 8);
    }
    barrier_at(1);
    if (rank == 0) {
        uint64_t d = remap_box.moved_to;
        memset(srcbytes, 0x5A, 64);
        struct { const char *what; uint64_t va; int want; } c[] = {
            { "exported page A (allowed)", REMAP_A + 8, MBCF_OK },
            { "page added to A by growing in place", REMAP_A + 4096 + 8, MBCF_E_UNEXPORTED },
            { "third page of A", REMAP_A + 2 * 4096, MBCF_E_UNEXPORTED },
            { "moved exported page B (allowed, keeps its export)", d + 8, MBCF_OK },
            { "page added to B by the move", d + 4096 + 8, MBCF_E_UNEXPORTED },
            { "old place of B (unmapped by the move)", REMAP_B + 8, MBCF_E_UNMAPPED },
        };
        int n = (int)(sizeof c / sizeof c[0]);
        done_count = 0;
        for (int i = 0; i < n; i++)
            mbcf_guest_post(MBCF_SQE_PUT, 1, 0, c[i].va, srcbytes, 8, (uint64_t)i);
        wait_done(n);
        for (int i = 0; i < n; i++) {
            printf("rank 0: %s -> %s\n", c[i].what, mbcf_strerror(op_status[i]));
            check_fmt(op_status[i] == c[i].want, "%s: status %ld want %ld", c[i].what, op_status[i], c[i].want);
        }
    }
    barrier_at(2);
    if (rank == 1) {
        const uint8_t *a = (const uint8_t *)REMAP_A, *d = (const uint8_t *)remap_moved;
        int landed = a[8] == 0x5A && d[8] == 0x5A, clean = 1;
        for (int i = 4096; i < 3 * 4096; i++)
            clean &= a[i] == 0;
        for (int i = 4096; i < 2 * 4096; i++)
            clean &= d[i] == 0;
        check(landed, "the allowed writes landed in A and the moved B", 0, 0);
        check(clean, "the pages added by mremap are untouched", 0, 0);
    }
    return 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (check_init())
        return 1;
    if (size > MAXN) {
        printf("not ok - rank %d: at most %d nodes\n", rank, MAXN);
        return 1;
    }
    const char *mode = argc > 1 ? argv[1] : "pattern";
    if (!strcmp(mode, "pattern"))
        test_pattern(argc > 2 ? atoi(argv[2]) : 3);
    else if (!strcmp(mode, "flood"))
        test_flood(argc > 2 ? atoi(argv[2]) : 2000);
    else if (!strcmp(mode, "refuse"))
        test_refuse();
    else if (!strcmp(mode, "remap"))
        test_remap();
    else {
        printf("usage: mbcftest pattern [rounds] | flood [msgs] | refuse | remap\n");
        return 2;
    }
    barrier_at(99);
    if (rank != 0) {   /* stay a moment to answer retransmissions of the last write */
        uint64_t t = mbcf_now_ns();
        while (mbcf_now_ns() - t < 300000000ull)
            mbcf_wait(50000000);
    }
    struct mbcf_stats st;
    mbcf_guest_stats(&st);
    printf("rank %d: mbcf stats: tx_data %llu retrans %llu timeouts %llu fast %llu rx_dup %llu "
           "rx_ooo %llu malformed %llu applied %llu refused %llu fifo_busy %llu doorbells %llu "
           "waits %llu sleeps %llu\n", rank,
           (unsigned long long)st.tx_data, (unsigned long long)st.tx_retrans,
           (unsigned long long)st.timeouts, (unsigned long long)st.fast_retrans,
           (unsigned long long)st.rx_dup, (unsigned long long)st.rx_ooo,
           (unsigned long long)st.rx_malformed, (unsigned long long)st.applied,
           (unsigned long long)st.refused, (unsigned long long)st.fifo_busy,
           (unsigned long long)st.doorbells, (unsigned long long)st.waits,
           (unsigned long long)st.wait_sleeps);
    mbcf_finalize();
    printf("rank %d: %s\n", rank, failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
