/* coll_internal.h - shared pieces of the collective algorithms: tags,
 * algorithm selection ids, typed-buffer helpers. Not part of the API. */
#ifndef LIBMPI_MBCF_COLL_INTERNAL_H
#define LIBMPI_MBCF_COLL_INTERNAL_H

#include <stddef.h>
#include "coll.h"

/* Inside libmpi_mbcf (LIBMPI_MBCF_BUILD) the algorithms call the PMPI_
 * names (libmpi_mbcf/params/mpi_export.h): a profiling tool sees the program's
 * MPI_Bcast, not the sends it is made of, as with MPICH and Open MPI. Built
 * against another MPI (tests/host/coll_shim.c) they call the MPI_ names. */
#ifdef LIBMPI_MBCF_BUILD
#define MPI_Comm_rank PMPI_Comm_rank
#define MPI_Comm_size PMPI_Comm_size
#define MPI_Send PMPI_Send
#define MPI_Recv PMPI_Recv
#define MPI_Isend PMPI_Isend
#define MPI_Irecv PMPI_Irecv
#define MPI_Sendrecv PMPI_Sendrecv
#define MPI_Wait PMPI_Wait
#define MPI_Waitall PMPI_Waitall
#define MPI_Waitany PMPI_Waitany
#define MPI_Pack PMPI_Pack
#define MPI_Unpack PMPI_Unpack
#define MPI_Reduce_local PMPI_Reduce_local
#define MPI_Op_commutative PMPI_Op_commutative
#define MPI_Type_size PMPI_Type_size
#define MPI_Type_get_extent PMPI_Type_get_extent
#define MPI_Type_get_true_extent PMPI_Type_get_true_extent
#endif

/* One tag per collective on the hidden communicator, so that traffic of a
 * fast process that entered the next collective never matches a receive of
 * the previous one even if an algorithm posts several receives per peer. */
enum coll_tag {
    TAG_BARRIER = 101, TAG_BCAST, TAG_REDUCE, TAG_ALLREDUCE, TAG_GATHER,
    TAG_GATHERV, TAG_SCATTER, TAG_SCATTERV, TAG_ALLGATHER, TAG_ALLGATHERV,
    TAG_ALLTOALL, TAG_ALLTOALLV, TAG_REDSCAT, TAG_SCAN, TAG_EXSCAN,
    TAG_BCAST_TREE0 = 120          /* .. 125: one per tree of coll_bcast_tofu.c */
};

/* Run an MPI call; on error leave through the function's "out:" label. */
#define TRY(call) do { rc = (call); if (rc != MPI_SUCCESS) goto out; } while (0)

/* ---- selection (coll_select.c) ---- */
enum coll_id {
    COLL_BARRIER, COLL_BCAST, COLL_REDUCE, COLL_ALLREDUCE, COLL_GATHER,
    COLL_GATHERV, COLL_SCATTER, COLL_SCATTERV, COLL_ALLGATHER,
    COLL_ALLGATHERV, COLL_ALLTOALL, COLL_ALLTOALLV, COLL_REDUCE_SCATTER,
    COLL_REDUCE_SCATTER_BLOCK, COLL_SCAN, COLL_EXSCAN, COLL_COUNT
};
/* Algorithm indices, in the order of the name lists in coll_select.c. */
enum { BARRIER_AUTO, BARRIER_DISSEMINATION, BARRIER_LINEAR };
enum { BCAST_AUTO, BCAST_LINEAR, BCAST_BINOMIAL, BCAST_CHAIN, BCAST_PIPELINE,
       BCAST_BINTREE, BCAST_SPLIT_BINTREE, BCAST_SCATTER_ALLGATHER,
       BCAST_TRINARYX3, BCAST_TRINARYX6, BCAST_BINTREE3D, BCAST_BINTREE6D };
enum { REDUCE_AUTO, REDUCE_LINEAR, REDUCE_BINOMIAL };
enum { ALLREDUCE_AUTO, ALLREDUCE_REDUCE_BCAST, ALLREDUCE_RECURSIVE_DOUBLING,
       ALLREDUCE_RABENSEIFNER };
enum { GATHER_AUTO, GATHER_LINEAR, GATHER_BINOMIAL };
enum { GATHERV_AUTO, GATHERV_LINEAR };
enum { SCATTER_AUTO, SCATTER_LINEAR, SCATTER_BINOMIAL };
enum { SCATTERV_AUTO, SCATTERV_LINEAR };
enum { ALLGATHER_AUTO, ALLGATHER_GATHER_BCAST, ALLGATHER_RING,
       ALLGATHER_RECURSIVE_DOUBLING, ALLGATHER_BRUCK };
