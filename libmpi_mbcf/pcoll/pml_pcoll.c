/* pml_pcoll.c - the pseudo-collective mode of persistent requests (seed 000
 * sec 4.1; pml_pcoll.h, docs/rsched.md) in libmpi_mbcf.
 *
 * On when MPI_MBCF_RSCHED names a scheduler (rr1 rr2 rr4 bl1 bl2 bl4 bl4o,
 * rr6 bl6 bl6o on TofuD; "off" or unset: off) and the transport opens (the
 * node has the emulated Tofu controller). The variable is read when a new
 * request set is first started, so a program may switch between sets.
 *
 * A request set is the exact sequence of requests one MPI_Startall gets. The
 * first MPI_Startall of a set is collective over MPI_COMM_WORLD (that is the
 * mode's condition, as in the seed: every process starts its set together):
 * the requests are matched with their counterparts by source, tag and
 * communicator, the receive buffers registered, their steering addresses
 * sent to the senders, and the RSched plan made (rsched_pc_init). A set that
 * does not fit (a wildcard, a non-contiguous datatype, a send mode other
 * than standard, sizes that differ, a peer that is no grid neighbour...)
 * falls back on every process: its starts go the ordinary way, and rank 0
 * says why on stderr once. Each later MPI_Startall of a set in the mode is
 * a barrier and the planned puts (rsched_pc_start); the completion calls
 * (MPI_Wait*, MPI_Test* with any member of the set) take all completions
 * from the completion queues and close with a barrier (rsched_pc_wait /
 * rsched_pc_test), then every member is done. One set runs in the mode at a
 * time; a set started while another is running goes the ordinary way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "pml_internal.h"
#include "pml_pcoll.h"
#include "rsched_topo.h"
#pragma GCC visibility push(default)
#include "mpix_mbcf.h"
#pragma GCC visibility pop

#define MAX_SETS 16
#define MAX_SET_REQS (2 * RSCHED_MAX_PUTS)

struct pcoll_set {
    int n;
    uint64_t id[MAX_SET_REQS];       /* req_id of each member, in Startall order */
    int on;                          /* 1: mode, 0: ordinary path */
    struct rsched_pc *pc;            /* when on */
    uint64_t stadd[MAX_SET_REQS];    /* registrations to undo when dropped */
    int nstadd;
};

const struct pcoll_world_coll *pcoll_world_coll;
struct pcoll_set *pml_pcoll_running;   /* started in the mode, not yet complete */

static struct {
    int opened;                      /* 0 not tried, 1 open, -1 not available */
    struct rsched_pc_ops tr;         /* the transport's calls */
    struct rsched_pc_ops ops;        /* what the core gets: tr with reg recorded */
    struct rsched_cost cost;
    struct pcoll_set *sets[MAX_SETS];
    struct pcoll_set *building;      /* the set whose registrations reg records */
    struct rsched_topo topo;         /* its communicator's topology (dir_of), or none */
    struct comm *topo_comm;
    int busy;                        /* inside a collective of the mode */
    char why[160];
} P;

static int rec_reg(void *ctx, void *buf, uint32_t bytes, uint64_t *stadd)
{
    int rc = P.tr.reg(ctx, buf, bytes, stadd);
    if (rc == 0 && P.building && P.building->nstadd < MAX_SET_REQS)
        P.building->stadd[P.building->nstadd++] = *stadd;
    return rc;
}

/* The halo direction of a peer (world rank): on the process grid of the
 * set's communicator when it has a Cartesian (1-D or 2-D) or graph
 * topology, else the transport's (the Tofu shape in world rank order). */
static int topo_dir_of(void *ctx, int peer)
{
    if (P.topo.kind == RSCHED_TOPO_NONE)
        return P.tr.dir_of(ctx, peer);
    int r = comm_rank_of_world(P.topo_comm, peer);
    return r < 0 ? -1 : rsched_topo_dir(&P.topo, r);
}

