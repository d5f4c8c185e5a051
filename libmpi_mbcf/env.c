/* env.c - environment management (MPI-3.1 chapter 8): Init/Finalize/Abort,
 * Wtime, processor name, versions, error handlers and error strings, and the
 * per-process counters printed at Finalize when MPI_MBCF_STATS=1
 * (bytes_remote_write/bytes_sent is seed 003 Table 3's remote-write share). */
#include "mpii.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int mpi_world_rank, mpi_world_size = 1, mpi_initialized, mpi_finalized;
struct mpi_stats mpi_stats;
int64_t mpi_eager_limit = EAGER_MAX;
static uint64_t t_init;
static int in_errhandler;

#define MAX_EH 32
#define EH_BASE 3
static MPI_Comm_errhandler_function *user_eh[MAX_EH];

static const char *const err_names[] = {
    "MPI_SUCCESS: no error", "MPI_ERR_BUFFER: invalid buffer pointer",
    "MPI_ERR_COUNT: invalid count argument", "MPI_ERR_TYPE: invalid datatype",
    "MPI_ERR_TAG: invalid tag", "MPI_ERR_COMM: invalid communicator",
    "MPI_ERR_RANK: invalid rank", "MPI_ERR_REQUEST: invalid request",
    "MPI_ERR_ROOT: invalid root", "MPI_ERR_GROUP: invalid group",
    "MPI_ERR_OP: invalid operation", "MPI_ERR_TOPOLOGY: invalid topology",
    "MPI_ERR_DIMS: invalid dimension argument", "MPI_ERR_ARG: invalid argument",
    "MPI_ERR_UNKNOWN: unknown error", "MPI_ERR_TRUNCATE: message truncated",
    "MPI_ERR_OTHER: other error", "MPI_ERR_INTERN: internal error",
    "MPI_ERR_IN_STATUS: error code is in status", "MPI_ERR_PENDING: pending request",
    "MPI_ERR_KEYVAL: invalid keyval", "MPI_ERR_NO_MEM: out of memory",
    "MPI_ERR_BASE: invalid base", "MPI_ERR_INFO_KEY: invalid info key",
    "MPI_ERR_INFO_VALUE: invalid info value", "MPI_ERR_INFO_NOKEY: no such info key",
    "MPI_ERR_SPAWN: spawn error", "MPI_ERR_PORT: invalid port",
    "MPI_ERR_SERVICE: invalid service", "MPI_ERR_NAME: invalid name",
    "MPI_ERR_WIN: invalid window", "MPI_ERR_SIZE: invalid size",
    "MPI_ERR_DISP: invalid displacement", "MPI_ERR_INFO: invalid info",
    "MPI_ERR_LOCKTYPE: invalid lock type", "MPI_ERR_ASSERT: invalid assert",
    "MPI_ERR_RMA_CONFLICT: conflicting accesses", "MPI_ERR_RMA_SYNC: wrong synchronization",
    "MPI_ERR_FILE: invalid file", "MPI_ERR_NOT_SAME: not the same on all processes",
    "MPI_ERR_AMODE: invalid amode", "MPI_ERR_UNSUPPORTED_DATAREP: unsupported datarep",
    "MPI_ERR_UNSUPPORTED_OPERATION: operation not supported by libmpi_mbcf",
    "MPI_ERR_NO_SUCH_FILE: no such file", "MPI_ERR_FILE_EXISTS: file exists",
    "MPI_ERR_BAD_FILE: bad file", "MPI_ERR_ACCESS: permission denied",
    "MPI_ERR_NO_SPACE: no space", "MPI_ERR_QUOTA: quota exceeded",
    "MPI_ERR_READ_ONLY: read-only", "MPI_ERR_FILE_IN_USE: file in use",
    "MPI_ERR_DUP_DATAREP: duplicate datarep", "MPI_ERR_CONVERSION: conversion error",
    "MPI_ERR_IO: I/O error", "MPI_ERR_RMA_RANGE: RMA range",
    "MPI_ERR_RMA_ATTACH: RMA attach", "MPI_ERR_RMA_SHARED: RMA shared",
    "MPI_ERR_RMA_FLAVOR: RMA flavor",
};
#define NERR ((int)(sizeof err_names / sizeof err_names[0]))

