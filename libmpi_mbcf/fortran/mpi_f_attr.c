/* mpi_f_attr.c - attributes from Fortran (MPI-3.1 sec 6.7.2-6.7.4, 17.2.7):
 * a Fortran attribute value is INTEGER(KIND=MPI_ADDRESS_KIND) (INTEGER for
 * the MPI-1 MPI_ATTR_PUT/GET and MPI_KEYVAL_CREATE), stored as the C
 * attribute pointer itself; predefined attributes the C side returns as a
 * pointer to an int or MPI_Aint are read through it. Fortran copy/delete
 * callbacks take every argument by reference and return IERROR: a C
 * trampoline per keyval calls them; the predefined MPI_*_NULL_COPY_FN,
 * MPI_*_NULL_DELETE_FN and MPI_*_DUP_FN map to the C ones. */
#include "mpi_f.h"
#include <stdlib.h>

typedef void f_copy_fn(MPI_Fint *h, MPI_Fint *key, void *extra, void *in, void *out,
                       MPI_Fint *flag, MPI_Fint *ierr);
typedef void f_delete_fn(MPI_Fint *h, MPI_Fint *key, void *val, void *extra, MPI_Fint *ierr);

/* The predefined callbacks, callable from Fortran as well (sec 6.7.2). */
#define NULL_COPY(name)                                                     \
    void name(MPI_Fint *h, MPI_Fint *key, void *extra, void *in, void *out, \
              MPI_Fint *flag, MPI_Fint *ierr);                              \
    void name(MPI_Fint *h, MPI_Fint *key, void *extra, void *in, void *out, \
              MPI_Fint *flag, MPI_Fint *ierr)                               \
    {                                                                       \
        (void)h;                                                            \
        (void)key;                                                          \
        (void)extra;                                                        \
        (void)in;                                                           \
        (void)out;                                                          \
        *flag = 0;                                                          \
        *ierr = MPI_SUCCESS;                                                \
    }
#define DUP(name, T)                                                        \
    void name(MPI_Fint *h, MPI_Fint *key, void *extra, void *in, void *out, \
              MPI_Fint *flag, MPI_Fint *ierr);                              \
    void name(MPI_Fint *h, MPI_Fint *key, void *extra, void *in, void *out, \
              MPI_Fint *flag, MPI_Fint *ierr)                               \
    {                                                                       \
        (void)h;                                                            \
        (void)key;                                                          \
        (void)extra;                                                        \
        *(T *)out = *(T *)in;                                               \
        *flag = 1;                                                          \
        *ierr = MPI_SUCCESS;                                                \
    }
#define NULL_DELETE(name)                                                          \
    void name(MPI_Fint *h, MPI_Fint *key, void *val, void *extra, MPI_Fint *ierr); \
    void name(MPI_Fint *h, MPI_Fint *key, void *val, void *extra, MPI_Fint *ierr)  \
    {                                                                              \
        (void)h;                                                                   \
        (void)key;                                                                 \
        (void)val;                                                                 \
        (void)extra;                                                               \
        *ierr = MPI_SUCCESS;                                                       \
    }
NULL_COPY(mpi_null_copy_fn_)
NULL_COPY(mpi_comm_null_copy_fn_)
NULL_COPY(mpi_type_null_copy_fn_)
NULL_COPY(mpi_win_null_copy_fn_)
DUP(mpi_dup_fn_, MPI_Fint)
DUP(mpi_comm_dup_fn_, MPI_Aint)
DUP(mpi_type_dup_fn_, MPI_Aint)
DUP(mpi_win_dup_fn_, MPI_Aint)
NULL_DELETE(mpi_null_delete_fn_)
NULL_DELETE(mpi_comm_null_delete_fn_)
NULL_DELETE(mpi_type_null_delete_fn_)
NULL_DELETE(mpi_win_null_delete_fn_)

void mpi_conversion_fn_null_(void);
void mpi_conversion_fn_null_(void)
{
}

