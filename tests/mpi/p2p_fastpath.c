/* p2p_fastpath.c - conformance around libmpi_mbcf's per-message fast path
 * (docs/fastpath.md): a receive with a source posted
 * alone (pml_irecv_fast), the W_DONE completed in place (done_fast), a small
 * receive's eager message delivered in place (eager_fast), the send's
 * entry posted at once with the send-requests attached (chan_send_post),
 * and every case that must leave it for the full path: ANY_SOURCE posted
 * alongside, a message that does not fit (truncation), a non-contiguous
 * type, an unexpected message already there, arrivals not yet read when a
 * small receive is posted alone (sixth part), a predefined type with
 * padding, cancel, Isend/Irecv mixed with
 * blocking calls, sizes across the inline limit and the eager limit. Every
 * case checks data and status; it runs on any MPI (MPICH validates it). */
#include "tap.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STEPS 300

/* Rank 1 posts two receives of one int with tag, one from rank 0 and one
 * from ANY_SOURCE (the ANY_SOURCE one first if any_first), then tells rank
 * 0, which sends v and v + 1: the first posted takes v, the second v + 1
 * (MPI order), both with source 0. */
static void two_receives(int me, int any_first, int tag, int v, const char *what)
{
    if (me == 1) {
        int got[2] = { -1, -1 };
        MPI_Request r[2];
        MPI_Status st[2];
        MPI_Irecv(&got[0], 1, MPI_INT, any_first ? MPI_ANY_SOURCE : 0, tag, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&got[1], 1, MPI_INT, any_first ? 0 : MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &r[1]);
        MPI_Send(NULL, 0, MPI_INT, 0, tag + 1, MPI_COMM_WORLD);
        MPI_Waitall(2, r, st);
        CHECK(got[0] == v && got[1] == v + 1 && st[0].MPI_SOURCE == 0 && st[1].MPI_SOURCE == 0,
              "%s (%d %d)", what, got[0], got[1]);
    } else {
        int w[2] = { v, v + 1 };
        MPI_Recv(NULL, 0, MPI_INT, 1, tag + 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&w[0], 1, MPI_INT, 1, tag, MPI_COMM_WORLD);
        MPI_Send(&w[1], 1, MPI_INT, 1, tag, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(120);
    int me = tap_rank(), n = tap_size();
    int pair = n >= 2 && me < 2, other = 1 - me;
    static unsigned char sb[2048], rb[2048];

    /* 1. ping-pong with Irecv(source)+Send+Wait, sizes across the inline
     *    and eager limits: the common path, data and status each step */
    if (pair) {
        static const int sizes[] = { 0, 4, 64, 256, 1000, 1336, 2048 };
        int ok = 1;
        for (int s = 0; s < (int)(sizeof sizes / sizeof sizes[0]); s++)
            for (int i = 0; i < 50; i++) {
                int len = sizes[s], seed = s * 100 + i;
                MPI_Request r;
                MPI_Status st;
                memset(rb, 0, sizeof rb);
                MPI_Irecv(rb, len, MPI_BYTE, other, 7, MPI_COMM_WORLD, &r);
                if (me == 0) {
                    tap_fill(sb, len, seed);
                    MPI_Send(sb, len, MPI_BYTE, other, 7, MPI_COMM_WORLD);
                    MPI_Wait(&r, &st);
                } else {
                    MPI_Wait(&r, &st);
                    memcpy(sb, rb, (size_t)len);
                    MPI_Send(sb, len, MPI_BYTE, other, 7, MPI_COMM_WORLD);
                }
                int cnt;
                MPI_Get_count(&st, MPI_BYTE, &cnt);
                /* (MPI_Wait need not set MPI_ERROR: MPI-3.1 sec 3.7.5) */
                ok &= tap_same(rb, len, seed) && cnt == len && st.MPI_SOURCE == other &&
                      st.MPI_TAG == 7;
            }
        CHECK(ok, "rank %d: ping-pong 0-2048 B, data and status every step", me);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 2. an ANY_SOURCE receive posted before the one with a source: the
     *    message takes the first that matches (MPI order), the second the
     *    next message; 3. the receive with a source first, ANY_SOURCE after */
    if (pair) {
        two_receives(me, 1, 3, 11, "ANY_SOURCE posted first takes the first message");
        two_receives(me, 0, 5, 21, "source posted first, then ANY_SOURCE: in order");
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 4. truncation: the posted receive is smaller than the message that
     *    takes its send-request or comes eager (the fast completions must
     *    not take it) */
    if (pair) {
        if (me == 1) {
            MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
            int got[2];
            MPI_Request r;
            MPI_Status st;
            MPI_Irecv(got, 2, MPI_INT, 0, 8, MPI_COMM_WORLD, &r);
            MPI_Send(NULL, 0, MPI_INT, 0, 9, MPI_COMM_WORLD);
            int e = MPI_Wait(&r, &st);
            int cls = -1;
            MPI_Error_class(e == MPI_SUCCESS ? st.MPI_ERROR : e, &cls);
            CHECK(cls == MPI_ERR_TRUNCATE, "a longer message into a posted receive: MPI_ERR_TRUNCATE");
            MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        } else {
            int v[4] = { 31, 32, 33, 34 };
            MPI_Recv(NULL, 0, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(v, 4, MPI_INT, 1, 8, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 5. a non-contiguous receive type (every other int) with a source */
    if (pair) {
        MPI_Datatype vt;
        MPI_Type_vector(4, 1, 2, MPI_INT, &vt);
        MPI_Type_commit(&vt);
        if (me == 1) {
            int got[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };
            MPI_Request r;
            MPI_Irecv(got, 1, vt, 0, 10, MPI_COMM_WORLD, &r);
            MPI_Send(NULL, 0, MPI_INT, 0, 11, MPI_COMM_WORLD);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            CHECK(got[0] == 41 && got[2] == 42 && got[4] == 43 && got[6] == 44 && got[1] == -1 &&
                  got[7] == -1, "a vector receive with a source: strided data, gaps untouched");
        } else {
            int v[4] = { 41, 42, 43, 44 };
            MPI_Recv(NULL, 0, MPI_INT, 1, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(v, 4, MPI_INT, 1, 10, MPI_COMM_WORLD);
        }
        MPI_Type_free(&vt);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 6. a message already there (unexpected) when the receive is posted */
    if (pair) {
        if (me == 0) {
            int v = 51;
            MPI_Request r;               /* (a blocking send may wait for its receive) */
            MPI_Isend(&v, 1, MPI_INT, 1, 12, MPI_COMM_WORLD, &r);
            MPI_Send(NULL, 0, MPI_INT, 1, 13, MPI_COMM_WORLD);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        } else {
            int v = -1, flag = 0;
            MPI_Recv(NULL, 0, MPI_INT, 0, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Iprobe(0, 12, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            MPI_Request r;
            MPI_Irecv(&v, 1, MPI_INT, 0, 12, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            CHECK(v == 51 && flag, "an unexpected message is taken by the next receive");
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 7. cancel a receive posted with a source (its send-request is out),
     *    then the next receive gets the message */
    if (pair) {
        if (me == 1) {
            int v = -1, w = -1, c = 0;
            MPI_Request r;
            MPI_Status st;
            MPI_Irecv(&v, 1, MPI_INT, 0, 14, MPI_COMM_WORLD, &r);
            MPI_Cancel(&r);
            MPI_Wait(&r, &st);
            MPI_Test_cancelled(&st, &c);
            MPI_Send(NULL, 0, MPI_INT, 0, 15, MPI_COMM_WORLD);
            MPI_Recv(&w, 1, MPI_INT, 0, 14, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            CHECK(c && v == -1 && w == 61, "a cancelled receive with a source: the next one gets the message");
        } else {
            int v = 61;
            MPI_Recv(NULL, 0, MPI_INT, 1, 15, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&v, 1, MPI_INT, 1, 14, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 8. Isend/Irecv both ways with ANY_TAG and waits in either order, many
     *    steps: the fast paths interleaved with requests */
    if (pair) {
        int ok = 1;
        for (int i = 0; i < STEPS; i++) {
            int out = me * 100000 + i, in = -1;
            MPI_Request r[2];
            MPI_Status st[2];
            MPI_Irecv(&in, 1, MPI_INT, other, i % 2 ? MPI_ANY_TAG : i % 7, MPI_COMM_WORLD, &r[0]);
            MPI_Isend(&out, 1, MPI_INT, other, i % 7, MPI_COMM_WORLD, &r[1]);
            if (i % 3 == 0) {
                MPI_Wait(&r[1], &st[1]);
                MPI_Wait(&r[0], &st[0]);
            } else {
                MPI_Waitall(2, r, st);
            }
            ok &= in == other * 100000 + i && st[0].MPI_TAG == i % 7 && st[0].MPI_SOURCE == other;
        }
        CHECK(ok, "rank %d: %d Isend/Irecv exchanges, ANY_TAG every other step", me, STEPS);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 9. all ranks: ring with Irecv(source) + Send, so a rank has receives
     *    from one peer and sends to another (n > 2) */
    {
        int ok = 1, right = (me + 1) % n, left = (me + n - 1) % n;
        for (int i = 0; i < 100; i++) {
            int v = -1, out = me * 1000 + i;
            MPI_Request r;
            MPI_Irecv(&v, 1, MPI_INT, left, 16, MPI_COMM_WORLD, &r);
            MPI_Send(&out, 1, MPI_INT, right, 16, MPI_COMM_WORLD);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            ok &= v == left * 1000 + i;
        }
        CHECK(ok, "rank %d: ring of %d, 100 rounds of Irecv(left)+Send(right)", me, n);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 10. small receives posted alone while messages have arrived and are
     *     not read yet (rank 1 makes no MPI call for 50 ms after the
     *     barrier; the receive's fast path posts a small receive without
     *     draining first, docs/fastpath.md): tag 18 skips the
     *     first tag-17 message, then the two tag-17 ones in order */
    if (pair) {
        if (me == 0) {
            int v[3] = { 71, 72, 73 }, tags[3] = { 17, 18, 17 };
            MPI_Barrier(MPI_COMM_WORLD);
            for (int i = 0; i < 3; i++)
                MPI_Send(&v[i], 1, MPI_INT, 1, tags[i], MPI_COMM_WORLD);
        } else {
            int got[3] = { -1, -1, -1 }, tags[3] = { 18, 17, 17 };
            MPI_Request r[3];
            MPI_Status st[3];
            MPI_Barrier(MPI_COMM_WORLD);
            struct timespec t0, t;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            do
                clock_gettime(CLOCK_MONOTONIC, &t);
            while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < 50000000L);
            for (int i = 0; i < 3; i++)
                MPI_Irecv(&got[i], 1, MPI_INT, 0, tags[i], MPI_COMM_WORLD, &r[i]);
            MPI_Waitall(3, r, st);
            CHECK(got[0] == 72 && got[1] == 71 && got[2] == 73 && st[0].MPI_TAG == 18 &&
                  st[1].MPI_TAG == 17 && st[2].MPI_TAG == 17 && st[0].MPI_SOURCE == 0 &&
                  st[2].MPI_SOURCE == 0,
                  "receives posted after unread arrivals: by tag, in order (%d %d %d)", got[0],
                  got[1], got[2]);
        }
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 11. a predefined type that is not contiguous for count > 1
     *     (MPI_DOUBLE_INT: padding after the int): data and count */
    if (pair) {
        struct { double d; int i; } v[2] = { { 1.5, 81 }, { 2.5, 82 } }, w[2];
        memset(w, 0, sizeof w);
        if (me == 0) {
            MPI_Send(v, 2, MPI_DOUBLE_INT, 1, 20, MPI_COMM_WORLD);
        } else {
            MPI_Status st;
            int cnt = -1;
            MPI_Recv(w, 2, MPI_DOUBLE_INT, 0, 20, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE_INT, &cnt);
            CHECK(cnt == 2 && w[0].d == 1.5 && w[0].i == 81 && w[1].d == 2.5 && w[1].i == 82,
                  "two MPI_DOUBLE_INT with a source: data and count");
        }
    }
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