/* The topology of the communicator every member of h[0..n) uses (none when
 * they differ or it has none of the kinds rsched_topo.h knows). */
static void set_topo(int n, MPI_Request h[])
{
    P.topo.kind = RSCHED_TOPO_NONE;
    P.topo_comm = NULL;
    struct req *r0 = n ? req_get(h[0]) : NULL;
    struct comm *c = r0 ? comm_get(r0->comm) : NULL;
    for (int i = 1; c && i < n; i++)
        if (!req_get(h[i]) || req_get(h[i])->comm != r0->comm)
            c = NULL;
    if (!c || c->inter)
        return;
    if (c->topo == MPI_CART) {
        rsched_topo_cart(&P.topo, c->rank, c->ndims, c->dims, c->periods);
    } else if (c->topo == MPI_GRAPH && c->rank < c->gnodes) {
        int lo = c->rank ? c->gindex[c->rank - 1] : 0;
        rsched_topo_graph(&P.topo, c->rank, c->gedges + lo, c->gindex[c->rank] - lo);
    } else if (c->topo == MPI_DIST_GRAPH) {
        rsched_topo_graph(&P.topo, c->rank, c->dsts, c->outdeg);
    }
    if (P.topo.kind != RSCHED_TOPO_NONE)
        P.topo_comm = c;
}

static void drop(struct pcoll_set *s)
{
    for (int i = 0; i < s->nstadd; i++)
        pcoll_tr_dereg(s->stadd[i]);
    free(s->pc);
    free(s);
}

/* The scheduler MPI_MBCF_RSCHED names now, or 0 when off (rank 0 reports a
 * bad name or a missing transport once). */
static int wanted(struct rsched_algo *a)
{
    const char *v = getenv("MPI_MBCF_RSCHED");
    static char bad[32];
    if (!v || !*v || !strcmp(v, "off"))
        return 0;
    if (rsched_parse(v, a)) {
        if (mpi_world_rank == 0 && strncmp(bad, v, sizeof bad - 1)) {
            fprintf(stderr, "mpi_mbcf: MPI_MBCF_RSCHED=%s is no scheduler (rr<m>, bl<m>, bl<m>o "
                            "or off): mode off\n", v);
            snprintf(bad, sizeof bad, "%s", v);
        }
        return 0;
    }
    if (!P.opened) {
        P.opened = pcoll_tr_open(&P.tr, &P.cost, P.why, sizeof P.why) == 0 ? 1 : -1;
        if (P.opened < 0 && mpi_world_rank == 0)
            fprintf(stderr, "mpi_mbcf: MPI_MBCF_RSCHED=%s: %s: mode off\n", v, P.why);
        P.ops = P.tr;
        P.ops.reg = rec_reg;
        P.ops.dir_of = topo_dir_of;
    }
    return P.opened > 0;
}

/* The set h[0..n) is, or NULL; drops sets with a released member. */
static struct pcoll_set *lookup(int n, const MPI_Request h[])
{
    struct pcoll_set *hit = NULL;
    for (int s = 0; s < MAX_SETS; s++) {
        struct pcoll_set *c = P.sets[s];
        if (!c)
            continue;
        int same = c->n == n, stale = 0;
        for (int i = 0; i < c->n; i++) {
            if (!req_by_id(c->id[i]))
                stale = 1;
            else if (same && (i >= n || !req_get(h[i]) || req_id(req_get(h[i])) != c->id[i]))
                same = 0;
        }
        if (stale && c != pml_pcoll_running) {
            drop(c);
            P.sets[s] = NULL;
        } else if (same && !stale) {
            hit = c;
        }
    }
    return hit;
}

