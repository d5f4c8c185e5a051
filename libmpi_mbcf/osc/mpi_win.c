/* mpi_win.c - one-sided communication (mpi_win.h): window objects.
 * Win_create/allocate/free (create_dynamic and allocate_shared: mpi_win_dynamic.c), Win_get_attr (WIN_BASE, SIZE,
 * DISP_UNIT, CREATE_FLAVOR, MODEL), Win_get_group, Win_set/get_name. */
#include "mpi_win.h"
#include "mpi_errhandler.h"
#include "mpi_group.h"
#include "mpi_attr_obj.h"
#include "btl.h"
#include "mbcf.h"
#include "pml.h"
#include <stdlib.h>
#include <string.h>

/* handle h is *wins[h - 1]; the table of pointers doubles when full (bounded
 * by memory only), a window's struct stays where it is while it lives */
static struct win **wins;
static int nwins;

struct win *win_get(MPI_Win h)
{
    if (h <= 0 || h > nwins || !wins[h - 1] || !wins[h - 1]->used)
        return NULL;
    return wins[h - 1];
}

int win_max(void)
{
    return nwins;
}
struct win *win_at(int i)
{
    return wins[i] && wins[i]->used ? wins[i] : NULL;
}

/* A free handle with its struct allocated, or 0 when memory is short. */
static int win_slot(void)
{
    for (int i = 0; i < nwins; i++)
        if (!wins[i] || !wins[i]->used) {
            if (!wins[i] && !(wins[i] = calloc(1, sizeof *wins[i])))
                return 0;
            return i + 1;
        }
    int n = nwins ? 2 * nwins : 64;
    struct win **t = realloc(wins, (size_t)n * sizeof *t);
    if (!t)
        return 0;
    memset(t + nwins, 0, (size_t)(n - nwins) * sizeof *t);
    wins = t;
    int h = nwins + 1;
    nwins = n;
    return (wins[h - 1] = calloc(1, sizeof *wins[h - 1])) ? h : 0;
}

struct comm *win_comm(struct win *w)
{
    return comm_get(w->comm);
}

static void win_release(struct win *w)
{
    free(w->rbase);
    free(w->rsize);
    free(w->rdisp);
    free(w->sent);
    free(w->done);
    free(w->announced);
    free(w->pend);
    free(w->lk_queue);
    free(w->start_ranks);
    free(w->post_ranks);
    free(w->owned);
    if (w->shm)
        mbcf_shm_unmap(w->shm, w->shm_len);
    free(w->shm_off);
    free(w->att);
    free(w->rma_err);
    memset(w, 0, sizeof *w);
}

/* Collective: a window over base/size on comm. */
int win_make(void *base, MPI_Aint size, int disp_unit, MPI_Comm comm, int flavor,
                    void *owned, MPI_Win *out, const char *fn)
{
    CHECK_INIT(fn);
    struct comm *uc = comm_get(comm);
    if (!uc)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (size < 0 || disp_unit <= 0 || !out) {
        free(owned);
        return mpi_err(comm, size < 0 ? MPI_ERR_SIZE : disp_unit <= 0 ? MPI_ERR_DISP
                                                                        : MPI_ERR_ARG, fn);
    }
    int h = win_slot();
    if (!h) {
        free(owned);
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    }
    struct win *w = wins[h - 1];
    memset(w, 0, sizeof *w);
    w->used = 1;
    w->owned = owned;
    int e = PMPI_Comm_dup(comm, &w->comm);
    if (e) {
        win_release(w);
        return e;
    }
    int p = uc->size;
    w->ucomm = comm;
    w->flavor = flavor;
    w->base = base;
    w->size = size;
    w->disp_unit = disp_unit;
    w->rbase = calloc((size_t)p, sizeof *w->rbase);
    w->rsize = calloc((size_t)p, sizeof *w->rsize);
    w->rdisp = calloc((size_t)p, sizeof *w->rdisp);
    w->sent = calloc((size_t)p, sizeof *w->sent);
    w->done = calloc((size_t)p, sizeof *w->done);
    w->announced = calloc((size_t)p, sizeof *w->announced);
    w->lk_queue = calloc((size_t)p + 1, sizeof *w->lk_queue);
    w->rma_err = calloc((size_t)p, sizeof *w->rma_err);
    int64_t *info = calloc(3 * (size_t)p, sizeof *info);
    int st = size > 0 ? btl_export(base, size) : 0;   /* remote writes land here */
    int64_t mine[3] = { (int64_t)(uintptr_t)base, size, disp_unit };
    if (!w->rbase || !w->rsize || !w->rdisp || !w->sent || !w->done || !w->announced ||
        !w->lk_queue || !w->rma_err || !info || st) {
        free(info);
        PMPI_Comm_free(&w->comm);
        win_release(w);
        return mpi_err(comm, st ? MPI_ERR_WIN : MPI_ERR_NO_MEM, fn);
    }
    e = PMPI_Allgather(mine, 3, MPI_INT64_T, info, 3, MPI_INT64_T, w->comm);
    for (int i = 0; i < p && !e; i++) {
        w->rbase[i] = (uint64_t)info[3 * i];
        w->rsize[i] = info[3 * i + 1];
        w->rdisp[i] = (int)info[3 * i + 2];
    }
    free(info);
    if (e) {
        PMPI_Comm_free(&w->comm);
        win_release(w);
        return e;
    }
    pml_add_progress_hook(win_am_progress);
    pml_hooks_hold();
    *out = h;
    return MPI_SUCCESS;
}

