/* mpi_req_link.c - requests made of other requests (mpi_req_link.h): the
 * children are ordinary requests of the point-to-point layer or of the
 * non-blocking collectives; the link completes when all of them have. */
#include "mpi_req_link.h"
#include "mpi_datatype.h"
#include "pml.h"
#include <stdlib.h>

struct req *link_new(int n, MPI_Comm comm, int persistent)
{
    struct link *l = calloc(1, sizeof *l + (size_t)n * sizeof(MPI_Request));
    if (!l)
        return NULL;
    struct req *r = req_new(RK_LINK);
    if (!r) {
        free(l);
        return NULL;
    }
    l->n = l->todo = n;
    l->status_from = -1;
    r->tmp = l;
    r->comm = comm;
    r->dt = MPI_DATATYPE_NULL;
    r->persistent = persistent;
    r->active = !persistent;
    return r;
}

int link_own(struct link *l, void *p)
{
    if (l->nown == LINK_OWN_MAX) {
        free(p);
        return MPI_ERR_NO_MEM;
    }
    l->own[l->nown++] = p;
    return MPI_SUCCESS;
}

int link_msg(struct link *l, int i, int send, const void *buf, int count, MPI_Datatype dt,
             int peer, int tag, uint32_t ctx, MPI_Comm comm)
{
    struct req *c = req_new(send ? RK_SEND : RK_RECV);
    if (!c)
        return MPI_ERR_NO_MEM;
    c->buf = (void *)buf;
    c->count = count;
    c->dt = dt;
    dt_retain(dt);
    c->peer = peer;
    c->tag = tag;
    c->ctx = ctx;
    c->comm = comm;
    c->active = 1;
    int e = send ? pml_start_send(c) : pml_start_recv(c);
    if (e) {
        req_release(c);
        return e;
    }
    l->in[i] = c->handle;
    return MPI_SUCCESS;
}

static void link_release_owned(struct link *l)
{
    for (int i = 0; i < l->nown; i++)
        free(l->own[i]);
    l->nown = 0;
    if (l->fini && l->arg)
        l->fini(l);
    free(l->arg);
    l->arg = NULL;
}

static int child_done(MPI_Request h)
{
    struct req *c = req_get(h);
    return !c || c->kind == RK_NULLDONE || !c->active || c->state == RS_DONE ||
           (c->kind == RK_LINK && link_done(c));
}

int link_done(struct req *r)
{
    struct link *l = link_of(r);
    if (r->state == RS_DONE)
        return 1;
    for (int i = 0; i < l->n; i++) {
        if (l->in[i] == MPI_REQUEST_NULL || !child_done(l->in[i]))
            continue;
        MPI_Status st;
        int flag = 0;
        int e = PMPI_Test(&l->in[i], &flag, &st);
        if (!e && i == l->status_from)
            r->st = st;
        if (e && !l->err)
            l->err = e;
        l->in[i] = MPI_REQUEST_NULL;
        l->todo--;
    }
    if (l->todo > 0)
        return 0;
    if (l->status_from < 0) {
        r->st.MPI_SOURCE = MPI_ANY_SOURCE;
        r->st.MPI_TAG = MPI_ANY_TAG;
        r->st.mbcf_count = 0;
        r->st.mbcf_cancelled = 0;
    }
    r->st.MPI_ERROR = l->err;
    r->err = l->err;
    r->state = RS_DONE;
    if (!r->persistent)
        link_release_owned(l);
    return 1;
}

int link_start(struct req *r)
{
    struct link *l = link_of(r);
    l->todo = l->n;
    l->err = 0;
    for (int i = 0; i < l->n; i++)
        l->in[i] = MPI_REQUEST_NULL;
    int e = l->start ? l->start(r, l) : MPI_SUCCESS;
    if (e) {
        for (int i = 0; i < l->n; i++) /* what did start goes on alone */
            if (l->in[i] != MPI_REQUEST_NULL)
                PMPI_Request_free(&l->in[i]);
        r->active = 0;
    }
    return e;
}

/* Links freed while active, chained through free_next: released by the
 * progress round once done. */
static struct req *zombies;

static void release(struct req *r)
{
    link_release_owned(link_of(r));
    req_release(r);
}

static void reap(void)
{
    for (struct req **pp = &zombies; *pp;) {
        struct req *r = *pp;
        if (link_done(r)) {
            *pp = r->free_next;
            release(r);
            pml_hooks_drop();
        } else {
            pp = &r->free_next;
        }
    }
}

void link_free(struct req *r)
{
    if (!r->active || link_done(r)) {
        release(r);
        return;
    }
    r->freed = 1;
    r->free_next = zombies;
    zombies = r;
    pml_add_progress_hook(reap);
    pml_hooks_hold();
}
