/* mpi_f_hand.c - the Fortran subroutines that differ from their C form
 * (MPI-3.1 sec 17.1): start-up without argc/argv, MPI_WTIME/MPI_WTICK as
 * DOUBLE PRECISION functions, MPI_PCONTROL without IERROR, strings (blank
 * padded, hidden lengths last), attribute values as INTEGER(MPI_ADDRESS_KIND)
 * and Fortran copy/delete callbacks (sec 6.7.2), and the storage of the
 * sentinel common blocks of mpif.h. Everything else is mpi_f_gen.c. */
#include "mpi_f.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 16-byte aligned: gfortran aligns the common blocks it emits that way. */
#define COMMON_BLOCK __attribute__((aligned(16)))
MPI_Fint mpi_fbottom_[1] COMMON_BLOCK, mpi_fin_place_[1] COMMON_BLOCK,
    mpi_fstatus_ignore_[6] COMMON_BLOCK, mpi_fstatuses_ignore_[6] COMMON_BLOCK,
    mpi_ferrcodes_ignore_[1] COMMON_BLOCK, mpi_funweighted_[1] COMMON_BLOCK,
    mpi_fweights_empty_[1] COMMON_BLOCK;
char mpi_fargv_null_[1] COMMON_BLOCK, mpi_fargvs_null_[1] COMMON_BLOCK;
/* MPI-3.1 sec 17.2.5: the Fortran MPI_STATUS(ES)_IGNORE seen from C. */
MPI_Fint *MPI_F_STATUS_IGNORE = mpi_fstatus_ignore_;
MPI_Fint *MPI_F_STATUSES_IGNORE = mpi_fstatuses_ignore_;

int mpi_f_unsupported(const char *fn)
{
    int rank = -1;
    int up = 0;
    MPI_Initialized(&up);
    if (up)
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fprintf(stderr, "libmpi_mbcf rank %d: %s has no Fortran binding (MPI_ERR_UNSUPPORTED_OPERATION)\n",
            rank, fn);
    return MPI_ERR_UNSUPPORTED_OPERATION;
}

/* ---- strings: Fortran CHARACTER(len) <-> C ---- */

/* A C copy of a Fortran string without its trailing blanks (malloc'd). */
static char *str_f2c(const char *f, size_t len)
{
    while (len > 0 && f[len - 1] == ' ')
        len--;
    char *c = malloc(len + 1);
    if (c) {
        memcpy(c, f, len);
        c[len] = 0;
    }
    return c;
}

/* Copies a C string into a Fortran one, blank padded (truncated to len). */
static void str_c2f(const char *c, char *f, size_t len)
{
    size_t n = strlen(c);
    if (n > len)
        n = len;
    memcpy(f, c, n);
    memset(f + n, ' ', len - n);
}

/* ---- environment ---- */

void mpi_init_(MPI_Fint *ierr);
void mpi_init_(MPI_Fint *ierr)
{
    *ierr = MPI_Init(NULL, NULL);
}

void mpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr);
void mpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)
{
    *ierr = MPI_Init_thread(NULL, NULL, *required, provided);
}

double mpi_wtime_(void);
double mpi_wtime_(void)
{
    return MPI_Wtime();
}
double mpi_wtick_(void);
double mpi_wtick_(void)
{
    return MPI_Wtick();
}
double pmpi_wtime_(void);
double pmpi_wtime_(void)
{
    return PMPI_Wtime();
}
double pmpi_wtick_(void);
double pmpi_wtick_(void)
{
    return PMPI_Wtick();
}

void mpi_pcontrol_(MPI_Fint *level);
void mpi_pcontrol_(MPI_Fint *level)
{
    (void)MPI_Pcontrol(*level);
}

/* A C call that fills a string of at most cap characters and its length. */
#define STRING_OUT(cap, call)                               \
    do {                                                    \
        char buf_[(cap) + 1];                               \
        int n_ = 0;                                         \
        buf_[0] = 0;                                        \
        *ierr = (call);                                     \
        if (*ierr == MPI_SUCCESS) {                         \
            buf_[cap] = 0;                                  \
            str_c2f(buf_, name, len);                       \
            if (resultlen)                                  \
                *resultlen = n_ < (int)len ? n_ : (int)len; \
        }                                                   \
    } while (0)

void mpi_get_processor_name_(char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len);
void mpi_get_processor_name_(char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len)
{
    STRING_OUT(MPI_MAX_PROCESSOR_NAME, MPI_Get_processor_name(buf_, &n_));
}

