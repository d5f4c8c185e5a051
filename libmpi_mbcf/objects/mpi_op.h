/* mpi_op.h - reduction operation handles (mpi_op.c). */
#ifndef LIBMPI_MBCF_MPI_OP_H
#define LIBMPI_MBCF_MPI_OP_H
#include "mpi_export.h"

int op_valid(MPI_Op op);
/* inout = in op inout; dt may be a freed type still held (dt_layout); returns
 * an MPI error code without reporting it. */
int op_reduce(const void *in, void *inout, int count, MPI_Datatype dt, MPI_Op op);

#endif
