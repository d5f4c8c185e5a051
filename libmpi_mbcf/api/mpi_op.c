/* mpi_op.c - MPI entry points of reduction operations (MPI-3.1 sec 5.9): every
 * predefined op on every type it applies to, user ops (Op_create/free),
 * MPI_Reduce_local (the only way the collectives apply ops) and
 * MPI_Op_commutative. */
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "mpi_op.h"
#include <complex.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define MAX_USER_OPS 64
static struct { int used, commute; MPI_User_function *fn; } user_ops[MAX_USER_OPS];
#define USER_BASE 32

int op_valid(MPI_Op op)
{
    if (op >= MPI_MAX && op <= MPI_NO_OP)
        return 1;
    return op >= USER_BASE && op < USER_BASE + MAX_USER_OPS && user_ops[op - USER_BASE].used;
}

/* Integer types: every op but MAXLOC/MINLOC. */
#define INT_OP(NAME, T)                                                              \
    static int NAME(int op, const void *a, void *b, int64_t n)                      \
    {                                                                               \
        const T *x = a;                                                             \
        T *y = b;                                                                   \
        switch (op) {                                                               \
        case MPI_MAX: for (int64_t i = 0; i < n; i++) if (x[i] > y[i]) y[i] = x[i]; break; \
        case MPI_MIN: for (int64_t i = 0; i < n; i++) if (x[i] < y[i]) y[i] = x[i]; break; \
        case MPI_SUM: for (int64_t i = 0; i < n; i++) y[i] = (T)(y[i] + x[i]); break; \
        case MPI_PROD: for (int64_t i = 0; i < n; i++) y[i] = (T)(y[i] * x[i]); break; \
        case MPI_LAND: for (int64_t i = 0; i < n; i++) y[i] = (T)(x[i] && y[i]); break; \
        case MPI_LOR: for (int64_t i = 0; i < n; i++) y[i] = (T)(x[i] || y[i]); break; \
        case MPI_LXOR: for (int64_t i = 0; i < n; i++) y[i] = (T)(!x[i] != !y[i]); break; \
        case MPI_BAND: for (int64_t i = 0; i < n; i++) y[i] = (T)(x[i] & y[i]); break; \
        case MPI_BOR: for (int64_t i = 0; i < n; i++) y[i] = (T)(x[i] | y[i]); break; \
        case MPI_BXOR: for (int64_t i = 0; i < n; i++) y[i] = (T)(x[i] ^ y[i]); break; \
        default: return -1;                                                         \
        }                                                                           \
        return 0;                                                                   \
    }

/* Floating point: MAX MIN SUM PROD. */
#define FLT_OP(NAME, T)                                                              \
    static int NAME(int op, const void *a, void *b, int64_t n)                      \
    {                                                                               \
        const T *x = a;                                                             \
        T *y = b;                                                                   \
        switch (op) {                                                               \
        case MPI_MAX: for (int64_t i = 0; i < n; i++) if (x[i] > y[i]) y[i] = x[i]; break; \
        case MPI_MIN: for (int64_t i = 0; i < n; i++) if (x[i] < y[i]) y[i] = x[i]; break; \
        case MPI_SUM: for (int64_t i = 0; i < n; i++) y[i] += x[i]; break;          \
        case MPI_PROD: for (int64_t i = 0; i < n; i++) y[i] *= x[i]; break;         \
        default: return -1;                                                         \
        }                                                                           \
        return 0;                                                                   \
    }

/* Complex: SUM PROD. */
#define CPX_OP(NAME, T)                                                              \
    static int NAME(int op, const void *a, void *b, int64_t n)                      \
    {                                                                               \
        const T *x = a;                                                             \
        T *y = b;                                                                   \
        switch (op) {                                                               \
        case MPI_SUM: for (int64_t i = 0; i < n; i++) y[i] += x[i]; break;          \
        case MPI_PROD: for (int64_t i = 0; i < n; i++) y[i] *= x[i]; break;         \
        default: return -1;                                                         \
        }                                                                           \
        return 0;                                                                   \
    }

/* Pair types: MAXLOC MINLOC (MPI-3.1 sec 5.9.4: ties take the lower index). */
#define LOC_OP(NAME, T1, T2)                                                         \
    static int NAME(int op, const void *a, void *b, int64_t n)                      \
    {                                                                               \
        const struct { T1 v; T2 i; } *x = a;                                        \
        struct { T1 v; T2 i; } *y = b;                                              \
        if (op != MPI_MAXLOC && op != MPI_MINLOC)                                   \
            return -1;                                                              \
        for (int64_t k = 0; k < n; k++) {                                           \
            int better = op == MPI_MAXLOC ? x[k].v > y[k].v : x[k].v < y[k].v;      \
            if (better || (x[k].v == y[k].v && x[k].i < y[k].i)) {                  \
                y[k].v = x[k].v;                                                    \
                y[k].i = x[k].i;                                                    \
            }                                                                       \
        }                                                                           \
        return 0;                                                                   \
    }

