/* mpi40_misc.c - small MPI-4.0 additions: MPI_Info_create_env (sec
 * 11.2.1: the keys of MPI_INFO_ENV's definition, sec 11.2.2, from argv),
 * MPI_Info_get_string (sec 10: the value and its length with the
 * terminating null), MPI_Comm_idup_with_info, the handle conversions MPI
 * defines for messages, error handlers and windows (sec 19.3.4), and the
 * Fortran 2008 status conversions (sec 19.3.5). */
#include "mpi_export.h"
#include "mpi_errhandler.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int PMPI_Info_create_env(int argc, char *argv[], MPI_Info *info)
{
    if (!info || argc < 0 || (argc && !argv))
        return mpi_err(MPI_COMM_SELF, MPI_ERR_ARG, "MPI_Info_create_env");
    int e = PMPI_Info_create(info);
    if (e)
        return e;
    size_t n = 1;
    for (int i = 1; i < argc; i++)
        n += strlen(argv[i]) + 1;
    char *args = calloc(n, 1);
    if (!args) {
        PMPI_Info_free(info);
        return mpi_err(MPI_COMM_SELF, MPI_ERR_NO_MEM, "MPI_Info_create_env");
    }
    for (int i = 1; i < argc; i++) {
        if (i > 1)
            strcat(args, " ");
        strcat(args, argv[i]);
    }
    char size[16];
    snprintf(size, sizeof size, "%d", mpi_world_size > 0 ? mpi_world_size : 1);
    if (argc > 0 && argv[0])
        e = PMPI_Info_set(*info, "command", argv[0]);
    if (!e && argc > 1)
        e = PMPI_Info_set(*info, "argv", args);
    if (!e)
        e = PMPI_Info_set(*info, "maxprocs", size);
    if (!e)
        e = PMPI_Info_set(*info, "thread_level", "MPI_THREAD_SINGLE");
    free(args);
    if (e)
        PMPI_Info_free(info);
    return e;
}
MPI_ALIAS(Info_create_env);

int PMPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    int len = 0;
    if (!buflen || !flag || *buflen < 0 || (*buflen && !value))
        return mpi_err(MPI_COMM_SELF, MPI_ERR_ARG, "MPI_Info_get_string");
    int e = PMPI_Info_get_valuelen(info, key, &len, flag);
    if (e || !*flag)
        return e;
    if (*buflen) {
        char *v = malloc((size_t)len + 1);
        if (!v)
            return mpi_err(MPI_COMM_SELF, MPI_ERR_NO_MEM, "MPI_Info_get_string");
        e = PMPI_Info_get(info, key, len, v, flag);
        if (!e)
            snprintf(value, (size_t)*buflen, "%s", v); /* truncated to buflen - 1 */
        free(v);
    }
    *buflen = len + 1;
    return e;
}
MPI_ALIAS(Info_get_string);

int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *req)
{
    (void)info; /* no hints are read (mpi_info.c) */
    return PMPI_Comm_idup(comm, newcomm, req);
}
MPI_ALIAS(Comm_idup_with_info);

MPI_Fint PMPI_Message_c2f(MPI_Message m)
{
    return m;
}
MPI_ALIAS(Message_c2f);
MPI_Message PMPI_Message_f2c(MPI_Fint m)
{
    return m;
}
MPI_ALIAS(Message_f2c);
MPI_Fint PMPI_Errhandler_c2f(MPI_Errhandler eh)
{
    return eh;
}
MPI_ALIAS(Errhandler_c2f);
MPI_Errhandler PMPI_Errhandler_f2c(MPI_Fint eh)
{
    return eh;
}
MPI_ALIAS(Errhandler_f2c);
MPI_Fint PMPI_Win_c2f(MPI_Win w)
{
    return w;
}
MPI_ALIAS(Win_c2f);
MPI_Win PMPI_Win_f2c(MPI_Fint w)
{
    return w;
}
MPI_ALIAS(Win_f2c);

/* MPI_F08_status has MPI_Status's layout (mpi.h), as the Fortran status has */
_Static_assert(sizeof(MPI_F08_status) == sizeof(MPI_Status), "F08 status layout");

static int st_copy(const void *from, void *to, const char *fn)
{
    if (!from || !to || from == MPI_STATUS_IGNORE || to == MPI_STATUS_IGNORE)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    memcpy(to, from, sizeof(MPI_Status));
    return MPI_SUCCESS;
}

int PMPI_Status_c2f08(const MPI_Status *c, MPI_F08_status *f)
{
    return st_copy(c, f, "MPI_Status_c2f08");
}
MPI_ALIAS(Status_c2f08);

int PMPI_Status_f082c(const MPI_F08_status *f, MPI_Status *c)
{
    return st_copy(f, c, "MPI_Status_f082c");
}
MPI_ALIAS(Status_f082c);

int PMPI_Status_f082f(const MPI_F08_status *f08, MPI_Fint *f)
{
    return st_copy(f08, f, "MPI_Status_f082f");
}
MPI_ALIAS(Status_f082f);

int PMPI_Status_f2f08(const MPI_Fint *f, MPI_F08_status *f08)
{
    return st_copy(f, f08, "MPI_Status_f2f08");
}
MPI_ALIAS(Status_f2f08);
