/* mpi_comm.c - MPI entry points of communicators (MPI-3.1 chapter 6): dup,
 * split, create, free, compare, names, attributes (keyvals, predefined
 * TAG_UB...), over the table of objects/comm_table.c. Each communicator has
 * a context id for point-to-point and a hidden communicator (context id + 1)
 * that the collectives run on. A new context id is the maximum of every member's next free id, agreed with a
 * small gather/broadcast over the parent's hidden context (negative tags). */
#include "mpi_comm.h"
#include "mpi_errhandler.h"
#include "mpi_group.h"
#include "pml.h"
#include "mbcf.h"
#include "mpi_intercomm.h"
#include "mpi_nbc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Gather k ints from every member at rank 0 and hand the whole table back. */
static int allgather_ints(struct comm *c, const int *mine, int k, int *all)
{
    uint32_t ctx = c->ctx + 1;
    MPI_Comm h = c->coll;
    if (c->rank == 0) {
        memcpy(all, mine, (size_t)k * sizeof(int));
        for (int r = 1; r < c->size; r++) {
            int e = pml_recv(all + r * k, k, MPI_INT, c->world[r], -201, ctx, h, NULL);
            if (e)
                return e;
        }
        for (int r = 1; r < c->size; r++) {
            int e = pml_send(all, k * c->size, MPI_INT, c->world[r], -202, ctx, h);
            if (e)
                return e;
        }
        return MPI_SUCCESS;
    }
    int e = pml_send(mine, k, MPI_INT, c->world[0], -201, ctx, h);
    if (!e)
        e = pml_recv(all, k * c->size, MPI_INT, c->world[0], -202, ctx, h, NULL);
    return e;
}

struct split_ent { int color, key, ctx, rank; };

static int cmp_key(const void *a, const void *b)
{
    const struct split_ent *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* Split the parent: members of the same color form a communicator. */
static int split(struct comm *p, int color, int key, MPI_Comm *out, const char *fn)
{
    int mine[3] = { color, key, (int)comm_ctx_next() };
    int *all = malloc((size_t)p->size * 3 * sizeof(int));
    struct split_ent *v = malloc((size_t)p->size * sizeof *v);
    if (!all || !v) {
        free(all);
        free(v);
        return MPI_ERR_NO_MEM;
    }
    int e = allgather_ints(p, mine, 3, all);
    if (e) {
        free(all);
        free(v);
        return e;
    }
    uint32_t ctx = 0;
    int n = 0;
    for (int r = 0; r < p->size; r++) {
        if ((uint32_t)all[3 * r + 2] > ctx)
            ctx = (uint32_t)all[3 * r + 2];
        if (color != MPI_UNDEFINED && all[3 * r] == color)
            v[n++] = (struct split_ent){ color, all[3 * r + 1], 0, r };
    }
    comm_ctx_reserve(ctx);
    free(all);
    if (color == MPI_UNDEFINED) {
        free(v);
        *out = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_key);
    int *world = malloc((size_t)n * sizeof(int));
    if (!world) {
        free(v);
        return MPI_ERR_NO_MEM;
    }
    for (int i = 0; i < n; i++)
        world[i] = p->world[v[i].rank];
    free(v);
    e = comm_make_pair(-1, n, world, ctx, out);
    free(world);
    (void)fn;
    return e;
}

#define GETC(c, h, fn)                                                   \
    CHECK_INIT(fn);                                                      \
    struct comm *c = comm_get(h);                                        \
    if (!c)                                                              \
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn)

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
    GETC(c, comm, "MPI_Comm_size");
    if (!size)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_size");
    *size = c->inter ? comm_get(c->local)->size : c->size;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_size);

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    GETC(c, comm, "MPI_Comm_rank");
    if (!rank)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_rank");
    *rank = c->rank;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_rank);

static int copy_attrs(MPI_Comm from, MPI_Comm to);