INT_OP(op_schar, signed char)
INT_OP(op_uchar, unsigned char)
INT_OP(op_char, char)
INT_OP(op_short, short)
INT_OP(op_ushort, unsigned short)
INT_OP(op_int, int)
INT_OP(op_uint, unsigned)
INT_OP(op_long, long)
INT_OP(op_ulong, unsigned long)
INT_OP(op_llong, long long)
INT_OP(op_ullong, unsigned long long)
INT_OP(op_wchar, wchar_t)
/* C _Bool: the logical ops only */
static int op_bool(int op, const void *a, void *b, int64_t n)
{
    const bool *x = a;
    bool *y = b;
    switch (op) {
    case MPI_LAND: for (int64_t i = 0; i < n; i++) y[i] = x[i] && y[i]; break;
    case MPI_LOR: for (int64_t i = 0; i < n; i++) y[i] = x[i] || y[i]; break;
    case MPI_LXOR: for (int64_t i = 0; i < n; i++) y[i] = x[i] != y[i]; break;
    default: return -1;
    }
    return 0;
}
FLT_OP(op_float, float)
FLT_OP(op_double, double)
FLT_OP(op_ldouble, long double)
CPX_OP(op_cfloat, float _Complex)
CPX_OP(op_cdouble, double _Complex)
CPX_OP(op_cldouble, long double _Complex)
LOC_OP(op_float_int, float, int)
LOC_OP(op_double_int, double, int)
LOC_OP(op_long_int, long, int)
LOC_OP(op_2int, int, int)
LOC_OP(op_short_int, short, int)
LOC_OP(op_ldouble_int, long double, int)
LOC_OP(op_2float, float, float)
LOC_OP(op_2double, double, double)

typedef int (*op_fn)(int, const void *, void *, int64_t);

/* Which ops a type class admits, beyond what the kernel function accepts. */
enum { C_INT, C_LOGICAL, C_BYTE, C_FLOAT, C_COMPLEX, C_PAIR };
static int admits(int cls, int op)
{
    switch (cls) {
    case C_INT: return op != MPI_MAXLOC && op != MPI_MINLOC;
    case C_LOGICAL: return op == MPI_LAND || op == MPI_LOR || op == MPI_LXOR;
    case C_BYTE: return op == MPI_BAND || op == MPI_BOR || op == MPI_BXOR;
    case C_FLOAT: return op <= MPI_PROD;
    case C_COMPLEX: return op == MPI_SUM || op == MPI_PROD;
    case C_PAIR: return op == MPI_MAXLOC || op == MPI_MINLOC;
    }
    return 0;
}

static op_fn kernel_for(MPI_Datatype t, int *cls)
{
    *cls = C_INT;
    switch (t) {
    case MPI_CHAR: case MPI_CHARACTER: return op_char;
    case MPI_SIGNED_CHAR: case MPI_INT8_T: case MPI_INTEGER1: return op_schar;
    case MPI_UNSIGNED_CHAR: case MPI_UINT8_T: return op_uchar;
    case MPI_BYTE: *cls = C_BYTE; return op_uchar;
    case MPI_SHORT: case MPI_INT16_T: case MPI_INTEGER2: return op_short;
    case MPI_UNSIGNED_SHORT: case MPI_UINT16_T: return op_ushort;
    case MPI_INT: case MPI_INT32_T: case MPI_INTEGER: case MPI_INTEGER4: return op_int;
    case MPI_LOGICAL: *cls = C_LOGICAL; return op_int;
    case MPI_UNSIGNED: case MPI_UINT32_T: return op_uint;
    case MPI_LONG: case MPI_AINT: return op_long;
    case MPI_UNSIGNED_LONG: return op_ulong;
    case MPI_LONG_LONG_INT: case MPI_INT64_T: case MPI_INTEGER8: case MPI_OFFSET:
    case MPI_COUNT: return op_llong;
    case MPI_UNSIGNED_LONG_LONG: case MPI_UINT64_T: return op_ullong;
    case MPI_WCHAR: return op_wchar;
    case MPI_C_BOOL: case MPI_CXX_BOOL: *cls = C_LOGICAL; return op_bool;
    case MPI_FLOAT: case MPI_REAL: case MPI_REAL4: *cls = C_FLOAT; return op_float;
    case MPI_DOUBLE: case MPI_DOUBLE_PRECISION: case MPI_REAL8: *cls = C_FLOAT; return op_double;
    case MPI_LONG_DOUBLE: case MPI_REAL16: *cls = C_FLOAT; return op_ldouble;
    case MPI_C_FLOAT_COMPLEX: case MPI_COMPLEX: case MPI_CXX_FLOAT_COMPLEX:
    case MPI_COMPLEX8: *cls = C_COMPLEX; return op_cfloat;
    case MPI_C_DOUBLE_COMPLEX: case MPI_DOUBLE_COMPLEX: case MPI_CXX_DOUBLE_COMPLEX:
    case MPI_COMPLEX16: *cls = C_COMPLEX; return op_cdouble;
    case MPI_C_LONG_DOUBLE_COMPLEX: *cls = C_COMPLEX; return op_cldouble;
    case MPI_FLOAT_INT: *cls = C_PAIR; return op_float_int;
    case MPI_DOUBLE_INT: *cls = C_PAIR; return op_double_int;
    case MPI_LONG_INT: *cls = C_PAIR; return op_long_int;
    case MPI_2INT: case MPI_2INTEGER: *cls = C_PAIR; return op_2int;
    case MPI_SHORT_INT: *cls = C_PAIR; return op_short_int;
    case MPI_LONG_DOUBLE_INT: *cls = C_PAIR; return op_ldouble_int;
    case MPI_2REAL: *cls = C_PAIR; return op_2float;
    case MPI_2DOUBLE_PRECISION: *cls = C_PAIR; return op_2double;
    }
    return NULL;
}

