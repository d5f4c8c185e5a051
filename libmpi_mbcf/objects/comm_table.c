/* comm_table.c - the communicator table (mpi_comm.h): handles, each
 * communicator with its hidden collective twin (context id + 1), the
 * predefined WORLD and SELF, context ids, and the world <-> communicator
 * rank maps (MPI-3.1 sec 6.4). The entry points are in api/mpi_comm*.c. */
#include "mpi_comm.h"
#include "world.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct comm **comm_tab;
int comm_tab_n;
static int capcomms;
static uint32_t next_ctx = 4; /* 0/1 WORLD, 2/3 SELF */
/* Comm_idup's ids (api/mpi_comm.c) come from a range of their own, so an id a
 * pending idup may still agree on is never taken by a blocking constructor
 * meanwhile. Each proposal is unique in the job: the n-th idup of world rank
 * r proposes ICTX_BASE + 2 (n * world size + r). The members agree on the
 * largest proposal, which was made for that idup only, so two idups pending
 * at once on one process (on any parents, started in any order) never
 * agree on the same id. */
#define ICTX_BASE 0x40000000u
static uint32_t nidup;

int comm_world_rank(struct comm *c, int rank)
{
    return c->world[rank];
}

int comm_rank_of_world(struct comm *c, int world)
{
    if (world < 0 || world >= mpi_world_size)
        return world;
    return c->inv[world];
}

static int alloc_handle(void)
{
    for (int i = 3; i < comm_tab_n; i++)
        if (!comm_tab[i])
            return i;
    if (comm_tab_n == capcomms) {
        int nc = capcomms ? capcomms * 2 : 16;
        struct comm **t = realloc(comm_tab, (size_t)nc * sizeof *t);
        if (!t)
            return -1;
        memset(t + capcomms, 0, (size_t)(nc - capcomms) * sizeof *t);
        comm_tab = t;
        capcomms = nc;
    }
    return comm_tab_n++;
}

static struct comm *make(int h, int n, const int *world, uint32_t ctx, int hidden)
{
    struct comm *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->world = malloc((size_t)(n ? n : 1) * sizeof(int));
    c->inv = malloc((size_t)mpi_world_size * sizeof(int));
    if (!c->world || !c->inv) {
        free(c->world);
        free(c->inv);
        free(c);
        return NULL;
    }
    c->used = 1;
    c->size = n;
    c->ctx = ctx;
    c->hidden = hidden;
    c->eh = MPI_ERRORS_ARE_FATAL;
    c->rank = MPI_UNDEFINED;
    for (int w = 0; w < mpi_world_size; w++)
        c->inv[w] = MPI_UNDEFINED;
    for (int i = 0; i < n; i++) {
        c->world[i] = world[i];
        c->inv[world[i]] = i;
        if (world[i] == mpi_world_rank)
            c->rank = i;
    }
    comm_tab[h] = c;
    return c;
}

uint32_t comm_ctx_next(void)
{
    return next_ctx;
}

uint32_t comm_ictx_take(void)
{
    uint64_t slot = (uint64_t)nidup * (uint64_t)mpi_world_size + (uint64_t)mpi_world_rank;
    if (slot >= (0x7ffffffeu - ICTX_BASE) / 2)
        return 0; /* the range is used up */
    nidup++;
    return ICTX_BASE + 2u * (uint32_t)slot;
}

void comm_ctx_reserve(uint32_t ctx)
{
    if (next_ctx < ctx + 2)
        next_ctx = ctx + 2;
}

int comm_make_with_ctx(int n, const int *world, uint32_t ctx, MPI_Comm *out)
{
    comm_ctx_reserve(ctx);
    return comm_make_pair(-1, n, world, ctx, out);
}

/* A communicator and its hidden collective twin. */
int comm_make_pair(int h, int n, const int *world, uint32_t ctx, MPI_Comm *out)
{
    int hc = alloc_handle();
    if (hc < 0)
        return MPI_ERR_NO_MEM;
    comm_tab[hc] = (struct comm *)1; /* reserve */
    if (h < 0)
        h = alloc_handle();
    if (h < 0) {
        comm_tab[hc] = NULL;
        return MPI_ERR_NO_MEM;
    }
    struct comm *c = make(h, n, world, ctx, 0);
    struct comm *k = make(hc, n, world, ctx + 1, 1);
    if (!c || !k)
        return MPI_ERR_NO_MEM;
    c->coll = hc;
    k->coll = hc;
    k->eh = MPI_ERRORS_RETURN;
    *out = h;
    return MPI_SUCCESS;
}

void comm_init_predefined(int rank, int size)
{
    capcomms = 16;
    comm_tab = calloc((size_t)capcomms, sizeof *comm_tab);
    comm_tab_n = 3;
    int *w = malloc((size_t)size * sizeof(int));
    for (int i = 0; i < size; i++)
        w[i] = i;
    MPI_Comm out;
    comm_make_pair(MPI_COMM_WORLD, size, w, 0, &out);
    snprintf(comm_tab[MPI_COMM_WORLD]->name, MPI_MAX_OBJECT_NAME, "MPI_COMM_WORLD");
    comm_make_pair(MPI_COMM_SELF, 1, &rank, 2, &out);
    snprintf(comm_tab[MPI_COMM_SELF]->name, MPI_MAX_OBJECT_NAME, "MPI_COMM_SELF");
    free(w);
}

void comm_destroy(MPI_Comm h)
{
    struct comm *c = comm_tab[h];
    if (!c)
        return;
    free(c->world);
    free(c->inv);
    free(c->dims);
    free(c->periods);
    free(c->gindex);
    free(c->gedges);
    free(c->srcs);
    free(c->srcw);
    free(c->dsts);
    free(c->dstw);
    free(c->attr);
    free(c);
    comm_tab[h] = NULL;
}

void comm_free_all(void)
{
    for (int i = 1; i < comm_tab_n; i++)
        if (comm_tab[i])
            comm_destroy(i);
    free(comm_tab);
    comm_tab = NULL;
    comm_tab_n = capcomms = 0;
}

int comm_create_from(struct comm *parent, int n, const int *world, MPI_Comm *out)
{
    (void)parent;
    return comm_make_pair(-1, n, world, 0, out);
}
