/* mpi_errhandler.c - MPI entry points for errors (MPI-3.1 sec 8.3-8.4):
 * error handlers (predefined and user), error classes and strings, and
 * mpi_err, through which every entry point reports an error. */
#include "mpi_comm.h"
#include "mpi_errhandler.h"
#include "pml.h"
#include <stdio.h>
#include <string.h>

static int in_errhandler;

#define MAX_EH 32
#define EH_BASE 3
static MPI_Comm_errhandler_function *user_eh[MAX_EH];

static const char *const err_names[] = {
    "MPI_SUCCESS: no error",
    "MPI_ERR_BUFFER: invalid buffer pointer",
    "MPI_ERR_COUNT: invalid count argument",
    "MPI_ERR_TYPE: invalid datatype",
    "MPI_ERR_TAG: invalid tag",
    "MPI_ERR_COMM: invalid communicator",
    "MPI_ERR_RANK: invalid rank",
    "MPI_ERR_REQUEST: invalid request",
    "MPI_ERR_ROOT: invalid root",
    "MPI_ERR_GROUP: invalid group",
    "MPI_ERR_OP: invalid operation",
    "MPI_ERR_TOPOLOGY: invalid topology",
    "MPI_ERR_DIMS: invalid dimension argument",
    "MPI_ERR_ARG: invalid argument",
    "MPI_ERR_UNKNOWN: unknown error",
    "MPI_ERR_TRUNCATE: message truncated",
    "MPI_ERR_OTHER: other error",
    "MPI_ERR_INTERN: internal error",
    "MPI_ERR_IN_STATUS: error code is in status",
    "MPI_ERR_PENDING: pending request",
    "MPI_ERR_KEYVAL: invalid keyval",
    "MPI_ERR_NO_MEM: out of memory",
    "MPI_ERR_BASE: invalid base",
    "MPI_ERR_INFO_KEY: invalid info key",
    "MPI_ERR_INFO_VALUE: invalid info value",
    "MPI_ERR_INFO_NOKEY: no such info key",
    "MPI_ERR_SPAWN: spawn error",
    "MPI_ERR_PORT: invalid port",
    "MPI_ERR_SERVICE: invalid service",
    "MPI_ERR_NAME: invalid name",
    "MPI_ERR_WIN: invalid window",
    "MPI_ERR_SIZE: invalid size",
    "MPI_ERR_DISP: invalid displacement",
    "MPI_ERR_INFO: invalid info",
    "MPI_ERR_LOCKTYPE: invalid lock type",
    "MPI_ERR_ASSERT: invalid assert",
    "MPI_ERR_RMA_CONFLICT: conflicting accesses",
    "MPI_ERR_RMA_SYNC: wrong synchronization",
    "MPI_ERR_FILE: invalid file",
    "MPI_ERR_NOT_SAME: not the same on all processes",
    "MPI_ERR_AMODE: invalid amode",
    "MPI_ERR_UNSUPPORTED_DATAREP: unsupported datarep",
    "MPI_ERR_UNSUPPORTED_OPERATION: operation not supported by libmpi_mbcf",
    "MPI_ERR_NO_SUCH_FILE: no such file",
    "MPI_ERR_FILE_EXISTS: file exists",
    "MPI_ERR_BAD_FILE: bad file",
    "MPI_ERR_ACCESS: permission denied",
    "MPI_ERR_NO_SPACE: no space",
    "MPI_ERR_QUOTA: quota exceeded",
    "MPI_ERR_READ_ONLY: read-only",
    "MPI_ERR_FILE_IN_USE: file in use",
    "MPI_ERR_DUP_DATAREP: duplicate datarep",
    "MPI_ERR_CONVERSION: conversion error",
    "MPI_ERR_IO: I/O error",
    "MPI_ERR_RMA_RANGE: RMA range",
    "MPI_ERR_RMA_ATTACH: RMA attach",
    "MPI_ERR_RMA_SHARED: RMA shared",
    "MPI_ERR_RMA_FLAVOR: RMA flavor",
    "MPIX_ERR_PROC_FAILED: a peer process failed",
    "MPI_ERR_PROC_ABORTED: a peer process aborted",
    "MPI_ERR_SESSION: invalid session",
    "MPI_ERR_VALUE_TOO_LARGE: value too large to store",
    "MPI_T_ERR_NOT_ACCESSIBLE: not accessible now",
    "MPI_T_ERR_NOT_SUPPORTED: not supported by this implementation",
    "MPI_T_ERR_MEMORY: out of memory",
    "MPI_T_ERR_NOT_INITIALIZED: MPI_T not initialized",
    "MPI_T_ERR_CANNOT_INIT: MPI_T cannot be initialized",
    "MPI_T_ERR_INVALID_INDEX: invalid index",
    "MPI_T_ERR_INVALID_ITEM: invalid item",
    "MPI_T_ERR_INVALID_HANDLE: invalid handle",
    "MPI_T_ERR_OUT_OF_HANDLES: out of handles",
    "MPI_T_ERR_OUT_OF_SESSIONS: out of sessions",
    "MPI_T_ERR_INVALID_SESSION: invalid session",
    "MPI_T_ERR_CVAR_SET_NOT_NOW: variable cannot be set now",
    "MPI_T_ERR_CVAR_SET_NEVER: variable can never be set",
    "MPI_T_ERR_PVAR_NO_STARTSTOP: variable cannot be started or stopped",
    "MPI_T_ERR_PVAR_NO_WRITE: variable cannot be written or reset",
    "MPI_T_ERR_PVAR_NO_ATOMIC: variable cannot be read and reset atomically",
    "MPI_T_ERR_INVALID_NAME: no variable or category of that name",
    "MPI_T_ERR_INVALID: invalid use of the MPI_T interface",
};
#define NERR ((int)(sizeof err_names / sizeof err_names[0]))