void mpi_get_library_version_(char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len);
void mpi_get_library_version_(char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len)
{
    STRING_OUT(MPI_MAX_LIBRARY_VERSION_STRING, MPI_Get_library_version(buf_, &n_));
}

void mpi_error_string_(MPI_Fint *code, char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len);
void mpi_error_string_(MPI_Fint *code, char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len)
{
    STRING_OUT(MPI_MAX_ERROR_STRING, MPI_Error_string(*code, buf_, &n_));
}

#define GET_NAME(fname, cfn)                                                              \
    void fname(MPI_Fint *h, char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len); \
    void fname(MPI_Fint *h, char *name, MPI_Fint *resultlen, MPI_Fint *ierr, size_t len)  \
    {                                                                                     \
        STRING_OUT(MPI_MAX_OBJECT_NAME, cfn(*h, buf_, &n_));                              \
    }
GET_NAME(mpi_comm_get_name_, MPI_Comm_get_name)
GET_NAME(mpi_type_get_name_, MPI_Type_get_name)
GET_NAME(mpi_win_get_name_, MPI_Win_get_name)

/* A C call taking one string s made from the Fortran string (f, flen). */
#define STRING_IN(f, flen, call)             \
    do {                                     \
        char *s = str_f2c(f, flen);          \
        *ierr = s ? (call) : MPI_ERR_NO_MEM; \
        free(s);                             \
    } while (0)

#define SET_NAME(fname, cfn)                                               \
    void fname(MPI_Fint *h, const char *name, MPI_Fint *ierr, size_t len); \
    void fname(MPI_Fint *h, const char *name, MPI_Fint *ierr, size_t len)  \
    {                                                                      \
        STRING_IN(name, len, cfn(*h, s));                                  \
    }
SET_NAME(mpi_comm_set_name_, MPI_Comm_set_name)
SET_NAME(mpi_type_set_name_, MPI_Type_set_name)
SET_NAME(mpi_win_set_name_, MPI_Win_set_name)

void mpi_add_error_string_(MPI_Fint *code, const char *str, MPI_Fint *ierr, size_t len);
void mpi_add_error_string_(MPI_Fint *code, const char *str, MPI_Fint *ierr, size_t len)
{
    STRING_IN(str, len, MPI_Add_error_string(*code, s));
}

/* ---- info (MPI-3.1 sec 9: keys and values are Fortran strings) ---- */

void mpi_info_set_(MPI_Fint *info, const char *key, const char *val, MPI_Fint *ierr,
                   size_t klen, size_t vlen);
void mpi_info_set_(MPI_Fint *info, const char *key, const char *val, MPI_Fint *ierr,
                   size_t klen, size_t vlen)
{
    char *k = str_f2c(key, klen), *v = str_f2c(val, vlen);
    *ierr = k && v ? MPI_Info_set(*info, k, v) : MPI_ERR_NO_MEM;
    free(k);
    free(v);
}

void mpi_info_get_(MPI_Fint *info, const char *key, MPI_Fint *valuelen, char *value,
                   MPI_Fint *flag, MPI_Fint *ierr, size_t klen, size_t vlen);
void mpi_info_get_(MPI_Fint *info, const char *key, MPI_Fint *valuelen, char *value,
                   MPI_Fint *flag, MPI_Fint *ierr, size_t klen, size_t vlen)
{
    char *k = str_f2c(key, klen);
    int want = *valuelen < (int)vlen ? *valuelen : (int)vlen;
    char *v = malloc((size_t)(want > 0 ? want : 0) + 1);
    int f = 0;
    *ierr = k && v ? MPI_Info_get(*info, k, want, v, &f) : MPI_ERR_NO_MEM;
    if (*ierr == MPI_SUCCESS) {
        *flag = mpi_f_logical(f);
        if (f)
            str_c2f(v, value, vlen);
    }
    free(k);
    free(v);
}

void mpi_info_get_valuelen_(MPI_Fint *info, const char *key, MPI_Fint *valuelen, MPI_Fint *flag,
                            MPI_Fint *ierr, size_t klen);
void mpi_info_get_valuelen_(MPI_Fint *info, const char *key, MPI_Fint *valuelen, MPI_Fint *flag,
                            MPI_Fint *ierr, size_t klen)
{
    int f = 0;
    STRING_IN(key, klen, MPI_Info_get_valuelen(*info, s, valuelen, &f));
    if (*ierr == MPI_SUCCESS)
        *flag = mpi_f_logical(f);
}

