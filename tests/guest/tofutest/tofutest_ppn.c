/* tofutest_ppn.c - isolation between the processes of a node on the emulated
 * Tofu controller (`tofutest ppn`, tests/cluster/tofu_ppn.sh: 2 nodes x
 * --ppn 2). Process A (local 0) of each node is the initiator, process B
 * (local 1) the target. Checked:
 *   - puts, piggyback puts, gets and atomics addressed to B's VCQ and STADDs
 *     land in B's memory only (A's window at the same addresses untouched),
 *     and gets return B's data, not A's;
 *   - A cannot deregister B's STADD, free B's VCQ or ring B's doorbell
 *     (its own indices hold nothing there: an error), and B's objects still
 *     work afterwards;
 *   - after B exits, a put to B's old VCQ and STADD is refused (
 *     UTOFU_ERR_MRQ_PEER) and counted (refused_novcq), A's memory stays
 *     untouched, and B's CQ number is free again on its node.
 * VCQ ids and STADDs are not exchanged: process l of every node creates its
 * VCQ on CQ l and its registrations get the tags of its local index
 * (tofu_k_target.c), so both are known in advance (checked). */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cluster_abi.h"
#include "cluster_user.h"
#include "utofu.h"
#include "utofu_emu.h"
#include "jtofu.h"
#include "tofutest.h"

#define WIN 65536u
#define GUARD 4096u
#define PIG_OFF 8192u
#define CNT_OFF 16384u
#define BAR_OFF 40000u
#define LATE_OFF 48000u
#define DEAD_OFF 56000u
#define NPROC 4 /* 2 nodes x 2 processes */
#define TAGS_PER_PROC (65535 / 64)

static int node, loc, rank, fails;
static utofu_vcq_hdl_t vh;
static utofu_vcq_id_t vcq_of[NPROC]; /* by rank = node * 2 + local */
static uint8_t *win, *src, *dst;
static unsigned seen[6][256];

static void check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One write per line: the processes of a node share its console. */
static void check(int ok, const char *fmt, ...)
{
    char line[512];
    int n = snprintf(line, sizeof line, "%s - rank %d (node %d, process %c): ", ok ? "ok" : "not ok",
                     rank, node, "AB"[loc]);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && n < (int)sizeof line - 1)
        n += vsnprintf(line + n, sizeof line - 1 - (size_t)n, fmt, ap);
    va_end(ap);
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    fwrite(line, 1, (size_t)n, stdout);
    fails += !ok;
}

/* STADD of the slot-th registration (1-based) of process l */
static utofu_stadd_t stadd_of(int l, unsigned slot)
{
    return (utofu_stadd_t)slot << 56 | (utofu_stadd_t)(1 + l * TAGS_PER_PROC + slot - 1) << 40;
}

static uint8_t pat(int r, unsigned i)
{
    return (uint8_t)(r * 41 + i * 13 + 3);
}

static void take_notice(void)
{
    struct utofu_mrq_notice nt;
    if (utofu_poll_mrq(vh, 0, &nt) == UTOFU_SUCCESS && nt.notice_type < 6)
        seen[nt.notice_type][nt.edata & 0xff]++;
}

/* Poll the TCQ for one entry (notices taken meanwhile): its status, or
 * UTOFU_ERR_NOT_FOUND after 60 s. */
static int tcq_one(void **cb)
{
    uint64_t t0 = utofu_emu_wall();
    while (utofu_emu_wall() - t0 < 60000000000ull) {
        int rc = utofu_poll_tcq(vh, 0, cb);
        if (rc != UTOFU_ERR_NOT_FOUND)
            return rc;
        take_notice();
    }
    return UTOFU_ERR_NOT_FOUND;
}

/* Barrier of the processes in mask (bits by rank): a piggyback put with a
 * remote notice (edata 0xf0 + phase) to each, sent again while refused (a
 * peer that has not registered yet). After the last barrier of a peer that
 * may end, its acknowledgement may not come: wait 2 s at most then. */
