/* world.h - this process in the job (every layer reads it): world rank and
 * size, set once by MPI_Init (mpi_init.c), and the library's state flags. */
#ifndef LIBMPI_MBCF_WORLD_H
#define LIBMPI_MBCF_WORLD_H

#define MAXR 64               /* ranks (static per-peer tables) */

extern int mpi_world_rank, mpi_world_size, mpi_initialized, mpi_finalized;
/* 1: initialized by MPI_Session_init only; 2: and by MPI_Init (api/mpi_session.c) */
extern int mpi_session_lib;

#endif
