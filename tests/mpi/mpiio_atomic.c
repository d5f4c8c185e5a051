/* mpiio_atomic.c - conformance: MPI-IO consistency semantics (MPI-3.1
 * sec 13.6): get/set_atomicity; the examples of sec 13.6.10 between ranks
 * 0 and 1 (one writes 10 ints of 5, the other reads them): atomic mode with
 * a barrier (the reader sees all the data), atomic mode without (all or
 * nothing, never a mix), nonatomic mode with sync-barrier-sync; and in
 * atomic mode concurrent overlapping writes of every process leave one
 * writer's data whole. */
#include "tap.h"
#include "mpiio_util.h"
#include <string.h>

#define OV 256 /* ints of the overlapping writes */

/* one run of the sec 13.6.10 example: mode 0 atomic + barrier, 1 atomic
 * without barrier, 2 nonatomic + sync-barrier-sync */
static void example(const char *name, int mode)
{
    static const char *what[] = { "atomic, barrier", "atomic, no barrier", "nonatomic, sync-barrier-sync" };
    int me = tap_rank(), n = tap_size();
    MPI_Comm w = MPI_COMM_WORLD;
    int reader = n > 1 ? 1 : 0;
    MPI_File fh;
    MPI_Status st;
    int a[10], b[10];
    MPI_File_open(w, name, MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_set_atomicity(fh, mode < 2);
    if (me == 0) {
        for (int i = 0; i < 10; i++)
            a[i] = 5;
        MPI_File_write_at(fh, 0, a, 10, MPI_INT, &st);
    }
    if (mode == 2)
        MPI_File_sync(fh);
    if (mode != 1)
        MPI_Barrier(w);
    if (mode == 2)
        MPI_File_sync(fh);
    if (me == reader) {
        memset(b, 0, sizeof b);
        MPI_File_read_at(fh, 0, b, 10, MPI_INT, &st);
        int cnt = -1, fives = 0;
        MPI_Get_count(&st, MPI_INT, &cnt);
        for (int i = 0; i < 10; i++)
            fives += b[i] == 5;
        if (mode == 1)
            CHECK((cnt == 10 && fives == 10) || (cnt == 0 && fives == 0),
                  "13.6.10 %s: all or nothing (%d read, %d fives)", what[mode], cnt, fives);
        else
            CHECK(cnt == 10 && fives == 10, "13.6.10 %s: the reader sees the data (%d, %d)", what[mode], cnt,
                  fives);
    }
    MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    MPI_Comm w = MPI_COMM_WORLD;
    char name[64];
    mpiio_name(name, sizeof name, "atomic", w);
    MPI_File fh;
    MPI_Status st;
    int e = MPI_File_open(w, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                          &fh);
    int flag = -1;
    MPI_File_get_atomicity(fh, &flag);
    CHECK(e == MPI_SUCCESS && flag == 0, "a new handle is in nonatomic mode");
    e = MPI_File_set_atomicity(fh, 1);
    MPI_File_get_atomicity(fh, &flag);
    CHECK(e == MPI_SUCCESS && flag != 0, "set_atomicity(true)");

    /* overlapping writes of OV ints, every process its own value */
    int v[OV], r[OV];
    for (int i = 0; i < OV; i++)
        v[i] = 100 + me;
    for (int round = 0; round < 3; round++) {
        e = MPI_File_write_at(fh, 0, v, OV, MPI_INT, &st);
        MPI_Barrier(w);
        memset(r, 0, sizeof r);
        MPI_File_read_at(fh, 0, r, OV, MPI_INT, &st);
        int same = r[0] >= 100 && r[0] < 100 + n;
        for (int i = 1; i < OV; i++)
            same &= r[i] == r[0];
        CHECK(e == MPI_SUCCESS && same, "atomic overlapping writes, round %d: one writer's data whole", round);
        MPI_Barrier(w);
    }
    e = MPI_File_set_atomicity(fh, 0);
    MPI_File_get_atomicity(fh, &flag);
    CHECK(e == MPI_SUCCESS && flag == 0, "set_atomicity(false)");
    MPI_File_close(&fh);

    char ex[80];
    snprintf(ex, sizeof ex, "%s.ex", name);
    for (int mode = 0; mode < 3; mode++)
        example(ex, mode);
    if (me != (n > 1))
        CHECK(1, "13.6.10 examples: this process writes or waits");

    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
