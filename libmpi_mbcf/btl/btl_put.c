/* btl_put.c - byte transfer layer, remote writes: mbcf_put split at
 * MBCF_PUT_MAX with the owner's completion callback, and the per-peer bounce
 * slots for small writes from a library-owned copy (btl_internal.h). */
#include "btl_internal.h"
#include "mpi_export.h"
#include <stdio.h>
#include <string.h>

btl_put_done_fn *btl_put_done;

void btl_put(int peer, uint64_t raddr, const void *src, int64_t len, uint64_t owner,
             int *pending)
{
    const char *p = src;
    do {
        int64_t n = len > (int64_t)MBCF_PUT_MAX ? (int64_t)MBCF_PUT_MAX : len;
        uint64_t ck = (CK_PUT << 62) | (owner & ((1ull << 62) - 1));
        int st = 0;
        while (!btl_ep[peer].dropped &&
               (st = mbcf_put(peer, raddr, p, (size_t)n, ck)) == -MBCF_E_AGAIN) {
            mbcf_flush();
            btl_cq_drain();
        }
        if (btl_ep[peer].dropped || st == -MBCF_E_PEER_DEAD) {
            btl_drop_peer(peer);
            (*pending)++;
            btl_put_done(owner, MBCF_E_PEER_DEAD);
            return;
        }
        if (st)
            btl_fail("mbcf_put", -st);
        btl_ops_out++;
        btl_ops_need++;
        (*pending)++;
        p += n;
        raddr += (uint64_t)n;
        len -= n;
    } while (len > 0);
}

/* Copy src into a free bounce slot of peer (progressing until one is free)
 * and post the remote write from there; the caller may reuse src at once. */
int btl_put_bounce(int peer, uint64_t raddr, const void *src, int64_t len)
{
    if (len <= 0 || len > (int64_t)MBCF_FIFO_ENTRY_MAX)
        return MPI_ERR_INTERN;
    struct btl_endpoint *ep = &btl_ep[peer];
    if (ep->dropped)
        return MPI_SUCCESS;            /* dropped, like everything for a dead peer */
    int slot;
    for (;;) {
        slot = -1;
        for (int i = 0; i < BOUNCE_N; i++) {
            int k = (int)((ep->bounce_next + (unsigned)i) % BOUNCE_N);
            if (!ep->bounce_busy[k]) {
                slot = k;
                break;
            }
        }
        if (slot >= 0)
            break;
        mbcf_flush();
        btl_cq_drain();
        for (int i = 0; i < BOUNCE_N && slot < 0; i++)
            if (!ep->bounce_busy[i])
                slot = i;
        if (slot >= 0)
            break;
        mbcf_wait(1000000);
    }
    ep->bounce_next = (unsigned)slot + 1;
    memcpy(ep->bounce[slot], src, (size_t)len);
    uint64_t ck = (CK_BOUNCE << 62) | ((uint64_t)peer << 8) | (uint64_t)slot;
    int st;
    while ((st = mbcf_put(peer, raddr, ep->bounce[slot], (size_t)len, ck)) == -MBCF_E_AGAIN) {
        mbcf_flush();
        btl_cq_drain();
    }
    if (st == -MBCF_E_PEER_DEAD) {
        btl_drop_peer(peer);
        return MPI_SUCCESS;
    }
    if (st)
        btl_fail("mbcf_put", -st);
    btl_ops_out++;
    btl_ops_need++;
    ep->bounce_busy[slot] = 1;
    return MPI_SUCCESS;
}

void bounce_completion(uint64_t ck, int status)
{
    int peer = (int)((ck >> 8) & 0xff), slot = (int)(ck & 0xff);
    if (peer >= MAXR || slot >= BOUNCE_N)
        return;
    if (status != MBCF_OK && status != MBCF_E_PEER_DEAD)  /* the send completed: nobody to tell */
        btl_fail("remote write of a small message refused", status);
    btl_ep[peer].bounce_busy[slot] = 0;
}
