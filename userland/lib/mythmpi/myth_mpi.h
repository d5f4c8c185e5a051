/* myth_mpi.h - glue between libmyth and libmpi_mbcf (seed 002's
 * "MPI+myth"): lends libmyth's suspend/resume to MPI through the
 * registration seam of mpix_ult.h. Neither library names the other; a
 * program that uses both includes this header and calls
 * myth_mpi_register() before MPI_Init_thread(..., MPI_THREAD_MULTIPLE, ...). */
#ifndef MYTH_MPI_H
#define MYTH_MPI_H
#include <mpi.h>
#include <mpix_ult.h>
#include "myth.h"

struct myth_mpi_after {
    void (*after)(void *ult, void *arg);
    void *arg;
};

static void myth_mpi_after_tramp(myth_thread_t self, void *a)
{
    struct myth_mpi_after *x = a;
    x->after(self, x->arg);
}

static void *myth_mpi_self(void)
{
    return myth_self();
}

static void myth_mpi_suspend(void (*after)(void *ult, void *arg), void *arg)
{
    struct myth_mpi_after x = { after, arg };    /* on the suspended ULT's stack */
    myth_suspend(myth_mpi_after_tramp, &x);
}

static void myth_mpi_resume(void *ult)
{
    myth_resume(ult);
}

static inline int myth_mpi_register(void)
{
    static const struct mpix_ult_ops ops = { myth_mpi_self, myth_mpi_suspend, myth_mpi_resume,
                                             myth_yield };
    return MPIX_Ult_register(&ops);
}

#endif
