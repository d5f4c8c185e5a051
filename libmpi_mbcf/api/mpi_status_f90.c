/* mpi_status_f90.c - MPI_Status_set_elements_x, the Fortran status
 * conversions (a Fortran status is the C status' bytes as MPI_Fint words
 * here) and MPI_Type_create_f90_integer/real/complex (MPI-3.1 sec 17.1.9:
 * the smallest predefined sized type with the requested decimal precision
 * p and exponent range r; MPI_UNDEFINED means no requirement). The handle
 * returned is its own type per (kind, p, r), with the sized type's layout,
 * whose envelope says MPI_COMBINER_F90_REAL/COMPLEX/INTEGER and whose
 * contents are p and r (sec 4.1.13); the same arguments give the same
 * handle again (such a type is predefined: never freed, sec 17.1.9). */
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include <stdlib.h>
#include <string.h>

int PMPI_Status_set_elements_x(MPI_Status *st, MPI_Datatype dt, MPI_Count count)
{
    struct dte *d = dt_get(dt);
    if (!st || !d || count < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Status_set_elements_x");
    int64_t per = d->nelems ? d->size / d->nelems : 0;
    st->mbcf_count = (long long)count * per;
    return MPI_SUCCESS;
}
MPI_ALIAS(Status_set_elements_x);

int PMPI_Status_c2f(const MPI_Status *c, MPI_Fint *f)
{
    if (!c || !f || c == MPI_STATUS_IGNORE)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Status_c2f");
    memcpy(f, c, sizeof *c);
    return MPI_SUCCESS;
}
MPI_ALIAS(Status_c2f);

int PMPI_Status_f2c(const MPI_Fint *f, MPI_Status *c)
{
    if (!c || !f || c == MPI_STATUS_IGNORE)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Status_f2c");
    memcpy(c, f, sizeof *c);
    return MPI_SUCCESS;
}
MPI_ALIAS(Status_f2c);

/* The handle for (combiner, p, r) over the sized type base: made once. */
static int f90_type(int combiner, int p, int r, MPI_Datatype base, MPI_Datatype *t)
{
    static struct {
        int comb, p, r;
        MPI_Datatype t;
    } * made;
    static int nmade;
    for (int i = 0; i < nmade; i++)
        if (made[i].comb == combiner && made[i].p == p && made[i].r == r &&
            dt_get(made[i].t) && dt_combiner(made[i].t) == combiner) {
            *t = made[i].t;
            return MPI_SUCCESS;
        }
    void *m = realloc(made, (size_t)(nmade + 1) * sizeof *made);
    if (!m)
        return MPI_ERR_NO_MEM;
    made = m;
    MPI_Datatype nt;
    if (dt_clone(base, &nt))
        return MPI_ERR_NO_MEM;
    int integer = combiner == MPI_COMBINER_F90_INTEGER;
    struct dt_contents *k = dt_record(nt, combiner, integer ? 1 : 2, 0, 0);
    if (!k) {
        PMPI_Type_free(&nt);
        return MPI_ERR_NO_MEM;
    }
    k->ints[0] = integer ? r : p;
    if (!integer)
        k->ints[1] = r;
    made[nmade].comb = combiner;
    made[nmade].p = p;
    made[nmade].r = r;
    made[nmade++].t = nt;
    *t = nt;
    return MPI_SUCCESS;
}

static int fits(int want, int have)
{
    return want == MPI_UNDEFINED || (want >= 0 && want <= have);
}

int PMPI_Type_create_f90_integer(int r, MPI_Datatype *t)
{
    static const struct { int r; MPI_Datatype t; } ints[] = {
        { 2, MPI_INTEGER1 }, { 4, MPI_INTEGER2 }, { 9, MPI_INTEGER4 }, { 18, MPI_INTEGER8 },
    };
    for (size_t i = 0; t && i < sizeof ints / sizeof ints[0]; i++)
        if (fits(r, ints[i].r)) {
            int e = f90_type(MPI_COMBINER_F90_INTEGER, MPI_UNDEFINED, r, ints[i].t, t);
            return e ? mpi_err(MPI_COMM_WORLD, e, "MPI_Type_create_f90_integer") : MPI_SUCCESS;
        }
    return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_f90_integer");
}
MPI_ALIAS(Type_create_f90_integer);

/* IEEE single, double, quadruple: precision 6/15/33 digits, range 37/307/4931 */
static int real_kind(int p, int r)
{
    if (p == MPI_UNDEFINED && r == MPI_UNDEFINED)
        return -1;
    if (fits(p, 6) && fits(r, 37))
        return 0;
    if (fits(p, 15) && fits(r, 307))
        return 1;
    if (fits(p, 33) && fits(r, 4931))
        return 2;
    return -1;
}

int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype *t)
{
    static const MPI_Datatype reals[] = { MPI_REAL4, MPI_REAL8, MPI_REAL16 };
    int k = real_kind(p, r);
    if (k < 0 || !t)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_f90_real");
    int e = f90_type(MPI_COMBINER_F90_REAL, p, r, reals[k], t);
    return e ? mpi_err(MPI_COMM_WORLD, e, "MPI_Type_create_f90_real") : MPI_SUCCESS;
}
MPI_ALIAS(Type_create_f90_real);

int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype *t)
{
    static const MPI_Datatype cplx[] = { MPI_COMPLEX8, MPI_COMPLEX16 };
    int k = real_kind(p, r);
    if (k < 0 || k > 1 || !t)       /* no 32-byte complex type */
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_f90_complex");
    int e = f90_type(MPI_COMBINER_F90_COMPLEX, p, r, cplx[k], t);
    return e ? mpi_err(MPI_COMM_WORLD, e, "MPI_Type_create_f90_complex") : MPI_SUCCESS;
}
MPI_ALIAS(Type_create_f90_complex);
