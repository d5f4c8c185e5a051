/* mpi_nbc_sched.c - schedule engine of the non-blocking collectives
 * (mpi_nbc.h): building rounds of actions, starting them on the
 * point-to-point layer (pml.h) and advancing them from the progress round. */
#include "mpi_nbc.h"
#include "mpi_datatype.h"
#include "mpi_op.h"
#include "pml.h"
#include <stdlib.h>
#include <string.h>

enum { A_SEND = 1,
       A_RECV,
       A_OP,
       A_COPY,
       A_CALL };

struct nbc_act {
    int kind, round;
    const void *src;
    void *dst;
    int scount, dcount;
    MPI_Datatype sdt, ddt;
    int peer;                 /* world rank */
    int subtag;
    MPI_Op op;
    int (*call)(void *); /* A_CALL: call(dst), which frees dst */
    struct req *r;
};

struct nbc_sched {
    struct nbc_sched *next;
    struct req *owner;
    uint32_t ctx;             /* hidden collective context */
    MPI_Comm hcomm;
    const int *world;         /* comm rank -> world rank */
    int tag;
    int n, cap;
    struct nbc_act *a;
    int build_round;
    int pos;                  /* first action of the running round */
    int round;
    int ntmp;
    void **tmp;
    int err;
};

static struct nbc_sched *running;
/* per-context operation counters (the tag of the next collective) */
static struct { uint32_t ctx; uint32_t seq; } *seqs;
static int nseqs;

static int next_tag(uint32_t ctx)
{
    for (int i = 0; i < nseqs; i++)
        if (seqs[i].ctx == ctx)
            return -1000 - (int)(seqs[i].seq++ & 0xfffff);
    void *p = realloc(seqs, (size_t)(nseqs + 1) * sizeof *seqs);
    if (!p)
        return 0;
    seqs = p;
    seqs[nseqs].ctx = ctx;
    seqs[nseqs].seq = 1;
    nseqs++;
    return -1000;
}

struct nbc_sched *nbc_new(struct comm *c)
{
    struct nbc_sched *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ctx = c->ctx + 1;
    s->hcomm = c->coll;
    s->world = c->world;
    s->tag = next_tag(s->ctx);
    if (!s->tag)
        s->err = MPI_ERR_NO_MEM;
    return s;
}

void nbc_round(struct nbc_sched *s)
{
    s->build_round++;
}

static struct nbc_act *add(struct nbc_sched *s, int kind)
{
    if (s->n == s->cap) {
        int nc = s->cap ? 2 * s->cap : 16;
        void *p = realloc(s->a, (size_t)nc * sizeof *s->a);
        if (!p) {
            s->err = MPI_ERR_NO_MEM;
            return NULL;
        }
        s->a = p;
        s->cap = nc;
    }
    struct nbc_act *a = &s->a[s->n++];
    memset(a, 0, sizeof *a);
    a->kind = kind;
    a->round = s->build_round;
    a->sdt = a->ddt = MPI_DATATYPE_NULL;
    return a;
}

static void hold(MPI_Datatype *slot, MPI_Datatype dt)
{
    *slot = dt;
    dt_retain(dt);            /* the user may free it after the call (sec 4.1.9) */
}

void nbc_send_t(struct nbc_sched *s, const void *buf, int count, MPI_Datatype dt, int peer,
                int subtag)
{
    struct nbc_act *a = add(s, A_SEND);
    if (!a)
        return;
    a->src = buf;
    a->scount = count;
    hold(&a->sdt, dt);
    a->peer = s->world[peer];
    a->subtag = subtag & 63;
}

void nbc_recv_t(struct nbc_sched *s, void *buf, int count, MPI_Datatype dt, int peer,
                int subtag)
{
    struct nbc_act *a = add(s, A_RECV);
    if (!a)
        return;
    a->dst = buf;
    a->dcount = count;
    hold(&a->ddt, dt);
    a->peer = s->world[peer];
    a->subtag = subtag & 63;
}

void nbc_send(struct nbc_sched *s, const void *buf, int count, MPI_Datatype dt, int peer)
{
    nbc_send_t(s, buf, count, dt, peer, 0);
}

void nbc_recv(struct nbc_sched *s, void *buf, int count, MPI_Datatype dt, int peer)
{
    nbc_recv_t(s, buf, count, dt, peer, 0);
}

void nbc_op(struct nbc_sched *s, const void *in, void *inout, int count, MPI_Datatype dt,
            MPI_Op op)
{
    struct nbc_act *a = add(s, A_OP);
    if (!a)
        return;
    a->src = in;
    a->dst = inout;
    a->scount = count;
    hold(&a->sdt, dt);
    a->op = op;
}

void nbc_copy(struct nbc_sched *s, const void *src, int scount, MPI_Datatype sdt, void *dst,
              int rcount, MPI_Datatype rdt)
{
    struct nbc_act *a = add(s, A_COPY);
    if (!a)
        return;
    a->src = src;
    a->scount = scount;
    hold(&a->sdt, sdt);
    a->dst = dst;
    a->dcount = rcount;
    hold(&a->ddt, rdt);
}

void nbc_call(struct nbc_sched *s, int (*fn)(void *), void *arg)
{
    struct nbc_act *a = add(s, A_CALL);
    if (!a) {
        free(arg);
        return;
    }
    a->call = fn;
    a->dst = arg;
}

void *nbc_tmp(struct nbc_sched *s, int count, MPI_Datatype dt)
{
    struct dte *d = dt_layout(dt);
    if (!d || count < 0) {
        s->err = MPI_ERR_TYPE;
        return NULL;
    }
    int64_t span = count ? d->true_ub - d->true_lb + (int64_t)(count - 1) * dte_extent(d) : 0;
    void **t = realloc(s->tmp, (size_t)(s->ntmp + 1) * sizeof *t);
    char *p = malloc((size_t)span + 1);
    if (!t || !p) {
        free(p);
        if (t)
            s->tmp = t;
        s->err = MPI_ERR_NO_MEM;
        return NULL;
    }
    s->tmp = t;
    s->tmp[s->ntmp++] = p;
    return p - d->true_lb;
}

