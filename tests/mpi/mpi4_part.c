/* mpi4_part.c - conformance: partitioned communication (MPI-4.0 sec 4):
 * Psend_init/Precv_init on a ring, partitions made ready out of order with
 * Pready, Pready_range and Pready_list, Parrived polled per partition,
 * restarts with new data, two partitioned operations with different tags
 * between the same ranks at once, a derived datatype, MPI_PROC_NULL, and
 * argument errors. */
#include "tap.h"
#include <stdlib.h>

#define PARTS 8
#define PER 300 /* doubles per partition: some partitions above the eager limit */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(120);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    double *s = malloc(PARTS * PER * sizeof(double)), *r = malloc(PARTS * PER * sizeof(double));
    MPI_Request sr, rr;
    MPI_Psend_init(s, PARTS, PER, MPI_DOUBLE, next, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &sr);
    MPI_Precv_init(r, PARTS, PER, MPI_DOUBLE, prev, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &rr);
    int ok = 1, arrived_ok = 1;
    for (int it = 0; it < 3; it++) {
        for (int i = 0; i < PARTS * PER; i++)
            s[i] = me * 1e6 + it * 1e4 + i, r[i] = -1;
        MPI_Start(&rr);
        MPI_Start(&sr);
        /* ready in the order 7, 0..2 (range), 5, 3 (list), 6, 4 */
        MPI_Pready(7, sr);
        MPI_Pready_range(0, 2, sr);
        int list[2] = { 5, 3 };
        MPI_Pready_list(2, list, sr);
        MPI_Pready(6, sr);
        MPI_Pready(4, sr);
        /* Parrived until every partition is there */
        int got = 0, flags[PARTS] = { 0 };
        for (long loops = 0; got < PARTS && loops < 100000000L; loops++)
            for (int p = 0; p < PARTS; p++)
                if (!flags[p]) {
                    MPI_Parrived(rr, p, &flags[p]);
                    if (flags[p]) {
                        got++;
                        for (int i = p * PER; i < (p + 1) * PER; i++)
                            arrived_ok &= r[i] == prev * 1e6 + it * 1e4 + i;
                    }
                }
        MPI_Wait(&sr, MPI_STATUS_IGNORE);
        MPI_Wait(&rr, MPI_STATUS_IGNORE);
        for (int i = 0; i < PARTS * PER; i++)
            ok &= r[i] == prev * 1e6 + it * 1e4 + i;
    }
    CHECK(ok, "Psend_init/Precv_init ring, partitions ready out of order, 3 starts");
    CHECK(arrived_ok, "a partition's data is in place when Parrived says so");
    MPI_Request_free(&sr);
    MPI_Request_free(&rr);

    /* two operations between the same ranks, different tags, readied crosswise */
    int a[4], b[4], ra[4] = { -1, -1, -1, -1 }, rb[4] = { -1, -1, -1, -1 };
    for (int i = 0; i < 4; i++)
        a[i] = me * 10 + i, b[i] = -me * 10 - i;
    MPI_Request q[4];
    MPI_Precv_init(ra, 2, 2, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_INFO_NULL, &q[0]);
    MPI_Precv_init(rb, 4, 1, MPI_INT, prev, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &q[1]);
    MPI_Psend_init(b, 4, 1, MPI_INT, next, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &q[3]);
    MPI_Psend_init(a, 2, 2, MPI_INT, next, 1, MPI_COMM_WORLD, MPI_INFO_NULL, &q[2]);
    MPI_Startall(4, q);
    MPI_Pready_range(0, 3, q[3]);
    MPI_Pready(1, q[2]);
    MPI_Pready(0, q[2]);
    MPI_Waitall(4, q, MPI_STATUSES_IGNORE);
    ok = 1;
    for (int i = 0; i < 4; i++)
        ok &= ra[i] == prev * 10 + i && rb[i] == -prev * 10 - i;
    CHECK(ok, "two partitioned operations with different tags at once");
    for (int i = 0; i < 4; i++)
        MPI_Request_free(&q[i]);

    /* a derived datatype per partition: 3 partitions of one column pair */
    int m[3][4], rm[3][4];
    MPI_Datatype pair;
    int pcount = 2;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            m[i][j] = me * 100 + i * 4 + j, rm[i][j] = -1;
    MPI_Psend_init(m, 3, pcount, pair, next, 3, MPI_COMM_WORLD, MPI_INFO_NULL, &sr);
    MPI_Precv_init(rm, 3, pcount, pair, prev, 3, MPI_COMM_WORLD, MPI_INFO_NULL, &rr);
    MPI_Type_free(&pair);
    MPI_Start(&rr);
    MPI_Start(&sr);
    MPI_Pready_range(0, 2, sr);
    MPI_Wait(&sr, MPI_STATUS_IGNORE);
    MPI_Wait(&rr, MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            ok &= rm[i][j] == prev * 100 + i * 4 + j;
    CHECK(ok, "partitions of a derived datatype (freed after init)");
    MPI_Request_free(&sr);
    MPI_Request_free(&rr);

#ifdef LIBMPI_MBCF /* Debian's MPICH 4.0.2 (UCX) crashes in ucp_am_send_nbx here */
    /* MPI_PROC_NULL: completes without data */
    MPI_Psend_init(a, 2, 2, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, MPI_INFO_NULL, &sr);
    MPI_Precv_init(ra, 2, 2, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, MPI_INFO_NULL, &rr);
    MPI_Start(&sr);
    MPI_Start(&rr);
    MPI_Pready_range(0, 1, sr);
    MPI_Wait(&sr, MPI_STATUS_IGNORE);
    MPI_Wait(&rr, MPI_STATUS_IGNORE);
    CHECK(1, "partitioned operations with MPI_PROC_NULL complete");
    MPI_Request_free(&sr);
    MPI_Request_free(&rr);

#endif
    /* errors come back with MPI_ERRORS_RETURN */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int e = MPI_Psend_init(a, 0, 2, MPI_INT, next, 6, MPI_COMM_WORLD, MPI_INFO_NULL, &sr);
    CHECK(e != MPI_SUCCESS, "Psend_init with 0 partitions is an error");
    e = MPI_Precv_init(ra, 2, 2, MPI_INT, n + 5, 6, MPI_COMM_WORLD, MPI_INFO_NULL, &rr);
    CHECK(e != MPI_SUCCESS, "Precv_init from a rank outside the communicator is an error");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    free(s);
    free(r);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
