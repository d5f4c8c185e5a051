/* lc_guard.c - preloaded into every rank of the Linux + MPICH baseline
 * (scripts/qemu/linux_cluster). Debian 12's UCX 1.13 tcp transport sometimes
 * hangs in MPI_Finalize after the program's work and output are done (* seen here: p2p_basic printed all 23 checks, then sat in MPI_Finalize until its
 * 60 s watchdog). The guard keeps MPI's meaning: a barrier first (every rank has
 * reached MPI_Finalize, so no message is outstanding), then PMPI_Finalize with a
 * bounded wait; if that does not return, the rank says so on stderr and leaves
 * with the status the program returns from main (glibc on_exit), skipping the
 * transport's exit handlers. Built with Debian's mpicc at run time. */
#include <mpi.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define GUARD_S 5

static sigjmp_buf guard_env;

static void guard_alarm(int sig)
{
    (void)sig;
    siglongjmp(guard_env, 1);
}

static void guard_exit(int status, void *arg)
{
    (void)arg;
    fflush(NULL);
    _exit(status);
}

int MPI_Finalize(void)
{
    int rank = -1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Barrier(MPI_COMM_WORLD);
    fflush(NULL);
    signal(SIGALRM, guard_alarm);
    if (sigsetjmp(guard_env, 1) == 0) {
        alarm(GUARD_S);
        int rc = PMPI_Finalize();
        alarm(0);
        return rc;
    }
    fprintf(stderr, "lc_guard: rank %d: MPI_Finalize did not return within %d s after the final "
            "barrier (UCX tcp); leaving it\n", rank, GUARD_S);
    on_exit(guard_exit, NULL);
    return MPI_SUCCESS;
}
