/* mpi_win_am.c - one-sided communication (mpi_win.h), target side: the
 * operations that need this rank's CPU, executed in arrival order per
 * origin from the progress round (pml_add_progress_hook): Put to a
 * non-contiguous layout, Get, Accumulate, Get_accumulate/Fetch_and_op,
 * Compare_and_swap, and the lock requests of passive-target epochs. */
#include "mpi_win.h"
#include "mpi_datatype.h"
#include "mpi_op.h"
#include "world.h"
#include "pml.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void send_small(struct win *w, int to, int tag, int32_t v)
{
    struct comm *c = win_comm(w);
    if (to == c->rank) {
        w->self_granted = 1;
        return;
    }
    pml_send(&v, 1, MPI_INT32_T, c->world[to], tag, c->ctx, w->comm);
}

static int grantable(struct win *w, int type)
{
    return !w->lk_excl && (type == MPI_LOCK_SHARED || !w->lk_shared);
}

void win_lock_request(struct win *w, int src, int type)
{
    if (w->lk_nq == 0 && grantable(w, type)) {
        if (type == MPI_LOCK_SHARED)
            w->lk_shared++;
        else
            w->lk_excl = 1;
        send_small(w, src, WT_GRANT, 1);
        return;
    }
    w->lk_queue[w->lk_nq].rank = src;     /* at most one request per rank */
    w->lk_queue[w->lk_nq].type = type;
    w->lk_nq++;
}

void win_lock_release(struct win *w, int src)
{
    (void)src;
    if (w->lk_excl)
        w->lk_excl = 0;
    else if (w->lk_shared)
        w->lk_shared--;
    while (w->lk_nq && grantable(w, w->lk_queue[0].type)) {
        int r = w->lk_queue[0].rank, t = w->lk_queue[0].type;
        memmove(w->lk_queue, w->lk_queue + 1, (size_t)(--w->lk_nq) * sizeof *w->lk_queue);
        if (t == MPI_LOCK_SHARED)
            w->lk_shared++;
        else
            w->lk_excl = 1;
        send_small(w, r, WT_GRANT, 1);
    }
}

/* Copy between the window's segments and a packed stream. */
static void gather_segs(char *tgt, const struct am_seg *s, int n, char *out)
{
    for (int i = 0; i < n; out += s[i].len, i++)
        memcpy(out, tgt + s[i].off, (size_t)s[i].len);
}

static int64_t esize_of(MPI_Datatype basic)
{
    struct dte *d = dt_layout(basic);
    return d && d->size > 0 ? d->size : 1;
}

/* target = origin op target on the accumulate's elements of basic: the
 * target bytes are the segments s (in order), the origin's the packed
 * stream data, tb bytes each. Element by element as MPI-3.1 sec 11.7.1
 * asks: a type with gaps (the pair types MPI_SHORT_INT, MPI_DOUBLE_INT,
 * MPI_LONG_INT, MPI_LONG_DOUBLE_INT: padding between value and index) has
 * segments that split its elements, so both sides are unpacked into whole
 * elements, reduced, and the result packed back over the segments. The
 * whole operation runs in one call of the progress round, which executes
 * every window's operations one at a time (the only thread that does:
 * MPI_THREAD_MULTIPLE goes through one communication thread, docs/ult.md),
 * so no other accumulate sees a half-written element. */
static int acc_apply(char *tgt, const struct am_seg *s, int nseg, const char *data, int64_t tb,
                     MPI_Datatype basic, MPI_Op op)
{
    struct dte *d = dt_layout(basic);
    int64_t es = esize_of(basic), ext = d ? dte_extent(d) : es;
    int whole = d && ext == es;
    for (int i = 0; whole && i < nseg; i++)
        whole = s[i].len % es == 0;
    if (whole) { /* dense elements, never split by a segment */
        for (int i = 0; i < nseg; data += s[i].len, i++) {
            int e = op_reduce(data, tgt + s[i].off, (int)(s[i].len / es), basic, op);
            if (e)
                return e;
        }
        return MPI_SUCCESS;
    }
    int64_t n = tb / es;
    char *cur = malloc((size_t)tb + 1), *te = malloc((size_t)(n * ext) + 1),
         *oe = malloc((size_t)(n * ext) + 1);
    int e = cur && te && oe ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (!e) {
        gather_segs(tgt, s, nseg, cur);
        dte_unpack(d, te, n, cur, 0, n * es);
        dte_unpack(d, oe, n, data, 0, n * es);
        e = op_reduce(oe, te, (int)n, basic, op);
        if (!e) {
            dte_pack(d, te, n, cur, 0, n * es);
            const char *p = cur;
            for (int i = 0; i < nseg; p += s[i].len, i++)
                memcpy(tgt + s[i].off, p, (size_t)s[i].len);
        }
    }
    free(cur);
    free(te);
    free(oe);
    return e;
}

