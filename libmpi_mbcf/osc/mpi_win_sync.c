/* mpi_win_sync.c - one-sided communication (mpi_win.h), synchronization:
 * Win_fence, Win_lock/unlock(_all), Win_flush(_all), Win_flush_local(_all),
 * Win_sync, Win_post/start/complete/wait/test. Completion at a target =
 * a notice sent after the operations (MBCF keeps a peer's remote writes and
 * FIFO entries in order) carrying how many target-side messages were sent;
 * the target executes until it has done that many. */
#include "mpi_win.h"
#include "mpi_errhandler.h"
#include "pml.h"
#include <stdlib.h>

#define WIN_ENTER(fn)                                         \
    CHECK_INIT(fn);                                           \
    struct win *w = win_get(win);                             \
    if (!w)                                                   \
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_WIN, fn);      \
    struct comm *c = win_comm(w)

static int send_count(struct win *w, struct comm *c, int to, int tag)
{
    int32_t v = (int32_t)w->sent[to];
    return pml_send(&v, 1, MPI_INT32_T, c->world[to], tag, c->ctx, w->comm);
}

static int recv_count(struct win *w, struct comm *c, int from, int tag)
{
    int32_t v = 0;
    int e = pml_recv(&v, 1, MPI_INT32_T, c->world[from], tag, c->ctx, w->comm,
                     MPI_STATUS_IGNORE);
    w->announced[from] = (uint32_t)v;
    return e;
}

/* Execute until every operation announced by ranks[0..n) has been done. */
static void drain_announced(struct win *w, const int *ranks, int n)
{
    for (int i = 0; i < n; i++)
        while ((int32_t)(w->done[ranks[i]] - w->announced[ranks[i]]) < 0)
            pml_progress_wait();
}

/* Dynamic windows: every target tells every origin the error of its refused
 * accesses this epoch (0: none); the first one is the fence's. */
static int fence_errors(struct win *w, struct comm *c)
{
    int e = 0, first = 0;
    for (int k = 1; k < c->size && !e; k++) {
        int to = (c->rank + k) % c->size;
        int32_t v = win_take_err(w, to);
        e = pml_send(&v, 1, MPI_INT32_T, c->world[to], WT_ERR, c->ctx, w->comm);
    }
    for (int k = 1; k < c->size && !e; k++) {
        int32_t v = 0;
        e = pml_recv(&v, 1, MPI_INT32_T, c->world[(c->rank - k + c->size) % c->size], WT_ERR,
                     c->ctx, w->comm, MPI_STATUS_IGNORE);
        if (v && !first)
            first = v;
    }
    return e ? e : first;
}

static int fence(struct win *w, struct comm *c)
{
    int e = win_wait_pending(w);
    for (int k = 1; k < c->size && !e; k++)   /* everyone tells everyone, shifted */
        e = send_count(w, c, (c->rank + k) % c->size, WT_FENCE);
    int *all = malloc((size_t)c->size * sizeof *all), n = 0;
    if (!all)
        return MPI_ERR_NO_MEM;
    for (int k = 1; k < c->size && !e; k++) {
        int from = (c->rank - k + c->size) % c->size;
        e = recv_count(w, c, from, WT_FENCE);
        all[n++] = from;
    }
    if (!e)
        drain_announced(w, all, n);
    free(all);
    if (!e && w->flavor == MPI_WIN_FLAVOR_DYNAMIC)
        e = fence_errors(w, c);
    return e;
}

int PMPI_Win_fence(int assert_, MPI_Win win)
{
    (void)assert_;
    WIN_ENTER("MPI_Win_fence");
    int e = fence(w, c);
    return e ? mpi_err(w->comm, e, "MPI_Win_fence") : MPI_SUCCESS;
}
MPI_ALIAS(Win_fence);

/* A control request (lock, unlock, flush) to rank t, in order with the
 * operations sent before it. */
static int control(struct win *w, int t, int kind, int type)
{
    struct am_hdr h = { .kind = kind, .lock_type = type };
    return win_send_am(w, t, &h, NULL, NULL);
}

/* A grant, or an ACK carrying the error of this origin's refused accesses. */
static int wait_small(struct win *w, struct comm *c, int from, int tag)
{
    int32_t v = 0;
    int e = pml_recv(&v, 1, MPI_INT32_T, c->world[from], tag, c->ctx, w->comm,
                     MPI_STATUS_IGNORE);
    return e ? e : tag == WT_ACK ? v : 0;
}