/* One keyval's Fortran callbacks and extra state; wide: MPI_Aint values
 * (MPI-2 forms) or INTEGER ones (MPI_KEYVAL_CREATE). Never freed: a keyval
 * may be freed while attributes still use it (sec 6.7.3). */
struct fkey {
    f_copy_fn *copy;
    f_delete_fn *del;
    MPI_Aint extra;
    int wide;
};

static int tramp_copy(int h, int key, void *extra, void *in, void *out, int *flag)
{
    struct fkey *k = extra;
    MPI_Fint ierr = MPI_SUCCESS, f = 0;
    if (k->wide) {
        MPI_Aint vin = (MPI_Aint)in, vout = 0;
        k->copy(&h, &key, &k->extra, &vin, &vout, &f, &ierr);
        *(void **)out = (void *)vout;
    } else {
        MPI_Fint vin = (MPI_Fint)(MPI_Aint)in, vout = 0, ex = (MPI_Fint)k->extra;
        k->copy(&h, &key, &ex, &vin, &vout, &f, &ierr);
        *(void **)out = (void *)(MPI_Aint)vout;
    }
    *flag = f != 0;
    return ierr;
}

static int tramp_delete(int h, int key, void *val, void *extra)
{
    struct fkey *k = extra;
    MPI_Fint ierr = MPI_SUCCESS;
    if (k->wide) {
        MPI_Aint v = (MPI_Aint)val;
        k->del(&h, &key, &v, &k->extra, &ierr);
    } else {
        MPI_Fint v = (MPI_Fint)(MPI_Aint)val, ex = (MPI_Fint)k->extra;
        k->del(&h, &key, &v, &ex, &ierr);
    }
    return ierr;
}

enum { K_COMM,
       K_TYPE,
       K_WIN,
       K_MPI1 };

static int create_keyval(int kind, f_copy_fn *copy, f_delete_fn *del, MPI_Fint *keyval,
                         MPI_Aint extra)
{
    static f_copy_fn *const null_copy[] = { mpi_comm_null_copy_fn_, mpi_type_null_copy_fn_,
                                            mpi_win_null_copy_fn_, mpi_null_copy_fn_ };
    static f_copy_fn *const dup[] = { mpi_comm_dup_fn_, mpi_type_dup_fn_, mpi_win_dup_fn_,
                                      mpi_dup_fn_ };
    static f_delete_fn *const null_del[] = { mpi_comm_null_delete_fn_, mpi_type_null_delete_fn_,
                                             mpi_win_null_delete_fn_, mpi_null_delete_fn_ };
    struct fkey *k = malloc(sizeof *k);
    if (!k)
        return MPI_ERR_NO_MEM;
    *k = (struct fkey){ copy, del, extra, kind != K_MPI1 };
    /* The C library's null and dup functions are sentinels 0 and 1 (mpi.h). */
    void *cc = (copy == null_copy[kind] || copy == null_copy[K_MPI1]) ? (void *)0
               : (copy == dup[kind] || copy == dup[K_MPI1])           ? (void *)1
                                                                      : (void *)tramp_copy;
    void *cd = (del == null_del[kind] || del == null_del[K_MPI1]) ? NULL : (void *)tramp_delete;
    switch (kind) {
    case K_TYPE:
        return MPI_Type_create_keyval((MPI_Type_copy_attr_function *)cc,
                                      (MPI_Type_delete_attr_function *)cd, keyval, k);
    case K_WIN:
        return MPI_Win_create_keyval((MPI_Win_copy_attr_function *)cc,
                                     (MPI_Win_delete_attr_function *)cd, keyval, k);
    default:
        return MPI_Comm_create_keyval((MPI_Comm_copy_attr_function *)cc,
                                      (MPI_Comm_delete_attr_function *)cd, keyval, k);
    }
}

