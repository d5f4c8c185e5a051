/* nt_loss.c - with the launcher's --loss (wirefilter), raw frames are lost:
 * rank 0 streams NT_LOSS_FRAMES numbered frames, then asks rank 1 how many
 * arrived (the DONE/RPRT exchange is retried until it gets through); then an
 * echo loop with retries proves that nothing hangs. */
#include <errno.h>
#include <string.h>
#include "nettest.h"

#define NT_LOSS_FRAMES 400
#define NT_LOSS_ECHOES 100

static uint8_t buf[RAW_PAYLOAD_MAX];

static void loss_sender(void)
{
    int sent = 0;
    for (int i = 0; i < NT_LOSS_FRAMES; i++) {
        memcpy(buf, "DATA", 4);
        memcpy(buf + 4, &i, 4);
        nt_fill(buf + 8, (uint32_t)i, 200);
        sent += raw_send(1, buf, 208) == 0;
        if (i % 16 == 15)
            raw_recv(buf, sizeof buf, 0, 1000000);   /* pace: let the receiver drain */
    }
    long count = -1;
    for (int tries = 0; tries < 100 && count < 0; tries++) {
        raw_send(1, "DONE", 4);
        int src;
        long r = raw_recv(buf, sizeof buf, &src, 100000000);
        if (r == 12 && memcmp(buf, "RPRT", 4) == 0)
            memcpy(&count, buf + 4, 8);
    }
    nt_check(sent == NT_LOSS_FRAMES, "sent %d frames", sent);
    nt_check(count >= 0, "receiver reported through the lossy link");
    nt_check(count >= NT_LOSS_FRAMES * 7 / 10 && count < NT_LOSS_FRAMES,
             "losses are visible: %ld/%d arrived (%.1f%% lost)", count, NT_LOSS_FRAMES,
             100.0 * (double)(NT_LOSS_FRAMES - count) / NT_LOSS_FRAMES);
    /* Echo with retries: every round trip completes, nothing hangs. */
    int done = 0, retries = 0;
    uint64_t t0 = nt_now_ns();
    for (int i = 0; i < NT_LOSS_ECHOES; i++) {
        for (int attempt = 0; attempt < 50; attempt++) {
            memcpy(buf, "ECHO", 4);
            memcpy(buf + 4, &i, 4);
            raw_send(1, buf, 8);
            int src, got = 0;
            long r;
            while ((r = raw_recv(buf, sizeof buf, &src, 50000000)) >= 0) {
                int j;
                memcpy(&j, buf + 4, 4);
                if (r == 8 && memcmp(buf, "ECHO", 4) == 0 && j == i) {
                    got = 1;
                    break;
                }
            }
            if (got) {
                done++;
                break;
            }
            retries++;
        }
    }
    nt_check(done == NT_LOSS_ECHOES, "%d/%d echoes completed with %d retries in %llu ms", done,
             NT_LOSS_ECHOES, retries, (unsigned long long)((nt_now_ns() - t0) / 1000000));
    for (int tries = 0; tries < 20; tries++) {
        raw_send(1, "BYE", 3);
        long r = raw_recv(buf, sizeof buf, 0, 100000000);
        if (nt_is_cmd(buf, r, "BYE"))
            break;
    }
}

static void loss_receiver(void)
{
    static uint8_t seen[NT_LOSS_FRAMES];
    long count = 0, corrupt = 0;
    for (;;) {
        int src;
        long r = raw_recv(buf, sizeof buf, &src, 30000000000ll);
        if (r < 0) {
            nt_check(0, "receiver got traffic (%ld)", r);
            return;
        }
        if (r == 208 && memcmp(buf, "DATA", 4) == 0) {
            int i;
            memcpy(&i, buf + 4, 4);
            if (i < 0 || i >= NT_LOSS_FRAMES || !nt_verify(buf + 8, (uint32_t)i, 200))
                corrupt++;
            else if (!seen[i]) {
                seen[i] = 1;
                count++;
            }
        } else if (nt_is_cmd(buf, r, "DONE")) {
            uint8_t rep[12];
            memcpy(rep, "RPRT", 4);
            memcpy(rep + 4, &count, 8);
            raw_send(src, rep, sizeof rep);
        } else if (r == 8 && memcmp(buf, "ECHO", 4) == 0) {
            raw_send(src, buf, 8);
        } else if (nt_is_cmd(buf, r, "BYE")) {
            raw_send(src, "BYE", 3);
            break;
        }
    }
    nt_check(corrupt == 0, "no corrupted frame among %ld received", count);
    /* Answer a few late BYE retries, then leave. */
    while (raw_recv(buf, sizeof buf, 0, 300000000) >= 0)
        raw_send(0, "BYE", 3);
}

void nt_loss(void)
{
    if (nt_node.rank == 0)
        loss_sender();
    else if (nt_node.rank == 1)
        loss_receiver();
}