static void barrier(int phase, unsigned mask, int last)
{
    int want = 0, pending = 0;
    for (int p = 0; p < NPROC; p++)
        if ((mask >> p & 1) && p != rank) {
            uint64_t one = 1;
            (void)utofu_put_piggyback(vh, vcq_of[p], &one, stadd_of(p % 2, 1) + BAR_OFF + 8u * (unsigned)rank,
                                      8, 0xf0 + (uint64_t)phase,
                                      UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE |
                                          UTOFU_ONESIDED_FLAG_TCQ_NOTICE,
                                      (void *)(uintptr_t)(p + 1));
            want++;
            pending++;
        }
    uint64_t t0 = utofu_emu_wall(), all_seen = 0;
    while ((pending > 0 || seen[UTOFU_MRQ_TYPE_RMT_PUT][0xf0 + phase] < (unsigned)want) &&
           utofu_emu_wall() - t0 < 90000000000ull) {
        if (last && seen[UTOFU_MRQ_TYPE_RMT_PUT][0xf0 + phase] >= (unsigned)want) {
            if (!all_seen)
                all_seen = utofu_emu_wall();
            else if (utofu_emu_wall() - all_seen > 2000000000ull)
                break;
        }
        void *cb;
        int rc = utofu_poll_tcq(vh, 0, &cb);
        if (rc == UTOFU_ERR_NOT_FOUND) {
            take_notice();
            continue;
        }
        int p = (int)(uintptr_t)cb - 1;
        if (rc == UTOFU_SUCCESS) {
            pending--;
        } else if (p >= 0 && p < NPROC) { /* refused: again */
            uint64_t one = 1;
            (void)utofu_put_piggyback(vh, vcq_of[p], &one,
                                      stadd_of(p % 2, 1) + BAR_OFF + 8u * (unsigned)rank, 8,
                                      0xf0 + (uint64_t)phase,
                                      UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE |
                                          UTOFU_ONESIDED_FLAG_TCQ_NOTICE,
                                      (void *)(uintptr_t)(p + 1));
        }
    }
    if (seen[UTOFU_MRQ_TYPE_RMT_PUT][0xf0 + phase] < (unsigned)want || (pending && !last)) {
        utofu_emu_dump(phase);
        check(0, "barrier %d timed out", phase);
        exit(1);
    }
    seen[UTOFU_MRQ_TYPE_RMT_PUT][0xf0 + phase] -= (unsigned)want;
}

static int setup(void)
{
    struct node_info ni;
    if (cluster_syscall3(SYS_node_info, (long)&ni, 0, 0) || ni.ppn != 2 || ni.nodes != 2) {
        printf("not ok - tofutest ppn needs 2 nodes x --ppn 2\n");
        return -1;
    }
    node = ni.rank;
    loc = ni.local;
    rank = node * 2 + loc;
    if (utofu_create_vcq(0, 0, &vh) != UTOFU_SUCCESS) {
        check(0, "create a VCQ on TNI 0");
        return -1;
    }
    for (int p = 0; p < NPROC; p++) {
        union jtofu_phys_coords pc;
        if (jtofu_query_phys_coords(0, (jtofu_rank_t)(p / 2), &pc) != JTOFU_SUCCESS ||
            utofu_construct_vcq_id(pc.a, 0, (utofu_cq_id_t)(p % 2), 0, &vcq_of[p]) != UTOFU_SUCCESS) {
            check(0, "VCQ id of rank %d", p);
            return -1;
        }
    }
    utofu_vcq_id_t mine = 0;
    utofu_query_vcq_id(vh, &mine);
    check(mine == vcq_of[rank], "my VCQ is on CQ %d of TNI 0", loc);
    /* the same allocations in both processes: the same addresses */
    win = aligned_alloc(4096, WIN + GUARD);
    src = aligned_alloc(4096, WIN);
    dst = aligned_alloc(4096, WIN);
    memset(win, 0, WIN);
    memset(win + WIN, 0xef, GUARD);
    for (unsigned i = 0; i < WIN; i++)
        src[i] = pat(rank, i);
    memset(dst, 0x5a, WIN);
    utofu_stadd_t s[3];
    int r = utofu_reg_mem(vh, win, WIN, 0, &s[0]) | utofu_reg_mem(vh, src, WIN, 0, &s[1]) |
            utofu_reg_mem(vh, dst, WIN, 0, &s[2]);
    check(r == UTOFU_SUCCESS && s[0] == stadd_of(loc, 1) && s[2] == stadd_of(loc, 3),
          "3 regions registered with this process's STADDs (%#llx, buffers at %p %p %p)",
          (unsigned long long)s[0], (void *)win, (void *)src, (void *)dst);
    return r == UTOFU_SUCCESS ? 0 : -1;
}

