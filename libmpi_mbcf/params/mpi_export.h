/* mpi_export.h - what libmpi_mbcf exports: exactly the names mpi.h declares
 * (MPI_* and PMPI_*), nothing else. Every file of the library is compiled
 * with -fvisibility=hidden and includes <mpi.h> only through this header,
 * which gives mpi.h's declarations default visibility; libmpi.mk then
 * partially links the objects (ld -r) and localizes the hidden symbols
 * (objcopy --localize-hidden), so a program cannot call or clash with an
 * internal function such as pml_progress or req_new.
 *
 * Profiling interface (MPI-3.1 sec 14.2): each function is defined under its
 * PMPI_ name and MPI_ALIAS(Name) makes MPI_Name a weak alias of it (MPICH's
 * way), so a tool may define MPI_Name itself and call PMPI_Name. Calls made
 * inside the library use the PMPI_ names, so a tool sees only the program's
 * own calls. */
#ifndef LIBMPI_MBCF_MPI_EXPORT_H
#define LIBMPI_MBCF_MPI_EXPORT_H

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

/* After `int PMPI_Send(...) { ... }`: MPI_ALIAS(Send); */
#define MPI_ALIAS(name) \
    extern __typeof__(PMPI_##name) MPI_##name __attribute__((weak, alias("PMPI_" #name)))

#endif
