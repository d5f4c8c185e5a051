/* ppntest.c - MBCF between processes of one node (--ppn, docs/ppn.md), run by
 * tests/cluster/ppn_mbcf.sh. Every check prints a TAP line "ok - rank R: ..."
 * and the program exits 0 only when all passed.
 *   ppntest refuse   rank 0 tries every refused case on rank T (rank 1 when
 *                    there are 2 ranks or more, else itself: one process per
 *                    node writing to itself goes the intra-node path too); T
 *                    checks its memory is unchanged; when T is on rank 0's
 *                    node, no frame left the node (tx_data unchanged) and the
 *                    kernel counted local_applied / local_refused
 *   ppntest fifo     each rank appends to its own small FIFO until it is full:
 *                    the full append is held back, then refused with
 *                    MBCF_E_FIFO_FULL after ~2 s, and a write posted behind it
 *                    completes after it (same ordering as across the wire);
 *                    entries carry the sender's rank
 *   ppntest pairs    every rank writes a 20000-byte pattern into every rank
 *                    (itself included), then sends each a FIFO message; each
 *                    rank waits for all messages (ordering: the writes landed
 *                    before) and checks every pattern and sender rank
 *   ppntest shm      node-local shared memory (ppn_shm.c); the last mode
 * Several modes may follow one another in one boot (ppntest refuse fifo). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mbcf.h"
#include "mbcf_guest.h"
#include "mbcf_check.h"
#include "ppn_shm.h"

#define MAXR 64   /* ranks at most (mbcf_check.c's barrier) */
static int ppn;

/* ---- refusals (the cases: mbcf_check.c) ---- */
static int test_refuse(void)
{
    int t = size > 1 ? 1 : 0;
    int same_node = t / ppn == rank / ppn;
    refuse_prepare(rank == t);
    barrier();
    if (rank == 0) {
        struct mbcf_stats s0, s1;
        mbcf_guest_stats(&s0);
        int n = refuse_send(t / ppn, t % ppn, 63);
        mbcf_guest_stats(&s1);
        if (same_node) {
            check(s1.tx_data == s0.tx_data, "intra-node: no data frame left the node",
                  (long)(s1.tx_data - s0.tx_data), 0);
            check(s1.local_refused - s0.local_refused == (uint64_t)n,
                  "intra-node: local_refused counts the refusals", (long)(s1.local_refused - s0.local_refused), n);
            check(s1.local_applied - s0.local_applied == 1, "intra-node: local_applied counts the write",
                  (long)(s1.local_applied - s0.local_applied), 1);
        }
    }
    barrier();
    if (rank == t)
        refuse_check_target();
    barrier();
    return 0;
}

/* ---- own FIFO full: held, then refused; ordering behind it ---- */
static uint8_t ring[4096] __attribute__((aligned(4096)));
static uint8_t box[4096] __attribute__((aligned(4096)));

static int test_fifo(void)
{
    mbcf_fifo_t f;
    check(mbcf_fifo_create(&f, ring, sizeof ring) == 0, "FIFO created", 0, 0);
    check(mbcf_export(box, sizeof box, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) == 0, "box exported", 0, 0);
    static uint8_t msg[900];
    memset(msg, rank + 1, sizeof msg);
    /* (4096 - 64) bytes of data area: 4 entries of 8 + 900 (-> 912) bytes fit, the 5th does not */
    int n = 5;
    done_count = 0;
    for (int i = 0; i < n; i++)
        check(mbcf_fifo_send(rank, (uint64_t)ring, msg, sizeof msg, (uint64_t)i) == 0, "append posted", i, 0);
    static uint64_t word = 0x1234567890abcdefull;
    check(mbcf_put(rank, (uint64_t)box, &word, 8, (uint64_t)n) == 0, "write behind it posted", 0, 0);
    uint64_t t0 = mbcf_now_ns();
    wait_done(n + 1);
    uint64_t ms = (mbcf_now_ns() - t0) / 1000000;
    for (int i = 0; i < n - 1; i++)
        check(op_status[i] == MBCF_OK, "append fits", i, op_status[i]);
    check(op_status[n - 1] == MBCF_E_FIFO_FULL, "append to the full FIFO refused: FIFO full", n - 1,
          op_status[n - 1]);
    check(ms >= 1500, "... after being held back about 2 s (ms)", (long)ms, 2000);
    check(op_status[n] == MBCF_OK && op_order[n] > op_order[n - 1],
          "write posted behind it completes after it", op_order[n], op_order[n - 1]);
    check(memcmp(box, &word, 8) == 0, "the write landed", 0, 0);
    int got = 0, src_ok = 1;
    const void *m;
    size_t len;
    int src;
    while (mbcf_fifo_peek(&f, &m, &len, &src) == 1) {
        src_ok &= src == rank && len == sizeof msg && !memcmp(m, msg, len);
        mbcf_fifo_pop(&f);
        got++;
    }
    check(got == n - 1 && src_ok, "entries intact, stamped with my rank", got, n - 1);
    struct mbcf_stats s;
    mbcf_guest_stats(&s);
    check(s.local_fifo_full_refused >= 1 && s.local_fifo_busy >= 1, "local FIFO-full counters",
          (long)s.local_fifo_full_refused, (long)s.local_fifo_busy);
    return 0;
}