/* A member as the core sees it; 0, or -1 with the reason it cannot be. */
static int describe(struct req *r, struct rsched_pc_req *o, char *why, size_t cap, int i)
{
    int64_t off = 0;
    struct dte *d = dt_layout(r->dt);
    if (r->kind == RK_SEND && r->mode != MODE_STD) {
        snprintf(why, cap, "request %d is a synchronous, ready or buffered send", i);
        return -1;
    }
    if (r->peer < 0 || r->tag < 0) {
        snprintf(why, cap, "request %d has MPI_PROC_NULL or a wildcard source or tag", i);
        return -1;
    }
    if (!d || !dte_is_contig(d, r->count, &off) || d->size * (int64_t)r->count > UINT32_MAX) {
        snprintf(why, cap, "request %d: its datatype is not contiguous", i);
        return -1;
    }
    *o = (struct rsched_pc_req){ r->kind == RK_SEND, (char *)r->buf + off,
                                 (uint32_t)(d->size * r->count), r->peer, r->tag, r->ctx };
    return 0;
}

/* First start of a set: collective over the world. */
static struct pcoll_set *make_set(int n, MPI_Request h[], const struct rsched_algo *a)
{
    struct pcoll_set *s = calloc(1, sizeof *s);
    struct rsched_pc_req *reqs = calloc((size_t)n + 1, sizeof *reqs);
    int ok = s && reqs;
    char why[160] = "out of memory";
    if (s)
        s->n = n;
    for (int i = 0; s && i < n; i++)
        s->id[i] = req_id(req_get(h[i]));
    for (int i = 0; ok && i < n; i++)
        ok = describe(req_get(h[i]), &reqs[i], why, sizeof why, i) == 0;
    struct rsched_pc *pc = calloc(1, sizeof *pc);
    int rc = RSCHED_PC_ETRANSPORT;
    if (pc) {
        P.building = s;
        set_topo(ok ? n : 0, h);
        /* a set that failed here still takes part, with one request to
         * no rank (peer -1), which the core refuses: its veto makes every
         * process fall back alike */
        static const struct rsched_pc_req veto = { 0, NULL, 0, -1, 0, 0 };
        P.busy++;
        rc = ok ? rsched_pc_init(pc, a, &P.cost, reqs, n, &P.ops)
                : rsched_pc_init(pc, a, &P.cost, &veto, 1, &P.ops);
        P.busy--;
        P.building = NULL;
        P.topo.kind = RSCHED_TOPO_NONE;
        if (ok && rc != 0)
            snprintf(why, sizeof why, "%s", rc == RSCHED_PC_FALLBACK ? pc->why : "transport error");
    }
    free(reqs);
    if (!s) {
        free(pc);
        return NULL;
    }
    s->on = rc == 0 && ok;
    if (s->on) {
        s->pc = pc;
        pml_pcoll_stats.sets++;
        P.why[0] = 0;
    } else {
        free(pc);
        for (int i = 0; i < s->nstadd; i++)
            pcoll_tr_dereg(s->stadd[i]);
        s->nstadd = 0;
        pml_pcoll_stats.fallbacks++;
        snprintf(P.why, sizeof P.why, "%s", why);
        if (mpi_world_rank == 0)
            fprintf(stderr, "mpi_mbcf: pseudo-collective mode not used for a set of %d requests "
                            "(%s): ordinary protocol\n", n, why);
    }
    int slot = -1;
    for (int i = 0; i < MAX_SETS && slot < 0; i++)
        if (!P.sets[i])
            slot = i;
    if (slot < 0) {                  /* full: drop the oldest not running */
        int old = P.sets[0] == pml_pcoll_running ? 1 : 0;
        drop(P.sets[old]);
        memmove(&P.sets[old], &P.sets[old + 1], (size_t)(MAX_SETS - 1 - old) * sizeof P.sets[0]);
        slot = MAX_SETS - 1;
    }
    P.sets[slot] = s;
    return s;
}

static void finish(struct pcoll_set *s);

/* The running set's members were all freed by MPI_Request_free while active
 * (legal MPI: they complete in the background): nobody will wait for them,
 * so the next Startall completes the set first (every process alike). */
static int orphaned(const struct pcoll_set *s)
{
    for (int i = 0; i < s->n; i++) {
        struct req *r = req_by_id(s->id[i]);
        if (r && !r->freed)
            return 0;
    }
    return 1;
}

