/* dtype_table.c - the datatype table (mpi_datatype.h, dtype_table.h):
 * the predefined C types (incl. complex, fixed-width, pair types for
 * MAXLOC/MINLOC and the Fortran names with C layouts), handles, reference
 * counts of freed types still in use, constructor contents (MPI-3.1
 * chapter 4). The entry points are in api/mpi_datatype.c. */
#include "mpi_datatype.h"
#include "dtype_table.h"
#include <complex.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static struct dtype *types;
static int ntypes, captypes;

struct dte *dt_predef[MPI_FIRST_DERIVED_TYPE_MBCF];

/* The predefined layouts for the inline dt_usable: set at init and again
 * when the table moves (predefined types are never freed). */
static void predef_refresh(void)
{
    for (int i = 1; i < MPI_FIRST_DERIVED_TYPE_MBCF; i++)
        dt_predef[i] = types[i].used && types[i].committed ? &types[i].d : NULL;
}

/* the predefined types, laid out by hand */
/* clang-format off */
#define PAIR(T1, T2) struct { T1 a; T2 b; }
typedef PAIR(float, int) p_float_int;
typedef PAIR(double, int) p_double_int;
typedef PAIR(long, int) p_long_int;
typedef PAIR(int, int) p_2int;
typedef PAIR(short, int) p_short_int;
typedef PAIR(long double, int) p_ldouble_int;
typedef PAIR(float, float) p_2real;
typedef PAIR(double, double) p_2double;

static void def_basic(int id, const char *name, int64_t size, int64_t align)
{
    struct dtype *t = &types[id];
    dte_init_basic(&t->d, size, align, id);
    t->used = t->committed = t->predefined = 1;
    t->combiner = MPI_COMBINER_NAMED;
    snprintf(t->name, sizeof t->name, "%s", name);
}

static void def_pair(int id, const char *name, int b1, int b2, int64_t off2, int64_t extent,
                     int64_t align)
{
    struct dtype *t = &types[id];
    dte_init_pair(&t->d, id, types[b1].d.size, b1, types[b2].d.size, b2, off2, extent, align);
    t->used = t->committed = t->predefined = 1;
    t->combiner = MPI_COMBINER_NAMED;
    snprintf(t->name, sizeof t->name, "%s", name);
}

#define B(id, T) def_basic(id, #id, sizeof(T), _Alignof(T))
#define P(id, T, b1, b2) def_pair(id, #id, b1, b2, offsetof(T, b), sizeof(T), _Alignof(T))

void dt_init_predefined(void)
{
    captypes = 256;
    types = calloc((size_t)captypes, sizeof *types);
    ntypes = MPI_FIRST_DERIVED_TYPE_MBCF;
    B(MPI_CHAR, char); B(MPI_SIGNED_CHAR, signed char); B(MPI_UNSIGNED_CHAR, unsigned char);
    B(MPI_BYTE, unsigned char); B(MPI_SHORT, short); B(MPI_UNSIGNED_SHORT, unsigned short);
    B(MPI_INT, int); B(MPI_UNSIGNED, unsigned); B(MPI_LONG, long);
    B(MPI_UNSIGNED_LONG, unsigned long); B(MPI_LONG_LONG_INT, long long);
    B(MPI_UNSIGNED_LONG_LONG, unsigned long long); B(MPI_FLOAT, float);
    B(MPI_DOUBLE, double); B(MPI_LONG_DOUBLE, long double); B(MPI_WCHAR, wchar_t);
    B(MPI_C_BOOL, bool); B(MPI_INT8_T, int8_t); B(MPI_INT16_T, int16_t);
    B(MPI_INT32_T, int32_t); B(MPI_INT64_T, int64_t); B(MPI_UINT8_T, uint8_t);
    B(MPI_UINT16_T, uint16_t); B(MPI_UINT32_T, uint32_t); B(MPI_UINT64_T, uint64_t);
    B(MPI_C_FLOAT_COMPLEX, float _Complex); B(MPI_C_DOUBLE_COMPLEX, double _Complex);
    B(MPI_C_LONG_DOUBLE_COMPLEX, long double _Complex); B(MPI_AINT, MPI_Aint);
    B(MPI_OFFSET, MPI_Offset); B(MPI_COUNT, MPI_Count); B(MPI_PACKED, unsigned char);
    B(MPI_CHARACTER, char); B(MPI_INTEGER, int); B(MPI_REAL, float);
    B(MPI_DOUBLE_PRECISION, double); B(MPI_COMPLEX, float _Complex);
    B(MPI_DOUBLE_COMPLEX, double _Complex); B(MPI_LOGICAL, int); B(MPI_INTEGER1, int8_t);
    B(MPI_INTEGER2, int16_t); B(MPI_INTEGER4, int32_t); B(MPI_INTEGER8, int64_t);
    B(MPI_REAL4, float); B(MPI_REAL8, double); B(MPI_CXX_BOOL, bool);
    B(MPI_CXX_FLOAT_COMPLEX, float _Complex); B(MPI_CXX_DOUBLE_COMPLEX, double _Complex);
    B(MPI_REAL16, long double); B(MPI_COMPLEX8, float _Complex);
    B(MPI_COMPLEX16, double _Complex);
    P(MPI_FLOAT_INT, p_float_int, MPI_FLOAT, MPI_INT);
    P(MPI_DOUBLE_INT, p_double_int, MPI_DOUBLE, MPI_INT);
    P(MPI_LONG_INT, p_long_int, MPI_LONG, MPI_INT);
    P(MPI_2INT, p_2int, MPI_INT, MPI_INT);
    P(MPI_SHORT_INT, p_short_int, MPI_SHORT, MPI_INT);
    P(MPI_LONG_DOUBLE_INT, p_ldouble_int, MPI_LONG_DOUBLE, MPI_INT);
    P(MPI_2INTEGER, p_2int, MPI_INTEGER, MPI_INTEGER);
    P(MPI_2REAL, p_2real, MPI_REAL, MPI_REAL);
    P(MPI_2DOUBLE_PRECISION, p_2double, MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION);
    predef_refresh();
}
/* clang-format on */

