/* world.h - this process in the job (every layer reads it): world rank and
 * size, set once by MPI_Init, the library's state flags, and the job's
 * abort path (world.c), which every layer may take. */
#ifndef LIBMPI_MBCF_WORLD_H
#define LIBMPI_MBCF_WORLD_H

#define MAXR 64 /* ranks (static per-peer tables) */
extern int mpi_world_rank, mpi_world_size, mpi_initialized, mpi_finalized;
/* 1: initialized by MPI_Session_init only; 2: and by MPI_Init (api/mpi_session.c) */
extern int mpi_session_lib;

/* Abort the job (MPI-3.1 sec 8.7, MPI_Abort): report, flush stdio, let the
 * protocol layer tell the peers (world_abort_notify, set at its start), then
 * exit with code (1 for 0). A second abort while notifying exits at once. */
void world_abort(int code) __attribute__((noreturn));
extern void (*world_abort_notify)(int code);

#endif
