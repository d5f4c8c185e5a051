/* mpi_comm.h - communicators (table: comm_table.c; entry points:
 * api/mpi_comm.c): members as world ranks, the
 * context id of point-to-point traffic (ctx) and of the hidden collective
 * communicator (ctx + 1), error handler, Cartesian topology, attributes. */
#ifndef LIBMPI_MBCF_MPI_COMM_H
#define LIBMPI_MBCF_MPI_COMM_H
#include <stdint.h>
#include "mpi_export.h"

struct comm {
    int used;
    int size, rank;
    uint32_t ctx;          /* point-to-point context; ctx+1 is the hidden one */
    int *world;            /* comm rank -> world rank */
    int *inv;              /* world rank -> comm rank, -1 */
    MPI_Errhandler eh;
    MPI_Comm coll;         /* hidden collective communicator */
    int hidden;
    int inter;             /* intercommunicator (mpi_intercomm.c): size, world and
                              inv are the remote group's, rank the local rank */
    MPI_Comm local;        /* ... and its local group as an intracommunicator */
    int topo;              /* 0 or MPI_CART */
    int ndims;
    int *dims, *periods;
    /* MPI_GRAPH / MPI_DIST_GRAPH (mpi_topo_graph.c): the whole graph of
     * Graph_create, and this rank's in/out neighbours with weights */
    int gnodes, *gindex, *gedges;
    int indeg, outdeg, weighted;
    int *srcs, *srcw, *dsts, *dstw;
    char name[MPI_MAX_OBJECT_NAME];
    int nattr;
    struct { int key; void *val; } *attr;
};
/* The table (comm_table.c): handle c is comm_tab[c]. */
extern struct comm **comm_tab;
extern int comm_tab_n;
/* NULL if invalid or freed (inline: every call looks its communicator up) */
static inline struct comm *comm_get(MPI_Comm c)
{
    if (c <= 0 || c >= comm_tab_n || !comm_tab[c] || !comm_tab[c]->used)
        return NULL;
    return comm_tab[c];
}
int comm_world_rank(struct comm *c, int rank);
int comm_rank_of_world(struct comm *c, int world);
void comm_init_predefined(int rank, int size);
int comm_create_from(struct comm *parent, int n, const int *world, MPI_Comm *out);
/* A communicator over n world ranks with context ids (ctx, ctx + 1) at handle
 * h (-1: a free one): MPI_SUCCESS or MPI_ERR_NO_MEM. */
int comm_make_pair(int h, int n, const int *world, uint32_t ctx, MPI_Comm *out);
void comm_destroy(MPI_Comm h);
void comm_free_all(void);
/* Copy error handler, topology and attributes (copy functions) of from to
 * its new duplicate to: MPI_SUCCESS or an MPI error code. */
int comm_dup_props(MPI_Comm from, MPI_Comm to);
/* Context ids for communicators made outside a parent (mpi_intercomm.c):
 * this process's next free id, and a pair (ctx, ctx + 1) agreed with the
 * other members over n world ranks (ctx >= every member's next free id). */
uint32_t comm_ctx_next(void);
/* Comm_idup: a proposal from the duplicates' own range of ids, unique in
 * the job (0 when the range is used up). */
uint32_t comm_ictx_take(void);
/* Mark ctx and ctx + 1 as used here (the next free id moves past them). */
void comm_ctx_reserve(uint32_t ctx);
int comm_make_with_ctx(int n, const int *world, uint32_t ctx, MPI_Comm *out);

#endif