int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    GETC(c, comm, "MPI_Comm_dup");
    if (!newcomm)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_dup");
    if (c->inter)
        return comm_inter_dup(comm, newcomm);
    int e = split(c, 0, c->rank, newcomm, "MPI_Comm_dup");
    if (e)
        return mpi_err(comm, e, "MPI_Comm_dup");
    e = comm_dup_props(comm, *newcomm);
    return e ? mpi_err(comm, e, "MPI_Comm_dup") : MPI_SUCCESS;
}
MPI_ALIAS(Comm_dup);

static int *copy_ints(const int *a, int n)
{
    if (!a)
        return NULL;
    int *p = malloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    if (p && n > 0)
        memcpy(p, a, (size_t)n * sizeof *p);
    return p;
}

/* What a duplicate carries over besides its group (MPI-3.1 sec 6.4.2:
 * "associated key values, topology information"): error handler, the
 * Cartesian, graph or distributed-graph topology, attributes through their
 * copy functions. */
int comm_dup_props(MPI_Comm from, MPI_Comm to)
{
    struct comm *c = comm_get(from), *n = comm_get(to);
    n->eh = c->eh;
    n->topo = c->topo;
    n->ndims = c->ndims;
    n->dims = copy_ints(c->dims, c->ndims);
    n->periods = copy_ints(c->periods, c->ndims);
    n->gnodes = c->gnodes;
    n->gindex = copy_ints(c->gindex, c->gnodes);
    n->gedges = copy_ints(c->gedges, c->gnodes ? c->gindex[c->gnodes - 1] : 0);
    n->indeg = c->indeg;
    n->outdeg = c->outdeg;
    n->weighted = c->weighted;
    n->srcs = copy_ints(c->srcs, c->indeg);
    n->srcw = copy_ints(c->srcw, c->indeg);
    n->dsts = copy_ints(c->dsts, c->outdeg);
    n->dstw = copy_ints(c->dstw, c->outdeg);
    if ((c->dims && !n->dims) || (c->periods && !n->periods) || (c->gindex && !n->gindex) ||
        (c->gedges && !n->gedges) || (c->srcs && !n->srcs) || (c->srcw && !n->srcw) ||
        (c->dsts && !n->dsts) || (c->dstw && !n->dstw))
        return MPI_ERR_NO_MEM;
    return copy_attrs(from, to);
}

/* Comm_idup (MPI-3.1 sec 6.4.2) as a non-blocking schedule on the parent
 * (nbc/mpi_nbc.h): every member proposes a context id from the duplicates'
 * own range (comm_ictx_take: never one a blocking constructor can pick
 * meanwhile, each proposal unique in the job), all agree on the maximum, and
 * the last round makes the duplicate with it (error handler, topology,
 * attributes: comm_dup_props). So the members may do other communication,
 * also other constructors, in any order before they wait.
 * Intercommunicators: duplicated at once (blocking). */
struct idup_state {
    int ctx;
    MPI_Comm parent;
    MPI_Comm *out;
};

static int idup_finish(void *arg)
{
    struct idup_state *d = arg;
    struct comm *p = comm_get(d->parent);
    int e = p ? comm_make_pair(-1, p->size, p->world, (uint32_t)d->ctx, d->out) : MPI_ERR_COMM;
    if (!e)
        e = comm_dup_props(d->parent, *d->out);
    free(d);
    return e;
}

static int idup_start(struct nbc_sched *s, int e, MPI_Comm comm, MPI_Request *req)
{
    if (e)
        nbc_discard(s);
    else
        e = nbc_start(s, req);
    return e ? mpi_err(comm, e, "MPI_Comm_idup") : MPI_SUCCESS;
}

