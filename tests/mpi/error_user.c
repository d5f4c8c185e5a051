/* error_user.c - conformance: error classes, codes and strings of the
 * program's own (MPI-3.1 sec 8.5): Add_error_class, Add_error_code (on a new
 * and on a predefined class), Add_error_string; Error_class and
 * Error_string answer for them; MPI_LASTUSEDCODE covers them; a user error
 * handler called with such a code gets it; bad arguments are errors. */
#include "tap.h"
#include <string.h>

static int seen_code = -1;

static void handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    seen_code = *code;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int cls = -1, c1 = -1, c2 = -1, got = -1, len = 0;
    MPI_Add_error_class(&cls);
    MPI_Add_error_code(cls, &c1);
    MPI_Add_error_code(MPI_ERR_ARG, &c2);
    CHECK(cls > MPI_ERR_LASTCODE && c1 != cls && c2 != c1 && c2 != cls,
          "new class and codes are beyond MPI_ERR_LASTCODE and distinct");
    MPI_Error_class(c1, &got);
    CHECK(got == cls, "Error_class of a code of the new class");
    MPI_Error_class(cls, &got);
    CHECK(got == cls, "Error_class of the new class is itself");
    MPI_Error_class(c2, &got);
    CHECK(got == MPI_ERR_ARG, "Error_class of a new code of MPI_ERR_ARG");
    char s[MPI_MAX_ERROR_STRING];
    MPI_Add_error_string(c1, "disk on fire");
    MPI_Add_error_string(cls, "hardware trouble");
    MPI_Error_string(c1, s, &len);
    CHECK(!strcmp(s, "disk on fire") && len == (int)strlen("disk on fire"),
          "Error_string of the new code");
    MPI_Error_string(cls, s, &len);
    CHECK(!strcmp(s, "hardware trouble"), "Error_string of the new class");
    MPI_Add_error_string(c1, "disk still on fire");
    MPI_Error_string(c1, s, &len);
    CHECK(!strcmp(s, "disk still on fire"), "a second Add_error_string replaces the first");
#ifndef MPICH_VERSION   /* MPICH encodes its codes; its attribute stays below them */
    int *last, flag = 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    CHECK(flag && *last >= c1 && *last >= c2 && *last >= cls, "MPI_LASTUSEDCODE covers them");
#endif
    MPI_Errhandler eh;
    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, c1);
    CHECK(seen_code == c1, "a user handler called with the new code gets it");
#ifndef MPICH_VERSION   /* MPICH does not check the class */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int e = MPI_Add_error_code(cls + 1000, &got);
    CHECK(e != MPI_SUCCESS, "Add_error_code on a class that does not exist is an error");
#endif
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
