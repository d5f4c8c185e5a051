/* mpi_intercomm.h - intercommunicators (mpi_intercomm.c) as mpi_comm.c and
 * the collective entry points use them. */
#ifndef LIBMPI_MBCF_MPI_INTERCOMM_H
#define LIBMPI_MBCF_MPI_INTERCOMM_H
#include "mpi_export.h"

int comm_inter_dup(MPI_Comm comm, MPI_Comm *newcomm);
/* A call that intercommunicators do not support: MPI_ERR_COMM, said once. */
int comm_inter_refuse(MPI_Comm comm, const char *fn);
/* Comm_split of an intercommunicator (MPI-3.1 sec 6.4.2): a new
 * intercommunicator of the members of this color on both sides, or
 * MPI_COMM_NULL; fn names the call for errors. */
int comm_inter_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm, const char *fn);
/* Barrier and Bcast on an intercommunicator (MPI-3.1 sec 5.2.2). */
int inter_barrier(MPI_Comm comm);
int inter_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm);

#endif
