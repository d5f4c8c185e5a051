/* mpi_info.c - info objects (MPI-3.1 sec 9): ordered key/value lists.
 * Info_create/set/get/delete/dup/free/get_nkeys/get_nthkey/get_valuelen,
 * Info_c2f/f2c. MPI_INFO_ENV (handle 1) is an empty, read-only object.
 * libmpi_mbcf reads no hints: objects passed to Win_create, Comm_dup_with_info
 * and the like are accepted and ignored; Comm_get_info and Win_get_info give
 * a new empty object, Comm_set_info and Win_set_info accept any. */
#include "mpi_export.h"
#include "mpi_errhandler.h"
#include "mpi_comm.h"
#include "mpi_win.h"
#include <stdlib.h>
#include <string.h>

struct info {
    int used, n;
    char **key, **val;
};
/* handle h >= 2 is *infos[h]; the table doubles when full (bounded by memory
 * only, as MPICH's), an object's struct stays where it is while it lives */
static struct info **infos;
static int ninfos;

static struct info *info_get(MPI_Info h, int env_ok)
{
    if (h == MPI_INFO_ENV && env_ok) {
        static struct info env = { 1, 0, NULL, NULL };
        return &env;
    }
    if (h < 2 || h >= ninfos || !infos[h] || !infos[h]->used)
        return NULL;
    return infos[h];
}

static int bad_key(const char *key)
{
    return !key || !*key || strlen(key) > MPI_MAX_INFO_KEY;
}

static int find(struct info *in, const char *key)
{
    for (int i = 0; i < in->n; i++)
        if (!strcmp(in->key[i], key))
            return i;
    return -1;
}

int PMPI_Info_create(MPI_Info *info)
{
    if (!info)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Info_create");
    int h = 2;
    while (h < ninfos && infos[h] && infos[h]->used)
        h++;
    if (h >= ninfos) {
        int n = ninfos ? 2 * ninfos : 256;
        struct info **t = realloc(infos, (size_t)n * sizeof *t);
        if (!t)
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Info_create");
        memset(t + ninfos, 0, (size_t)(n - ninfos) * sizeof *t);
        infos = t;
        ninfos = n;
    }
    if (!infos[h] && !(infos[h] = malloc(sizeof *infos[h])))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Info_create");
    memset(infos[h], 0, sizeof *infos[h]);
    infos[h]->used = 1;
    *info = h;
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_create);

int PMPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    const char *fn = "MPI_Info_set";
    struct info *in = info_get(info, 0);
    if (!in)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO, fn);
    if (bad_key(key))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, fn);
    if (!value || strlen(value) > MPI_MAX_INFO_VAL)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO_VALUE, fn);
    char *v = strdup(value);
    if (!v)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    int i = find(in, key);
    if (i >= 0) {
        free(in->val[i]);
        in->val[i] = v;
        return MPI_SUCCESS;
    }
    char **k = realloc(in->key, (size_t)(in->n + 1) * sizeof *k);
    if (k)
        in->key = k;
    char **vv = k ? realloc(in->val, (size_t)(in->n + 1) * sizeof *vv) : NULL;
    if (vv)
        in->val = vv;
    char *kd = vv ? strdup(key) : NULL;
    if (!kd) {
        free(v);
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    }
    in->key[in->n] = kd;
    in->val[in->n] = v;
    in->n++;
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_set);

int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    const char *fn = "MPI_Info_get";
    struct info *in = info_get(info, 1);
    if (!in)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO, fn);
    if (bad_key(key))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, fn);
    if (!flag || valuelen < 0 || (valuelen && !value))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    int i = find(in, key);
    *flag = i >= 0;
    if (i >= 0 && value) {        /* at most valuelen characters, then the NUL */
        strncpy(value, in->val[i], (size_t)valuelen);
        value[valuelen] = 0;
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_get);

