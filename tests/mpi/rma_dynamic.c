/* rma_dynamic.c - conformance: dynamic windows (MPI-3.1 sec 11.2.4):
 * Win_create_dynamic, Win_attach/detach, target displacements as addresses
 * (MPI_Get_address), Put/Get/Accumulate in fence and lock epochs, two
 * attached regions; with our library also an access to memory not
 * attached (or detached) is refused at the target, memory untouched, and
 * the origin's unlock/fence returns MPI_ERR_RMA_ATTACH. Shared windows
 * (sec 11.2.3): Win_allocate_shared on MPI_COMM_SELF with Win_shared_query;
 * with our library over processes of several nodes MPI_ERR_RMA_SHARED. */
#include "tap.h"
#include <stdlib.h>

#ifndef MPICH_VERSION
static int err_class(int e)
{
    int c = -1;
    MPI_Error_class(e, &c);
    return c;
}
#endif

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int *flavor, flag = 0;
    MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
    CHECK(flag && *flavor == MPI_WIN_FLAVOR_DYNAMIC, "Win_create_dynamic: flavor DYNAMIC");
    int *a = calloc(8, sizeof(int)), *b = calloc(4, sizeof(int));
    int guard[4] = { 11, 11, 11, 11 };           /* never attached */
    MPI_Win_attach(win, a, 8 * sizeof(int));
    MPI_Win_attach(win, b, 4 * sizeof(int));
    MPI_Aint mine[3], *all = malloc(3 * (size_t)n * sizeof(MPI_Aint));
    MPI_Get_address(a, &mine[0]);
    MPI_Get_address(b, &mine[1]);
    MPI_Get_address(guard, &mine[2]);
    MPI_Allgather(mine, 3, MPI_AINT, all, 3, MPI_AINT, MPI_COMM_WORLD);
    MPI_Aint na = all[3 * next], nb = all[3 * next + 1];
    MPI_Aint pa = all[3 * prev];

    /* fence epoch: Put into next's a[1..2], Accumulate into next's b[0] */
    int two[2] = { 100 + me, 200 + me }, one = me + 1;
    MPI_Win_fence(0, win);
    MPI_Put(two, 2, MPI_INT, next, na + (MPI_Aint)sizeof(int), 2, MPI_INT, win);
    MPI_Accumulate(&one, 1, MPI_INT, next, nb, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    CHECK(a[1] == 100 + prev && a[2] == 200 + prev && b[0] == prev + 1 && a[0] == 0,
          "fence: Put and Accumulate at attached addresses of the next rank");
    int got[2] = { -1, -1 };
    MPI_Get(got, 2, MPI_INT, prev, pa + (MPI_Aint)sizeof(int), 2, MPI_INT, win);
    MPI_Win_fence(0, win);
    int pp = (prev + n - 1) % n;
    CHECK(got[0] == 100 + pp && got[1] == 200 + pp, "fence: Get from the previous rank's region");

    /* lock epoch into the second region */
    int v = 7000 + me;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win);
    MPI_Put(&v, 1, MPI_INT, next, nb + 3 * (MPI_Aint)sizeof(int), 1, MPI_INT, win);
    MPI_Win_unlock(next, win);
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK(b[3] == 7000 + prev, "lock/unlock: Put into the second attached region");

#ifndef MPICH_VERSION   /* erroneous programs: MPICH writes or crashes */
    /* (on this rank itself the access call returns the error, else the
     * synchronization that follows) */
    MPI_Aint nguard = all[3 * next + 2];
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    int bad = -5;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win);
    int e = MPI_Put(&bad, 1, MPI_INT, next, nguard, 1, MPI_INT, win);
    int e2 = MPI_Win_unlock(next, win);
    e = e ? e : e2;
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK(err_class(e) == MPI_ERR_RMA_ATTACH && guard[0] == 11,
          "Put to memory not attached: refused at the target, unlock says MPI_ERR_RMA_ATTACH");
    /* a piece across the end of a region is refused as a whole */
    int four[4] = { -1, -1, -1, -1 };
    MPI_Win_fence(0, win);
    e = MPI_Put(four, 4, MPI_INT, next, nb + 2 * (MPI_Aint)sizeof(int), 4, MPI_INT, win);
    e2 = MPI_Win_fence(0, win);
    e = e ? e : e2;
    CHECK(err_class(e) == MPI_ERR_RMA_ATTACH && b[2] == 0 && b[3] == 7000 + prev,
          "Put across a region's end: fence says MPI_ERR_RMA_ATTACH, memory untouched");
    e = MPI_Win_fence(0, win);
    CHECK(e == MPI_SUCCESS, "the next fence is clean again");
    MPI_Win_detach(win, b);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, next, 0, win);
    e = MPI_Put(&bad, 1, MPI_INT, next, nb, 1, MPI_INT, win);
    e2 = MPI_Win_unlock(next, win);
    e = e ? e : e2;
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK(err_class(e) == MPI_ERR_RMA_ATTACH && b[0] == prev + 1,
          "Put to a detached region is refused");
    e = MPI_Win_detach(win, guard);
    CHECK(err_class(e) == MPI_ERR_RMA_ATTACH, "detaching memory never attached: MPI_ERR_RMA_ATTACH");
#else
    MPI_Win_detach(win, b);
#endif
    MPI_Win_detach(win, a);
    MPI_Win_free(&win);

    /* shared windows */
    int *sbase = NULL, *q = NULL, du = 0;
    MPI_Aint ssz = 0;
    MPI_Win sw;
    MPI_Win_allocate_shared(16 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &sbase,
                            &sw);
    sbase[3] = 33;
    MPI_Win_shared_query(sw, 0, &ssz, &du, &q);
    CHECK(q == sbase && ssz == 16 * (MPI_Aint)sizeof(int) && du == (int)sizeof(int) && q[3] == 33,
          "Win_allocate_shared on MPI_COMM_SELF, Win_shared_query gives its memory");
    MPI_Win_free(&sw);
#ifndef MPICH_VERSION
    /* over processes of several nodes (one node: tests/mpi/win_shared.c) */
    MPI_Comm node;
    int nn = 0;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &nn);
    MPI_Comm_free(&node);
    if (n > 1 && nn < n) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        e = MPI_Win_allocate_shared(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &sbase, &sw);
        CHECK(err_class(e) == MPI_ERR_RMA_SHARED,
              "Win_allocate_shared over %d processes of several nodes: MPI_ERR_RMA_SHARED", n);
    }
#endif
    free(a);
    free(b);
    free(all);
    /* the suite (suite.c) runs the next program in this same MPI job */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