static int lock_one(struct win *w, struct comm *c, int type, int t)
{
    if (t == c->rank) {
        w->self_granted = 0;
        win_lock_request(w, t, type);
        while (!w->self_granted)
            pml_progress_wait();
        return MPI_SUCCESS;
    }
    w->sent[t]--;                 /* control messages are not counted */
    int e = control(w, t, AM_LOCK, type);
    return e ? e : wait_small(w, c, t, WT_GRANT);
}

static int unlock_one(struct win *w, struct comm *c, int t)
{
    int e = win_wait_pending(w);
    if (e)
        return e;
    if (t == c->rank) {
        win_lock_release(w, t);
        return MPI_SUCCESS;
    }
    w->sent[t]--;
    e = control(w, t, AM_UNLOCK, 0);
    return e ? e : wait_small(w, c, t, WT_ACK);
}

static int flush_one(struct win *w, struct comm *c, int t)
{
    int e = win_wait_pending(w);
    if (e || t == c->rank)
        return e;
    w->sent[t]--;
    e = control(w, t, AM_FLUSH, 0);
    return e ? e : wait_small(w, c, t, WT_ACK);
}

static int check_rank(struct comm *c, int rank)
{
    return rank == MPI_PROC_NULL || (rank >= 0 && rank < c->size);
}

