/* coll_xchg.c - the transfers of the collective algorithms' steps: a
 * message of a few KiB goes as pieces of at most one eager entry each
 * (MPI_BYTE over its dense bytes), so every piece is sent at once and the
 * send completes locally, instead of one message that waits for the
 * receiver's send-request or a request-to-send answer and then for the
 * remote write's acknowledgement (seed 003 sec 2.2; docs/mpi.md). A step
 * then costs one way of the link instead of one to one and a half round
 * trips: what bounds a latency-bound collective on a long round trip.
 * Whether a message is cut depends only on its byte count, which sender
 * and receiver of a collective agree on (equal type signatures, MPI-3.1
 * sec 5.1), so both sides cut it alike whatever their datatypes. */
#include <stdlib.h>
#include "coll_internal.h"

size_t coll_split_max(void)
{
    const char *v = getenv("MPI_MBCF_COLL_SPLIT_MAX");
    if (!v || !*v)
        return COLL_SPLIT_MAX_DEFAULT;
    char *end;
    long long x = strtoll(v, &end, 10);
    if (*end || x < 0)
        return COLL_SPLIT_MAX_DEFAULT;
    if (x > (long long)COLL_PIECE * COLL_XFER_PIECES)
        x = (long long)COLL_PIECE * COLL_XFER_PIECES;
    return (size_t)x;
}

/* Pieces of a message of n bytes: 1 (sent whole) unless it is larger than
 * one piece and at most coll_split_max() bytes. */
static int pieces(size_t n)
{
    if (n <= COLL_PIECE || n > coll_split_max())
        return 1;
    return (int)((n + COLL_PIECE - 1) / COLL_PIECE);
}

int coll_xfer_post(struct coll_xfer *x, int recv, const void *buf, int count, MPI_Datatype dt,
                   int peer, int tag, MPI_Comm comm)
{
    struct coll_type t;
    x->buf = (void *)buf;
    x->count = count;
    x->dt = dt;
    x->recv = recv;
    x->nreq = 0;
    x->bv.tmp = NULL;
    int rc = coll_type_info(dt, &t);
    if (rc != MPI_SUCCESS)
        return rc;
    size_t n = (size_t)count * (size_t)t.size;
    int k = peer == MPI_PROC_NULL ? 1 : pieces(n);
    if (k == 1) {
        x->nreq = 1;
        return recv ? MPI_Irecv(x->buf, count, dt, peer, tag, comm, &x->q[0])
                    : MPI_Isend(buf, count, dt, peer, tag, comm, &x->q[0]);
    }
    rc = coll_bytes_begin(x->buf, count, dt, !recv, &x->bv);
    for (int i = 0; i < k && rc == MPI_SUCCESS; i++) {
        size_t off = (size_t)i * COLL_PIECE, len = n - off < COLL_PIECE ? n - off : COLL_PIECE;
        rc = recv ? MPI_Irecv(x->bv.p + off, (int)len, MPI_BYTE, peer, tag, comm, &x->q[i])
                  : MPI_Isend(x->bv.p + off, (int)len, MPI_BYTE, peer, tag, comm, &x->q[i]);
        if (rc == MPI_SUCCESS)
            x->nreq++;
    }
    return rc;
}

int coll_xfer_wait(struct coll_xfer *x, int rc)
{
    int r = coll_waitall(x->nreq, x->q);
    x->nreq = 0;
    if (rc == MPI_SUCCESS)
        rc = r;
    return coll_bytes_end(&x->bv, x->buf, x->count, x->dt, x->recv, rc);
}

int coll_sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dst, void *rbuf,
                  int rcount, MPI_Datatype rdt, int src, int tag, MPI_Comm comm)
{
    struct coll_xfer r, s;
    s.nreq = 0;
    s.bv.tmp = NULL;
    int rc = coll_xfer_post(&r, 1, rbuf, rcount, rdt, src, tag, comm);
    if (rc == MPI_SUCCESS)
        rc = coll_xfer_post(&s, 0, sbuf, scount, sdt, dst, tag, comm);
    rc = coll_xfer_wait(&s, rc);
    return coll_xfer_wait(&r, rc);
}

int coll_send(const void *buf, int count, MPI_Datatype dt, int dst, int tag, MPI_Comm comm)
{
    struct coll_xfer s;
    int rc = coll_xfer_post(&s, 0, buf, count, dt, dst, tag, comm);
    return coll_xfer_wait(&s, rc);
}

int coll_recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm)
{
    struct coll_xfer r;
    int rc = coll_xfer_post(&r, 1, buf, count, dt, src, tag, comm);
    return coll_xfer_wait(&r, rc);
}