int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *req)
{
    static const char fn[] = "MPI_Comm_idup";
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (!req || !newcomm)
        return mpi_err(comm, req ? MPI_ERR_ARG : MPI_ERR_REQUEST, fn);
    if (c->inter) {
        int e = PMPI_Comm_dup(comm, newcomm);
        if (e)
            return e;
        struct nbc_sched *s = nbc_new(comm_get(comm)); /* empty: complete at start */
        if (!s)
            return mpi_err(comm, MPI_ERR_NO_MEM, fn);
        return idup_start(s, 0, comm, req);
    }
    struct idup_state *d = malloc(sizeof *d);
    struct nbc_sched *s = d ? nbc_new(c) : NULL;
    if (!s) {
        free(d);
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    }
    d->ctx = (int)comm_ictx_take();
    if (!d->ctx) {
        free(d);
        nbc_discard(s);
        return mpi_err(comm, MPI_ERR_OTHER, fn); /* no context id left */
    }
    d->parent = comm;
    d->out = newcomm;
    *newcomm = MPI_COMM_NULL;
    int e = nbc_build_allmax(s, c, &d->ctx);
    nbc_call(s, idup_finish, d);
    return idup_start(s, e, comm, req);
}
MPI_ALIAS(Comm_idup);

int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    (void)info;
    return PMPI_Comm_dup(comm, newcomm);
}
MPI_ALIAS(Comm_dup_with_info);

int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    GETC(c, comm, "MPI_Comm_split");
    if (!newcomm || (color < 0 && color != MPI_UNDEFINED))
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_split");
    if (c->inter)
        return comm_inter_split(comm, color, key, newcomm, "MPI_Comm_split");
    int e = split(c, color, key, newcomm, "MPI_Comm_split");
    return e ? mpi_err(comm, e, "MPI_Comm_split") : MPI_SUCCESS;
}
MPI_ALIAS(Comm_split);

/* The one hardware level below the whole job: the node (MPI-4.0 sec
 * 7.4.2). MPI_COMM_TYPE_HW_GUIDED with mpi_hw_resource_type =
 * "mpi_shared_memory" names it; MPI_COMM_TYPE_HW_UNGUIDED gives it when it
 * is smaller than comm, else MPI_COMM_NULL. */
static int node_color(struct comm *c, int type, MPI_Info info)
{
    int node = mpi_world_rank / mbcf_ppn();
    if (type == MPI_COMM_TYPE_SHARED)
        return node;
    if (type == MPI_COMM_TYPE_HW_GUIDED) {
        char v[32];
        int flag = 0;
        if (info != MPI_INFO_NULL &&
            PMPI_Info_get(info, "mpi_hw_resource_type", sizeof v - 1, v, &flag) == MPI_SUCCESS &&
            flag && !strcmp(v, "mpi_shared_memory"))
            return node;
        return MPI_UNDEFINED;
    }
    if (type == MPI_COMM_TYPE_HW_UNGUIDED) {
        for (int i = 0; i < c->size; i++)
            if (c->world[i] / mbcf_ppn() != node)
                return node; /* comm spans nodes: the node is smaller */
        return MPI_UNDEFINED;
    }
    return MPI_UNDEFINED;
}

int PMPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm *newcomm)
{
    GETC(c, comm, "MPI_Comm_split_type");
    /* the ranks of one node (--ppn, docs/ppn.md): their MBCF operations are
     * applied memory to memory by the kernel, and they can share windows */
    int color = node_color(c, type, info);
    if (!newcomm)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_split_type");
    if (c->inter) /* the members of one node on both sides, as MPICH */
        return comm_inter_split(comm, color, key, newcomm, "MPI_Comm_split_type");
    int e = split(c, color, key, newcomm, "MPI_Comm_split_type");
    return e ? mpi_err(comm, e, "MPI_Comm_split_type") : MPI_SUCCESS;
}
MPI_ALIAS(Comm_split_type);