enum { ALLGATHERV_AUTO, ALLGATHERV_LINEAR, ALLGATHERV_RING };
enum { ALLTOALL_AUTO, ALLTOALL_LINEAR, ALLTOALL_PAIRWISE, ALLTOALL_BRUCK, ALLTOALL_DOUBLESPREAD };
enum { ALLTOALLV_AUTO, ALLTOALLV_LINEAR, ALLTOALLV_PAIRWISE, ALLTOALLV_DOUBLESPREAD };
enum { REDSCAT_AUTO, REDSCAT_REDUCE_SCATTERV, REDSCAT_HALVING };
enum { SCAN_AUTO, SCAN_LINEAR, SCAN_RECURSIVE_DOUBLING };

/* Index of the algorithm named by MPI_MBCF_COLL_<NAME> in the list of that
 * collective (0 = "auto": caller applies its default rule). */
int coll_choice(enum coll_id id);
/* Segment size in bytes from MPI_MBCF_COLL_<NAME>_SEGSIZE, or 0 if unset
 * (then the caller uses the cost model); bad values warn and give 0. */
size_t coll_segsize_env(enum coll_id id);
/* Link model used for defaults: latency L (s) and bandwidth B (bytes/s),
 * from MPI_MBCF_COLL_MODEL_L_US / MPI_MBCF_COLL_MODEL_B_MBS or built-in. */
void coll_model_params(double *L, double *B);

/* ---- typed buffers (coll_buf.c) ---- */
struct coll_type {           /* facts about a datatype */
    MPI_Aint lb, extent;     /* MPI_Type_get_extent */
    MPI_Aint tlb, textent;   /* MPI_Type_get_true_extent */
    int size;                /* MPI_Type_size: bytes of data per element */
    int contig;              /* elements are dense bytes: size == extent == textent */
};
int coll_type_info(MPI_Datatype dt, struct coll_type *t);
/* Address of element i of a typed buffer. */
static inline void *coll_elem(const void *buf, MPI_Aint i, const struct coll_type *t)
{
    return (char *)buf + i * t->extent;
}

/* Block i of a rooted collective's root buffer: counts[i] elements at
 * displs[i] (the v forms), or `count` elements at i * count when counts is
 * NULL (Gather, Scatter). */
static inline int coll_blk_count(const int *counts, int count, int i)
{
    return counts ? counts[i] : count;
}
static inline MPI_Aint coll_blk_disp(const int *counts, const int *displs, int count, int i)
{
    return counts ? displs[i] : (MPI_Aint)i * count;
}
/* Allocate room for n elements of type t; *base is what to free, the
 * return value is the buffer address to use with the type (lb shifted). */
void *coll_tmp_alloc(int n, const struct coll_type *t, void **base);
/* Copy data between two typed buffers with equal type signatures
 * (scount*ssize == rcount*rsize); handles derived (non-contiguous) types. */
int coll_copy(const void *src, int scount, MPI_Datatype sdt,
              void *dst, int rcount, MPI_Datatype rdt);
/* Pack n elements into dense bytes / unpack dense bytes into n elements. */
int coll_pack(const void *src, int n, MPI_Datatype dt, void *bytes);
int coll_unpack(const void *bytes, void *dst, int n, MPI_Datatype dt);
/* A dense byte view of a typed buffer: the buffer itself when the type
 * is dense, else a packed copy (filled if fill, stored back at end if
 * store). Lets algorithms cut messages at byte offsets that agree across
 * ranks even when ranks use different datatypes of equal signature. */
struct coll_bytes { char *p; size_t n; void *tmp; };
int coll_bytes_begin(void *buf, int count, MPI_Datatype dt, int fill,
                     struct coll_bytes *bv);
/* Returns rc, or the unpack error if rc was MPI_SUCCESS. */
int coll_bytes_end(struct coll_bytes *bv, void *buf, int count, MPI_Datatype dt,
                   int store, int rc);
/* inout = in OP inout (MPI_Reduce_local argument order). */
int coll_op(const void *in, void *inout, int n, MPI_Datatype dt, MPI_Op op);
int coll_commutative(MPI_Op op);
/* Wait for n requests and return the first error. */
int coll_waitall(int n, MPI_Request *reqs);
int coll_ceil_log2(int n);
int coll_pow2_floor(int n);

/* ---- step transfers (coll_xchg.c) ---- */
/* A piece: one eager FIFO entry of libmpi_mbcf (1400-byte MBCF FIFO entry
 * less the 64-byte message header, params.h PARAMS_EAGER_MAX). Messages of
 * more than one piece and at most coll_split_max() bytes
 * (MPI_MBCF_COLL_SPLIT_MAX, 0 = never cut) travel in pieces. */
