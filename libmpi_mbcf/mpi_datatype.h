/* mpi_datatype.h - datatype handles (mpi_datatype.c) as the other layers
 * see them: the engine's layout (dte.h) of a handle. */
#ifndef LIBMPI_MBCF_MPI_DATATYPE_H
#define LIBMPI_MBCF_MPI_DATATYPE_H
#include "mpi_export.h"
#include "dte.h"

struct dte *dt_get(MPI_Datatype dt);       /* NULL if invalid or freed */
struct dte *dt_layout(MPI_Datatype dt);    /* also a freed type that pending operations hold */
void dt_retain(MPI_Datatype dt);           /* a pending operation uses the type ... */
void dt_release(MPI_Datatype dt);          /* ... and is done with it (MPI-3.1 sec 4.1.9) */
int dt_committed(MPI_Datatype dt);
struct dte *dt_usable(MPI_Datatype dt);    /* valid, not freed, committed; else NULL */
void dt_init_predefined(void);
const char *dt_name(MPI_Datatype dt);

#endif
