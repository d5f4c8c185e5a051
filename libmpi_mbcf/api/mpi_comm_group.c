/* mpi_comm_group.c - MPI_Comm_create_group (MPI-3.1 sec 6.4.2): collective
 * over the members of the group only, not over the parent. The members agree
 * on a context id pair (the largest next free id among them, as Comm_split
 * does over the parent) with messages on the parent's hidden collective
 * context under an internal tag made from the user's tag, so creations with
 * different tags running at once over overlapping groups never meet:
 * member 0 collects every member's id and sends the maximum back. */
#include "mpi_comm.h"
#include "mpi_errhandler.h"
#include "mpi_group.h"
#include "mpi_intercomm.h"
#include "pml.h"

/* internal tags -0x40000000 - (tag mod 2^30): below the NBC (-1000 - seq)
 * and intercomm (-30x) tags of the hidden context */
static int group_tag(int tag)
{
    return -0x40000000 - (tag & 0x3fffffff);
}

/* Agree on max(ctx) over the n members world[] (this process is member me). */
static int agree_ctx(struct comm *parent, const int *world, int n, int me, int tag,
                     uint32_t *ctx)
{
    int t = group_tag(tag), mine = (int)comm_ctx_next(), v = 0, e = MPI_SUCCESS;
    uint32_t hctx = parent->ctx + 1;
    if (me != 0) {
        e = pml_send(&mine, 1, MPI_INT, world[0], t, hctx, parent->coll);
        if (!e)
            e = pml_recv(&v, 1, MPI_INT, world[0], t, hctx, parent->coll, NULL);
        *ctx = (uint32_t)v;
        return e;
    }
    for (int i = 1; i < n && !e; i++) {
        e = pml_recv(&v, 1, MPI_INT, world[i], t, hctx, parent->coll, NULL);
        if (v > mine)
            mine = v;
    }
    for (int i = 1; i < n && !e; i++)
        e = pml_send(&mine, 1, MPI_INT, world[i], t, hctx, parent->coll);
    *ctx = (uint32_t)mine;
    return e;
}

int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group g, int tag, MPI_Comm *newcomm)
{
    static const char fn[] = "MPI_Comm_create_group";
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (c->inter)
        return comm_inter_refuse(comm, fn);
    if (!newcomm)
        return mpi_err(comm, MPI_ERR_ARG, fn);
    if (tag < 0)
        return mpi_err(comm, MPI_ERR_TAG, fn);
    struct group *gr = group_get(g);
    if (!gr)
        return mpi_err(comm, MPI_ERR_GROUP, fn);
    int me = -1;
    for (int i = 0; i < gr->size; i++) {
        if (comm_rank_of_world(c, gr->world[i]) == MPI_UNDEFINED)
            return mpi_err(comm, MPI_ERR_GROUP, fn);   /* not a member of comm */
        if (gr->world[i] == mpi_world_rank)
            me = i;
    }
    *newcomm = MPI_COMM_NULL;
    if (me < 0)
        return MPI_SUCCESS;            /* not in the group */
    uint32_t ctx;
    int e = agree_ctx(c, gr->world, gr->size, me, tag, &ctx);
    if (!e)
        e = comm_make_with_ctx(gr->size, gr->world, ctx, newcomm);
    return e ? mpi_err(comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Comm_create_group);
