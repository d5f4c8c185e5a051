/* mpi_win_dynamic.c - one-sided communication (mpi_win.h): dynamic windows
 * (MPI-3.1 sec 11.2.4; shared-memory windows: mpi_win_shared.c).
 *
 * Dynamic: Win_create_dynamic makes a window without memory; each process
 * attaches and detaches regions of its own (Win_attach/detach, local calls)
 * and target displacements are addresses (MPI_Get_address at the target).
 * The origin cannot know what the target has attached, so every access to a
 * dynamic window (Put too: no remote write) is a message the target executes
 * (mpi_win_am.c); the target first checks that each piece lies inside one
 * attached region, else it refuses the whole access, memory untouched, says
 * so on stderr and keeps MPI_ERR_RMA_ATTACH for the origin, which gets it
 * from its next Win_flush/Win_unlock to that target or Win_fence. */
#include "mpi_win.h"
#include "mpi_errhandler.h"
#include "mbcf.h"
#include <stdio.h>
#include <stdlib.h>

int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    (void)info;
    return win_make(NULL, 0, 1, comm, MPI_WIN_FLAVOR_DYNAMIC, NULL, win,
                    "MPI_Win_create_dynamic");
}
MPI_ALIAS(Win_create_dynamic);

int win_dyn_attached(const struct win *w, int64_t addr, int64_t len)
{
    for (int i = 0; i < w->natt; i++)
        if (addr >= (int64_t)w->att[i].base &&
            addr + len <= (int64_t)w->att[i].base + (int64_t)w->att[i].size)
            return 1;
    return 0;
}

int win_take_err(struct win *w, int src)
{
    int e = w->rma_err[src];
    w->rma_err[src] = 0;
    return e;
}

struct win *win_of_flavor(MPI_Win win, int flavor, int *e, const char *fn)
{
    *e = MPI_SUCCESS;
    struct win *w = mpi_initialized && !mpi_finalized ? win_get(win) : NULL;
    if (!w)
        *e = mpi_err(MPI_COMM_WORLD, mpi_initialized && !mpi_finalized ? MPI_ERR_WIN : MPI_ERR_OTHER, fn);
    else if (w->flavor != flavor)
        *e = mpi_err(w->comm, MPI_ERR_RMA_FLAVOR, fn);
    return *e ? NULL : w;
}

int PMPI_Win_attach(MPI_Win win, void *base, MPI_Aint size)
{
    static const char fn[] = "MPI_Win_attach";
    int e;
    struct win *w = win_of_flavor(win, MPI_WIN_FLAVOR_DYNAMIC, &e, fn);
    if (!w)
        return e;
    if (size < 0 || (!base && size > 0))
        return mpi_err(w->comm, size < 0 ? MPI_ERR_SIZE : MPI_ERR_ARG, fn);
    uintptr_t b = (uintptr_t)base;
    for (int i = 0; i < w->natt; i++)      /* attached regions must not overlap */
        if (b < w->att[i].base + (uintptr_t)w->att[i].size &&
            w->att[i].base < b + (uintptr_t)size)
            return mpi_err(w->comm, MPI_ERR_RMA_ATTACH, fn);
    if (w->natt == w->capatt) {
        int nc = w->capatt ? 2 * w->capatt : 8;
        void *v = realloc(w->att, (size_t)nc * sizeof *w->att);
        if (!v)
            return mpi_err(w->comm, MPI_ERR_NO_MEM, fn);
        w->att = v;
        w->capatt = nc;
    }
    w->att[w->natt].base = b;
    w->att[w->natt].size = size;
    w->natt++;
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_attach);

int PMPI_Win_detach(MPI_Win win, const void *base)
{
    static const char fn[] = "MPI_Win_detach";
    int e;
    struct win *w = win_of_flavor(win, MPI_WIN_FLAVOR_DYNAMIC, &e, fn);
    if (!w)
        return e;
    for (int i = 0; i < w->natt; i++)
        if (w->att[i].base == (uintptr_t)base) {
            w->att[i] = w->att[--w->natt];
            return MPI_SUCCESS;
        }
    return mpi_err(w->comm, MPI_ERR_RMA_ATTACH, fn);   /* not the base of an attached region */
}
MPI_ALIAS(Win_detach);
