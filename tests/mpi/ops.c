/* ops.c - conformance: MPI_Reduce_local with every predefined op on the
 * types it applies to (integers, floating, complex, logical, byte, pair types
 * with MAXLOC/MINLOC ties), a derived type of doubles, user ops
 * (Op_create/free, Op_commutative), MPI_REPLACE. Local: no communication. */
#include "tap.h"
#include <complex.h>
#include <stdbool.h>
#include <stdint.h>

static void my_max_abs(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)dt;
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        int x = a[i] < 0 ? -a[i] : a[i], y = b[i] < 0 ? -b[i] : b[i];
        b[i] = x > y ? x : y;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int ia[4] = { 1, -5, 7, 0 }, ib[4];
#define RESET() do { ib[0] = 3; ib[1] = -2; ib[2] = 7; ib[3] = 6; } while (0)
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_SUM);
    CHECK(ib[0] == 4 && ib[1] == -7 && ib[2] == 14 && ib[3] == 6, "int SUM");
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_PROD);
    CHECK(ib[0] == 3 && ib[1] == 10 && ib[2] == 49 && ib[3] == 0, "int PROD");
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_MAX);
    CHECK(ib[0] == 3 && ib[1] == -2 && ib[2] == 7 && ib[3] == 6, "int MAX");
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_MIN);
    CHECK(ib[0] == 1 && ib[1] == -5 && ib[3] == 0, "int MIN");
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_LAND);
    CHECK(ib[0] == 1 && ib[1] == 1 && ib[3] == 0, "int LAND");
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_LXOR);
    CHECK(ib[0] == 0 && ib[3] == 1, "int LXOR");
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_BXOR);
    CHECK(ib[0] == 2 && ib[2] == 0 && ib[3] == 6, "int BXOR");
    RESET(); MPI_Reduce_local(ia, ib, 4, MPI_INT, MPI_BOR);
    CHECK(ib[0] == 3 && ib[3] == 6, "int BOR");

    unsigned long long ua[2] = { 1ull << 40, 5 }, ub[2] = { 3, 9 };
    MPI_Reduce_local(ua, ub, 2, MPI_UNSIGNED_LONG_LONG, MPI_SUM);
    CHECK(ub[0] == (1ull << 40) + 3 && ub[1] == 14, "unsigned long long SUM");
    int8_t ca[2] = { 100, -100 }, cb[2] = { 27, -28 };
    MPI_Reduce_local(ca, cb, 2, MPI_INT8_T, MPI_MAX);
    CHECK(cb[0] == 100 && cb[1] == -28, "int8_t MAX");
    uint16_t sa[1] = { 0xF0F0 }, sb[1] = { 0x0FF0 };
    MPI_Reduce_local(sa, sb, 1, MPI_UINT16_T, MPI_BAND);
    CHECK(sb[0] == 0x00F0, "uint16_t BAND");
    unsigned char ba[1] = { 0x0F }, bb[1] = { 0xF1 };
    MPI_Reduce_local(ba, bb, 1, MPI_BYTE, MPI_BOR);
    CHECK(bb[0] == 0xFF, "BYTE BOR");

    double da[3] = { 1.5, -2.0, 1e300 }, db[3] = { 2.5, 3.0, 1e300 };
    MPI_Reduce_local(da, db, 3, MPI_DOUBLE, MPI_SUM);
    CHECK(db[0] == 4.0 && db[1] == 1.0, "double SUM");
    MPI_Reduce_local(da, db, 3, MPI_DOUBLE, MPI_MIN);
    CHECK(db[0] == 1.5 && db[1] == -2.0, "double MIN");
    float fa[2] = { 2.0f, 3.0f }, fb[2] = { 4.0f, 0.5f };
    MPI_Reduce_local(fa, fb, 2, MPI_FLOAT, MPI_PROD);
    CHECK(fb[0] == 8.0f && fb[1] == 1.5f, "float PROD");
    long double la[1] = { 2.0L }, lb[1] = { 3.0L };
    MPI_Reduce_local(la, lb, 1, MPI_LONG_DOUBLE, MPI_MAX);
    CHECK(lb[0] == 3.0L, "long double MAX");

    double _Complex za[2] = { 1.0 + 2.0 * I, 2.0 }, zb[2] = { 3.0 - 1.0 * I, 1.0 * I };
    MPI_Reduce_local(za, zb, 2, MPI_C_DOUBLE_COMPLEX, MPI_SUM);
    CHECK(creal(zb[0]) == 4.0 && cimag(zb[0]) == 1.0, "double complex SUM");
    MPI_Reduce_local(za, zb, 2, MPI_DOUBLE_COMPLEX, MPI_PROD);
    CHECK(creal(zb[1]) == 4.0 && cimag(zb[1]) == 2.0, "MPI_DOUBLE_COMPLEX PROD");
    float _Complex fza[1] = { 1.0f + 1.0f * I }, fzb[1] = { 1.0f - 1.0f * I };
    MPI_Reduce_local(fza, fzb, 1, MPI_C_FLOAT_COMPLEX, MPI_PROD);
    CHECK(crealf(fzb[0]) == 2.0f && cimagf(fzb[0]) == 0.0f, "float complex PROD");

    bool bla[2] = { true, false }, blb[2] = { true, true };
    MPI_Reduce_local(bla, blb, 2, MPI_C_BOOL, MPI_LAND);
    CHECK(blb[0] && !blb[1], "C_BOOL LAND");

    struct { double v; int i; } pa[3] = { { 1.0, 5 }, { 7.0, 2 }, { 3.0, 1 } },
                                pb[3] = { { 1.0, 3 }, { 2.0, 9 }, { 3.0, 4 } };
    MPI_Reduce_local(pa, pb, 3, MPI_DOUBLE_INT, MPI_MAXLOC);
    CHECK(pb[0].i == 3 && pb[1].v == 7.0 && pb[1].i == 2 && pb[2].i == 1,
          "DOUBLE_INT MAXLOC (ties take the lower index)");
    struct { int v; int i; } qa[2] = { { 4, 1 }, { -3, 8 } }, qb[2] = { { 2, 0 }, { -3, 7 } };
    MPI_Reduce_local(qa, qb, 2, MPI_2INT, MPI_MINLOC);
    CHECK(qb[0].v == 2 && qb[0].i == 0 && qb[1].i == 7, "2INT MINLOC");
    struct { float v; int i; } ra[1] = { { 9.0f, 3 } }, rb[1] = { { 1.0f, 1 } };
    MPI_Reduce_local(ra, rb, 1, MPI_FLOAT_INT, MPI_MAXLOC);
    CHECK(rb[0].v == 9.0f && rb[0].i == 3, "FLOAT_INT MAXLOC");

    /* derived: contiguous of 2 doubles (a libmpi_mbcf extension; MPICH refuses) */
#ifdef LIBMPI_MBCF
    MPI_Datatype two;
    MPI_Type_contiguous(2, MPI_DOUBLE, &two);
    MPI_Type_commit(&two);
    double ta[4] = { 1, 2, 3, 4 }, tb[4] = { 10, 20, 30, 40 };
    MPI_Reduce_local(ta, tb, 2, two, MPI_SUM);
    CHECK(tb[0] == 11 && tb[3] == 44, "SUM on a contiguous derived type");
    MPI_Type_free(&two);
#endif

    MPI_Op op;
    MPI_Op_create(my_max_abs, 1, &op);
    int commute = 0;
    MPI_Op_commutative(op, &commute);
    int xa[2] = { -9, 2 }, xb[2] = { 3, -4 };
    MPI_Reduce_local(xa, xb, 2, MPI_INT, op);
    CHECK(xb[0] == 9 && xb[1] == 4 && commute == 1, "user op (max |x|), commutative");
    MPI_Op_free(&op);
    CHECK(op == MPI_OP_NULL, "Op_free resets the handle");
    MPI_Op_commutative(MPI_SUM, &commute);
    CHECK(commute, "MPI_SUM is commutative");

    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