int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
    const char *fn = "MPI_Info_get_valuelen";
    struct info *in = info_get(info, 1);
    if (!in)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO, fn);
    if (bad_key(key) || !valuelen || !flag)
        return mpi_err(MPI_COMM_WORLD, bad_key(key) ? MPI_ERR_INFO_KEY : MPI_ERR_ARG, fn);
    int i = find(in, key);
    *flag = i >= 0;
    if (i >= 0)
        *valuelen = (int)strlen(in->val[i]);
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_get_valuelen);

int PMPI_Info_delete(MPI_Info info, const char *key)
{
    const char *fn = "MPI_Info_delete";
    struct info *in = info_get(info, 0);
    if (!in)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO, fn);
    if (bad_key(key))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, fn);
    int i = find(in, key);
    if (i < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO_NOKEY, fn);
    free(in->key[i]);
    free(in->val[i]);
    memmove(in->key + i, in->key + i + 1, (size_t)(in->n - i - 1) * sizeof *in->key);
    memmove(in->val + i, in->val + i + 1, (size_t)(in->n - i - 1) * sizeof *in->val);
    in->n--;
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_delete);

int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    struct info *in = info_get(info, 1);
    if (!in || !nkeys)
        return mpi_err(MPI_COMM_WORLD, in ? MPI_ERR_ARG : MPI_ERR_INFO, "MPI_Info_get_nkeys");
    *nkeys = in->n;
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_get_nkeys);

int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    struct info *in = info_get(info, 1);
    if (!in || !key || n < 0 || n >= in->n)
        return mpi_err(MPI_COMM_WORLD, in ? MPI_ERR_ARG : MPI_ERR_INFO, "MPI_Info_get_nthkey");
    strcpy(key, in->key[n]);
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_get_nthkey);

int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    struct info *in = info_get(info, 1);
    if (!in || !newinfo)
        return mpi_err(MPI_COMM_WORLD, in ? MPI_ERR_ARG : MPI_ERR_INFO, "MPI_Info_dup");
    int e = PMPI_Info_create(newinfo);
    for (int i = 0; !e && i < in->n; i++)
        e = PMPI_Info_set(*newinfo, in->key[i], in->val[i]);
    return e;
}
MPI_ALIAS(Info_dup);

int PMPI_Info_free(MPI_Info *info)
{
    struct info *in = info ? info_get(*info, 0) : NULL;
    if (!in)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_INFO, "MPI_Info_free");
    for (int i = 0; i < in->n; i++) {
        free(in->key[i]);
        free(in->val[i]);
    }
    free(in->key);
    free(in->val);
    memset(in, 0, sizeof *in);
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Info_free);

MPI_Fint PMPI_Info_c2f(MPI_Info info)
{
    return (MPI_Fint)info;
}
MPI_ALIAS(Info_c2f);

MPI_Info PMPI_Info_f2c(MPI_Fint info)
{
    return (MPI_Info)info;
}
MPI_ALIAS(Info_f2c);

/* Hints are not used: set accepts, get gives a new empty object. */
int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
    if (!comm_get(comm))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_info");
    if (info != MPI_INFO_NULL && !info_get(info, 1))
        return mpi_err(comm, MPI_ERR_INFO, "MPI_Comm_set_info");
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_set_info);

int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info)
{
    if (!comm_get(comm))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_info");
    return PMPI_Info_create(info);
}
MPI_ALIAS(Comm_get_info);

int PMPI_Win_set_info(MPI_Win win, MPI_Info info)
{
    struct win *w = win_get(win);
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_set_info");
    if (info != MPI_INFO_NULL && !info_get(info, 1))
        return mpi_err(w->comm, MPI_ERR_INFO, "MPI_Win_set_info");
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_set_info);

int PMPI_Win_get_info(MPI_Win win, MPI_Info *info)
{
    if (!win_get(win))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_get_info");
    return PMPI_Info_create(info);
}
MPI_ALIAS(Win_get_info);
