/* mpi4_bigcount.c - conformance: the large-count "_c" functions (MPI-4.0
 * sec 2.5.8 and each chapter's _c bindings): point-to-point, collectives
 * with MPI_Count count arrays and MPI_Aint displacements, persistent and
 * non-blocking forms, datatype constructors and queries answering in
 * MPI_Count, Pack_c/Unpack_c, Op_create_c, a type of more than INT_MAX
 * elements; with MPI4_BIG=1 in the environment also a message of more than
 * INT_MAX bytes between ranks 0 and 1 (about 4.3 GB of memory per pair). */
#include "tap.h"
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void sum_c(void *in, void *inout, MPI_Count *len, MPI_Datatype *dt)
{
    (void)dt;
    for (MPI_Count i = 0; i < *len; i++)
        ((int *)inout)[i] += 2 * ((int *)in)[i]; /* not MPI_SUM: shows this op ran */
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(300);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    MPI_Comm w = MPI_COMM_WORLD;

    /* point-to-point */
    double s[100], r[100];
    for (int i = 0; i < 100; i++)
        s[i] = me + i * 0.25, r[i] = -1;
    MPI_Status st;
    MPI_Sendrecv_c(s, 100, MPI_DOUBLE, next, 1, r, 100, MPI_DOUBLE, prev, 1, w, &st);
    MPI_Count cnt = -1;
    MPI_Get_count_c(&st, MPI_DOUBLE, &cnt);
    int ok = cnt == 100;
    for (int i = 0; i < 100; i++)
        ok &= r[i] == prev + i * 0.25;
    CHECK(ok, "Sendrecv_c and Get_count_c (%lld)", (long long)cnt);
    MPI_Request q[2];
    MPI_Irecv_c(r, 50, MPI_DOUBLE, prev, 2, w, &q[0]);
    MPI_Isend_c(s, 50, MPI_DOUBLE, next, 2, w, &q[1]);
    MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
    MPI_Count el = -1;
    MPI_Get_elements_c(&st, MPI_DOUBLE, &el);
    CHECK(r[49] == prev + 49 * 0.25 && el == 100, "Isend_c/Irecv_c, Get_elements_c");
    MPI_Recv_init_c(r, 10, MPI_DOUBLE, prev, 3, w, &q[0]);
    MPI_Send_init_c(s, 10, MPI_DOUBLE, next, 3, w, &q[1]);
    for (int it = 0; it < 2; it++) {
        MPI_Startall(2, q);
        MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
    }
    CHECK(r[9] == prev + 9 * 0.25, "Send_init_c/Recv_init_c restarted");
    MPI_Request_free(&q[0]);
    MPI_Request_free(&q[1]);

    /* collectives */
    int v = me + 1, sum = -1, b[3] = { 0, 0, 0 };
    MPI_Allreduce_c(&v, &sum, 1, MPI_INT, MPI_SUM, w);
    if (me == 0)
        b[0] = 7, b[1] = 8, b[2] = 9;
    MPI_Bcast_c(b, 3, MPI_INT, 0, w);
    CHECK(sum == n * (n + 1) / 2 && b[2] == 9, "Allreduce_c, Bcast_c");
    int *sa = malloc(n * sizeof(int)), *ra = malloc(n * sizeof(int));
    MPI_Count *c1 = malloc(n * sizeof(MPI_Count));
    MPI_Aint *d1 = malloc(n * sizeof(MPI_Aint));
    for (int i = 0; i < n; i++)
        sa[i] = me * 10 + i, ra[i] = -1, c1[i] = 1, d1[i] = i;
    MPI_Alltoallv_c(sa, c1, d1, MPI_INT, ra, c1, d1, MPI_INT, w);
    ok = 1;
    for (int i = 0; i < n; i++)
        ok &= ra[i] == i * 10 + me;
    CHECK(ok, "Alltoallv_c with MPI_Count counts and MPI_Aint displacements");
    for (int i = 0; i < n; i++)
        ra[i] = -1;
    MPI_Request rq;
    MPI_Allgatherv_init_c(&v, 1, MPI_INT, ra, c1, d1, MPI_INT, w, MPI_INFO_NULL, &rq);
    for (int i = 0; i < n; i++)
        c1[i] = 99; /* the request converted its copy at init */
    MPI_Start(&rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < n; i++)
        ok &= ra[i] == i + 1;
#ifdef LIBMPI_MBCF
    CHECK(ok, "Allgatherv_init_c");
#else
    (void)ok; /* the standard leaves the arrays the user's until freed */
#endif
    MPI_Request_free(&rq);
    for (int i = 0; i < n; i++)
        c1[i] = 1;
    int gv = -1;
    MPI_Iallreduce_c(&v, &gv, 1, MPI_INT, MPI_MAX, w, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    CHECK(gv == n, "Iallreduce_c");

    /* a user operation with an MPI_Count length */
    MPI_Op op;
    MPI_Op_create_c(sum_c, 1, &op);
    int x[2] = { me, 1 }, y[2] = { -1, -1 };
    MPI_Reduce_c(x, y, 2, MPI_INT, op, 0, w);
    if (me == 0) {
        /* a fold of n operands with inout += 2 * in: the exact value depends on
         * the tree, but it is never the plain sum for n > 1 */
        CHECK(n == 1 ? y[1] == 1 : y[1] > n, "Op_create_c operation ran (%d)", y[1]);
    }
    MPI_Op_free(&op);

    /* datatypes in MPI_Count */
    MPI_Datatype vec, huge;
    MPI_Type_vector_c(3, 2, 4, MPI_INT, &vec);
    MPI_Count sz = -1, lb = -1, ext = -1;
    MPI_Type_size_c(vec, &sz);
    MPI_Type_get_extent_c(vec, &lb, &ext);
    CHECK(sz == 24 && lb == 0 && ext == 40, "Type_vector_c: size %lld extent %lld",
          (long long)sz, (long long)ext);
    MPI_Count big = (MPI_Count)INT_MAX + 10;
    int e = MPI_Type_contiguous_c(big, MPI_CHAR, &huge);
    if (e == MPI_SUCCESS) {
        MPI_Type_commit(&huge);
        MPI_Type_size_c(huge, &sz);
        MPI_Type_get_true_extent_c(huge, &lb, &ext);
        CHECK(sz == big && ext == big, "Type_contiguous_c of INT_MAX+10 chars: size %lld",
              (long long)sz);
        MPI_Type_free(&huge);
    } else {
        CHECK(0, "Type_contiguous_c of INT_MAX+10 chars failed (%d)", e);
    }
    MPI_Count ni, na, nc, nd;
    int comb;
    MPI_Type_get_envelope_c(vec, &ni, &na, &nc, &nd, &comb);
    CHECK(comb == MPI_COMBINER_VECTOR && nd == 1, "Type_get_envelope_c");
    MPI_Type_free(&vec);

    /* Pack_c / Unpack_c */
    char pbuf[256];
    MPI_Count pos = 0, psz = -1;
    MPI_Pack_size_c(5, MPI_INT, w, &psz);
    int in5[5] = { 1, 2, 3, 4, 5 }, out5[5] = { 0 };
    MPI_Pack_c(in5, 5, MPI_INT, pbuf, sizeof pbuf, &pos, w);
    MPI_Count pos2 = 0;
    MPI_Unpack_c(pbuf, pos, &pos2, out5, 5, MPI_INT, w);
    CHECK(psz >= 20 && pos == pos2 && out5[4] == 5, "Pack_size_c, Pack_c, Unpack_c");

#ifdef LIBMPI_MBCF
    /* a count that does not fit where no derived type can carry it */
    MPI_Comm_set_errhandler(w, MPI_ERRORS_RETURN);
    int one = 1, dst = 0;
    e = MPI_Reduce_local_c(&one, &dst, big, MPI_INT, MPI_SUM);
    int cls = -1;
    MPI_Error_class(e, &cls);
    CHECK(cls == MPI_ERR_COUNT, "Reduce_local_c beyond INT_MAX: MPI_ERR_COUNT (%d)", cls);
    MPI_Comm_set_errhandler(w, MPI_ERRORS_ARE_FATAL);
#endif

    /* more than INT_MAX bytes between ranks 0 and 1 */
    const char *bigenv = getenv("MPI4_BIG");
    if (bigenv && atoi(bigenv) && n >= 2 && me < 2) {
        MPI_Count nb = (MPI_Count)INT_MAX + 4096 + 3;
        unsigned char *m = malloc((size_t)nb);
        if (m) {
            for (MPI_Count i = 0; i < nb; i += 4096)
                m[i] = me == 0 ? (unsigned char)(i >> 12) : 0;
            m[nb - 1] = me == 0 ? 0x5a : 0;
            if (me == 0) {
                MPI_Send_c(m, nb, MPI_BYTE, 1, 9, w);
            } else {
                MPI_Recv_c(m, nb, MPI_BYTE, 0, 9, w, &st);
                MPI_Get_count_c(&st, MPI_BYTE, &cnt);
                ok = cnt == nb && m[nb - 1] == 0x5a;
                for (MPI_Count i = 0; i < nb; i += 4096)
                    ok &= m[i] == (unsigned char)(i >> 12);
                CHECK(ok, "Send_c/Recv_c of %lld bytes (count %lld)", (long long)nb,
                      (long long)cnt);
            }
            free(m);
        } else {
            CHECK(1, "no memory for the INT_MAX+ message: skipped");
        }
    }
    free(sa);
    free(ra);
    free(c1);
    free(d1);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