void mpi_info_delete_(MPI_Fint *info, const char *key, MPI_Fint *ierr, size_t klen);
void mpi_info_delete_(MPI_Fint *info, const char *key, MPI_Fint *ierr, size_t klen)
{
    STRING_IN(key, klen, MPI_Info_delete(*info, s));
}

void mpi_info_get_nthkey_(MPI_Fint *info, MPI_Fint *n, char *name, MPI_Fint *ierr, size_t len);
void mpi_info_get_nthkey_(MPI_Fint *info, MPI_Fint *n, char *name, MPI_Fint *ierr, size_t len)
{
    MPI_Fint *resultlen = NULL;
    STRING_OUT(MPI_MAX_INFO_KEY, MPI_Info_get_nthkey(*info, *n, buf_));
    (void)resultlen;
}

/* ---- callbacks whose Fortran form is the C one (all arguments by
 * reference): reduction operations (sec 5.9.5) and error handlers (sec 8.3) ---- */

void mpi_op_create_(MPI_User_function *fn, MPI_Fint *commute, MPI_Fint *op, MPI_Fint *ierr);
void mpi_op_create_(MPI_User_function *fn, MPI_Fint *commute, MPI_Fint *op, MPI_Fint *ierr)
{
    *ierr = MPI_Op_create(fn, *commute != 0, op);
}

void mpi_comm_create_errhandler_(MPI_Comm_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr);
void mpi_comm_create_errhandler_(MPI_Comm_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr)
{
    *ierr = MPI_Comm_create_errhandler(fn, eh);
}

void mpi_errhandler_create_(MPI_Comm_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr);
void mpi_errhandler_create_(MPI_Comm_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr)
{
    *ierr = MPI_Comm_create_errhandler(fn, eh);
}

void mpi_win_create_errhandler_(MPI_Win_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr);
void mpi_win_create_errhandler_(MPI_Win_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr)
{
    *ierr = MPI_Win_create_errhandler(fn, eh);
}

/* ---- MPI-IO (MPI-3.1 sec 13): file names and data representations are
 * Fortran strings; DISP is INTEGER(KIND=MPI_OFFSET_KIND); a Fortran file
 * error handler takes (FH, CODE) by reference, as the C one is called ---- */

void mpi_file_open_(MPI_Fint *comm, const char *name, MPI_Fint *amode, MPI_Fint *info,
                    MPI_Fint *fh, MPI_Fint *ierr, size_t len);
void mpi_file_open_(MPI_Fint *comm, const char *name, MPI_Fint *amode, MPI_Fint *info,
                    MPI_Fint *fh, MPI_Fint *ierr, size_t len)
{
    STRING_IN(name, len, MPI_File_open(*comm, s, *amode, *info, fh));
}

void mpi_file_delete_(const char *name, MPI_Fint *info, MPI_Fint *ierr, size_t len);
void mpi_file_delete_(const char *name, MPI_Fint *info, MPI_Fint *ierr, size_t len)
{
    STRING_IN(name, len, MPI_File_delete(s, *info));
}

void mpi_file_set_view_(MPI_Fint *fh, MPI_Offset *disp, MPI_Fint *etype, MPI_Fint *filetype,
                        const char *rep, MPI_Fint *info, MPI_Fint *ierr, size_t len);
void mpi_file_set_view_(MPI_Fint *fh, MPI_Offset *disp, MPI_Fint *etype, MPI_Fint *filetype,
                        const char *rep, MPI_Fint *info, MPI_Fint *ierr, size_t len)
{
    STRING_IN(rep, len, MPI_File_set_view(*fh, *disp, *etype, *filetype, s, *info));
}

void mpi_file_get_view_(MPI_Fint *fh, MPI_Offset *disp, MPI_Fint *etype, MPI_Fint *filetype,
                        char *rep, MPI_Fint *ierr, size_t len);
void mpi_file_get_view_(MPI_Fint *fh, MPI_Offset *disp, MPI_Fint *etype, MPI_Fint *filetype,
                        char *rep, MPI_Fint *ierr, size_t len)
{
    char buf[MPI_MAX_DATAREP_STRING + 1];
    *ierr = MPI_File_get_view(*fh, disp, etype, filetype, buf);
    if (*ierr == MPI_SUCCESS)
        str_c2f(buf, rep, len);
}