/* Report an error on comm through its error handler; returns the code. */
int mpi_err(MPI_Comm comm, int code, const char *fn)
{
    if (code == MPI_SUCCESS)
        return code;
    struct comm *c = comm_get(comm);
    MPI_Errhandler eh = c ? c->eh : MPI_ERRORS_ARE_FATAL;
    if (eh == MPI_ERRORS_RETURN || in_errhandler)
        return code;
    if (eh >= EH_BASE && eh < EH_BASE + MAX_EH && user_eh[eh - EH_BASE]) {
        in_errhandler = 1;
        int cd = code;
        MPI_Comm cm = comm;
        user_eh[eh - EH_BASE](&cm, &cd);
        in_errhandler = 0;
        return code;
    }
    fprintf(stderr, "libmpi_mbcf: fatal error in %s on rank %d: %s\n", fn, mpi_world_rank,
            code >= 0 && code < NERR ? err_names[code] : "unknown error code");
    fflush(stderr);
    MPI_Abort(comm, code ? code : 1);
    return code;
}

int MPI_Error_string(int code, char *s, int *len)
{
    if (!s || !len)
        return MPI_ERR_ARG;
    snprintf(s, MPI_MAX_ERROR_STRING, "%s",
             code >= 0 && code < NERR ? err_names[code] : "unknown error code");
    *len = (int)strlen(s);
    return code >= 0 && code < NERR ? MPI_SUCCESS : MPI_ERR_ARG;
}

int MPI_Error_class(int code, int *cls)
{
    if (!cls || code < 0 || code > MPI_ERR_LASTCODE)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Error_class");
    *cls = code;
    return MPI_SUCCESS;
}

int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
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

int MPI_Errhandler_create(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    return MPI_Comm_create_errhandler(fn, eh);
}

static int eh_valid(MPI_Errhandler eh)
{
    return eh == MPI_ERRORS_ARE_FATAL || eh == MPI_ERRORS_RETURN ||
           (eh >= EH_BASE && eh < EH_BASE + MAX_EH && user_eh[eh - EH_BASE]);
}

int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh)
{
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_errhandler");
    if (!eh_valid(eh))
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_set_errhandler");
    c->eh = eh;
    return MPI_SUCCESS;
}

int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler eh)
{
    return MPI_Comm_set_errhandler(comm, eh);
}

int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *eh)
{
    struct comm *c = comm_get(comm);
    if (!c || !eh)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_errhandler");
    *eh = c->eh;
    return MPI_SUCCESS;
}

int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *eh)
{
    return MPI_Comm_get_errhandler(comm, eh);
}

int MPI_Errhandler_free(MPI_Errhandler *eh)
{
    if (!eh || !eh_valid(*eh))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Errhandler_free");
    *eh = MPI_ERRHANDLER_NULL;   /* handlers stay valid for communicators using them */
    return MPI_SUCCESS;
}

int MPI_Comm_call_errhandler(MPI_Comm comm, int code)
{
    mpi_err(comm, code, "MPI_Comm_call_errhandler");
    return MPI_SUCCESS;
}

/* ---- init / finalize ---- */
int MPI_Init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (mpi_initialized)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Init");
    int st = mbcf_init();
    if (st) {
        fprintf(stderr, "libmpi_mbcf: mbcf_init failed: %s\n", mbcf_strerror(-st));
        return MPI_ERR_OTHER;
    }
    mpi_world_rank = mbcf_rank();
    mpi_world_size = mbcf_size();
    if (mpi_world_size > MAXR) {
        fprintf(stderr, "libmpi_mbcf: %d nodes, at most %d supported\n", mpi_world_size, MAXR);
        return MPI_ERR_OTHER;
    }
    const char *e = getenv("MPI_MBCF_EAGER");
    if (e) {
        long v = atol(e);
        if (v < 0 || v > EAGER_MAX) {
            fprintf(stderr, "libmpi_mbcf: MPI_MBCF_EAGER=%s out of 0..%ld, using %ld\n", e,
                    (long)EAGER_MAX, (long)EAGER_MAX);
            v = EAGER_MAX;
        }
        mpi_eager_limit = v;
    }
    dt_init_predefined();
    comm_init_predefined(mpi_world_rank, mpi_world_size);
    p2p_init();
    mpi_initialized = 1;
    t_init = mbcf_now_ns();
    return MPI_SUCCESS;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int e = MPI_Init(argc, argv);
    if (provided)
        *provided = required >= MPI_THREAD_FUNNELED ? MPI_THREAD_FUNNELED : MPI_THREAD_SINGLE;
    return e;
}