struct dte *dt_get(MPI_Datatype dt)
{
    if (dt <= 0 || dt >= ntypes || !types[dt].used || types[dt].freed)
        return NULL;
    return &types[dt].d;
}

struct dte *dt_layout(MPI_Datatype dt)
{
    if (dt <= 0 || dt >= ntypes || !types[dt].used)
        return NULL;
    return &types[dt].d;
}

void dt_destroy(struct dtype *t)
{
    struct dt_contents *k = t->contents;
    dte_destroy(&t->d);
    t->used = t->freed = t->refs = 0;
    t->contents = NULL;
    dtc_free(k); /* may destroy the types it held */
}

void dt_retain(MPI_Datatype dt)
{
    if (dt > 0 && dt < ntypes && types[dt].used && !types[dt].predefined)
        types[dt].refs++;
}

void dt_release(MPI_Datatype dt)
{
    if (dt <= 0 || dt >= ntypes || !types[dt].used || types[dt].predefined || types[dt].refs <= 0)
        return;
    if (--types[dt].refs == 0 && types[dt].freed)
        dt_destroy(&types[dt]);
}

struct dte *dt_usable_slow(MPI_Datatype dt)
{
    if (dt <= 0 || dt >= ntypes || !types[dt].used || types[dt].freed || !types[dt].committed)
        return NULL;
    return &types[dt].d;
}

int dt_committed(MPI_Datatype dt)
{
    return dt > 0 && dt < ntypes && types[dt].used && types[dt].committed;
}

const char *dt_name(MPI_Datatype dt)
{
    return dt > 0 && dt < ntypes && types[dt].used ? types[dt].name : "(invalid)";
}

struct dt_contents *dt_record(MPI_Datatype dt, int combiner, int ni, int na, int nt)
{
    struct dtype *t = &types[dt];
    struct dt_contents *old = t->contents;
    t->combiner = combiner;
    t->contents = NULL;
    dtc_free(old);
    struct dt_contents *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->ni = ni;
    k->na = na;
    k->nt = nt;
    k->ints = malloc((size_t)(ni ? ni : 1) * sizeof *k->ints);
    k->addrs = malloc((size_t)(na ? na : 1) * sizeof *k->addrs);
    k->types = calloc((size_t)(nt ? nt : 1), sizeof *k->types);
    if (!k->ints || !k->addrs || !k->types) {
        k->nt = 0;
        dtc_free(k);
        return NULL;
    }
    types[dt].contents = k;
    return k;
}

int dt_combiner(MPI_Datatype dt)
{
    return types[dt].combiner;
}

const struct dt_contents *dt_contents(MPI_Datatype dt)
{
    return types[dt].contents;
}

int dt_clone(MPI_Datatype dt, MPI_Datatype *out)
{
    MPI_Datatype id;
    if (dt_new(&id))
        return MPI_ERR_NO_MEM;
    struct dtype *t = &types[id], *o = &types[dt]; /* after new_type: the table may move */
    if (dte_init_resized(&t->d, &o->d, o->d.lb, dte_extent(&o->d)))
        return MPI_ERR_NO_MEM;
    t->used = 1;
    t->committed = o->committed;
    t->predefined = 0;
    t->name[0] = 0;
    const struct dt_contents *c = o->contents;
    struct dt_contents *k = c ? dt_record(id, o->combiner, c->ni, c->na, c->nt) : NULL;
    types[id].combiner = types[dt].combiner;
    if (k) {
        memcpy(k->ints, c->ints, (size_t)c->ni * sizeof *k->ints);
        memcpy(k->addrs, c->addrs, (size_t)c->na * sizeof *k->addrs);
        memcpy(k->types, c->types, (size_t)c->nt * sizeof *k->types);
        dtc_retain(k);
    }
    *out = id;
    return MPI_SUCCESS;
}

int dt_new(MPI_Datatype *out)
{
    for (int i = MPI_FIRST_DERIVED_TYPE_MBCF; i < ntypes; i++)
        if (!types[i].used) {
            *out = i;
            return 0;
        }
    if (ntypes == captypes) {
        struct dtype *t = realloc(types, (size_t)captypes * 2 * sizeof *t);
        if (!t)
            return MPI_ERR_NO_MEM;
        memset(t + captypes, 0, (size_t)captypes * sizeof *t);
        types = t;
        captypes *= 2;
        predef_refresh();
    }
    *out = ntypes++;
    return 0;
}

struct dtype *dt_entry(MPI_Datatype dt)
{
    return &types[dt];
}
