/* intercomm.c - conformance: intercommunicators (MPI-3.1 sec 6.6): even and
 * odd world ranks joined by Intercomm_create; Comm_test_inter, Comm_size/
 * rank (local), Comm_remote_size/group; point-to-point addressed by remote
 * rank with MPI_ANY_SOURCE statuses in remote ranks; Barrier and Bcast
 * (MPI_ROOT / MPI_PROC_NULL) both ways; Comm_dup keeps traffic apart;
 * Intercomm_merge orders the low group first; Comm_free.
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    if (n < 2) {
        CHECK(1, "intercomm: needs 2 processes, nothing to do on %d", n);
        int rc = tap_finish();
        MPI_Finalize();
        return rc;
    }
    int color = me % 2, nev = (n + 1) / 2, nodd = n / 2;
    int lsize_exp = color ? nodd : nev, rsize_exp = color ? nev : nodd;
    MPI_Comm local, ic;
    MPI_Comm_split(MPI_COMM_WORLD, color, me, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, color ? 0 : 1, 77, &ic);
    int flag = 0, lsize, lrank, rsize;
    MPI_Comm_test_inter(ic, &flag);
    MPI_Comm_size(ic, &lsize);
    MPI_Comm_rank(ic, &lrank);
    MPI_Comm_remote_size(ic, &rsize);
    CHECK(flag && lsize == lsize_exp && lrank == me / 2 && rsize == rsize_exp,
          "test_inter %d, local size %d rank %d, remote size %d", flag, lsize, lrank, rsize);
    int tflag = 1;
    MPI_Comm_test_inter(local, &tflag);
    CHECK(!tflag, "an intracommunicator is not inter");
    MPI_Group rg, wg;
    MPI_Comm_remote_group(ic, &rg);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    int ok = 1;
    for (int j = 0; j < rsize; j++) {
        int w = -1;
        MPI_Group_translate_ranks(rg, 1, &j, wg, &w);
        ok &= w == 2 * j + !color;
    }
    CHECK(ok, "remote group holds the other parity's world ranks in order");
    MPI_Group_free(&rg);
    MPI_Group_free(&wg);

    /* point-to-point: to remote rank lrank % rsize; receive from every
     * remote j with j % lsize == lrank */
    int mine = me, expect = 0, seen = 0, okp = 1;
    MPI_Request sr;
    MPI_Isend(&mine, 1, MPI_INT, lrank % rsize, 9, ic, &sr);
    for (int j = 0; j < rsize; j++)
        if (j % lsize == lrank)
            expect++;
    for (int k = 0; k < expect; k++) {
        int v = -1;
        MPI_Status st;
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 9, ic, &st);
        okp &= v == 2 * st.MPI_SOURCE + !color && st.MPI_SOURCE % lsize == lrank;
        seen++;
    }
    MPI_Wait(&sr, MPI_STATUS_IGNORE);
    CHECK(okp && seen == expect, "p2p by remote rank, ANY_SOURCE status is a remote rank (%d)",
          seen);

    MPI_Barrier(ic);
    CHECK(1, "Barrier on the intercommunicator returns");

    /* Bcast evens -> odds, then odds -> evens (root: remote rank 0) */
    int val[3] = { -1, -1, -1 };
    for (int dir = 0; dir < 2; dir++) {
        int sender = dir == 0 ? 0 : 1;      /* color of the root group */
        int root;
        if (color == sender) {
            root = lrank == 0 ? MPI_ROOT : MPI_PROC_NULL;
            if (lrank == 0)
                val[0] = 40 + dir, val[1] = 50 + dir, val[2] = 60 + dir;
        } else {
            root = 0;
        }
        MPI_Bcast(val, 3, MPI_INT, root, ic);
        if (color != sender)
            CHECK(val[0] == 40 + dir && val[2] == 60 + dir, "Bcast %s -> %s",
                  dir ? "odd" : "even", dir ? "even" : "odd");
        else
            CHECK(1, "Bcast root side (%s)", lrank == 0 ? "MPI_ROOT" : "MPI_PROC_NULL");
    }

    /* dup: same tags on ic and its dup do not cross */
    MPI_Comm ic2;
    MPI_Comm_dup(ic, &ic2);
    int a = me, b = me + 1000, ra = -1, rb = -1;
    MPI_Request q[2];
    if (lrank == 0) {
        MPI_Irecv(&ra, 1, MPI_INT, 0, 5, ic, &q[0]);
        MPI_Irecv(&rb, 1, MPI_INT, 0, 5, ic2, &q[1]);
        MPI_Send(&b, 1, MPI_INT, 0, 5, ic2);
        MPI_Send(&a, 1, MPI_INT, 0, 5, ic);
        MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
        CHECK(ra == !color && rb == !color + 1000, "Comm_dup of an intercommunicator: own context");
    }
    MPI_Comm_free(&ic2);

    /* merge: odds pass high = 1, so evens come first */
    MPI_Comm merged;
    MPI_Intercomm_merge(ic, color, &merged);
    int ms, mr;
    MPI_Comm_size(merged, &ms);
    MPI_Comm_rank(merged, &mr);
    int exp_rank = color ? nev + me / 2 : me / 2;
    int sum = 0;
    MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, merged);
    CHECK(ms == n && mr == exp_rank && sum == n * (n - 1) / 2,
          "Intercomm_merge: size %d rank %d (expect %d), Allreduce %d", ms, mr, exp_rank, sum);
    int tl = 1;
    MPI_Comm_test_inter(merged, &tl);
    CHECK(!tl, "the merged communicator is an intracommunicator");
    MPI_Comm_free(&merged);
    MPI_Comm_free(&ic);
    MPI_Comm_free(&local);
    CHECK(ic == MPI_COMM_NULL, "Comm_free of the intercommunicator");
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
