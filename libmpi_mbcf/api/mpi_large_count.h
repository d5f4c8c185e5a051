/* mpi_large_count.h - helpers of the large-count "_c" functions (MPI-4.0
 * sec 2.5.8; mpi_large_count.c, used by the generated
 * mpi_large_count_gen.c): MPI_Count and MPI_Aint values converted to the
 * int versions' arguments. */
#ifndef LIBMPI_MBCF_MPI_LARGE_COUNT_H
#define LIBMPI_MBCF_MPI_LARGE_COUNT_H
#include "mpi_export.h"
#include "mpi_errhandler.h"

/* v as an int, or MPI_ERR_COUNT */
int lc_int(MPI_Count v, int *out);
/* n 64-bit values (MPI_Count or MPI_Aint) as a new int array, or
 * MPI_ERR_COUNT / MPI_ERR_NO_MEM */
int lc_ints(const void *a, MPI_Count n, int **out);
/* count elements of dt: an int count, or (beyond INT_MAX) one element of a
 * new committed derived type *big covering all of them (the caller frees it) */
int lc_count(MPI_Count count, int *out, MPI_Datatype dt, MPI_Datatype *big);
/* the length of a collective's per-process arrays: the (remote) group size;
 * the local group size; a neighbourhood collective's out (0) or in (1) degree */
int lc_peers(MPI_Comm comm);
int lc_local_size(MPI_Comm comm);
int lc_degree(MPI_Comm comm, int in);
/* a rooted v-collective's root-only arrays are read here */
int lc_root_arg(MPI_Comm comm, int root);
/* p (converted arrays of a persistent request) is freed with request */
int lc_keep(MPI_Request request, void *p);

#define LC_BEGIN(name, c)     \
    const char *lc_fn = name; \
    MPI_Comm lc_comm = c;     \
    int e = MPI_SUCCESS;      \
    (void)lc_fn;              \
    (void)lc_comm
#define LC_TRY(x)                           \
    do {                                    \
        if ((e = (x))) {                    \
            e = mpi_err(lc_comm, e, lc_fn); \
            goto out;                       \
        }                                   \
    } while (0)

#endif
