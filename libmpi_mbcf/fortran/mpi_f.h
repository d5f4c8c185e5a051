/* mpi_f.h - helpers shared by the Fortran binding's C glue (mpi_f_gen.c,
 * generated, and mpi_f_hand.c): the sentinel common blocks of mpif.h
 * recognised by address (MPI-3.1 sec 2.5.4, 17.1.2), LOGICAL values and
 * blank-padded strings with gfortran's hidden lengths (size_t, after all the
 * other arguments: gfortran manual, "Argument passing conventions"). */
#ifndef LIBMPI_MBCF_MPI_F_H
#define LIBMPI_MBCF_MPI_F_H
#include <mpi.h>
#include <stddef.h>

/* The common blocks /MPI_FBOTTOM/ ... of mpif.h (gfortran: lowercase + "_"). */
extern MPI_Fint mpi_fbottom_[1], mpi_fin_place_[1], mpi_fstatus_ignore_[6],
    mpi_fstatuses_ignore_[6], mpi_ferrcodes_ignore_[1], mpi_funweighted_[1],
    mpi_fweights_empty_[1];

static inline void *mpi_f_buf(void *p)
{
    if (p == (void *)mpi_fbottom_)
        return MPI_BOTTOM;
    if (p == (void *)mpi_fin_place_)
        return MPI_IN_PLACE;
    return p;
}
/* A Fortran status is INTEGER(MPI_STATUS_SIZE) holding the C MPI_Status'
 * bytes (mpi_status_f90.c); either ignore block means "no status". */
static inline MPI_Status *mpi_f_status(MPI_Fint *p)
{
    if (p == mpi_fstatus_ignore_ || p == mpi_fstatuses_ignore_)
        return MPI_STATUS_IGNORE;
    return (MPI_Status *)(void *)p;
}
static inline MPI_Status *mpi_f_statuses(MPI_Fint *p)
{
    if (p == mpi_fstatus_ignore_ || p == mpi_fstatuses_ignore_)
        return MPI_STATUSES_IGNORE;
    return (MPI_Status *)(void *)p;
}
static inline int *mpi_f_weights(int *p)
{
    if (p == mpi_funweighted_)
        return MPI_UNWEIGHTED;
    return p == mpi_fweights_empty_ ? MPI_WEIGHTS_EMPTY : p;
}
static inline int *mpi_f_errcodes(int *p)
{
    return p == mpi_ferrcodes_ignore_ ? MPI_ERRCODES_IGNORE : p;
}
/* gfortran's default LOGICAL is 4 bytes, .TRUE. = 1, .FALSE. = 0 (gfortran
 * manual, "Internal representation of LOGICAL variables"); a C truth value
 * becomes exactly one of them. Inputs need no conversion (nonzero = true). */
static inline MPI_Fint mpi_f_logical(int c)
{
    return c != 0;
}

int mpi_f_unsupported(const char *fn);
#endif
