/* intercomm_split.c - conformance: communicator constructors on an
 * intercommunicator (MPI-3.1 sec 6.4.2): Comm_split gives an
 * intercommunicator per color whose local group is this side's members of
 * that color (ordered by key) and whose remote group is the other side's
 * members of the same color; MPI_UNDEFINED and a color absent on the other
 * side give MPI_COMM_NULL. Comm_create with a subgroup of the local group on
 * each side: the remote group is what the other side passed. Comm_split_type
 * (MPI_COMM_TYPE_SHARED) gives an intercommunicator or MPI_COMM_NULL.
 * Messages and Barrier/Bcast work on the results.
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"

/* world rank of remote rank j of ic */
static int remote_world(MPI_Comm ic, int j)
{
    MPI_Group rg, wg;
    int w = -1;
    MPI_Comm_remote_group(ic, &rg);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_translate_ranks(rg, 1, &j, wg, &w);
    MPI_Group_free(&rg);
    MPI_Group_free(&wg);
    return w;
}

/* a message to every remote rank and one from each; Bcast from remote 0 */
static int exercise(MPI_Comm ic)
{
    int lsize, rsize, lrank, ok = 1;
    MPI_Comm_size(ic, &lsize);
    MPI_Comm_remote_size(ic, &rsize);
    MPI_Comm_rank(ic, &lrank);
    int me = tap_rank();
    for (int j = 0; j < rsize; j++)
        MPI_Send(&me, 1, MPI_INT, j, 3, ic);
    for (int j = 0; j < rsize; j++) {
        int v = -1;
        MPI_Recv(&v, 1, MPI_INT, j, 3, ic, MPI_STATUS_IGNORE);
        ok &= v == remote_world(ic, j);
    }
    MPI_Barrier(ic);
    return ok;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    if (n < 2) {
        CHECK(1, "intercomm_split: needs 2 processes, nothing to do on %d", n);
        int rc = tap_finish();
        MPI_Finalize();
        return rc;
    }
    int side = me % 2;
    MPI_Comm local, ic;
    MPI_Comm_split(MPI_COMM_WORLD, side, me, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, side ? 0 : 1, 11, &ic);
    int lrank, lsize, rsize;
    MPI_Comm_rank(ic, &lrank);
    MPI_Comm_size(ic, &lsize);
    MPI_Comm_remote_size(ic, &rsize);

    /* split: color = local rank % 2, reverse order by key */
    MPI_Comm sc;
    int color = lrank % 2;
    int e = MPI_Comm_split(ic, color, -lrank, &sc);
    int want_l = (lsize - color + 1) / 2, want_r = (rsize - color + 1) / 2;
    if (want_r == 0) {
        CHECK(e == MPI_SUCCESS && sc == MPI_COMM_NULL,
              "Comm_split of an intercommunicator: color %d has no remote member: COMM_NULL",
              color);
    } else {
        int inter = 0, l = -1, r = -1, rk = -1;
        MPI_Comm_test_inter(sc, &inter);
        MPI_Comm_size(sc, &l);
        MPI_Comm_remote_size(sc, &r);
        MPI_Comm_rank(sc, &rk);
        /* local ranks of my color: color, color+2, ...; key -lrank reverses */
        int want_rank = (lsize - 1 - color) / 2 - (lrank - color) / 2;
        int order = 1; /* remote rank j is remote local rank r0 - 2j */
        int rtop = color + 2 * (want_r - 1);
        for (int j = 0; j < r; j++)
            order &= remote_world(sc, j) == 2 * (rtop - 2 * j) + !side;
        CHECK(e == MPI_SUCCESS && inter && l == want_l && r == want_r && rk == want_rank && order,
              "Comm_split of an intercommunicator: inter %d, local %d/%d rank %d/%d, remote "
              "%d/%d, remote order by key %d",
              inter, l, want_l, rk, want_rank, r, want_r, order);
        CHECK(exercise(sc), "messages and Barrier on the split intercommunicator");
        MPI_Comm_free(&sc);
    }
    e = MPI_Comm_split(ic, lrank == 0 ? MPI_UNDEFINED : 0, 0, &sc);
    int nonnull = sc != MPI_COMM_NULL;
    CHECK(e == MPI_SUCCESS && (lrank == 0 ? !nonnull : (nonnull == (rsize > 1))),
          "Comm_split of an intercommunicator with MPI_UNDEFINED at local rank 0");
    if (nonnull)
        MPI_Comm_free(&sc);

    /* create: this side passes its local ranks 0..k-1, k = 1 on side 0, 2 on side 1 */
    MPI_Group lg, sub;
    MPI_Comm_group(ic, &lg);
    int k = side ? (lsize < 2 ? lsize : 2) : 1, rk_other = side ? 1 : (rsize < 2 ? rsize : 2);
    int range[1][3] = { { 0, k - 1, 1 } };
    MPI_Group_range_incl(lg, 1, range, &sub);
    MPI_Comm cc;
    e = MPI_Comm_create(ic, sub, &cc);
    if (lrank < k) {
        int l = -1, r = -1;
        MPI_Comm_size(cc, &l);
        MPI_Comm_remote_size(cc, &r);
        CHECK(e == MPI_SUCCESS && l == k && r == rk_other && remote_world(cc, 0) == !side,
              "Comm_create on an intercommunicator: local %d (want %d), remote %d (want %d)", l,
              k, r, rk_other);
        CHECK(exercise(cc), "messages and Barrier on the created intercommunicator");
        MPI_Comm_free(&cc);
    } else {
        CHECK(e == MPI_SUCCESS && cc == MPI_COMM_NULL,
              "Comm_create on an intercommunicator: not in the group: COMM_NULL");
    }
    MPI_Group_free(&sub);
    MPI_Group_free(&lg);

    /* split_type: the members of one node on both sides */
    MPI_Comm tc;
    e = MPI_Comm_split_type(ic, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &tc);
    int inter = 0;
    if (tc != MPI_COMM_NULL) {
        MPI_Comm_test_inter(tc, &inter);
        CHECK(e == MPI_SUCCESS && inter && exercise(tc),
              "Comm_split_type(SHARED) of an intercommunicator: an intercommunicator");
        MPI_Comm_free(&tc);
    } else {
        CHECK(e == MPI_SUCCESS, "Comm_split_type(SHARED) of an intercommunicator: COMM_NULL "
                                "(no remote member on this node)");
    }
    MPI_Comm_free(&ic);
    MPI_Comm_free(&local);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
