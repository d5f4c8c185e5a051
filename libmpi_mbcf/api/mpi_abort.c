/* mpi_abort.c - MPI_Abort (MPI-3.1 sec 8.7): the job's abort path
 * (world.c: flush output, the peers told through pml_abort.c exit with the
 * same code, exit). */
#include "mpi_export.h"
#include "world.h"

int PMPI_Abort(MPI_Comm comm, int code)
{
    (void)comm;
    world_abort(code);
}
MPI_ALIAS(Abort);
