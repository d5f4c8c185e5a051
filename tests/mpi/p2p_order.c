/* p2p_order.c - conformance: MPI non-overtaking order under MPI_ANY_SOURCE /
 * MPI_ANY_TAG, receive-first and send-first races with many outstanding
 * requests, mixed wildcard and specific receives (the cases where seed 003's
 * send-requests can cross messages in flight, footnotes 2-3), and a flood
 * into a receiver that is away (full FIFO, go-back). */
#include "tap.h"
#include <stdlib.h>
#include <string.h>

#define K 200

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(120);
    int me = tap_rank(), n = tap_size();

    /* 1. all ranks stream K tagged messages to rank 0, which takes them with
     *    ANY_SOURCE/ANY_TAG: per source the sequence must increase */
    if (me == 0) {
        int last[64], ok = 1, total = 0;
        for (int i = 0; i < n; i++)
            last[i] = -1;
        for (int i = 0; i < (n - 1) * K; i++) {
            int v[2];
            MPI_Status st;
            MPI_Recv(v, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (v[0] != st.MPI_SOURCE || v[1] <= last[v[0]] || st.MPI_TAG != v[1] % 5)
                ok = 0;
            last[v[0]] = v[1];
            total++;
        }
        CHECK(ok && total == (n - 1) * K, "ANY_SOURCE/ANY_TAG keeps per-source order (%d msgs)", total);
    } else {
        for (int i = 0; i < K; i++) {
            int v[2] = { me, i };
            MPI_Send(v, 2, MPI_INT, 0, i % 5, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 2. receive-first: rank 1 pre-posts K receives (alternating ANY_TAG and
     *    specific tags), then rank 0 sends; same tag messages match in order */
    if (n >= 2 && me < 2) {
        int *buf = calloc(K, sizeof(int));
        MPI_Request *rq = malloc(K * sizeof *rq);
        if (me == 1) {
            for (int i = 0; i < K; i++)
                MPI_Irecv(&buf[i], 1, MPI_INT, 0, i % 2 ? MPI_ANY_TAG : 3, MPI_COMM_WORLD, &rq[i]);
            MPI_Send(NULL, 0, MPI_INT, 0, 99, MPI_COMM_WORLD);
            MPI_Waitall(K, rq, MPI_STATUSES_IGNORE);
            int ok = 1;
            for (int i = 0; i < K; i++)
                ok &= buf[i] == i;
            CHECK(ok, "receive-first: %d pre-posted receives matched in order", K);
        } else {
            MPI_Recv(NULL, 0, MPI_INT, 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int i = 0; i < K; i++) {
                buf[i] = i;
                MPI_Isend(&buf[i], 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &rq[i]);
            }
            MPI_Waitall(K, rq, MPI_STATUSES_IGNORE);
            CHECK(1, "receive-first: sends completed");
        }
        free(buf);
        free(rq);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 3. send-first then racing receives: sender streams while receiver posts
     *    receives without waiting (messages and send-requests cross) */
    if (n >= 2 && me < 2) {
        int *buf = calloc(K, sizeof(int));
        MPI_Request *rq = malloc(K * sizeof *rq);
        if (me == 0) {
            for (int i = 0; i < K; i++) {
                buf[i] = 1000 + i;
                MPI_Isend(&buf[i], 1, MPI_INT, 1, i % 3, MPI_COMM_WORLD, &rq[i]);
            }
            MPI_Waitall(K, rq, MPI_STATUSES_IGNORE);
        } else {
            for (int i = 0; i < K; i++)
                MPI_Irecv(&buf[i], 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &rq[i]);
            MPI_Waitall(K, rq, MPI_STATUSES_IGNORE);
            int ok = 1;
            for (int i = 0; i < K; i++)
                ok &= buf[i] == 1000 + i;
            CHECK(ok, "send-first race: %d messages in order", K);
        }
        free(buf);
        free(rq);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 4. wildcard receive posted before a specific one: the first message must
     *    go to the wildcard receive (a send-request of the later receive may
     *    not overtake it) */
    if (n >= 2 && me < 2) {
        int a = -1, b = -1;
        if (me == 1) {
            MPI_Request r[2];
            MPI_Irecv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 8, MPI_COMM_WORLD, &r[0]);
            MPI_Irecv(&b, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, &r[1]);
            MPI_Send(NULL, 0, MPI_INT, 0, 98, MPI_COMM_WORLD);
            MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
            CHECK(a == 1 && b == 2, "ANY_SOURCE receive posted first gets the first message");
        } else {
            MPI_Recv(NULL, 0, MPI_INT, 1, 98, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int v = 1;
            MPI_Send(&v, 1, MPI_INT, 1, 8, MPI_COMM_WORLD);
            v = 2;
            MPI_Send(&v, 1, MPI_INT, 1, 8, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 5. tag-selective receive order: receive tag 2 first although tag 1
     *    messages were sent earlier; then tag 1 in order */
    if (n >= 2 && me < 2) {
        if (me == 0) {
            /* non-blocking: blocking sends would rely on eager buffering */
            int vs[10];
            MPI_Request rs[10];
            for (int i = 0; i < 10; i++) {
                vs[i] = i;
                MPI_Isend(&vs[i], 1, MPI_INT, 1, 1 + (i >= 5), MPI_COMM_WORLD, &rs[i]);
            }
            MPI_Waitall(10, rs, MPI_STATUSES_IGNORE);
        } else {
            int ok = 1, v;
            for (int i = 5; i < 10; i++) {
                MPI_Recv(&v, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                ok &= v == i;
            }
            for (int i = 0; i < 5; i++) {
                MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                ok &= v == i;
            }
            CHECK(ok, "tag-selective receives keep order within a tag");
        }
    }

    /* 6. all-pairs exchange with many outstanding requests each way */
    {
        int m = 20;
        int *sb = malloc((size_t)n * m * sizeof(int)), *rb = malloc((size_t)n * m * sizeof(int));
        MPI_Request *rq = malloc((size_t)2 * n * m * sizeof *rq);
        int k = 0;
        for (int p = 0; p < n; p++)
            for (int i = 0; i < m; i++)
                MPI_Irecv(&rb[p * m + i], 1, MPI_INT, p, 50, MPI_COMM_WORLD, &rq[k++]);
        for (int p = 0; p < n; p++)
            for (int i = 0; i < m; i++) {
                sb[p * m + i] = me * 10000 + p * 100 + i;
                MPI_Isend(&sb[p * m + i], 1, MPI_INT, p, 50, MPI_COMM_WORLD, &rq[k++]);
            }
        MPI_Waitall(k, rq, MPI_STATUSES_IGNORE);
        int ok = 1;
        for (int p = 0; p < n; p++)
            for (int i = 0; i < m; i++)
                ok &= rb[p * m + i] == p * 10000 + me * 100 + i;
        CHECK(ok, "all-pairs exchange, %d outstanding requests", k);
        free(sb);
        free(rb);
        free(rq);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 7. a flood into a receiver that is away: rank 0 sends F messages of
     *    1 KiB while rank 1 computes for 0.2 s outside MPI; its message FIFO
     *    fills, appends are refused and the channel goes back and posts
     *    again (libmpi_mbcf btl_chan.c): every message arrives once, in
     *    order, intact (the receives are posted in the end: no deadlock) */
    if (n >= 2 && me < 2) {
        enum { F = 600, W = 256 };
        int *v = malloc(W * sizeof(int));
        if (me == 0) {
            for (int i = 0; i < F; i++) {
                for (int k = 0; k < W; k++)
                    v[k] = i * W + k;
                MPI_Send(v, W, MPI_INT, 1, 60 + i % 2, MPI_COMM_WORLD);
            }
        } else {
            double t0 = MPI_Wtime();
            while (MPI_Wtime() - t0 < 0.2)
                ;
            int ok = 1;
            for (int i = 0; i < F; i++) {
                MPI_Recv(v, W, MPI_INT, 0, 60 + i % 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                for (int k = 0; k < W; k++)
                    ok &= v[k] == i * W + k;
            }
            CHECK(ok, "flood of %d x 1 KiB into a receiver away for 0.2 s: in order, intact", F);
        }
        free(v);
    }
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