static void sched_free(struct nbc_sched *s)
{
    for (int i = 0; i < s->n; i++) {
        if (s->a[i].r)
            req_release(s->a[i].r);
        if (s->a[i].sdt != MPI_DATATYPE_NULL)
            dt_release(s->a[i].sdt);
        if (s->a[i].ddt != MPI_DATATYPE_NULL)
            dt_release(s->a[i].ddt);
        if (s->a[i].kind == A_CALL)
            free(s->a[i].dst); /* never called */
    }
    for (int i = 0; i < s->ntmp; i++)
        free(s->tmp[i]);
    free(s->tmp);
    free(s->a);
    free(s);
}

void nbc_discard(struct nbc_sched *s)
{
    sched_free(s);
}

/* Typed copy through the packed form (dte.h): no point-to-point traffic. */
static int local_copy(struct nbc_act *a)
{
    struct dte *sd = dt_layout(a->sdt), *dd = dt_layout(a->ddt);
    int64_t sb = sd->size * a->scount, db = dd->size * a->dcount;
    if (sb > db)
        return MPI_ERR_TRUNCATE;
    if (!sb)
        return MPI_SUCCESS;
    char *tmp = malloc((size_t)sb);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    dte_pack(sd, a->src, a->scount, tmp, 0, sb);
    dte_unpack(dd, a->dst, a->dcount, tmp, 0, sb);
    free(tmp);
    return MPI_SUCCESS;
}

static int start_comm(struct nbc_sched *s, struct nbc_act *a)
{
    int send = a->kind == A_SEND;
    struct req *r = req_new(send ? RK_SEND : RK_RECV);
    if (!r)
        return MPI_ERR_NO_MEM;
    r->buf = send ? (void *)a->src : a->dst;
    r->count = send ? a->scount : a->dcount;
    r->dt = send ? a->sdt : a->ddt;
    dt_retain(r->dt);
    r->peer = a->peer;
    r->tag = s->tag - a->subtag * 0x100000;   /* below every sequence number */
    r->ctx = s->ctx;
    r->comm = s->hcomm;
    r->active = 1;
    int e = send ? pml_start_send(r) : pml_start_recv(r);
    if (e) {
        req_release(r);
        return e;
    }
    a->r = r;
    return MPI_SUCCESS;
}

/* Run the local actions of the current round, then start its messages. */
static void start_round(struct nbc_sched *s)
{
    int end = s->pos;
    while (end < s->n && s->a[end].round == s->round)
        end++;
    for (int i = s->pos; i < end && !s->err; i++) {
        struct nbc_act *a = &s->a[i];
        if (a->kind == A_OP)
            s->err = op_reduce(a->src, a->dst, a->scount, a->sdt, a->op);
        else if (a->kind == A_COPY)
            s->err = local_copy(a);
        else if (a->kind == A_CALL) {
            void *arg = a->dst;
            a->dst = NULL;
            s->err = a->call(arg);
        }
    }
    for (int i = s->pos; i < end && !s->err; i++)
        if (s->a[i].kind == A_SEND || s->a[i].kind == A_RECV)
            s->err = start_comm(s, &s->a[i]);
}

/* 1 when the schedule has finished (all rounds, or an error). */
static int advance(struct nbc_sched *s)
{
    for (;;) {
        int end = s->pos;
        while (end < s->n && s->a[end].round == s->round)
            end++;
        for (int i = s->pos; i < end; i++) {
            struct req *r = s->a[i].r;
            if (r && r->state != RS_DONE)
                return 0;
        }
        for (int i = s->pos; i < end; i++) {
            struct req *r = s->a[i].r;
            if (!r)
                continue;
            int e = r->kind == RK_RECV ? r->st.MPI_ERROR : r->err;
            if (e && !s->err)
                s->err = e;
            req_release(r);
            s->a[i].r = NULL;
        }
        s->pos = end;
        if (s->err || s->pos >= s->n)
            return 1;
        s->round = s->a[s->pos].round;
        start_round(s);
    }
}

static void finish(struct nbc_sched *s)
{
    struct req *o = s->owner;
    o->err = s->err;
    sched_free(s);
    req_complete(o);
}

int nbc_start(struct nbc_sched *s, MPI_Request *req)
{
    if (s->err) {
        int e = s->err;
        sched_free(s);
        return e;
    }
    struct req *o = req_new(RK_COLL);
    if (!o) {
        sched_free(s);
        return MPI_ERR_NO_MEM;
    }
    o->active = 1;
    o->comm = s->hcomm;
    o->dt = MPI_DATATYPE_NULL;
    s->owner = o;
    pml_add_progress_hook(nbc_progress);
    *req = o->handle;
    s->round = s->n ? s->a[0].round : 0;
    if (s->n)
        start_round(s);
    if (!s->n || advance(s)) {
        finish(s);
        return MPI_SUCCESS;
    }
    s->next = running;
    running = s;
    pml_hooks_hold();
    return MPI_SUCCESS;
}

void nbc_progress(void)
{
    static int busy;          /* starting a send runs a progress round itself */
    if (busy || !running)
        return;
    busy = 1;
    for (struct nbc_sched **pp = &running; *pp;) {
        struct nbc_sched *s = *pp;
        if (advance(s)) {
            *pp = s->next;
            pml_hooks_drop();
            finish(s);
        } else {
            pp = &s->next;
        }
    }
    busy = 0;
}
