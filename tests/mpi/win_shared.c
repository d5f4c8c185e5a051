/* win_shared.c - conformance: shared-memory windows (MPI-3.1 sec 11.2.3)
 * over the processes of one node (Comm_split_type MPI_COMM_TYPE_SHARED):
 * Win_allocate_shared with a different size per rank (local rank 0 gives
 * none), Win_shared_query of every rank (size, disp_unit, the parts
 * contiguous in rank order, MPI_PROC_NULL = the lowest rank with memory);
 * stores by one process seen by the others with loads after
 * Win_sync + Barrier + Win_sync (the sec 11.7 pattern under Win_lock_all),
 * stores into another rank's part seen by its owner, an MPI_Put into a
 * neighbour's part seen through the pointer, and Win_free. On one process
 * per node it checks the one-process case.
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <stddef.h>
#include <stdint.h>

#define PER 64 /* ints per rank, times the local rank */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(90);
    MPI_Comm shm;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shm);
    int me, n;
    MPI_Comm_rank(shm, &me);
    MPI_Comm_size(shm, &n);
    MPI_Aint mysize = (MPI_Aint)(me * PER) * (MPI_Aint)sizeof(int);
    int *mine = NULL;
    MPI_Win win;
    int e = MPI_Win_allocate_shared(mysize, sizeof(int), MPI_INFO_NULL, shm, &mine, &win);
    CHECK(e == MPI_SUCCESS, "Win_allocate_shared over the %d processes of this node", n);
    int ok = 1, contiguous = 1;
    int *part[64];
    char *prev_end = NULL;
    for (int r = 0; r < n && r < 64; r++) {
        MPI_Aint sz = -1;
        int du = -1;
        MPI_Win_shared_query(win, r, &sz, &du, &part[r]);
        ok &= sz == (MPI_Aint)(r * PER) * (MPI_Aint)sizeof(int) && du == (int)sizeof(int);
        if (r > 0 && prev_end && sz > 0)
            contiguous &= (char *)part[r] == prev_end;
        if (sz > 0)
            prev_end = (char *)part[r] + sz;
    }
    CHECK(ok && part[me] == mine, "Win_shared_query: every rank's size and disp_unit, own part "
                                  "is the base returned");
    CHECK(contiguous, "the parts are contiguous in rank order");
    if (n > 1) {
        MPI_Aint sz = -1;
        int du = -1, *p = NULL;
        MPI_Win_shared_query(win, MPI_PROC_NULL, &sz, &du, &p);
        CHECK(p == part[1] && sz == PER * (MPI_Aint)sizeof(int),
              "Win_shared_query(MPI_PROC_NULL): the lowest rank with memory (rank 1)");
    }

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    for (int i = 0; i < me * PER; i++)
        mine[i] = 1000 * me + i; /* store into my own part */
    MPI_Win_sync(win);
    MPI_Barrier(shm);
    MPI_Win_sync(win);
    int seen = 1;
    for (int r = 0; r < n && r < 64; r++) /* load every part */
        for (int i = 0; i < r * PER; i++)
            seen &= part[r][i] == 1000 * r + i;
    CHECK(seen, "stores by each process seen by every process of the node");
    MPI_Barrier(shm);
    int next = (me + 1) % n;
    if (next != 0 || n == 1) /* rank 0 owns no memory */
        for (int i = 0; i < next * PER; i++)
            part[next][i] = -(100 * me + i); /* store into another's part */
    MPI_Win_sync(win);
    MPI_Barrier(shm);
    MPI_Win_sync(win);
    int prev = (me + n - 1) % n, got = 1;
    if (me != 0 || n == 1)
        for (int i = 0; i < me * PER; i++)
            got &= mine[i] == (n == 1 ? -(i) : -(100 * prev + i));
    CHECK(got, "stores by rank %d into this rank's part seen by its owner", prev);
    MPI_Win_unlock_all(win);

    /* an MPI_Put into the next rank's part, seen through the pointer */
    MPI_Win_fence(0, win);
    int val = 4242 + me;
    if (next != 0)
        MPI_Put(&val, 1, MPI_INT, next, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    CHECK(me == 0 || mine[0] == 4242 + prev, "an MPI_Put into this rank's part (%d)",
          me == 0 ? 0 : mine[0]);
    MPI_Win_free(&win);
    CHECK(win == MPI_WIN_NULL, "Win_free");
    /* a second window after the first is gone (the segment was released) */
    e = MPI_Win_allocate_shared(sizeof(double), sizeof(double), MPI_INFO_NULL, shm, &mine, &win);
    double *d0 = NULL;
    MPI_Aint s0;
    int du0;
    MPI_Win_shared_query(win, 0, &s0, &du0, &d0);
    if (me == 0)
        *d0 = 2.5;
    MPI_Win_fence(0, win);
    MPI_Barrier(shm);
    MPI_Win_fence(0, win);
    CHECK(e == MPI_SUCCESS && *d0 == 2.5, "a second shared window: rank 0's store seen (%g)", *d0);
    MPI_Win_free(&win);
    MPI_Comm_free(&shm);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
