/* pml_multi.c - point-to-point messaging layer: eager messages longer than
 * one FIFO entry (up to MPI_MBCF_EAGER_MULTI, default 4096, params.c). A send
 * above the eager limit and up to MPI_MBCF_EAGER_MULTI bytes that finds no send-request of the receiver
 * goes as a W_EAGER entry (the header with the full length and the first
 * EAGER_MAX bytes) followed by W_MORE entries with the rest, all in the
 * receiver's message FIFO: no request-to-send round trip and one frame per
 * EAGER_MAX bytes. The channel keeps its entries in order and no other
 * entry of the same sender comes between them, so the receiver gathers the
 * pieces per peer and hands the whole message to the usual W_EAGER
 * dispatch (pml_recv_on_message) when the last one is in. The message is
 * counted (seen, the epoch of send-requests, seed 003 footnote 3) only
 * then: a send-request issued while the pieces arrive carries the older
 * epoch and the sender rejects it, so it cannot take a later message. */
#include "pml_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest message a receiver gathers (the sender's limit is at most 64 KiB,
 * params.c); anything longer is a malformed entry. */
#define MULTI_IN_MAX (1u << 20)

int pml_send_multi(struct req *s)
{
    struct pml_peer *pp = &pml_peers[s->peer];
    struct wire w = { .type = W_EAGER, .tag = s->tag, .ctx = s->ctx, .len = (uint64_t)s->bytes };
    w.mseq = mq_sreq_fifo_sent(&pp->sreqs);
    const char *d = s->data;
    int64_t left = s->bytes;
    do {
        size_t n = left > EAGER_MAX ? (size_t)EAGER_MAX : (size_t)left;
        int e = chan_send(s->peer, CH_MSG, &w, d, n);
        if (e)
            return e;
        w.type = W_MORE;
        d += n;
        left -= (int64_t)n;
    } while (left > 0);
    pml_stats.bytes_fifo += (uint64_t)s->bytes;
    return MPI_SUCCESS;
}

/* The first piece of a W_EAGER longer than its entry (pml_recv_on_message). */
void pml_multi_begin(int p, const struct wire *w, const void *payload, size_t plen)
{
    struct pml_multi_in *m = &pml_peers[p].multi;
    if (m->buf || w->len > MULTI_IN_MAX) {
        fprintf(stderr, "libmpi_mbcf rank %d: malformed multi-entry message from %d\n",
                mpi_world_rank, p);
        world_abort(72);
    }
    m->buf = malloc((size_t)w->len);
    if (!m->buf) {
        fprintf(stderr, "libmpi_mbcf rank %d: out of memory for a message\n", mpi_world_rank);
        world_abort(72);
    }
    m->hdr = *w;
    memcpy(m->buf, payload, plen);
    m->got = plen;
}

/* A W_MORE piece: appended; the last one dispatches the whole message. */
void pml_multi_more(int p, const void *payload, size_t plen)
{
    struct pml_multi_in *m = &pml_peers[p].multi;
    if (!m->buf || plen == 0 || plen > m->hdr.len - m->got) {
        fprintf(stderr, "libmpi_mbcf rank %d: stray message piece from %d\n", mpi_world_rank,
                p);
        world_abort(72);
    }
    memcpy(m->buf + m->got, payload, plen);
    m->got += plen;
    if (m->got < m->hdr.len)
        return;
    char *buf = m->buf;
    m->buf = NULL;
    pml_recv_on_message(p, &m->hdr, buf, (size_t)m->hdr.len);
    free(buf);
}