#define COLL_PIECE 1336
#define COLL_XFER_PIECES 16
#define COLL_SPLIT_MAX_DEFAULT 16384
size_t coll_split_max(void);
struct coll_xfer {
    struct coll_bytes bv; /* dense bytes of a cut message */
    void *buf;
    int count, recv, nreq;
    MPI_Datatype dt;
    MPI_Request q[COLL_XFER_PIECES];
};
/* Start a send (recv 0) or receive (recv 1) of a step; finish it with
 * coll_xfer_wait (also after an error: it waits for what was posted). */
int coll_xfer_post(struct coll_xfer *x, int recv, const void *buf, int count, MPI_Datatype dt,
                   int peer, int tag, MPI_Comm comm);
/* Returns rc, or the transfer's first error if rc was MPI_SUCCESS. */
int coll_xfer_wait(struct coll_xfer *x, int rc);
/* MPI_Sendrecv, MPI_Send and MPI_Recv through coll_xfer (status ignored). */
int coll_sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dst, void *rbuf,
                  int rcount, MPI_Datatype rdt, int src, int tag, MPI_Comm comm);
int coll_send(const void *buf, int count, MPI_Datatype dt, int dst, int tag, MPI_Comm comm);
int coll_recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm);

/* One broadcast tree as a rank sees it: its part of the message, its
 * parent (-1 at the tree's root) and children. */
#define COLL_TREE_MAX 6
#define COLL_TREE_MAXCHILD 6
struct coll_tree {
    size_t off, len;
    int parent;
    int child[COLL_TREE_MAXCHILD], nchild;
};
/* Stream ntree trees at once in seg-byte segments (0: one segment), tree t
 * on tag tag0 + t, at most one segment per tree in flight to the children
 * (coll_tree_stream.c). */
int coll_tree_stream(char *p, const struct coll_tree *tr, int ntree, size_t seg, int tag0,
                     MPI_Comm comm);
/* Segmented broadcast of bytes down one tree (coll_bcast_pipe.c): receive
 * each seg-byte segment from parent (-1 at the top) and forward it to the
 * children (coll_tree_stream). */
int coll_tree_pipe(char *p, size_t n, size_t seg, int parent,
                   const int *children, int nchild, int tag, MPI_Comm comm);
/* Binomial-tree and scatter+allgather bcast on bytes (coll_bcast.c). */
int coll_bcast_binomial_bytes(char *p, size_t n, int root, MPI_Comm comm);
/* Allreduce: the algorithm (ALLREDUCE_*) for count elements of tsize bytes
 * on size ranks, forced or by the size rule (coll_allreduce.c). */
int coll_allreduce_choice(int count, size_t tsize, int size);
/* Binomial reduction to tree root troot (coll_reduce.c). */
int coll_reduce_binomial(const void *in, void *rbuf, int count, MPI_Datatype dt,
                         MPI_Op op, int troot, MPI_Comm comm);

/* ---- Tofu-aware algorithms and the tuner's MPI side ---- */
struct coll_shape;
/* Trinaryx3/x6 (bin = 0, ntree 3/6), Bintree3d/6d (bin = 1, ntree 1/6)
 * on dense bytes (coll_bcast_tofu.c). */
int coll_bcast_tofu(char *p, size_t n, size_t seg, int root, int ntree, int bin,
                    const struct coll_shape *sh, MPI_Comm comm);
/* Doublespread over typed blocks (coll_alltoall_ds.c). */
int coll_a2a_doublespread(const void *sbuf, const int *sc, const int *sd, MPI_Datatype sdt,
                          void *rbuf, const int *rcn, const int *rd, MPI_Datatype rdt,
                          int rank, const struct coll_shape *sh, const struct coll_type *s,
                          const struct coll_type *r, int tag, MPI_Comm comm);
/* coll_decide.c: the shape of comm's ranks (MPI_MBCF_SHAPE), the fitted
 * table (MPI_MBCF_COLL_TUNE_FILE, loaded once), the Fugaku-like rule
 * (MPI_MBCF_COLL_RULE=fugaku), decision printing (MPI_MBCF_COLL_VERBOSE=1)
 * and the counters of coll_stats(). */
void coll_comm_shape(MPI_Comm comm, struct coll_shape *sh);
/* Bcast: algorithm (BCAST_*) and segment size for n bytes; alg is the
 * forced choice or BCAST_AUTO, seg the forced size or 0. */
void coll_decide_bcast(MPI_Comm comm, const struct coll_shape *sh, size_t n, int *alg,
                       size_t *seg);
/* Alltoall(v) (v = 1): ALLTOALL(V)_* for m bytes per pair (mean); ds_ok:
 * Doublespread applicable; a forced Doublespread that is not applicable
 * becomes pairwise and is counted. */
int coll_decide_a2a(MPI_Comm comm, const struct coll_shape *sh, size_t m, int v, int forced,
                    int ds_ok);

#endif
