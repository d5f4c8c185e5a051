/* f90types.c - conformance: MPI_Type_create_f90_integer/real/complex give
 * types of the expected size (an error, MPI_ERR_ARG here, beyond what exists),
 * Status_set_elements_x read back with Get_elements_x, and the Fortran
 * status conversion round trip (Status_c2f then Status_f2c); attributes on a
 * datatype (Type_create_keyval, set/get/delete with the delete function
 * called, Type_free_keyval); the envelope of an f90 type names its
 * combiner (MPI_COMBINER_F90_REAL/COMPLEX/INTEGER) and its contents are the
 * p and r asked for (MPI-3.1 sec 4.1.13), the same arguments give the same
 * handle.
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <string.h>

static int deleted;
static int del_fn(MPI_Datatype t, int k, void *val, void *extra)
{
    (void)t; (void)k; (void)extra;
    deleted += *(int *)val;
    return MPI_SUCCESS;
}

static int size_of(MPI_Datatype t)
{
    int s = -1;
    MPI_Type_size(t, &s);
    return s;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    MPI_Datatype t1, t2, t3, t4, t5;
    MPI_Type_create_f90_integer(4, &t1);
    MPI_Type_create_f90_integer(9, &t2);
    MPI_Type_create_f90_real(6, MPI_UNDEFINED, &t3);
    MPI_Type_create_f90_real(15, 300, &t4);
    MPI_Type_create_f90_complex(10, MPI_UNDEFINED, &t5);
    CHECK(size_of(t1) == 2 && size_of(t2) == 4 && size_of(t3) == 4 && size_of(t4) == 8 &&
              size_of(t5) == 16,
          "f90 types: integer(4) %d, integer(9) %d, real(6) %d, real(15,300) %d, complex(10) %d",
          size_of(t1), size_of(t2), size_of(t3), size_of(t4), size_of(t5));
    int ni = -1, na = -1, nt = -1, comb = -1, ints[2] = { -9, -9 };
    MPI_Aint addrs[1];
    MPI_Datatype types[1];
    MPI_Type_get_envelope(t4, &ni, &na, &nt, &comb);
    MPI_Type_get_contents(t4, 2, 0, 0, ints, addrs, types);
    CHECK(comb == MPI_COMBINER_F90_REAL && ni == 2 && na == 0 && nt == 0 && ints[0] == 15 &&
              ints[1] == 300,
          "f90 real(15,300): envelope combiner %d (F90_REAL %d) ints %d addrs %d types %d, "
          "contents p %d r %d",
          comb, MPI_COMBINER_F90_REAL, ni, na, nt, ints[0], ints[1]);
    ints[0] = ints[1] = -9;
    MPI_Type_get_envelope(t5, &ni, &na, &nt, &comb);
    MPI_Type_get_contents(t5, 2, 0, 0, ints, addrs, types);
    CHECK(comb == MPI_COMBINER_F90_COMPLEX && ni == 2 && ints[0] == 10 &&
              ints[1] == MPI_UNDEFINED,
          "f90 complex(10): combiner %d (F90_COMPLEX %d), p %d r %d", comb,
          MPI_COMBINER_F90_COMPLEX, ints[0], ints[1]);
    ints[0] = -9;
    MPI_Type_get_envelope(t2, &ni, &na, &nt, &comb);
    MPI_Type_get_contents(t2, 1, 0, 0, ints, addrs, types);
    CHECK(comb == MPI_COMBINER_F90_INTEGER && ni == 1 && ints[0] == 9,
          "f90 integer(9): combiner %d (F90_INTEGER %d), ints %d, r %d", comb,
          MPI_COMBINER_F90_INTEGER, ni, ints[0]);
    MPI_Datatype t4b;
    MPI_Type_create_f90_real(15, 300, &t4b);
    CHECK(t4b == t4, "f90 real(15,300) twice: the same handle");
    double dsend[2] = { 1.5, -2.25 }, drecv[2] = { 0, 0 };
    MPI_Sendrecv(dsend, 2, t4, tap_rank(), 3, drecv, 2, t4, tap_rank(), 3, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    CHECK(drecv[0] == 1.5 && drecv[1] == -2.25, "two f90 real(15,300) sent to self");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Datatype tb;
    int e = MPI_Type_create_f90_integer(40, &tb), cls = -1;
    MPI_Error_class(e, &cls);
#ifdef LIBMPI_MBCF
    CHECK(e != MPI_SUCCESS && cls == MPI_ERR_ARG, "f90 integer with 40 digits: MPI_ERR_ARG");
#else
    CHECK(e != MPI_SUCCESS, "f90 integer with 40 digits: an error (class %d)", cls);
#endif
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Status st;
    memset(&st, 0, sizeof st);
    MPI_Count big = 3000000000LL, got = -1;
    MPI_Status_set_elements_x(&st, MPI_CHAR, big);
    MPI_Get_elements_x(&st, MPI_CHAR, &got);
    CHECK(got == big, "Status_set_elements_x / Get_elements_x: %lld", (long long)got);
    st.MPI_SOURCE = 3;
    st.MPI_TAG = 77;
    MPI_Fint f[64];
    MPI_Status back;
    memset(&back, 0, sizeof back);
    MPI_Status_c2f(&st, f);
    MPI_Status_f2c(f, &back);
    MPI_Get_elements_x(&back, MPI_CHAR, &got);
    CHECK(back.MPI_SOURCE == 3 && back.MPI_TAG == 77 && got == big,
          "Status_c2f then Status_f2c keeps source, tag and count");
    int key = MPI_KEYVAL_INVALID, v1 = 5, v2 = 7, flag = 0;
    int *p = NULL;
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, del_fn, &key, NULL);
    MPI_Type_set_attr(pair, key, &v1);
    MPI_Type_set_attr(pair, key, &v2);          /* replaces: deletes v1 */
    MPI_Type_get_attr(pair, key, &p, &flag);
    int got_v2 = flag && p == &v2;
    MPI_Type_delete_attr(pair, key);            /* deletes v2 */
    MPI_Type_get_attr(pair, key, &p, &flag);
    CHECK(got_v2 && !flag && deleted == 12, "type attribute set/replace/get/delete (deleted %d)",
          deleted);
    MPI_Type_free_keyval(&key);
    MPI_Type_free(&pair);
    CHECK(key == MPI_KEYVAL_INVALID, "Type_free_keyval");
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
