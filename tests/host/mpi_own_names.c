/* mpi_own_names.c - a program that defines functions and variables with the
 * names of libmpi_mbcf internals (the request table, progress, the
 * communicator table, channels, the world rank...). With the internals
 * hidden (libmpi_mbcf/params/mpi_export.h) it links against the library and its
 * own definitions are the ones it calls, while MPI works underneath.
 * Run by tests/host/test_mpi_symbols.sh, which first checks that each name
 * exists in the archive as a local symbol. */
#include <mpi.h>
#include <stdio.h>
#include "tap.h"

int mpi_world_rank = -7;
static int calls;

int pml_progress(void);
int req_new_grow(int kind);
int comm_free_all(int c);
int chan_send(int a);
int mpi_err(int a);
int btl_init(void);

int pml_progress(void) { return ++calls; }
int req_new_grow(int kind) { calls++; return kind * 2; }
int comm_free_all(int c) { calls++; return c + 1; }
int chan_send(int a) { calls++; return -a; }
int mpi_err(int a) { calls++; return a; }
int btl_init(void) { return ++calls; }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int v = me, got = -1;
    MPI_Sendrecv(&v, 1, MPI_INT, (me + 1) % n, 3, &got, 1, MPI_INT, (me + n - 1) % n, 3,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int r = pml_progress() + req_new_grow(5) + comm_free_all(1) + chan_send(2) + mpi_err(3) + btl_init();
    CHECK(got == (me + n - 1) % n, "MPI works beside the program's own names (got %d)", got);
    CHECK(calls == 6 && r == 1 + 10 + 2 - 2 + 3 + 6,
          "the program's pml_progress/req_new_grow/comm_free_all/chan_send/mpi_err/btl_init "
          "were called (calls %d, sum %d)", calls, r);
    CHECK(mpi_world_rank == -7, "the program's mpi_world_rank is its own (%d)", mpi_world_rank);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
