/* mpi_pmpi_tool.c - the MPI profiling interface (MPI-3.1 sec 14.2) as a tool
 * uses it: this program defines MPI_Init, MPI_Send, MPI_Recv and MPI_Wait
 * itself, counts the calls and forwards them to the PMPI_ names. Checks that
 * the data arrive as without the tool, that the counts are exactly the
 * program's own calls (the library's internal calls, e.g. inside MPI_Bcast
 * or MPI_Sendrecv, go to the PMPI_ names and are not seen), and that a call
 * straight to a PMPI_ name is not counted. Run by tests/host/test_mpi_symbols.sh
 * against libmpi_mbcf (host backend) and against Debian's MPICH. */
#include <mpi.h>
#include <string.h>
#include "tap.h"

static int n_init, n_send, n_recv, n_wait;

int MPI_Init(int *argc, char ***argv)
{
    n_init++;
    return PMPI_Init(argc, argv);
}

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    n_send++;
    return PMPI_Send(buf, count, dt, dest, tag, comm);
}

int MPI_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
             MPI_Status *st)
{
    n_recv++;
    return PMPI_Recv(buf, count, dt, src, tag, comm, st);
}

int MPI_Wait(MPI_Request *req, MPI_Status *st)
{
    n_wait++;
    return PMPI_Wait(req, st);
}

#define ROUNDS 5

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int right = (me + 1) % n, left = (me + n - 1) % n;

    /* ring: every rank sends ROUNDS messages and receives ROUNDS */
    int ok = 1;
    for (int i = 0; i < ROUNDS; i++) {
        int out[4] = { me, i, me * 100 + i, -1 }, in[4] = { 0 };
        MPI_Request r;
        MPI_Irecv(in, 4, MPI_INT, left, 7, MPI_COMM_WORLD, &r);
        MPI_Send(out, 4, MPI_INT, right, 7, MPI_COMM_WORLD);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        ok &= in[0] == left && in[1] == i && in[2] == left * 100 + i && in[3] == -1;
    }
    /* the same ring once more, through MPI_Recv and a direct PMPI_Send */
    int v = me + 1000, got = -1;
    if (me % 2 == 0) {
        PMPI_Send(&v, 1, MPI_INT, right, 8, MPI_COMM_WORLD);
        MPI_Recv(&got, 1, MPI_INT, left, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&got, 1, MPI_INT, left, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        PMPI_Send(&v, 1, MPI_INT, right, 8, MPI_COMM_WORLD);
    }
    ok &= got == left + 1000;
    /* calls that send and wait inside the library */
    int s = me, sum = -1, b = me == 0 ? 42 : 0, x = -1;
    MPI_Allreduce(&s, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Bcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Sendrecv(&me, 1, MPI_INT, right, 9, &x, 1, MPI_INT, left, 9, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    int c_init = n_init, c_send = n_send, c_recv = n_recv, c_wait = n_wait;

    CHECK(ok, "ring data correct through the tool's MPI_Send/MPI_Recv/MPI_Wait");
    CHECK(sum == n * (n - 1) / 2 && b == 42 && x == left,
          "Allreduce, Bcast, Sendrecv correct (sum %d, bcast %d, sendrecv %d)", sum, b, x);
    CHECK(c_init == 1, "MPI_Init seen once (%d)", c_init);
    CHECK(c_send == ROUNDS, "MPI_Send seen %d times, the program's own calls (%d)", ROUNDS,
          c_send);
    CHECK(c_recv == 1, "MPI_Recv seen once, none from inside the library (%d)", c_recv);
    CHECK(c_wait == ROUNDS, "MPI_Wait seen %d times, none from inside the library (%d)",
          ROUNDS, c_wait);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