/* A: puts, piggyback puts, gets and an atomic add to B of both nodes. */
static void a_access_b(void)
{
    const unsigned long f = UTOFU_ONESIDED_FLAG_TCQ_NOTICE | UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE;
    int posted = 0;
    for (int y = 0; y < 2; y++) {
        utofu_vcq_id_t b = vcq_of[y * 2 + 1];
        uint8_t pig[32];
        for (unsigned i = 0; i < 32; i++)
            pig[i] = pat(rank, 7000 + i);
        int r = utofu_put(vh, b, stadd_of(0, 2) + 1024u * (unsigned)y, stadd_of(1, 1) + 1024u * (unsigned)node,
                          1024, 0x10 + (uint64_t)node, f, 0);
        r |= utofu_put_piggyback(vh, b, pig, stadd_of(1, 1) + PIG_OFF + 32u * (unsigned)node, 32,
                                 0x20 + (uint64_t)node, f, 0);
        r |= utofu_get(vh, b, stadd_of(0, 3) + 2048u * (unsigned)y, stadd_of(1, 2) + 4096, 2048, 0,
                       UTOFU_ONESIDED_FLAG_TCQ_NOTICE, 0);
        r |= utofu_armw8(vh, b, UTOFU_ARMW_OP_ADD, (uint64_t)node + 1, stadd_of(1, 1) + CNT_OFF,
                         0x30 + (uint64_t)node, UTOFU_ONESIDED_FLAG_TCQ_NOTICE | UTOFU_ONESIDED_FLAG_REMOTE_MRQ_NOTICE, 0);
        if (r)
            check(0, "post to B of node %d: %s", y, utofu_strerror(r));
        posted += 4;
    }
    int okc = 0;
    for (int i = 0; i < posted; i++) {
        void *cb;
        int rc = tcq_one(&cb);
        okc += rc == UTOFU_SUCCESS;
        if (rc != UTOFU_SUCCESS)
            printf("# rank %d: TCQ entry %s\n", rank, utofu_strerror(rc));
    }
    check(okc == posted, "%d of %d puts, piggyback puts, gets and atomics to B completed OK", okc,
          posted);
    int got_b = 1;
    for (int y = 0; y < 2; y++)
        for (unsigned i = 0; i < 2048; i++)
            got_b &= dst[2048u * (unsigned)y + i] == pat(y * 2 + 1, 4096 + i);
    check(got_b, "gets of B's buffer returned B's data (not mine)");
}

/* A's window at the offsets the puts to B used: still zero. */
static int a_window_untouched(void)
{
    int ok = 1;
    for (unsigned i = 0; i < 2048; i++)
        ok &= win[i] == 0;
    for (unsigned i = 0; i < 64; i++)
        ok &= win[PIG_OFF + i] == 0;
    for (unsigned i = 0; i < 8; i++)
        ok &= win[CNT_OFF + i] == 0 && win[LATE_OFF + i] == 0 && win[LATE_OFF + 8 + i] == 0 &&
              win[DEAD_OFF + i] == 0 && win[DEAD_OFF + 8 + i] == 0;
    for (unsigned i = 0; i < GUARD; i++)
        ok &= win[WIN + i] == 0xef;
    return ok;
}

static void b_check_data(void)
{
    int ok = 1;
    for (int x = 0; x < 2; x++) {
        for (unsigned i = 0; i < 1024; i++)
            ok &= win[1024u * (unsigned)x + i] == pat(x * 2, 1024u * (unsigned)node + i);
        for (unsigned i = 0; i < 32; i++)
            ok &= win[PIG_OFF + 32u * (unsigned)x + i] == pat(x * 2, 7000 + i);
    }
    uint64_t cnt;
    memcpy(&cnt, win + CNT_OFF, 8);
    check(ok && cnt == 3, "puts and piggyback puts of both A's arrived in my memory, atomic sum %llu",
          (unsigned long long)cnt);
    int notices = 1;
    for (int x = 0; x < 2; x++)
        notices &= seen[UTOFU_MRQ_TYPE_RMT_PUT][0x10 + x] == 1 && seen[UTOFU_MRQ_TYPE_RMT_PUT][0x20 + x] == 1 &&
                   seen[UTOFU_MRQ_TYPE_RMT_ARMW][0x30 + x] == 1;
    check(notices, "remote notices of both A's in my MRQ, once each");
}

/* A: B's objects are not A's to drop. */
static void a_hostile(void)
{
    long r = cluster_syscall3(SYS_tofu_dereg_mem, (long)stadd_of(1, 1), 0, 0);
    check(r == -EINVAL, "SYS_tofu_dereg_mem of B's STADD: %ld (-EINVAL)", r);
    check(utofu_dereg_mem(vh, stadd_of(1, 2), 0) == UTOFU_ERR_INVALID_STADD,
          "utofu_dereg_mem of B's STADD: UTOFU_ERR_INVALID_STADD");
    int all = 1;
    for (long i = 1; i < TOFU_VCQ_MAX; i++)
        all &= cluster_syscall3(SYS_tofu_vcq_free, i, 0, 0) == -EINVAL;
    check(all, "SYS_tofu_vcq_free of every index but my own: -EINVAL");
    r = cluster_syscall3(SYS_tofu_doorbell, 1l << 1, 0, 0);
    check(r == -EINVAL, "SYS_tofu_doorbell of a VCQ index I do not own: %ld (-EINVAL)", r);
}

