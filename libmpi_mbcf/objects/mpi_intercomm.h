/* mpi_intercomm.h - intercommunicators (mpi_intercomm.c) as mpi_comm.c and
 * the collective entry points use them. */
#ifndef LIBMPI_MBCF_MPI_INTERCOMM_H
#define LIBMPI_MBCF_MPI_INTERCOMM_H
#include "mpi_export.h"

int comm_inter_dup(MPI_Comm comm, MPI_Comm *newcomm);
/* A call that intercommunicators do not support: MPI_ERR_COMM, said once. */
int comm_inter_refuse(MPI_Comm comm, const char *fn);
/* Barrier and Bcast on an intercommunicator (MPI-3.1 sec 5.2.2). */
int inter_barrier(MPI_Comm comm);
int inter_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm);

#endif