int PMPI_Win_lock(int type, int rank, int assert_, MPI_Win win)
{
    (void)assert_;
    const char *fn = "MPI_Win_lock";
    WIN_ENTER(fn);
    if (type != MPI_LOCK_SHARED && type != MPI_LOCK_EXCLUSIVE)
        return mpi_err(w->comm, MPI_ERR_LOCKTYPE, fn);
    if (!check_rank(c, rank))
        return mpi_err(w->comm, MPI_ERR_RANK, fn);
    if (rank == MPI_PROC_NULL)
        return MPI_SUCCESS;
    int e = lock_one(w, c, type, rank);
    return e ? mpi_err(w->comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Win_lock);

int PMPI_Win_unlock(int rank, MPI_Win win)
{
    const char *fn = "MPI_Win_unlock";
    WIN_ENTER(fn);
    if (!check_rank(c, rank))
        return mpi_err(w->comm, MPI_ERR_RANK, fn);
    if (rank == MPI_PROC_NULL)
        return MPI_SUCCESS;
    int e = unlock_one(w, c, rank);
    return e ? mpi_err(w->comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Win_unlock);

int PMPI_Win_lock_all(int assert_, MPI_Win win)
{
    (void)assert_;
    WIN_ENTER("MPI_Win_lock_all");
    for (int t = 0; t < c->size; t++) {   /* rank order: no cycle of waits */
        int e = lock_one(w, c, MPI_LOCK_SHARED, t);
        if (e)
            return mpi_err(w->comm, e, "MPI_Win_lock_all");
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_lock_all);

int PMPI_Win_unlock_all(MPI_Win win)
{
    WIN_ENTER("MPI_Win_unlock_all");
    for (int t = 0; t < c->size; t++) {
        int e = unlock_one(w, c, t);
        if (e)
            return mpi_err(w->comm, e, "MPI_Win_unlock_all");
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_unlock_all);

int PMPI_Win_flush(int rank, MPI_Win win)
{
    const char *fn = "MPI_Win_flush";
    WIN_ENTER(fn);
    if (!check_rank(c, rank))
        return mpi_err(w->comm, MPI_ERR_RANK, fn);
    if (rank == MPI_PROC_NULL)
        return MPI_SUCCESS;
    int e = flush_one(w, c, rank);
    return e ? mpi_err(w->comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Win_flush);

int PMPI_Win_flush_all(MPI_Win win)
{
    WIN_ENTER("MPI_Win_flush_all");
    for (int t = 0; t < c->size; t++) {
        int e = flush_one(w, c, t);
        if (e)
            return mpi_err(w->comm, e, "MPI_Win_flush_all");
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_flush_all);

/* Local completion: the origin buffers may be reused, answers are in. */
int PMPI_Win_flush_local(int rank, MPI_Win win)
{
    (void)rank;
    WIN_ENTER("MPI_Win_flush_local");
    (void)c;
    int e = win_wait_pending(w);
    return e ? mpi_err(w->comm, e, "MPI_Win_flush_local") : MPI_SUCCESS;
}
MPI_ALIAS(Win_flush_local);

int PMPI_Win_flush_local_all(MPI_Win win)
{
    WIN_ENTER("MPI_Win_flush_local_all");
    (void)c;
    int e = win_wait_pending(w);
    return e ? mpi_err(w->comm, e, "MPI_Win_flush_local_all") : MPI_SUCCESS;
}
MPI_ALIAS(Win_flush_local_all);

/* Separate memory model: public and private copies are the same memory
 * here, so Win_sync is a memory fence (sec 11.5.4, what loads and stores in
 * a shared-memory window need) and a progress round. */
int PMPI_Win_sync(MPI_Win win)
{
    WIN_ENTER("MPI_Win_sync");
    (void)w;
    (void)c;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    pml_progress();
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_sync);

/* ---- general active target (post/start/complete/wait) ---- */

/* The ranks of group g in the window's communicator; NULL on a bad group. */
static int *group_ranks(struct win *w, MPI_Group g, int *n)
{
    MPI_Group wg;
    if (PMPI_Group_size(g, n) || PMPI_Comm_group(w->comm, &wg))
        return NULL;
    int *in = malloc(((size_t)*n + 1) * sizeof *in), *out = malloc(((size_t)*n + 1) * sizeof *out);
    int bad = !in || !out;
    for (int i = 0; !bad && i < *n; i++)
        in[i] = i;
    if (!bad && PMPI_Group_translate_ranks(g, *n, in, wg, out))
        bad = 1;
    for (int i = 0; !bad && i < *n; i++)
        bad = out[i] == MPI_UNDEFINED;
    PMPI_Group_free(&wg);
    free(in);
    if (bad) {
        free(out);
        return NULL;
    }
    return out;
}

int PMPI_Win_post(MPI_Group g, int assert_, MPI_Win win)
{
    (void)assert_;
    const char *fn = "MPI_Win_post";
    WIN_ENTER(fn);
    free(w->post_ranks);
    w->post_ranks = group_ranks(w, g, &w->npost);
    if (!w->post_ranks)
        return mpi_err(w->comm, MPI_ERR_GROUP, fn);
    for (int i = 0; i < w->npost; i++) {
        int32_t v = 1;
        int e = pml_send(&v, 1, MPI_INT32_T, c->world[w->post_ranks[i]], WT_POST, c->ctx,
                         w->comm);
        if (e)
            return mpi_err(w->comm, e, fn);
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_post);

int PMPI_Win_start(MPI_Group g, int assert_, MPI_Win win)
{
    (void)assert_;
    const char *fn = "MPI_Win_start";
    WIN_ENTER(fn);
    free(w->start_ranks);
    w->start_ranks = group_ranks(w, g, &w->nstart);
    if (!w->start_ranks)
        return mpi_err(w->comm, MPI_ERR_GROUP, fn);
    for (int i = 0; i < w->nstart; i++) {
        int e = wait_small(w, c, w->start_ranks[i], WT_POST);
        if (e)
            return mpi_err(w->comm, e, fn);
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Win_start);

int PMPI_Win_complete(MPI_Win win)
{
    const char *fn = "MPI_Win_complete";
    WIN_ENTER(fn);
    if (!w->start_ranks)
        return mpi_err(w->comm, MPI_ERR_RMA_SYNC, fn);
    int e = win_wait_pending(w);
    for (int i = 0; i < w->nstart && !e; i++)
        e = send_count(w, c, w->start_ranks[i], WT_COMPLETE);
    free(w->start_ranks);
    w->start_ranks = NULL;
    return e ? mpi_err(w->comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Win_complete);

int PMPI_Win_wait(MPI_Win win)
{
    const char *fn = "MPI_Win_wait";
    WIN_ENTER(fn);
    if (!w->post_ranks)
        return mpi_err(w->comm, MPI_ERR_RMA_SYNC, fn);
    int e = 0;
    for (int i = 0; i < w->npost && !e; i++)
        e = recv_count(w, c, w->post_ranks[i], WT_COMPLETE);
    if (!e)
        drain_announced(w, w->post_ranks, w->npost);
    free(w->post_ranks);
    w->post_ranks = NULL;
    return e ? mpi_err(w->comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Win_wait);

int PMPI_Win_test(MPI_Win win, int *flag)
{
    const char *fn = "MPI_Win_test";
    WIN_ENTER(fn);
    if (!flag)
        return mpi_err(w->comm, MPI_ERR_ARG, fn);
    if (!w->post_ranks)
        return mpi_err(w->comm, MPI_ERR_RMA_SYNC, fn);
    *flag = 0;
    for (int i = 0; i < w->npost; i++)
        if (!pml_probe(c->world[w->post_ranks[i]], WT_COMPLETE, c->ctx, MPI_STATUS_IGNORE,
                       w->comm))
            return MPI_SUCCESS;
    *flag = 1;
    return PMPI_Win_wait(win);
}
MPI_ALIAS(Win_test);