/* ---- all pairs ---- */
#define PAIR_BYTES 20000
static uint8_t area[MAXR][PAIR_BYTES + 96] __attribute__((aligned(4096)));
static uint8_t pring[65536] __attribute__((aligned(4096)));

static uint8_t pbyte(int from, int to, int i) { return (uint8_t)(from * 31 + to * 7 + i * 13 + (i >> 8)); }

static int test_pairs(void)
{
    mbcf_fifo_t f;
    check(mbcf_fifo_create(&f, pring, sizeof pring) == 0, "FIFO created", 0, 0);
    check(mbcf_export(area, sizeof area, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE) == 0, "area exported", 0, 0);
    barrier();
    static uint8_t pats[MAXR][PAIR_BYTES];
    static int msgs[MAXR];
    done_count = 0;
    for (int to = 0; to < size; to++) {
        for (int i = 0; i < PAIR_BYTES; i++)
            pats[to][i] = pbyte(rank, to, i);
        /* odd offset: the write crosses pages at other places than the source */
        while (mbcf_put(to, (uint64_t)&area[rank][rank % 8 + 1], pats[to], PAIR_BYTES, (uint64_t)to) ==
               -MBCF_E_AGAIN)
            drain_cq();
        msgs[to] = rank;
        while (mbcf_fifo_send(to, (uint64_t)pring, &msgs[to], sizeof msgs[to], (uint64_t)(size + to)) ==
               -MBCF_E_AGAIN)
            drain_cq();
    }
    wait_done(2 * size);
    int all_ok = 1;
    for (int i = 0; i < 2 * size; i++)
        all_ok &= op_status[i] == MBCF_OK;
    check(all_ok, "every write and message completed OK", 0, 0);
    int got = 0, from_ok = 1;
    uint64_t seen = 0;
    while (got < size) {
        const void *m;
        size_t len;
        int src;
        if (mbcf_fifo_peek(&f, &m, &len, &src) == 1) {
            int who;
            memcpy(&who, m, sizeof who);
            from_ok &= len == sizeof who && who == src && src >= 0 && src < size && !(seen >> src & 1);
            seen |= 1ull << (src & 63);
            mbcf_fifo_pop(&f);
            got++;
            /* the writes from src were ordered before its message */
            int good = 1;
            for (int i = 0; i < PAIR_BYTES && good; i++)
                good = area[src][src % 8 + 1 + i] == pbyte(src, rank, i);
            char what[80];
            snprintf(what, sizeof what, "pattern from rank %d (%s node) intact", src,
                     src / ppn == rank / ppn ? "same" : "other");
            check(good, what, src, rank);
        } else {
            mbcf_wait(10000000);
        }
    }
    check(from_ok, "one message from every rank, stamped with its rank", (long)seen, size);
    barrier();
    return 0;
}

int main(int argc, char **argv)
{
    if (check_init())
        return 1;
    ppn = mbcf_ppn();
    if (argc < 2) {
        printf("usage: ppntest refuse|fifo|pairs|shm...\n");
        return 2;
    }
    for (int a = 1; a < argc; a++) {      /* the modes in order, one boot */
        const char *mode = argv[a];
        printf("# rank %d of %d (%d per node): %s\n", rank, size, ppn, mode);
        if (!strcmp(mode, "refuse"))
            test_refuse();
        else if (!strcmp(mode, "fifo"))
            test_fifo();
        else if (!strcmp(mode, "pairs"))
            test_pairs();
        else if (!strcmp(mode, "shm"))
            test_shm(ppn);
        else {
            printf("not ok - rank %d: unknown mode '%s' (refuse, fifo, pairs, shm)\n", rank, mode);
            return 2;
        }
    }
    mbcf_finalize();
    return failures ? 1 : 0;
}
