/* p2p_sizes.c - conformance: message sizes around the eager limit (one FIFO
 * entry) up to 4 MiB, receive posted before and after the send, non-blocking
 * both ways; truncation reported as MPI_ERR_TRUNCATE with MPI_ERRORS_RETURN
 * (eager and rendezvous sizes, blocking and Waitall/status). */
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static const int sizes[] = { 0, 1, 7, 100, 1000, 1300, 1335, 1336, 1337, 1338, 1400,
                             2048, 4096, 65536, 65537, 1 << 20, 4 << 20 };
#define NS ((int)(sizeof sizes / sizeof sizes[0]))

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(120);
    int me = tap_rank(), n = tap_size();
    unsigned char *sb = malloc(4 << 20), *rb = malloc((4 << 20) + 16);
    if (n >= 2 && me < 2) {
        int peer = 1 - me;
        for (int s = 0; s < NS; s++) {
            int len = sizes[s];
            size_t ulen = (size_t)len & 0x7fffffffu;
            /* a) 0 sends blocking, 1 receives after a delay (unexpected or RTS) */
            if (me == 0) {
                tap_fill(sb, len, s);
                MPI_Send(sb, len, MPI_BYTE, peer, s, MPI_COMM_WORLD);
            } else {
                memset(rb, 0, ulen + 16);
                MPI_Status st;
                MPI_Recv(rb, len + 16, MPI_BYTE, peer, s, MPI_COMM_WORLD, &st);
                int cnt;
                MPI_Get_count(&st, MPI_BYTE, &cnt);
                CHECK(cnt == len && tap_same(rb, len, s), "send-first %d bytes", len);
            }
            /* b) receiver pre-posts and then signals; sender sends */
            if (me == 1) {
                MPI_Request r;
                memset(rb, 0, ulen);
                MPI_Irecv(rb, len, MPI_BYTE, peer, 100 + s, MPI_COMM_WORLD, &r);
                MPI_Send(NULL, 0, MPI_BYTE, peer, 200 + s, MPI_COMM_WORLD);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                CHECK(tap_same(rb, len, s + 1), "receive-first %d bytes", len);
            } else {
                tap_fill(sb, len, s + 1);
                MPI_Recv(NULL, 0, MPI_BYTE, peer, 200 + s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(sb, len, MPI_BYTE, peer, 100 + s, MPI_COMM_WORLD);
            }
            /* c) simultaneous exchange (both directions in flight) */
            {
                MPI_Request r[2];
                tap_fill(sb, len, s + 2 + me);
                memset(rb, 0, ulen);
                MPI_Irecv(rb, len, MPI_BYTE, peer, 300 + s, MPI_COMM_WORLD, &r[0]);
                MPI_Isend(sb, len, MPI_BYTE, peer, 300 + s, MPI_COMM_WORLD, &r[1]);
                MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
                CHECK(tap_same(rb, len, s + 2 + peer), "exchange %d bytes", len);
            }
        }
        /* truncation */
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int tl[] = { 40, 100000 };
        for (int t = 0; t < 2; t++) {
            int len = tl[t];
            if (me == 0) {
                tap_fill(sb, len, 9);
                MPI_Send(sb, len, MPI_BYTE, peer, 400 + t, MPI_COMM_WORLD);
                MPI_Send(sb, len, MPI_BYTE, peer, 500 + t, MPI_COMM_WORLD);
            } else {
                MPI_Status st;
                int rc = MPI_Recv(rb, len / 2, MPI_BYTE, peer, 400 + t, MPI_COMM_WORLD, &st);
                int cls = -1;
                MPI_Error_class(rc, &cls);
                CHECK(cls == MPI_ERR_TRUNCATE, "truncated blocking receive of %d bytes -> MPI_ERR_TRUNCATE", len);
#ifdef LIBMPI_MBCF /* MPI leaves the buffer undefined; ours keeps the prefix */
                CHECK(tap_same(rb, len / 2, 9), "truncated receive keeps the first %d bytes", len / 2);
#endif
                MPI_Request r;
                MPI_Irecv(rb, len / 4, MPI_BYTE, peer, 500 + t, MPI_COMM_WORLD, &r);
                MPI_Status sts[1];
                rc = MPI_Waitall(1, &r, sts);
                int c2 = -1;
                MPI_Error_class(sts[0].MPI_ERROR, &c2);
                CHECK(rc == MPI_ERR_IN_STATUS && c2 == MPI_ERR_TRUNCATE,
                      "Waitall truncation of %d bytes -> MPI_ERR_IN_STATUS + status", len);
            }
        }
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    } else {
        CHECK(1, "rank %d idle", me);
    }
    free(sb);
    free(rb);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
