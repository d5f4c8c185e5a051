/* mpi_pack_external.c - MPI_Pack_external, MPI_Unpack_external,
 * MPI_Pack_external_size with the "external32" representation (MPI-3.1 sec
 * 4.2 and 13.5.2, Table 13.2): every basic element big-endian with a fixed
 * size. It equals the native size here except MPI_LONG/MPI_UNSIGNED_LONG
 * (4 bytes: the low 32 bits; unpacking sign- or zero-extends), MPI_WCHAR
 * (2 bytes) and long double (16 bytes IEEE binary128, converted from the
 * x86 80-bit format). Complex types are two reals. The data are first packed
 * natively (dte_pack), then converted element by element along the type's
 * runs of basic elements (dte.h), and the reverse for unpacking. */
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include <float.h>
#include <stdlib.h>
#include <string.h>

static int is_complex(int basic)
{
    return basic == MPI_C_FLOAT_COMPLEX || basic == MPI_C_DOUBLE_COMPLEX ||
           basic == MPI_C_LONG_DOUBLE_COMPLEX || basic == MPI_COMPLEX ||
           basic == MPI_DOUBLE_COMPLEX || basic == MPI_CXX_FLOAT_COMPLEX ||
           basic == MPI_CXX_DOUBLE_COMPLEX || basic == MPI_COMPLEX8 || basic == MPI_COMPLEX16;
}

static int is_long_double(int basic, int esize)
{
    return esize == 16 && (basic == MPI_LONG_DOUBLE || basic == MPI_REAL16);
}

/* external32 bytes of one basic element of native size esize */
static int ext_size(int basic, int esize)
{
    if (basic == MPI_LONG || basic == MPI_UNSIGNED_LONG)
        return 4;
    if (basic == MPI_WCHAR)
        return 2;
    return esize;
}

/* x86 80-bit extended (LDBL_MANT_DIG 64: explicit integer bit) <-> binary128:
 * same sign and 15-bit exponent with the same bias; the 63 fraction bits
 * after the integer bit are the top of binary128's 112-bit fraction. */
static void ld_to_quad(unsigned char *out, const unsigned char *in)
{
    uint64_t mant;
    uint16_t se;
    memcpy(&mant, in, 8);
    memcpy(&se, in + 8, 2);
    uint64_t hi = (uint64_t)se << 48 | (mant & 0x7fffffffffffffffULL) >> 15;
    uint64_t lo = mant << 49;
    for (int i = 0; i < 8; i++) {
        out[i] = (unsigned char)(hi >> (56 - 8 * i));
        out[8 + i] = (unsigned char)(lo >> (56 - 8 * i));
    }
}

static void quad_to_ld(unsigned char *out, const unsigned char *in)
{
    uint64_t hi = 0, lo = 0;
    for (int i = 0; i < 8; i++) {
        hi = hi << 8 | in[i];
        lo = lo << 8 | in[8 + i];
    }
    uint16_t se = (uint16_t)(hi >> 48);
    uint64_t frac = (hi & 0xffffffffffffULL) << 15 | lo >> 49;
    uint64_t intbit = (se & 0x7fff) ? 1ULL << 63 : 0;   /* normal, inf, nan: 1 */
    uint64_t mant = intbit | frac;
    memset(out, 0, 16);
    memcpy(out, &mant, 8);
    memcpy(out + 8, &se, 2);
}

/* Little-endian native n bytes <-> big-endian ext bytes (ext <= n keeps the
 * low bytes; widening extends the sign when sign_ext). */
static void swap_to_be(unsigned char *out, const unsigned char *in, int ext)
{
    for (int i = 0; i < ext; i++)
        out[i] = in[ext - 1 - i];
}

static void swap_from_be(unsigned char *out, int n, const unsigned char *in, int ext,
                         int sign_ext)
{
    for (int i = 0; i < ext; i++)
        out[i] = in[ext - 1 - i];
    unsigned char fill = sign_ext && (in[0] & 0x80) ? 0xff : 0;
    for (int i = ext; i < n; i++)
        out[i] = fill;
}

