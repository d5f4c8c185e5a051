/* mpi_pcoll_coll.h - the world collectives MPI_Init hands down to the
 * pseudo-collective mode (mpi_pcoll_coll.c, pcoll/pml_pcoll.h). */
#ifndef LIBMPI_MBCF_MPI_PCOLL_COLL_H
#define LIBMPI_MBCF_MPI_PCOLL_COLL_H
#include "pml_pcoll.h"
extern const struct pcoll_world_coll mpi_pcoll_world_coll;
#endif
