/* mpi_abort.c - MPI_Abort (MPI-3.1 sec 8.7): flush output, tell the peers
 * (pml_abort.c: they exit with the same code), exit. */
#include "mpi_export.h"
#include "pml.h"
#include "world.h"
#include <stdio.h>
#include <unistd.h>

int PMPI_Abort(MPI_Comm comm, int code)
{
    (void)comm;
    static int aborting;
    if (aborting++)                   /* an error while telling the peers */
        _exit(code & 0xff ? code & 0xff : 1);
    fprintf(stderr, "libmpi_mbcf: MPI_Abort(%d) on rank %d\n", code, mpi_world_rank);
    fflush(stdout);
    fflush(stderr);
    if (code == 0)
        code = 1;
    pml_abort_peers(code);
    _exit(code & 0xff ? code & 0xff : 1);
}
MPI_ALIAS(Abort);
