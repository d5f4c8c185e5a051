/* mpi_win_shared.c - shared-memory windows (MPI-3.1 sec 11.2.3):
 * Win_allocate_shared and Win_shared_query.
 *
 * The processes of a window must be on one node (--ppn, docs/ppn.md); they
 * have separate address spaces, and the window's memory is one node-local
 * shared segment (mbcf_shm_map, the kernel's SYS_shm_map) that each of them
 * maps: rank i's part starts at the sum of the sizes of ranks below it
 * (contiguous, as MPICH's default), so a process reaches every part with
 * loads and stores at its own mapping + offset (Win_shared_query). The key
 * names the window's own context id (a dup of comm, never reused by this
 * process) and the comm's lowest world rank (no other process of the node
 * with that rank as lowest member has that id). Rank 0 creates the segment
 * (SHM_CREATE|SHM_EXCL), the others attach after it said so, and nobody
 * leaves before every process has mapped it (a segment lives while mapped).
 * The window is also an ordinary window over each part (win_make), so
 * Put/Get/Accumulate and synchronization work as on any other; Win_sync
 * orders this process's loads and stores (a full fence). One process: its
 * own memory (Win_allocate). Over several nodes, or where the segment cannot
 * be made (the host backend: every rank a node of its own): MPI_ERR_RMA_SHARED
 * naming the reason; no room: MPI_ERR_NO_MEM. */
#include "mpi_win.h"
#include "mpi_errhandler.h"
#include "mbcf.h"
#include "cluster_abi.h" /* SHM_CREATE, SHM_EXCL */
#include <stdio.h>
#include <stdlib.h>

/* Map the segment key of len bytes: rank 0 makes it, then the others
 * attach. Collective over comm; *seg or an MPI error class for all. */
static int map_segment(MPI_Comm comm, struct comm *c, uint64_t key, size_t len, void **seg,
                       const char *fn)
{
    int err = 0;
    void *p = NULL;
    if (c->rank == 0)
        p = mbcf_shm_map(key, len, SHM_CREATE | SHM_EXCL, &err);
    int e = PMPI_Bcast(&err, 1, MPI_INT, 0, comm);
    if (!e && !err && c->rank != 0)
        p = mbcf_shm_map(key, len, 0, &err);
    int worst = err; /* errno values are negative */
    if (!e)
        e = PMPI_Allreduce(&err, &worst, 1, MPI_INT, MPI_MIN, comm);
    if (e || worst) {
        if (p)
            mbcf_shm_unmap(p, len);
        if (e)
            return e;
        if (c->rank == 0)
            fprintf(stderr, "libmpi_mbcf rank %d: %s: no shared segment of %zu bytes (errno %d)\n",
                    mpi_world_rank, fn, len, -worst);
        return worst == -12 ? MPI_ERR_NO_MEM : MPI_ERR_RMA_SHARED; /* -ENOMEM */
    }
    *seg = p;
    return MPI_SUCCESS;
}

int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                             void *baseptr, MPI_Win *win)
{
    static const char fn[] = "MPI_Win_allocate_shared";
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c || c->inter)
        return mpi_err(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (size < 0 || disp_unit <= 0 || !baseptr || !win)
        return mpi_err(comm, size < 0 ? MPI_ERR_SIZE : disp_unit <= 0 ? MPI_ERR_DISP
                                                                      : MPI_ERR_ARG,
                       fn);
    if (c->size == 1) {
        int e = PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
        if (!e)
            win_get(*win)->flavor = MPI_WIN_FLAVOR_SHARED;
        return e;
    }
    int ppn = mbcf_ppn(), node = c->world[0] / ppn, one_node = 1, low = c->world[0];
    for (int i = 1; i < c->size; i++) {
        one_node &= c->world[i] / ppn == node;
        low = c->world[i] < low ? c->world[i] : low;
    }
    if (!one_node) {
        if (c->rank == 0)
            fprintf(stderr, "libmpi_mbcf rank %d: %s over %d processes: they are on different "
                            "nodes (MPI_ERR_RMA_SHARED)\n",
                    mpi_world_rank, fn, c->size);
        return mpi_err(comm, MPI_ERR_RMA_SHARED, fn);
    }
    MPI_Aint *off = malloc((size_t)(c->size + 1) * sizeof *off);
    MPI_Comm tag; /* its context id names the segment */
    int e = off ? PMPI_Comm_dup(comm, &tag) : MPI_ERR_NO_MEM;
    if (!e) {
        e = PMPI_Allgather(&size, 1, MPI_AINT, off + 1, 1, MPI_AINT, comm);
        off[0] = 0;
        for (int i = 1; i <= c->size && !e; i++)
            off[i] += off[i - 1]; /* off[i]: where rank i's part starts */
        uint64_t key = (uint64_t)comm_get(tag)->ctx << 24 | (uint64_t)low;
        size_t len = off[c->size] > 0 ? (size_t)off[c->size] : 1;
        void *seg = NULL;
        if (!e)
            e = map_segment(comm, comm_get(comm), key, len, &seg, fn);
        PMPI_Comm_free(&tag);
        c = comm_get(comm);
        if (!e) {
            char *base = (char *)seg + off[c->rank];
            e = win_make(base, size, disp_unit, comm, MPI_WIN_FLAVOR_SHARED, NULL, win, fn);
            if (e) {
                mbcf_shm_unmap(seg, len);
            } else {
                struct win *w = win_get(*win);
                w->shm = seg;
                w->shm_len = len;
                w->shm_off = off;
                *(void **)baseptr = base;
                return MPI_SUCCESS;
            }
        }
    }
    free(off);
    return mpi_err(comm, e, fn);
}
MPI_ALIAS(Win_allocate_shared);

int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
    static const char fn[] = "MPI_Win_shared_query";
    int e;
    struct win *w = win_of_flavor(win, MPI_WIN_FLAVOR_SHARED, &e, fn);
    if (!w)
        return e;
    if (!size || !disp_unit || !baseptr)
        return mpi_err(w->comm, MPI_ERR_ARG, fn);
    int n = win_comm(w)->size;
    if (rank == MPI_PROC_NULL) { /* sec 11.2.3: the lowest rank with a nonzero size */
        rank = 0;
        while (rank < n - 1 && w->rsize[rank] == 0)
            rank++;
    }
    if (rank < 0 || rank >= n)
        return mpi_err(w->comm, MPI_ERR_RANK, fn);
    if (!w->shm) { /* one process: its own memory */
        *size = w->size;
        *disp_unit = w->disp_unit;
        *(void **)baseptr = w->base;
        return MPI_SUCCESS;
    }
    *size = (MPI_Aint)w->rsize[rank];
    *disp_unit = w->rdisp[rank];
    *(void **)baseptr = (char *)w->shm + w->shm_off[rank];
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_shared_query);