int MPI_Query_thread(int *provided)
{
    *provided = MPI_THREAD_FUNNELED;
    return MPI_SUCCESS;
}

int MPI_Is_thread_main(int *flag)
{
    *flag = 1;
    return MPI_SUCCESS;
}

int MPI_Initialized(int *flag)
{
    *flag = mpi_initialized;
    return MPI_SUCCESS;
}

int MPI_Finalized(int *flag)
{
    *flag = mpi_finalized;
    return MPI_SUCCESS;
}

int MPI_Finalize(void)
{
    CHECK_INIT("MPI_Finalize");
    bsend_detach_wait();
    p2p_finalize();
    const char *s = getenv("MPI_MBCF_STATS");
    if (s && atoi(s) == 1) {
        p2p_stats_update();
        double el = (double)(mbcf_now_ns() - t_init) * 1e-9;
        printf("mpi_mbcf_stats rank=%d msgs_sent=%llu bytes_sent=%llu bytes_remote_write=%llu "
               "bytes_fifo=%llu send_requests=%llu rejected_requests=%llu elapsed_s=%.6f\n",
               mpi_world_rank, (unsigned long long)mpi_stats.msgs_sent,
               (unsigned long long)mpi_stats.bytes_sent,
               (unsigned long long)mpi_stats.bytes_remote_write,
               (unsigned long long)mpi_stats.bytes_fifo,
               (unsigned long long)mpi_stats.send_requests,
               (unsigned long long)mpi_stats.rejected_requests, el);
        fflush(stdout);
    }
    mpi_finalized = 1;
    return MPI_SUCCESS;
}

int MPI_Abort(MPI_Comm comm, int code)
{
    (void)comm;
    fprintf(stderr, "libmpi_mbcf: MPI_Abort(%d) on rank %d\n", code, mpi_world_rank);
    fflush(stdout);
    fflush(stderr);
    if (code == 0)
        code = 1;
    p2p_abort_peers(code);
    _exit(code & 0xff ? code & 0xff : 1);
}

double MPI_Wtime(void)
{
    return (double)mbcf_now_ns() * 1e-9;
}

double MPI_Wtick(void)
{
    return 1e-9;
}

int MPI_Get_processor_name(char *name, int *len)
{
    if (!name || !len)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_processor_name");
    snprintf(name, MPI_MAX_PROCESSOR_NAME, "mbcf-node%d", mpi_world_rank);
    *len = (int)strlen(name);
    return MPI_SUCCESS;
}

int MPI_Get_version(int *version, int *subversion)
{
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}

int MPI_Get_library_version(char *version, int *len)
{
    snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
             "libmpi_mbcf 0.1 (MPI %d.%d subset on MBCF, seed 003), eager limit %ld bytes",
             MPI_VERSION, MPI_SUBVERSION, (long)mpi_eager_limit);
    *len = (int)strlen(version);
    return MPI_SUCCESS;
}

int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    (void)info;
    void *p = malloc(size ? (size_t)size : 1);
    if (!p)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Alloc_mem");
    *(void **)baseptr = p;
    return MPI_SUCCESS;
}

int MPI_Free_mem(void *base)
{
    free(base);
    return MPI_SUCCESS;
}

int MPI_Pcontrol(const int level, ...)
{
    (void)level;
    return MPI_SUCCESS;
}
