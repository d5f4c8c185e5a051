/* deadpeer.c - one rank goes away while the others wait on it.
 *   deadpeer return D [ret]  rank D returns from main without MPI_Finalize
 *   deadpeer hang D [ret]    rank D blocks for ever (the test kills its QEMU)
 * After a barrier, rank 0 (or 1 when D is 0) waits in MPI_Recv from D and
 * every other survivor in an MPI_Allreduce over MPI_COMM_WORLD (D never
 * joins). Default error handler: the library must end the survivors with
 * "peer rank D failed". With "ret" (MPI_ERRORS_RETURN) the survivors print
 * the error class and MPI_Error_string they got, call MPI_Finalize (which
 * must not wait for the dead rank) and exit 3 when the class is
 * MPIX_ERR_PROC_FAILED, 4 otherwise. Every survivor prints its wait start. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int dead = argc > 2 ? atoi(argv[2]) : size - 1;
    int hang = argc > 1 && !strcmp(argv[1], "hang");
    int ret = argc > 3 && !strcmp(argv[3], "ret");
    if (argc < 3 || (!hang && strcmp(argv[1], "return")) || dead < 0 || dead >= size ||
        size < 2) {
        if (!rank)
            fprintf(stderr, "usage: deadpeer return|hang RANK [ret] (2 ranks or more)\n");
        MPI_Finalize();
        return 2;
    }
    if (ret)
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Barrier(MPI_COMM_WORLD);
    int x = rank, y = 0, err;
    const char *call;
    if (rank == dead) {
        if (!hang) {
            printf("deadpeer: rank %d returns from main without MPI_Finalize\n", rank);
            fflush(stdout);
            return 0;
        }
        printf("deadpeer: rank %d hangs (kill its emulator)\n", rank);
        fflush(stdout);
        MPI_Recv(&y, 1, MPI_INT, (rank + 1) % size, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return 0;
    }
    int receiver = dead == 0 ? 1 : 0;
    if (rank == receiver) {
        call = "MPI_Recv";
        printf("deadpeer: rank %d waits in MPI_Recv from rank %d (t=%.3f s)\n", rank, dead,
               MPI_Wtime());
        fflush(stdout);
        err = MPI_Recv(&y, 1, MPI_INT, dead, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        call = "MPI_Allreduce";
        printf("deadpeer: rank %d waits in MPI_Allreduce (t=%.3f s)\n", rank, MPI_Wtime());
        fflush(stdout);
        err = MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    char s[MPI_MAX_ERROR_STRING];
    int len = 0, cls = -1;
    MPI_Error_class(err, &cls);
    MPI_Error_string(err, s, &len);
    double t = MPI_Wtime();
    printf("deadpeer: rank %d: %s returned %d, class %d%s: %s (t=%.3f s)\n", rank, call, err,
           cls, cls == MPIX_ERR_PROC_FAILED ? " (MPIX_ERR_PROC_FAILED)" : "", s, t);
    fflush(stdout);
    MPI_Finalize();
    printf("deadpeer: rank %d: MPI_Finalize took %.3f s\n", rank, MPI_Wtime() - t);
    return cls == MPIX_ERR_PROC_FAILED ? 3 : 4;
}