int pml_pcoll_startall(int n, MPI_Request h[], int *err)
{
    struct rsched_algo a;
    *err = MPI_SUCCESS;
    if (n < 1 || n > MAX_SET_REQS || P.busy || !wanted(&a))
        return 0;
    for (int i = 0; i < n; i++) {
        struct req *r = req_get(h[i]);
        if (!r || !r->persistent || r->active || (r->kind != RK_SEND && r->kind != RK_RECV))
            return 0;          /* the ordinary path reports the error */
    }
    if (pml_pcoll_running && orphaned(pml_pcoll_running)) {
        struct pcoll_set *o = pml_pcoll_running;
        P.busy++;
        int rc = rsched_pc_wait(o->pc);
        P.busy--;
        pml_pcoll_running = NULL;
        finish(o);
        if (rc) {
            *err = MPI_ERR_INTERN;
            return 1;
        }
    }
    struct pcoll_set *s = lookup(n, h);
    if (!s) {
        P.why[0] = 0;
        s = make_set(n, h, &a);
    }
    if (!s || !s->on || pml_pcoll_running)
        return 0;
    for (int i = 0; i < n; i++) {
        struct req *r = req_get(h[i]);
        r->active = 1;
        r->state = RS_WAIT_DONE;     /* not RS_POSTED: MPI_Cancel leaves it alone */
        r->err = 0;
        r->cancelled = 0;
    }
    P.busy++;
    int rc = rsched_pc_start(s->pc);
    P.busy--;
    if (rc) {
        for (int i = 0; i < n; i++)
            req_get(h[i])->active = 0;
        *err = MPI_ERR_INTERN;
        return 1;
    }
    pml_pcoll_running = s;
    pml_pcoll_stats.starts++;
    return 1;
}

static int member(const struct pcoll_set *s, MPI_Request hd)
{
    struct req *r = req_get(hd);
    if (!r)
        return 0;
    uint64_t id = req_id(r);
    for (int i = 0; i < s->n; i++)
        if (s->id[i] == id)
            return 1;
    return 0;
}

static void finish(struct pcoll_set *s)
{
    for (int i = 0; i < s->n; i++) {
        struct req *r = req_by_id(s->id[i]);
        if (!r)
            continue;
        if (r->kind == RK_RECV) {
            struct comm *c = comm_get(r->comm);
            r->st.MPI_SOURCE = c ? comm_rank_of_world(c, r->peer) : r->peer;
            r->st.MPI_TAG = r->tag;
            r->st.MPI_ERROR = MPI_SUCCESS;
            r->st.mbcf_count = dt_layout(r->dt)->size * r->count;
            r->st.mbcf_cancelled = 0;
        }
        req_complete(r);
    }
}

int pml_pcoll_complete_running(int n, const MPI_Request h[], int block)
{
    struct pcoll_set *s = pml_pcoll_running;
    if (!s || P.busy)
        return MPI_SUCCESS;
    int hit = 0;
    for (int i = 0; i < n && !hit; i++)
        hit = member(s, h[i]);
    if (!hit)
        return MPI_SUCCESS;
    int done = 0, rc;
    P.busy++;
    if (block) {
        rc = rsched_pc_wait(s->pc);
        done = rc == 0;
    } else {
        rc = rsched_pc_test(s->pc, &done);
    }
    P.busy--;
    if (rc)
        return MPI_ERR_INTERN;
    if (done) {
        pml_pcoll_running = NULL;
        finish(s);
    }
    return MPI_SUCCESS;
}

long long MPIX_Mbcf_pcoll_starts(void)
{
    return (long long)pml_pcoll_stats.starts;
}

const char *MPIX_Mbcf_pcoll_why(void)
{
    return P.why;
}

void pml_pcoll_set_world_coll(const struct pcoll_world_coll *c)
{
    pcoll_world_coll = c;
}