int PMPI_Comm_create(MPI_Comm comm, MPI_Group g, MPI_Comm *newcomm)
{
    GETC(c, comm, "MPI_Comm_create");
    struct group *gr = group_get(g);
    if (!gr || !newcomm)
        return mpi_err(comm, MPI_ERR_GROUP, "MPI_Comm_create");
    if (c->inter) {
        /* sec 6.4.2: group is a subgroup of the local group; the remote group
         * of the result is the one the other side passed: a split with color
         * 0 for the members, key = position in the group */
        struct comm *lc = comm_get(c->local);
        int pos = MPI_UNDEFINED;
        for (int i = 0; i < gr->size; i++) {
            if (comm_rank_of_world(lc, gr->world[i]) == MPI_UNDEFINED)
                return mpi_err(comm, MPI_ERR_GROUP, "MPI_Comm_create");
            if (gr->world[i] == mpi_world_rank)
                pos = i;
        }
        return comm_inter_split(comm, pos == MPI_UNDEFINED ? MPI_UNDEFINED : 0, pos, newcomm,
                                "MPI_Comm_create");
    }
    int me = -1, first = -1;
    for (int i = 0; i < gr->size; i++) {
        int r = comm_rank_of_world(c, gr->world[i]);
        if (r == MPI_UNDEFINED)
            return mpi_err(comm, MPI_ERR_GROUP, "MPI_Comm_create");
        if (first < 0 || r < first)
            first = r;
        if (gr->world[i] == mpi_world_rank)
            me = i;
    }
    /* Since MPI 2.2 ranks may pass different, disjoint groups: the group's
     * lowest rank in comm names it (color), key = position in the group gives
     * the group's order. */
    int e = split(c, me >= 0 ? first : MPI_UNDEFINED, me, newcomm, "MPI_Comm_create");
    return e ? mpi_err(comm, e, "MPI_Comm_create") : MPI_SUCCESS;
}
MPI_ALIAS(Comm_create);

int PMPI_Comm_free(MPI_Comm *comm)
{
    CHECK_INIT("MPI_Comm_free");
    if (!comm || !comm_get(*comm) || *comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF ||
        comm_get(*comm)->hidden)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_free");
    struct comm *c = comm_get(*comm);
    for (int i = 0; i < c->nattr; i++)
        PMPI_Comm_delete_attr(*comm, c->attr[i].key), i--, c = comm_get(*comm);
    if (c->inter)
        PMPI_Comm_free(&c->local);
    comm_destroy(c->coll);
    comm_destroy(*comm);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_free);

int PMPI_Comm_disconnect(MPI_Comm *comm)
{
    return PMPI_Comm_free(comm);
}
MPI_ALIAS(Comm_disconnect);

int PMPI_Comm_compare(MPI_Comm c1, MPI_Comm c2, int *result)
{
    CHECK_INIT("MPI_Comm_compare");
    struct comm *a = comm_get(c1), *b = comm_get(c2);
    if (!a || !b || !result)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_compare");
    if (c1 == c2) {
        *result = MPI_IDENT;
        return MPI_SUCCESS;
    }
    if (a->size != b->size) {
        *result = MPI_UNEQUAL;
        return MPI_SUCCESS;
    }
    int same_order = 1, same_set = 1;
    for (int i = 0; i < a->size; i++) {
        if (a->world[i] != b->world[i])
            same_order = 0;
        if (b->inv[a->world[i]] == MPI_UNDEFINED)
            same_set = 0;
    }
    *result = same_order ? MPI_CONGRUENT : same_set ? MPI_SIMILAR : MPI_UNEQUAL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_compare);

int PMPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
    GETC(c, comm, "MPI_Comm_test_inter");
    if (!flag)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_test_inter");
    *flag = c->inter;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_test_inter);

int PMPI_Comm_group(MPI_Comm comm, MPI_Group *g)
{
    GETC(c, comm, "MPI_Comm_group");
    if (!g)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_group");
    if (c->inter)
        return PMPI_Comm_group(c->local, g);
    int e = group_new(c->size, c->world, g);
    return e ? mpi_err(comm, e, "MPI_Comm_group") : MPI_SUCCESS;
}
MPI_ALIAS(Comm_group);

int PMPI_Comm_set_name(MPI_Comm comm, const char *name)
{
    GETC(c, comm, "MPI_Comm_set_name");
    if (!name)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_set_name");
    snprintf(c->name, sizeof c->name, "%s", name);
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_set_name);

int PMPI_Comm_get_name(MPI_Comm comm, char *name, int *len)
{
    GETC(c, comm, "MPI_Comm_get_name");
    if (!name || !len)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_get_name");
    snprintf(name, MPI_MAX_OBJECT_NAME, "%s", c->name);
    *len = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_get_name);