/* Apply a predefined op to n elements of a predefined type; -1 if invalid. */
static int apply(MPI_Op op, MPI_Datatype basic, const void *in, void *inout, int64_t n)
{
    int cls;
    if (op == MPI_NO_OP)
        return 0;
    struct dte *d = dt_get(basic);
    if (op == MPI_REPLACE) {
        memcpy(inout, in, (size_t)(n * dte_extent(d)));
        return 0;
    }
    op_fn f = kernel_for(basic, &cls);
    if (!f || !admits(cls, op))
        return -1;
    return f(op, in, inout, n);
}

/* inout = in op inout on count elements of dt, which may be a freed type a
 * pending operation still holds (mpi_nbc.h); an MPI error code, not reported. */
int op_reduce(const void *inbuf, void *inoutbuf, int count, MPI_Datatype dt, MPI_Op op)
{
    struct dte *d = dt_layout(dt);
    if (!d)
        return MPI_ERR_TYPE;
    if (!op_valid(op))
        return MPI_ERR_OP;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (count == 0)
        return MPI_SUCCESS;
    if (op >= USER_BASE) {
        int c = count;
        MPI_Datatype t = dt;
        user_ops[op - USER_BASE].fn((void *)inbuf, inoutbuf, &c, &t);
        return MPI_SUCCESS;
    }
    if (d->red_basic < 0)
        return MPI_ERR_OP;
    int64_t n = d->red_n * count;
    int64_t off;
    if (d->red_basic == dt || (dte_is_contig(d, count, &off) && off == 0))
        return apply(op, d->red_basic, inbuf, inoutbuf, n) ? MPI_ERR_OP : MPI_SUCCESS;
    /* derived type of one predefined type: work on packed copies */
    int64_t bytes = d->size * count;
    char *a = malloc((size_t)bytes), *b = malloc((size_t)bytes);
    if (!a || !b) {
        free(a);
        free(b);
        return MPI_ERR_NO_MEM;
    }
    dte_pack(d, inbuf, count, a, 0, bytes);
    dte_pack(d, inoutbuf, count, b, 0, bytes);
    int rc = apply(op, d->red_basic, a, b, n);
    if (!rc)
        dte_unpack(d, inoutbuf, count, b, 0, bytes);
    free(a);
    free(b);
    return rc ? MPI_ERR_OP : MPI_SUCCESS;
}

int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype dt, MPI_Op op)
{
    const char *fn = "MPI_Reduce_local";
    if (!dt_get(dt))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    int e = op_reduce(inbuf, inoutbuf, count, dt, op);
    return e ? mpi_err(MPI_COMM_WORLD, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Reduce_local);

int PMPI_Op_create(MPI_User_function *fn, int commute, MPI_Op *op)
{
    if (!fn || !op)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Op_create");
    for (int i = 0; i < MAX_USER_OPS; i++)
        if (!user_ops[i].used) {
            user_ops[i].used = 1;
            user_ops[i].commute = commute;
            user_ops[i].fn = fn;
            *op = USER_BASE + i;
            return MPI_SUCCESS;
        }
    return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Op_create");
}
MPI_ALIAS(Op_create);

int PMPI_Op_free(MPI_Op *op)
{
    if (!op || *op < USER_BASE || !op_valid(*op))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_OP, "MPI_Op_free");
    user_ops[*op - USER_BASE].used = 0;
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Op_free);

int PMPI_Op_commutative(MPI_Op op, int *commute)
{
    if (!op_valid(op) || !commute)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_OP, "MPI_Op_commutative");
    *commute = op >= USER_BASE ? user_ops[op - USER_BASE].commute : 1;
    return MPI_SUCCESS;
}
MPI_ALIAS(Op_commutative);