/* Convert one element: to external32 (dir 1) or back (dir 0). */
static void convert(unsigned char *ext, unsigned char *nat, int basic, int esize, int dir)
{
    int parts = is_complex(basic) ? 2 : 1, psize = esize / parts;
    for (int k = 0; k < parts; k++, ext += psize, nat += psize) {
        if (psize == 16 && (is_long_double(basic, esize) || basic == MPI_C_LONG_DOUBLE_COMPLEX)) {
            if (dir)
                ld_to_quad(ext, nat);
            else
                quad_to_ld(nat, ext);
            continue;
        }
        int e = ext_size(basic, psize);
        if (dir)
            swap_to_be(ext, nat, e);
        else
            swap_from_be(nat, psize, ext, e, basic == MPI_LONG);
    }
}

/* external32 bytes of one instance of d */
static int64_t ext_bytes(const struct dte *d)
{
    int64_t n = 0;
    for (int i = 0; i < d->nruns; i++)
        n += d->runs[i].n * ext_size(d->runs[i].basic, d->runs[i].esize);
    return n;
}

/* Walk count instances: native stream nat <-> external stream ext. */
static void convert_all(const struct dte *d, int64_t count, unsigned char *nat,
                        unsigned char *ext, int dir)
{
    for (int64_t c = 0; c < count; c++)
        for (int i = 0; i < d->nruns; i++) {
            const struct dte_run *r = &d->runs[i];
            int e = ext_size(r->basic, r->esize);
            for (int64_t j = 0; j < r->n; j++) {
                convert(ext, nat, r->basic, r->esize, dir);
                nat += r->esize;
                ext += e;
            }
        }
}

static int check(const char *datarep, MPI_Datatype dt, int count, struct dte **d,
                 const char *fn)
{
    if (!datarep || strcmp(datarep, "external32") != 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);   /* the only representation */
    *d = dt_get(dt);
    if (!*d)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    if (count < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COUNT, fn);
    if (LDBL_MANT_DIG != 64)        /* a long double layout other than x86's */
        for (int i = 0; i < (*d)->nruns; i++)
            if ((*d)->runs[i].basic == MPI_LONG_DOUBLE || (*d)->runs[i].basic == MPI_REAL16 ||
                (*d)->runs[i].basic == MPI_C_LONG_DOUBLE_COMPLEX)
                return mpi_err(MPI_COMM_WORLD, MPI_ERR_CONVERSION, fn);
    return MPI_SUCCESS;
}

int PMPI_Pack_external_size(const char *datarep, int incount, MPI_Datatype dt, MPI_Aint *size)
{
    struct dte *d;
    int e = check(datarep, dt, incount, &d, "MPI_Pack_external_size");
    if (e)
        return e;
    if (!size)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Pack_external_size");
    *size = (MPI_Aint)(ext_bytes(d) * incount);
    return MPI_SUCCESS;
}
MPI_ALIAS(Pack_external_size);

/* Pack (dir 1: typed buf -> external stream ext) or unpack (dir 0) count
 * instances at *position of a stream of cap bytes. */
static int transfer(const char *datarep, void *buf, int count, MPI_Datatype dt, void *ext,
                    MPI_Aint cap, MPI_Aint *position, int dir, const char *fn)
{
    struct dte *d;
    int e = check(datarep, dt, count, &d, fn);
    if (e)
        return e;
    if (!position || *position < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    int64_t n = ext_bytes(d) * count, nn = d->size * count;
    if (*position + n > cap)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TRUNCATE, fn);
    unsigned char *nat = malloc(nn ? (size_t)nn : 1);
    if (!nat)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    if (dir)
        dte_pack(d, buf, count, nat, 0, nn);
    convert_all(d, count, nat, (unsigned char *)ext + *position, dir);
    if (!dir)
        dte_unpack(d, buf, count, nat, 0, nn);
    free(nat);
    *position += (MPI_Aint)n;
    return MPI_SUCCESS;
}

int PMPI_Pack_external(const char *datarep, const void *inbuf, int incount, MPI_Datatype dt,
                       void *outbuf, MPI_Aint outsize, MPI_Aint *position)
{
    return transfer(datarep, (void *)inbuf, incount, dt, outbuf, outsize, position, 1,
                    "MPI_Pack_external");
}
MPI_ALIAS(Pack_external);

int PMPI_Unpack_external(const char *datarep, const void *inbuf, MPI_Aint insize,
                         MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype dt)
{
    return transfer(datarep, outbuf, outcount, dt, (void *)inbuf, insize, position, 0,
                    "MPI_Unpack_external");
}
MPI_ALIAS(Unpack_external);