int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                    MPI_Win *win)
{
    (void)info;
    return win_make(base, size, disp_unit, comm, MPI_WIN_FLAVOR_CREATE, NULL, win,
                    "MPI_Win_create");
}
MPI_ALIAS(Win_create);

int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                      void *baseptr, MPI_Win *win)
{
    (void)info;
    if (size < 0 || !baseptr)
        return mpi_err(comm, size < 0 ? MPI_ERR_SIZE : MPI_ERR_ARG, "MPI_Win_allocate");
    void *mem = NULL;
    /* page-aligned: the export covers whole pages of this window only */
    if (posix_memalign(&mem, 4096, size > 0 ? (size_t)size : 1))
        return mpi_err(comm, MPI_ERR_NO_MEM, "MPI_Win_allocate");
    memset(mem, 0, size > 0 ? (size_t)size : 1);
    int e = win_make(mem, size, disp_unit, comm, MPI_WIN_FLAVOR_ALLOCATE, mem, win,
                     "MPI_Win_allocate");
    if (!e)
        *(void **)baseptr = mem;
    return e;
}
MPI_ALIAS(Win_allocate);

int PMPI_Win_free(MPI_Win *win)
{
    const char *fn = "MPI_Win_free";
    CHECK_INIT(fn);
    struct win *w = win ? win_get(*win) : NULL;
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, fn);
    /* collective: every operation on the window has completed everywhere */
    int e = PMPI_Win_fence(0, *win);
    if (e)
        return e;
    e = win_attr_delete_all(*win); /* MPI-3.1 sec 6.7.3: delete functions run */
    if (e)
        return mpi_err(w->ucomm, e, fn);
    PMPI_Comm_free(&w->comm);
    win_release(w);
    pml_hooks_drop();
    *win = MPI_WIN_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_free);

int PMPI_Win_get_attr(MPI_Win win, int key, void *val, int *flag)
{
    struct win *w = win_get(win);
    if (!w || !val || !flag)
        return mpi_err(MPI_COMM_WORLD, w ? MPI_ERR_ARG : MPI_ERR_WIN, "MPI_Win_get_attr");
    static MPI_Aint size_v;
    static int unit_v, flavor_v, model_v;
    *flag = 1;
    switch (key) {
    case MPI_WIN_BASE:
        *(void **)val = w->base;
        break;
    case MPI_WIN_SIZE:
        size_v = w->size;
        *(MPI_Aint **)val = &size_v;
        break;
    case MPI_WIN_DISP_UNIT:
        unit_v = w->disp_unit;
        *(int **)val = &unit_v;
        break;
    case MPI_WIN_CREATE_FLAVOR:
        flavor_v = w->flavor;
        *(int **)val = &flavor_v;
        break;
    case MPI_WIN_MODEL:
        model_v = MPI_WIN_SEPARATE;
        *(int **)val = &model_v;
        break;
    default:
        return win_user_attr(win, key, val, flag);   /* mpi_attr_obj.c */
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_get_attr);

int PMPI_Win_get_group(MPI_Win win, MPI_Group *g)
{
    struct win *w = win_get(win);
    if (!w || !g)
        return mpi_err(MPI_COMM_WORLD, w ? MPI_ERR_ARG : MPI_ERR_WIN, "MPI_Win_get_group");
    return PMPI_Comm_group(w->comm, g);
}
MPI_ALIAS(Win_get_group);

int PMPI_Win_set_name(MPI_Win win, const char *name)
{
    struct win *w = win_get(win);
    if (!w || !name)
        return mpi_err(MPI_COMM_WORLD, w ? MPI_ERR_ARG : MPI_ERR_WIN, "MPI_Win_set_name");
    strncpy(w->name, name, sizeof w->name - 1);
    w->name[sizeof w->name - 1] = 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_set_name);

int PMPI_Win_get_name(MPI_Win win, char *name, int *len)
{
    struct win *w = win_get(win);
    if (!w || !name || !len)
        return mpi_err(MPI_COMM_WORLD, w ? MPI_ERR_ARG : MPI_ERR_WIN, "MPI_Win_get_name");
    strcpy(name, w->name);
    *len = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_get_name);

/* Error handlers: a window reports through its private communicator (a dup
 * of the user's, so it starts with that communicator's handler); the
 * handler is called with that communicator's handle. */
int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *fn, MPI_Errhandler *eh)
{
    return PMPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)(void (*)(void))fn, eh);
}
MPI_ALIAS(Win_create_errhandler);

int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler eh)
{
    struct win *w = win_get(win);
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_set_errhandler");
    return PMPI_Comm_set_errhandler(w->comm, eh);
}
MPI_ALIAS(Win_set_errhandler);

int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *eh)
{
    struct win *w = win_get(win);
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_get_errhandler");
    return PMPI_Comm_get_errhandler(w->comm, eh);
}
MPI_ALIAS(Win_get_errhandler);

int PMPI_Win_call_errhandler(MPI_Win win, int code)
{
    struct win *w = win_get(win);
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_call_errhandler");
    return PMPI_Comm_call_errhandler(w->comm, code);
}
MPI_ALIAS(Win_call_errhandler);