int win_am_execute(struct win *w, int src, const struct am_hdr *h, const void *body,
                   void **reply, int64_t *rlen)
{
    const struct am_seg *s = body;
    const char *data = (const char *)body + (size_t)h->nseg * sizeof *s;
    char *tgt = (char *)w->base + h->disp;
    int64_t tb = 0;
    *reply = NULL;
    *rlen = 0;
    for (int i = 0; i < h->nseg; i++) {   /* all checked before anything is touched */
        int64_t at = h->disp + s[i].off;
        if (w->flavor == MPI_WIN_FLAVOR_DYNAMIC && !win_dyn_attached(w, at, s[i].len)) {
            fprintf(stderr, "libmpi_mbcf rank %d: one-sided access from rank %d to %lld bytes "
                    "at %#llx of a dynamic window: memory not attached, refused "
                    "(MPI_ERR_RMA_ATTACH)\n", mpi_world_rank, src, (long long)s[i].len,
                    (unsigned long long)at);
            return MPI_ERR_RMA_ATTACH;
        }
        if (w->flavor != MPI_WIN_FLAVOR_DYNAMIC && (at < 0 || at + s[i].len > w->size))
            return MPI_ERR_RMA_RANGE;
        tb += s[i].len;
    }
    if (h->kind == AM_GET || h->kind == AM_GACC || h->kind == AM_CAS) {
        *reply = malloc((size_t)tb + 1);
        if (!*reply)
            return MPI_ERR_NO_MEM;
        *rlen = tb;
        gather_segs(tgt, s, h->nseg, *reply);
    }
    switch (h->kind) {
    case AM_PUT:
        for (int i = 0; i < h->nseg; data += s[i].len, i++)
            memcpy(tgt + s[i].off, data, (size_t)s[i].len);
        return MPI_SUCCESS;
    case AM_GET:
        return MPI_SUCCESS;
    case AM_ACC:
    case AM_GACC:
        if (h->op == MPI_NO_OP)
            return MPI_SUCCESS;
        return acc_apply(tgt, s, h->nseg, data, tb, h->basic, h->op);
    case AM_CAS: {
        int64_t n = esize_of(h->basic);
        if (!memcmp(tgt + s[0].off, data + n, (size_t)n))
            memcpy(tgt + s[0].off, data, (size_t)n);
        return MPI_SUCCESS;
    }
    case AM_LOCK:
        win_lock_request(w, src, h->lock_type);
        return MPI_SUCCESS;
    case AM_UNLOCK:         /* the ACK carries the error of refused accesses, or 0 */
        win_lock_release(w, src);
        send_small(w, src, WT_ACK, win_take_err(w, src));
        return MPI_SUCCESS;
    case AM_FLUSH:
        send_small(w, src, WT_ACK, win_take_err(w, src));
        return MPI_SUCCESS;
    }
    return MPI_ERR_INTERN;
}

/* Receive and execute every operation that has arrived for w. */
static void drain(struct win *w)
{
    struct comm *c = win_comm(w);
    MPI_Status st;
    while (c && pml_probe(MQ_ANY_SOURCE, WT_OP, c->ctx, &st, w->comm)) {
        int src = st.MPI_SOURCE;
        int64_t n = st.mbcf_count;
        char *m = malloc((size_t)n + 1);
        if (!m)
            return;
        pml_recv(m, (int)n, MPI_BYTE, c->world[src], WT_OP, c->ctx, w->comm, MPI_STATUS_IGNORE);
        const struct am_hdr *h = (const struct am_hdr *)m;
        void *reply;
        int64_t rlen;
        int e = win_am_execute(w, src, h, m + sizeof *h, &reply, &rlen);
        if (e && !w->rma_err[src])
            w->rma_err[src] = e;       /* reported to src at its next flush/unlock/fence */
        if (reply) {
            /* on an error the answer is empty (the origin keeps its buffer) */
            pml_send(reply, e ? 0 : (int)rlen, MPI_BYTE, c->world[src], h->reply_tag, c->ctx,
                     w->comm);
            free(reply);
        }
        if (h->kind != AM_LOCK && h->kind != AM_UNLOCK && h->kind != AM_FLUSH)
            w->done[src]++;
        free(m);
    }
}

void win_am_progress(void)
{
    static int busy;          /* receiving and answering run progress rounds */
    if (busy)
        return;
    busy = 1;
    for (int i = 0; i < win_max(); i++) {
        struct win *w = win_at(i);
        if (w && w->comm)
            drain(w);
    }
    busy = 0;
}