/* ---- attributes ---- */
#define MAX_KEYS 64
#define KEY_BASE 16
static struct {
    int used;
    MPI_Comm_copy_attr_function *copy;
    MPI_Comm_delete_attr_function *del;
    void *extra;
} keys[MAX_KEYS];
static int attr_tag_ub = (1 << 30) - 1, attr_host = MPI_PROC_NULL, attr_io = MPI_ANY_SOURCE;
static int attr_wtime_global = 0, attr_appnum = 0, attr_universe, attr_lastcode = MPI_ERR_LASTCODE;

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy_fn,
                           MPI_Comm_delete_attr_function *delete_fn, int *keyval,
                           void *extra_state)
{
    if (!keyval)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Comm_create_keyval");
    for (int i = 0; i < MAX_KEYS; i++)
        if (!keys[i].used) {
            keys[i].used = 1;
            keys[i].copy = copy_fn;
            keys[i].del = delete_fn;
            keys[i].extra = extra_state;
            *keyval = KEY_BASE + i;
            return MPI_SUCCESS;
        }
    return mpi_err(MPI_COMM_WORLD, MPI_ERR_KEYVAL, "MPI_Comm_create_keyval");
}
MPI_ALIAS(Comm_create_keyval);

int PMPI_Comm_free_keyval(int *keyval)
{
    if (!keyval || *keyval < KEY_BASE || *keyval >= KEY_BASE + MAX_KEYS ||
        !keys[*keyval - KEY_BASE].used)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_KEYVAL, "MPI_Comm_free_keyval");
    keys[*keyval - KEY_BASE].used = 0;
    *keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_free_keyval);

static int user_key(int k)
{
    return k >= KEY_BASE && k < KEY_BASE + MAX_KEYS && keys[k - KEY_BASE].used;
}

int PMPI_Comm_set_attr(MPI_Comm comm, int keyval, void *value)
{
    GETC(c, comm, "MPI_Comm_set_attr");
    if (!user_key(keyval))
        return mpi_err(comm, MPI_ERR_KEYVAL, "MPI_Comm_set_attr");
    for (int i = 0; i < c->nattr; i++)
        if (c->attr[i].key == keyval) {
            if (keys[keyval - KEY_BASE].del)
                keys[keyval - KEY_BASE].del(comm, keyval, c->attr[i].val,
                                            keys[keyval - KEY_BASE].extra);
            c->attr[i].val = value;
            return MPI_SUCCESS;
        }
    void *t = realloc(c->attr, (size_t)(c->nattr + 1) * sizeof *c->attr);
    if (!t)
        return mpi_err(comm, MPI_ERR_NO_MEM, "MPI_Comm_set_attr");
    c->attr = t;
    c->attr[c->nattr].key = keyval;
    c->attr[c->nattr].val = value;
    c->nattr++;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_set_attr);

