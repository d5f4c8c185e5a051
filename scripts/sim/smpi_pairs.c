/* smpi_pairs.c - probe of the SMPI platform's resources (docs/collectives.md,
 * a2alink: which resources SimGrid charges a flow): even rank 2i sends M
 * bytes to rank 2i+1, all pairs at once; the hostfile places the ranks, so
 * a hostfile that repeats one node makes it send (or receive) several flows
 * at once, and pairs on opposite sides of a node make flows pass through it.
 * Prints the slowest pair's simulated time on rank 0.
 *   smpirun -np 2K -platform XML -hostfile HOSTS smpi_pairs [M] */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int r, n;
    size_t M = argc > 1 ? strtoull(argv[1], NULL, 10) : 1u << 20;
    char *b = calloc(M ? M : 1, 1);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n % 2 || !b) {
        if (r == 0)
            fprintf(stderr, "smpi_pairs: needs an even number of ranks (and memory)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (r % 2 == 0)
        MPI_Send(b, (int)M, MPI_BYTE, r + 1, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(b, (int)M, MPI_BYTE, r - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double t = MPI_Wtime() - t0, mx;
    MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (r == 0)
        printf("%d pairs, %zu B: %.3f us\n", n / 2, M, mx * 1e6);
    free(b);
    MPI_Finalize();
    return 0;
}