/* Report an error on comm through its error handler; returns the code. */
int mpi_err(MPI_Comm comm, int code, const char *fn)
{
    if (code == MPI_SUCCESS)
        return code;
    struct comm *c = comm_get(comm);
    MPI_Comm cm = comm;
    return mpi_err_eh(c ? c->eh : MPI_ERRORS_ARE_FATAL, comm, &cm, code, fn);
}

int mpi_err_eh(MPI_Errhandler eh, MPI_Comm comm, int *obj, int code, const char *fn)
{
    if (code == MPI_SUCCESS || eh == MPI_ERRORS_RETURN || in_errhandler)
        return code;
    if (eh >= EH_BASE && eh < EH_BASE + MAX_EH && user_eh[eh - EH_BASE]) {
        in_errhandler = 1;
        int cd = code;
        user_eh[eh - EH_BASE](obj, &cd);
        in_errhandler = 0;
        return code;
    }
    if (pml_fail_rank(code) >= 0) {     /* a peer failed: say which */
        pml_fail_report(code, fn);
        PMPI_Abort(comm, MPIX_ERR_PROC_FAILED);
    }
    const char *u = err_user_string(code);
    fprintf(stderr, "libmpi_mbcf: fatal error in %s on rank %d: %s\n", fn, mpi_world_rank,
            code >= 0 && code < NERR ? err_names[code] : u ? u : "unknown error code");
    fflush(stderr);
    PMPI_Abort(comm, code ? code : 1);
    return code;
}

int PMPI_Error_string(int code, char *s, int *len)
{
    if (!s || !len)
        return MPI_ERR_ARG;
    if (pml_fail_rank(code) >= 0) {
        pml_fail_describe(code, s, MPI_MAX_ERROR_STRING);
        *len = (int)strlen(s);
        return MPI_SUCCESS;
    }
    if (err_user_string(code)) {
        snprintf(s, MPI_MAX_ERROR_STRING, "%s", err_user_string(code));
        *len = (int)strlen(s);
        return MPI_SUCCESS;
    }
    snprintf(s, MPI_MAX_ERROR_STRING, "%s",
             code >= 0 && code < NERR ? err_names[code] : "unknown error code");
    *len = (int)strlen(s);
    return code >= 0 && code < NERR ? MPI_SUCCESS : MPI_ERR_ARG;
}
MPI_ALIAS(Error_string);

int PMPI_Error_class(int code, int *cls)
{
    if (cls && err_user_class(code) >= 0) {
        *cls = err_user_class(code);
        return MPI_SUCCESS;
    }
    if (!cls || code < 0 || pml_err_class(code) > MPI_ERR_LASTCODE)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Error_class");
    *cls = pml_err_class(code);
    return MPI_SUCCESS;
}
MPI_ALIAS(Error_class);

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    if (!fn || !eh)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Comm_create_errhandler");
    for (int i = 0; i < MAX_EH; i++)
        if (!user_eh[i]) {
            user_eh[i] = fn;
            *eh = EH_BASE + i;
            return MPI_SUCCESS;
        }
    return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Comm_create_errhandler");
}
MPI_ALIAS(Comm_create_errhandler);

int PMPI_Errhandler_create(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    return PMPI_Comm_create_errhandler(fn, eh);
}
MPI_ALIAS(Errhandler_create);

int eh_valid(MPI_Errhandler eh)
{
    return eh == MPI_ERRORS_ARE_FATAL || eh == MPI_ERRORS_RETURN || eh == MPI_ERRORS_ABORT ||
           (eh >= EH_BASE && eh < EH_BASE + MAX_EH && user_eh[eh - EH_BASE]);
}

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh)
{
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_errhandler");
    if (!eh_valid(eh))
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_set_errhandler");
    c->eh = eh;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_set_errhandler);

int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler eh)
{
    return PMPI_Comm_set_errhandler(comm, eh);
}
MPI_ALIAS(Errhandler_set);

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *eh)
{
    struct comm *c = comm_get(comm);
    if (!c || !eh)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_errhandler");
    *eh = c->eh;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_get_errhandler);

int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *eh)
{
    return PMPI_Comm_get_errhandler(comm, eh);
}
MPI_ALIAS(Errhandler_get);

int PMPI_Errhandler_free(MPI_Errhandler *eh)
{
    if (!eh || !eh_valid(*eh))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Errhandler_free");
    *eh = MPI_ERRHANDLER_NULL;   /* handlers stay valid for communicators using them */
    return MPI_SUCCESS;
}
MPI_ALIAS(Errhandler_free);

int PMPI_Comm_call_errhandler(MPI_Comm comm, int code)
{
    mpi_err(comm, code, "MPI_Comm_call_errhandler");
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_call_errhandler);
