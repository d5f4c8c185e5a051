/* mpi_init.c - MPI entry points for starting and ending (MPI-3.1 sec 8.7,
 * 12.4): Init/Init_thread/Finalize, Initialized/Finalized, thread level
 * queries. MPI_Init brings up MBCF, the parameters (params.c), the
 * predefined objects and the PML; MPI_Finalize waits for buffered sends
 * and ends the PML (pml_init.c). */
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "pml_bsend.h"
#include "params.h"
#include "mbcf.h"
#include "pml.h"
#include "mpi_impl.h"
#include "mpi_pcoll_coll.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static uint64_t t_init;

/* A program that returns from main (or calls exit) between MPI_Init and
 * MPI_Finalize fails, like under mpiexec: its peers may wait on it. */
#define EXIT_NO_FINALIZE 1
static void exit_without_finalize(void)
{
    if (!mpi_initialized || mpi_finalized)
        return;
    fflush(stdout);
    printf("rank %d: exited without MPI_Finalize\n", mpi_world_rank);
    fflush(stdout);
    fprintf(stderr, "rank %d: exited without MPI_Finalize\n", mpi_world_rank);
    _exit(EXIT_NO_FINALIZE);
}

int PMPI_Init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (mpi_initialized && mpi_session_lib == 1) {
        mpi_session_lib = 2; /* MPI_Session_init came first (MPI-4.0 sec 11.3) */
        return MPI_SUCCESS;
    }
    if (mpi_initialized)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Init");
    int st = mbcf_init();
    if (st) {
        fprintf(stderr, "libmpi_mbcf: mbcf_init failed: %s\n", mbcf_strerror(-st));
        return MPI_ERR_OTHER;
    }
    mpi_world_rank = mbcf_rank();
    mpi_world_size = mbcf_size();
    if (mpi_world_size > MAXR) {
        fprintf(stderr, "libmpi_mbcf: %d ranks, at most %d supported\n", mpi_world_size, MAXR);
        return MPI_ERR_OTHER;
    }
    params_from_env();
    dt_init_predefined();
    comm_init_predefined(mpi_world_rank, mpi_world_size);
    pml_init();
    pml_pcoll_set_world_coll(&mpi_pcoll_world_coll);
    mpi_initialized = 1;
    atexit(exit_without_finalize);
    t_init = mbcf_now_ns();
    return MPI_SUCCESS;
}
MPI_ALIAS(Init);

/* The thread level without the ULT offload (ult/ult_entry_coll.c adds
 * MPI_THREAD_MULTIPLE) */
int mpi_impl_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int e = PMPI_Init(argc, argv);
    if (provided)
        *provided = required >= MPI_THREAD_FUNNELED ? MPI_THREAD_FUNNELED : MPI_THREAD_SINGLE;
    return e;
}

int PMPI_Is_thread_main(int *flag)
{
    *flag = 1;
    return MPI_SUCCESS;
}
MPI_ALIAS(Is_thread_main);

int PMPI_Initialized(int *flag)
{
    *flag = mpi_initialized && mpi_session_lib != 1; /* the World Model only (MPI-4.0 sec 11.2) */
    return MPI_SUCCESS;
}
MPI_ALIAS(Initialized);

int PMPI_Finalized(int *flag)
{
    *flag = mpi_finalized;
    return MPI_SUCCESS;
}
MPI_ALIAS(Finalized);

int mpi_impl_Finalize(void)
{
    CHECK_INIT("MPI_Finalize");
    bsend_detach_wait();
    pml_finalize();
    if (mpi_params.stats)
        pml_stats_print((double)(mbcf_now_ns() - t_init) * 1e-9);
    mpi_finalized = 1;
    return MPI_SUCCESS;
}