/* A: 8 bytes to B of both nodes at LATE_OFF (B's objects still work). */
static void a_put_late(void)
{
    int okc = 0;
    for (int y = 0; y < 2; y++) {
        uint64_t v = 0x1100 + (uint64_t)rank;
        (void)utofu_put_piggyback(vh, vcq_of[y * 2 + 1], &v, stadd_of(1, 1) + LATE_OFF + 8u * (unsigned)node,
                                  8, 0, UTOFU_ONESIDED_FLAG_TCQ_NOTICE, 0);
    }
    for (int y = 0; y < 2; y++) {
        void *cb;
        okc += tcq_one(&cb) == UTOFU_SUCCESS;
    }
    check(okc == 2, "after the hostile calls, puts to B's STADD still complete OK (%d of 2)", okc);
}

/* A, after B of both nodes ended: puts to their old VCQ and STADD are
 * refused, within 30 s (B's end reaches the controller at its next tick). */
static void a_after_b_exit(void)
{
    int refused[2] = { 0, 0 }, last[2] = { 0, 0 };
    uint64_t t0 = utofu_emu_wall();
    while ((!refused[0] || !refused[1]) && utofu_emu_wall() - t0 < 30000000000ull) {
        for (int y = 0; y < 2; y++) {
            if (refused[y])
                continue;
            uint64_t v = 0xdead;
            (void)utofu_put_piggyback(vh, vcq_of[y * 2 + 1], &v,
                                      stadd_of(1, 1) + DEAD_OFF + 8u * (unsigned)node, 8, 0,
                                      UTOFU_ONESIDED_FLAG_TCQ_NOTICE, 0);
            void *cb;
            last[y] = tcq_one(&cb);
            refused[y] = last[y] == UTOFU_ERR_MRQ_PEER;
        }
    }
    for (int y = 0; y < 2; y++)
        check(refused[y], "after B of node %d ended, a put to its VCQ and STADD: %s "
                          "(UTOFU_ERR_MRQ_PEER)",
              y, utofu_strerror(last[y]));
    struct tofu_stats st;
    utofu_emu_stats(&st);
    check(st.refused_novcq >= 1, "refusals counted on my node: refused_novcq %llu",
          (unsigned long long)st.refused_novcq);
    utofu_vcq_hdl_t v2;
    utofu_vcq_id_t id = 0;
    int rc = utofu_create_vcq(0, 0, &v2);
    if (rc == UTOFU_SUCCESS)
        utofu_query_vcq_id(v2, &id);
    check(rc == UTOFU_SUCCESS && id == vcq_of[node * 2 + 1] && utofu_free_vcq(v2) == UTOFU_SUCCESS,
          "B's CQ number is free again on my node (a new VCQ of mine took it)");
}

int tofutest_ppn(void)
{
    setbuf(stdout, NULL);
    if (setup())
        return 1;
    const unsigned all = 0xf, as = 0x5;
    barrier(1, all, 0);
    if (loc == 0)
        a_access_b();
    barrier(2, all, 0);
    if (loc == 1)
        b_check_data();
    else
        check(a_window_untouched(), "my own window at the same addresses is untouched");
    if (loc == 0)
        a_hostile();
    barrier(3, all, 0);
    if (loc == 0)
        a_put_late();
    barrier(4, all, 0);
    if (loc == 1) {
        uint64_t v0, v1;
        memcpy(&v0, win + LATE_OFF, 8);
        memcpy(&v1, win + LATE_OFF + 8, 8);
        check(v0 == 0x1100 && v1 == 0x1102, "my registration survived A's calls: late puts arrived");
        barrier(5, all, 1);
        if (fails == 0)
            printf("tofutest ppn: PASSED\n");
        return fails != 0; /* B ends here; its VCQ and STADDs must go */
    }
    barrier(5, all, 1);
    a_after_b_exit();
    check(a_window_untouched(), "my own window is still untouched");
    barrier(6, as, 1);
    if (fails == 0)
        printf("tofutest ppn: PASSED\n");
    return fails != 0;
}
