/* world.c - this process in the job (world.h): the world variables and the
 * abort path every layer may take (the transport on an MBCF failure, the
 * protocol when out of memory, MPI_Abort itself). */
#include "world.h"
#include <stdio.h>
#include <unistd.h>

int mpi_world_rank, mpi_world_size = 1, mpi_initialized, mpi_finalized;
void (*world_abort_notify)(int code);

void world_abort(int code)
{
    static int aborting;
    if (aborting++)                   /* an error while telling the peers */
        _exit(code & 0xff ? code & 0xff : 1);
    fprintf(stderr, "libmpi_mbcf: MPI_Abort(%d) on rank %d\n", code, mpi_world_rank);
    fflush(stdout);
    fflush(stderr);
    if (code == 0)
        code = 1;
    if (world_abort_notify)
        world_abort_notify(code);
    _exit(code & 0xff ? code & 0xff : 1);
}