#define CREATE_KEYVAL(fname, kind)                                                   \
    void fname(f_copy_fn *copy, f_delete_fn *del, MPI_Fint *keyval, MPI_Aint *extra, \
               MPI_Fint *ierr);                                                      \
    void fname(f_copy_fn *copy, f_delete_fn *del, MPI_Fint *keyval, MPI_Aint *extra, \
               MPI_Fint *ierr)                                                       \
    {                                                                                \
        *ierr = create_keyval(kind, copy, del, keyval, *extra);                      \
    }
CREATE_KEYVAL(mpi_comm_create_keyval_, K_COMM)
CREATE_KEYVAL(mpi_type_create_keyval_, K_TYPE)
CREATE_KEYVAL(mpi_win_create_keyval_, K_WIN)

void mpi_keyval_create_(f_copy_fn *copy, f_delete_fn *del, MPI_Fint *keyval, MPI_Fint *extra,
                        MPI_Fint *ierr);
void mpi_keyval_create_(f_copy_fn *copy, f_delete_fn *del, MPI_Fint *keyval, MPI_Fint *extra,
                        MPI_Fint *ierr)
{
    *ierr = create_keyval(K_MPI1, copy, del, keyval, *extra);
}

/* ---- set and get ---- */

#define SET_ATTR(fname, cfn, T)                                     \
    void fname(MPI_Fint *h, MPI_Fint *key, T *val, MPI_Fint *ierr); \
    void fname(MPI_Fint *h, MPI_Fint *key, T *val, MPI_Fint *ierr)  \
    {                                                               \
        *ierr = cfn(*h, *key, (void *)(MPI_Aint)*val);              \
    }
SET_ATTR(mpi_comm_set_attr_, MPI_Comm_set_attr, MPI_Aint)
SET_ATTR(mpi_type_set_attr_, MPI_Type_set_attr, MPI_Aint)
SET_ATTR(mpi_win_set_attr_, MPI_Win_set_attr, MPI_Aint)
SET_ATTR(mpi_attr_put_, MPI_Attr_put, MPI_Fint)

/* The C value of a predefined attribute is a pointer to it (an int; MPI_Aint
 * for MPI_WIN_SIZE); MPI_WIN_BASE is the address itself. */
static MPI_Aint comm_value(int key, void *v)
{
    return key >= MPI_TAG_UB && key <= MPI_LASTUSEDCODE ? *(int *)v : (MPI_Aint)v;
}

static MPI_Aint win_value(int key, void *v)
{
    switch (key) {
    case MPI_WIN_BASE: return (MPI_Aint)v;
    case MPI_WIN_SIZE: return *(MPI_Aint *)v;
    case MPI_WIN_DISP_UNIT:
    case MPI_WIN_CREATE_FLAVOR:
    case MPI_WIN_MODEL: return *(int *)v;
    default: return (MPI_Aint)v;
    }
}

static MPI_Aint type_value(int key, void *v)
{
    (void)key;
    return (MPI_Aint)v;
}

#define GET_ATTR(fname, cfn, T, conv)                                               \
    void fname(MPI_Fint *h, MPI_Fint *key, T *val, MPI_Fint *flag, MPI_Fint *ierr); \
    void fname(MPI_Fint *h, MPI_Fint *key, T *val, MPI_Fint *flag, MPI_Fint *ierr)  \
    {                                                                               \
        void *v = NULL;                                                             \
        int f = 0;                                                                  \
        *ierr = cfn(*h, *key, &v, &f);                                              \
        if (*ierr == MPI_SUCCESS) {                                                 \
            *flag = mpi_f_logical(f);                                               \
            if (f)                                                                  \
                *val = (T)conv(*key, v);                                            \
        }                                                                           \
    }
GET_ATTR(mpi_comm_get_attr_, MPI_Comm_get_attr, MPI_Aint, comm_value)
GET_ATTR(mpi_type_get_attr_, MPI_Type_get_attr, MPI_Aint, type_value)
GET_ATTR(mpi_win_get_attr_, MPI_Win_get_attr, MPI_Aint, win_value)
GET_ATTR(mpi_attr_get_, MPI_Attr_get, MPI_Fint, comm_value)