void mpi_file_create_errhandler_(MPI_File_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr);
void mpi_file_create_errhandler_(MPI_File_errhandler_function *fn, MPI_Fint *eh, MPI_Fint *ierr)
{
    *ierr = MPI_File_create_errhandler(fn, eh);
}

/* ---- the MPI-1 calls deprecated in MPI-2.0 (MPI-2.2 sec 2.6.1, removed in
 * MPI-3.0): their Fortran bindings take default INTEGERs where the C ones
 * take MPI_Aint (EXTENT, DISPLACEMENT, ADDRESS, STRIDE,
 * ARRAY_OF_DISPLACEMENTS), as in MPICH's mpif.h; BT-IO calls them ---- */

static void aint_to_fint(MPI_Aint a, MPI_Fint *f, MPI_Fint *ierr)
{
    *f = (MPI_Fint)a;
    if (*ierr == MPI_SUCCESS && (MPI_Aint)*f != a)
        *ierr = MPI_ERR_ARG; /* does not fit in a default INTEGER */
}

#define AINT_OUT(fname, cfn)                                 \
    void fname(MPI_Fint *dt, MPI_Fint *out, MPI_Fint *ierr); \
    void fname(MPI_Fint *dt, MPI_Fint *out, MPI_Fint *ierr)  \
    {                                                        \
        MPI_Aint a = 0;                                      \
        *ierr = cfn(*dt, &a);                                \
        if (*ierr == MPI_SUCCESS)                            \
            aint_to_fint(a, out, ierr);                      \
    }
AINT_OUT(mpi_type_extent_, MPI_Type_extent)
AINT_OUT(mpi_type_lb_, MPI_Type_lb)
AINT_OUT(mpi_type_ub_, MPI_Type_ub)

void mpi_address_(void *location, MPI_Fint *address, MPI_Fint *ierr);
void mpi_address_(void *location, MPI_Fint *address, MPI_Fint *ierr)
{
    MPI_Aint a = 0;
    *ierr = MPI_Get_address(mpi_f_buf(location), &a);
    if (*ierr == MPI_SUCCESS)
        aint_to_fint(a, address, ierr);
}

void mpi_type_hvector_(MPI_Fint *count, MPI_Fint *blen, MPI_Fint *stride, MPI_Fint *old,
                       MPI_Fint *newtype, MPI_Fint *ierr);
void mpi_type_hvector_(MPI_Fint *count, MPI_Fint *blen, MPI_Fint *stride, MPI_Fint *old,
                       MPI_Fint *newtype, MPI_Fint *ierr)
{
    *ierr = MPI_Type_create_hvector(*count, *blen, (MPI_Aint)*stride, *old, newtype);
}

/* The n INTEGER displacements as MPI_Aint (malloc'd; NULL: out of memory). */
static MPI_Aint *disps_f2c(const MPI_Fint *d, MPI_Fint n)
{
    MPI_Aint *a = malloc((n > 0 ? (size_t)n : 1) * sizeof *a);
    for (MPI_Fint i = 0; a && i < n; i++)
        a[i] = d[i];
    return a;
}

void mpi_type_hindexed_(MPI_Fint *count, MPI_Fint *blens, MPI_Fint *displs, MPI_Fint *old,
                        MPI_Fint *newtype, MPI_Fint *ierr);
void mpi_type_hindexed_(MPI_Fint *count, MPI_Fint *blens, MPI_Fint *displs, MPI_Fint *old,
                        MPI_Fint *newtype, MPI_Fint *ierr)
{
    MPI_Aint *a = disps_f2c(displs, *count);
    *ierr = a ? MPI_Type_create_hindexed(*count, blens, a, *old, newtype) : MPI_ERR_NO_MEM;
    free(a);
}

void mpi_type_struct_(MPI_Fint *count, MPI_Fint *blens, MPI_Fint *displs, MPI_Fint *types,
                      MPI_Fint *newtype, MPI_Fint *ierr);
void mpi_type_struct_(MPI_Fint *count, MPI_Fint *blens, MPI_Fint *displs, MPI_Fint *types,
                      MPI_Fint *newtype, MPI_Fint *ierr)
{
    MPI_Aint *a = disps_f2c(displs, *count);
    *ierr = a ? MPI_Type_create_struct(*count, blens, a, types, newtype) : MPI_ERR_NO_MEM;
    free(a);
}
