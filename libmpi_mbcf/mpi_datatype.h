/* mpi_datatype.h - datatype handles (mpi_datatype.c) as the other layers
 * see them: the engine's layout (dte.h) of a handle. */
#ifndef LIBMPI_MBCF_MPI_DATATYPE_H
#define LIBMPI_MBCF_MPI_DATATYPE_H
#include "mpi_export.h"
#include "dte.h"

struct dte *dt_get(MPI_Datatype dt);       /* NULL if invalid or freed */
int dt_committed(MPI_Datatype dt);
void dt_init_predefined(void);
const char *dt_name(MPI_Datatype dt);

#endif