int PMPI_Comm_get_attr(MPI_Comm comm, int keyval, void *value, int *flag)
{
    GETC(c, comm, "MPI_Comm_get_attr");
    if (!value || !flag)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Comm_get_attr");
    void **out = value;
    *flag = 1;
    attr_universe = mpi_world_size;
    switch (keyval) {
    case MPI_TAG_UB: *out = &attr_tag_ub; return MPI_SUCCESS;
    case MPI_HOST: *out = &attr_host; return MPI_SUCCESS;
    case MPI_IO: *out = &attr_io; return MPI_SUCCESS;
    case MPI_WTIME_IS_GLOBAL: *out = &attr_wtime_global; return MPI_SUCCESS;
    case MPI_UNIVERSE_SIZE: *out = &attr_universe; return MPI_SUCCESS;
    case MPI_APPNUM: *out = &attr_appnum; return MPI_SUCCESS;
    case MPI_LASTUSEDCODE: attr_lastcode = err_user_last(); *out = &attr_lastcode; return MPI_SUCCESS;
    }
    if (!user_key(keyval))
        return mpi_err(comm, MPI_ERR_KEYVAL, "MPI_Comm_get_attr");
    for (int i = 0; i < c->nattr; i++)
        if (c->attr[i].key == keyval) {
            *out = c->attr[i].val;
            return MPI_SUCCESS;
        }
    *flag = 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(Comm_get_attr);

int PMPI_Comm_delete_attr(MPI_Comm comm, int keyval)
{
    GETC(c, comm, "MPI_Comm_delete_attr");
    for (int i = 0; i < c->nattr; i++)
        if (c->attr[i].key == keyval) {
            void *v = c->attr[i].val;
            c->attr[i] = c->attr[--c->nattr];
            if (user_key(keyval) && keys[keyval - KEY_BASE].del)
                keys[keyval - KEY_BASE].del(comm, keyval, v, keys[keyval - KEY_BASE].extra);
            return MPI_SUCCESS;
        }
    return mpi_err(comm, MPI_ERR_KEYVAL, "MPI_Comm_delete_attr");
}
MPI_ALIAS(Comm_delete_attr);

static int copy_attrs(MPI_Comm from, MPI_Comm to)
{
    struct comm *c = comm_get(from);
    for (int i = 0; i < c->nattr; i++) {
        int k = c->attr[i].key;
        if (!user_key(k))
            continue;
        MPI_Comm_copy_attr_function *cp = keys[k - KEY_BASE].copy;
        void *out = NULL;
        int flag = 0;
        if (cp == MPI_COMM_DUP_FN) {
            out = c->attr[i].val;
            flag = 1;
        } else if (cp) {
            int e = cp(from, k, keys[k - KEY_BASE].extra, c->attr[i].val, &out, &flag);
            if (e)
                return e;
        }
        if (flag) {
            int e = PMPI_Comm_set_attr(to, k, out);
            if (e)
                return e;
        }
        c = comm_get(from);
    }
    return MPI_SUCCESS;
}

int PMPI_Attr_get(MPI_Comm comm, int keyval, void *value, int *flag)
{
    return PMPI_Comm_get_attr(comm, keyval, value, flag);
}
MPI_ALIAS(Attr_get);

int PMPI_Attr_put(MPI_Comm comm, int keyval, void *value)
{
    return PMPI_Comm_set_attr(comm, keyval, value);
}
MPI_ALIAS(Attr_put);

int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return PMPI_Comm_delete_attr(comm, keyval);
}
MPI_ALIAS(Attr_delete);

int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn,
                      int *keyval, void *extra_state)
{
    return PMPI_Comm_create_keyval(copy_fn, delete_fn, keyval, extra_state);
}
MPI_ALIAS(Keyval_create);

int PMPI_Keyval_free(int *keyval)
{
    return PMPI_Comm_free_keyval(keyval);
}
MPI_ALIAS(Keyval_free);

MPI_Fint PMPI_Comm_c2f(MPI_Comm comm) { return comm; }
MPI_ALIAS(Comm_c2f);
MPI_Comm PMPI_Comm_f2c(MPI_Fint comm) { return comm; }
MPI_ALIAS(Comm_f2c);
MPI_Fint PMPI_Type_c2f(MPI_Datatype dt) { return dt; }
MPI_ALIAS(Type_c2f);
MPI_Datatype PMPI_Type_f2c(MPI_Fint dt) { return dt; }
MPI_ALIAS(Type_f2c);
MPI_Fint PMPI_Op_c2f(MPI_Op op) { return op; }
MPI_ALIAS(Op_c2f);
MPI_Op PMPI_Op_f2c(MPI_Fint op) { return op; }
MPI_ALIAS(Op_f2c);
MPI_Fint PMPI_Request_c2f(MPI_Request req) { return req; }
MPI_ALIAS(Request_c2f);
MPI_Request PMPI_Request_f2c(MPI_Fint req) { return req; }
MPI_ALIAS(Request_f2c);
MPI_Fint PMPI_Group_c2f(MPI_Group g) { return g; }
MPI_ALIAS(Group_c2f);
MPI_Group PMPI_Group_f2c(MPI_Fint g) { return g; }
MPI_ALIAS(Group_f2c);
