/* mpiio_util.h - shared by the MPI-IO conformance programs (tests/mpi/mpiio_*.c):
 * a file name unique to the run (rank 0's pid, broadcast) relative to the
 * working directory (where a job's MPI-IO files live), and the error class
 * of a return code (MPI-3.1 sec 13.7, Table 13.3). */
#ifndef TESTS_MPI_MPIIO_UTIL_H
#define TESTS_MPI_MPIIO_UTIL_H
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

static inline void mpiio_name(char *buf, size_t len, const char *tag, MPI_Comm comm)
{
    int pid = (int)getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, comm);
    snprintf(buf, len, "mpiio_%s_%d.tmp", tag, pid);
}

static inline int mpiio_class(int e)
{
    int c = -1;
    if (e == MPI_SUCCESS)
        return MPI_SUCCESS;
    MPI_Error_class(e, &c);
    return c;
}

/* the sync-barrier-sync construct of MPI-3.1 sec 13.6.1: writes of every
 * process become visible to the reads of every other process */
static inline void mpiio_sbs(MPI_File fh, MPI_Comm comm)
{
    MPI_File_sync(fh);
    MPI_Barrier(comm);
    MPI_File_sync(fh);
}
#endif
