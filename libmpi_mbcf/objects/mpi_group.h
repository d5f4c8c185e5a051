/* mpi_group.h - process groups (mpi_group.c): ordered lists of world ranks. */
#ifndef LIBMPI_MBCF_MPI_GROUP_H
#define LIBMPI_MBCF_MPI_GROUP_H
#include "mpi_export.h"

struct group { int used, size; int *world; int refs; };
struct group *group_get(MPI_Group g);
int group_new(int n, const int *world, MPI_Group *out);

#endif
