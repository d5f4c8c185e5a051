/* info.c - conformance: info objects (MPI-3.1 sec 9): create/set/get, overwrite, get_valuelen, get_nkeys/nthkey in
 * insertion order, delete (and MPI_ERR_INFO_NOKEY for a missing key), dup
 * independent of the original, free; MPI_INFO_ENV readable; an info passed
 * to Comm_dup_with_info, Win_create and Comm_set_info is accepted, and
 * Comm_get_info returns an object. Prints TAP; exits non-zero on failure. */
#include "tap.h"
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    MPI_Info in, cp;
    char v[64], k[MPI_MAX_INFO_KEY + 1];
    int flag = 0, len = 0, nk = -1;
    MPI_Info_create(&in);
    MPI_Info_set(in, "alpha", "one");
    MPI_Info_set(in, "beta", "twotwo");
    MPI_Info_set(in, "alpha", "uno");
    MPI_Info_get(in, "alpha", sizeof v - 1, v, &flag);
    CHECK(flag && !strcmp(v, "uno"), "set, overwrite, get (%s)", flag ? v : "-");
    MPI_Info_get(in, "beta", sizeof v - 1, v, &flag);
    CHECK(flag && !strcmp(v, "twotwo"), "second key (%s)", v);
    MPI_Info_get_valuelen(in, "beta", &len, &flag);
    CHECK(flag && len == 6, "get_valuelen %d", len);
    MPI_Info_get(in, "gamma", sizeof v - 1, v, &flag);
    CHECK(!flag, "missing key: flag false");
    MPI_Info_get_nkeys(in, &nk);
    MPI_Info_get_nthkey(in, 1, k);
    CHECK(nk == 2 && !strcmp(k, "beta"), "get_nkeys %d, nthkey(1) %s", nk, k);
    MPI_Info_dup(in, &cp);
    MPI_Info_delete(in, "alpha");
    MPI_Info_get_nkeys(in, &nk);
    int nk2 = -1;
    MPI_Info_get_nkeys(cp, &nk2);
    MPI_Info_get(cp, "alpha", sizeof v - 1, v, &flag);
    CHECK(nk == 1 && nk2 == 2 && flag && !strcmp(v, "uno"), "delete; the dup keeps its keys");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int e = MPI_Info_delete(in, "alpha"), cls = -1;
    MPI_Error_class(e, &cls);
    CHECK(cls == MPI_ERR_INFO_NOKEY, "delete of a missing key: MPI_ERR_INFO_NOKEY (%d)", cls);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nk);
    CHECK(nk >= 0, "MPI_INFO_ENV readable (%d keys)", nk);
    MPI_Comm d;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, in, &d);
    e = MPI_Comm_set_info(d, cp);
    MPI_Info got = MPI_INFO_NULL;
    int e2 = MPI_Comm_get_info(d, &got);
    CHECK(e == MPI_SUCCESS && e2 == MPI_SUCCESS && got != MPI_INFO_NULL,
          "Comm_dup_with_info, Comm_set_info, Comm_get_info");
    MPI_Info_free(&got);
    int mem[4];
    MPI_Win w;
    e = MPI_Win_create(mem, sizeof mem, sizeof(int), in, d, &w);
    CHECK(e == MPI_SUCCESS, "Win_create with an info object");
    MPI_Win_free(&w);
    MPI_Comm_free(&d);
    MPI_Info_free(&in);
    MPI_Info_free(&cp);
    CHECK(in == MPI_INFO_NULL && cp == MPI_INFO_NULL, "Info_free");
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
