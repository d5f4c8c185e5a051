/* mpi_error_user.c - error classes, codes and strings of the program's own
 * (MPI-3.1 sec 8.5): MPI_Add_error_class, MPI_Add_error_code,
 * MPI_Add_error_string. New classes and codes are numbered from
 * MPI_ERR_LASTCODE + 1 on (below 256: the codes of failed peers are
 * MPIX_ERR_PROC_FAILED | rank << 8, pml.h); MPI_Error_class and
 * MPI_Error_string (mpi_errhandler.c) answer for them, and the attribute
 * MPI_LASTUSEDCODE follows the largest. Local calls (the standard asks for
 * the same sequence on every process if the values are to agree). */
#include "mpi_errhandler.h"
#include <string.h>

#define USER_MAX (256 - (MPI_ERR_LASTCODE + 1))
static struct {
    int cls;                           /* its class (a class is its own) */
    char str[MPI_MAX_ERROR_STRING];
} user[USER_MAX];
static int nuser;

static int slot(int code)              /* index, or -1 if not one of ours */
{
    int i = code - (MPI_ERR_LASTCODE + 1);
    return i >= 0 && i < nuser ? i : -1;
}

int err_user_class(int code)
{
    int i = slot(code);
    return i < 0 ? -1 : user[i].cls;
}

const char *err_user_string(int code)
{
    int i = slot(code);
    return i < 0 ? NULL : user[i].str;
}

int err_user_last(void)
{
    return MPI_ERR_LASTCODE + nuser;
}

static int add(int cls, int *out, const char *fn)
{
    if (!out)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    if (nuser == USER_MAX)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    int code = MPI_ERR_LASTCODE + 1 + nuser;
    user[nuser].cls = cls < 0 ? code : cls;
    user[nuser].str[0] = 0;
    nuser++;
    *out = code;
    return MPI_SUCCESS;
}

int PMPI_Add_error_class(int *errorclass)
{
    CHECK_INIT("MPI_Add_error_class");
    return add(-1, errorclass, "MPI_Add_error_class");
}
MPI_ALIAS(Add_error_class);

int PMPI_Add_error_code(int errorclass, int *errorcode)
{
    CHECK_INIT("MPI_Add_error_code");
    int valid = (errorclass >= 0 && errorclass <= MPI_ERR_LASTCODE) ||
                err_user_class(errorclass) == errorclass;
    if (!valid)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Add_error_code");
    return add(errorclass, errorcode, "MPI_Add_error_code");
}
MPI_ALIAS(Add_error_code);

int PMPI_Add_error_string(int errorcode, const char *string)
{
    static const char fn[] = "MPI_Add_error_string";
    CHECK_INIT(fn);
    int i = slot(errorcode);
    /* only the program's own codes take a string; it must fit */
    if (i < 0 || !string || strlen(string) >= MPI_MAX_ERROR_STRING)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    strcpy(user[i].str, string);
    return MPI_SUCCESS;
}
MPI_ALIAS(Add_error_string);
