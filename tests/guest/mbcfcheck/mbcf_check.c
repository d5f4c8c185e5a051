/* mbcf_check.c - helpers of the guest MBCF test programs (mbcf_check.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mbcf.h"
#include "mbcf_guest.h"
#include "mbcf_check.h"

int rank, size, failures;
int op_status[MAXOPS], op_order[MAXOPS], done_count;

static struct {
    volatile uint64_t in[64];
    volatile uint64_t go;
} sync_area __attribute__((aligned(4096)));

int check_init(void)
{
    int r = mbcf_init();
    if (r) {
        printf("not ok - mbcf_init: %s\n", mbcf_strerror(r));
        return r;
    }
    rank = mbcf_rank();
    size = mbcf_size();
    if (size > 64) {
        printf("not ok - rank %d: %d ranks, at most 64\n", rank, size);
        return -MBCF_E_INVAL;
    }
    r = mbcf_export(&sync_area, sizeof sync_area, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    check(r == 0, "export the barrier area", r, 0);
    return r;
}

void check_fmt(int cond, const char *fmt, const char *what, long a, long b)
{
    printf("%s - rank %d: ", cond ? "ok" : "not ok", rank);
    printf(fmt, what, a, b);
    printf("\n");
    if (!cond)
        failures++;
}

void check(int cond, const char *what, long a, long b)
{
    check_fmt(cond, "%s (%ld %ld)", what, a, b);
}

void drain_cq(void)
{
    mbcf_cqe_t c[64];
    int n;
    while ((n = mbcf_poll_cq(c, 64)) > 0)
        for (int i = 0; i < n; i++) {
            if (c[i].cookie < MAXOPS) {
                op_status[c[i].cookie] = c[i].status;
                op_order[c[i].cookie] = done_count;
            }
            done_count++;
        }
}

void wait_done(int count)
{
    mbcf_flush();
    while (done_count < count) {
        drain_cq();
        if (done_count < count)
            mbcf_wait(10000000);
    }
}

int put_sync(int to, uint64_t raddr, const void *src, size_t len)
{
    for (int tries = 0;; tries++) {
        done_count = 0;
        op_status[0] = -1;
        int r = mbcf_put(to, raddr, src, len, 0);
        if (r)
            return r;
        wait_done(1);
        int st = op_status[0];
        if ((st != MBCF_E_NOTASK && st != MBCF_E_UNEXPORTED) || tries > 2000)
            return st;
        mbcf_wait(5000000);
    }
}

static uint64_t last_gen;

/* A barrier never waits on a dead peer: it reports the kernel's dead mask
 * and ends the program (the test then fails with that line, not a timeout). */
static void barrier_wait(volatile uint64_t *word, uint64_t gen)
{
    while (*word < gen) {
        uint64_t dead = mbcf_dead_peers(NULL);
        if (dead) {
            printf("not ok - rank %d: barrier %llu: peer dead (mask %#llx), giving up\n", rank,
                   (unsigned long long)gen, (unsigned long long)dead);
            exit(1);
        }
        mbcf_wait(10000000);
    }
}

void barrier_at(uint64_t gen)
{
    static uint64_t val;
    val = last_gen = gen;
    if (rank != 0) {
        put_sync(0, (uint64_t)&sync_area.in[rank], &val, 8);
        barrier_wait(&sync_area.go, gen);
        return;
    }
    for (int r = 1; r < size; r++)
        barrier_wait(&sync_area.in[r], gen);
    for (int r = 1; r < size; r++)
        put_sync(r, (uint64_t)&sync_area.go, &val, 8);
}

void barrier(void)
{
    barrier_at(last_gen + 1);
}

/* ---- refusals ---- */
#define GUARD_FILL 0xA5   /* what the target's guard pages hold */
#define SRC_FILL 0x3C     /* what the writes carry */
static uint8_t guard[6][4096] __attribute__((aligned(4096)));
static uint8_t srcbytes[16384];

void refuse_prepare(int is_target)
{
    memset(guard, GUARD_FILL, sizeof guard);
    if (!is_target)
        return;
    int r = mbcf_export(guard[0], 4096, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    r |= mbcf_export(guard[1], 4096, MBCF_EXPORT_READ);
    r |= mbcf_export(guard[3], 4096, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    check(r == 0, "exports", r, 0);
}

int refuse_send(int node, int task, int nosuch_task)
{
    memset(srcbytes, SRC_FILL, sizeof srcbytes);
    const struct { const char *what; uint64_t va; uint32_t len; int task; int want; } c[] = {
        { "read-only page", (uint64_t)guard[1], 8, task, MBCF_E_READONLY },
        { "unexported page", (uint64_t)guard[2] + 100, 8, task, MBCF_E_UNEXPORTED },
        { "range crossing into an unexported page", (uint64_t)guard[3] + 4000, 200, task, MBCF_E_UNEXPORTED },
        { "multi-page range crossing (several frames on the wire)", (uint64_t)guard[3], 8192, task, MBCF_E_UNEXPORTED },
        { "unmapped address", 0x0000600000000000ull, 8, task, MBCF_E_UNMAPPED },
        { "kernel address", 0xffff800000001000ull, 8, task, MBCF_E_KERNEL },
        { "non-canonical address", 0x0000900000000000ull, 8, task, MBCF_E_NONCANON },
        { "no such task", (uint64_t)guard[0], 8, nosuch_task, MBCF_E_NOTASK },
        { "allowed write", (uint64_t)guard[0] + 16, 8, task, MBCF_OK },
    };
    int n = (int)(sizeof c / sizeof c[0]);
    done_count = 0;
    for (int i = 0; i < n; i++)
        mbcf_guest_post(MBCF_SQE_PUT, node, c[i].task, c[i].va, srcbytes, c[i].len, (uint64_t)i);
    mbcf_guest_post(MBCF_SQE_FIFO, node, task, (uint64_t)guard[0], srcbytes, 8, (uint64_t)n);
    wait_done(n + 1);
    for (int i = 0; i < n; i++) {
        char what[128];
        snprintf(what, sizeof what, "to node %d task %d, %s: %s", node, c[i].task, c[i].what,
                 mbcf_strerror(op_status[i]));
        check(op_status[i] == c[i].want, what, op_status[i], c[i].want);
    }
    check(op_status[n] == MBCF_E_NOFIFO, "unregistered FIFO refused", op_status[n], MBCF_E_NOFIFO);
    return n;
}

void refuse_check_target(void)
{
    uint8_t want[4096];
    memset(want, GUARD_FILL, sizeof want);
    memset(want + 16, SRC_FILL, 8);
    check(memcmp(guard[0], want, 4096) == 0, "exported page: only the allowed write landed", 0, 0);
    memset(want, GUARD_FILL, sizeof want);
    int same = 1;
    for (int p = 1; p < 6; p++)
        same &= memcmp(guard[p], want, 4096) == 0;
    check(same, "refused targets unchanged (read-only, unexported, crossing)", 0, 0);
}
