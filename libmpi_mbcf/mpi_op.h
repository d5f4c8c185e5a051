/* mpi_op.h - reduction operation handles (mpi_op.c). */
#ifndef LIBMPI_MBCF_MPI_OP_H
#define LIBMPI_MBCF_MPI_OP_H
#include "mpi_export.h"

int op_valid(MPI_Op op);

#endif
