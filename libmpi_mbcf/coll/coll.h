/* coll.h - collective algorithms of libmpi_mbcf, written only against
 * point-to-point MPI calls (Isend/Irecv/Send/Recv/Sendrecv/Wait(all)),
 * type queries and MPI_Reduce_local, so they build against any MPI.
 *
 * Each coll_<name> takes exactly the arguments of MPI_<Name>.  The MPI_*
 * entry points check arguments and pass a hidden communicator with its own
 * context, so these functions may use any tags on it.  MPI_IN_PLACE is
 * handled here, as the MPI standard says for each collective.
 *
 * Algorithm selection, per collective, by environment variable:
 *   MPI_MBCF_COLL_<NAME>=<algorithm>   e.g. MPI_MBCF_COLL_BCAST=pipeline
 *   MPI_MBCF_COLL_BCAST_SEGSIZE=<bytes> segment size of chain/pipeline/trees
 *   MPI_MBCF_SHAPE=XxYxZ  node shape of the Tofu-aware algorithms
 *   MPI_MBCF_COLL_TUNE_FILE=<file> fitted L, B per algorithm (coll_tune.h)
 *   MPI_MBCF_COLL_RULE=fugaku  Fugaku-like fixed Bcast rule instead of the model
 *   MPI_MBCF_COLL_VERBOSE=1    print each Bcast/Alltoall(v) decision on stderr
 * "auto" (or unset) picks the default; an unknown name prints a message on
 * stderr and falls back to "auto".  See coll_select.c for the lists.
 */
#ifndef LIBMPI_MBCF_COLL_H
#define LIBMPI_MBCF_COLL_H

#include <mpi.h>

int coll_barrier(MPI_Comm comm);
int coll_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm);
int coll_reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
                MPI_Op op, int root, MPI_Comm comm);
int coll_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
                   MPI_Op op, MPI_Comm comm);
int coll_gather(const void *sbuf, int scount, MPI_Datatype sdt,
                void *rbuf, int rcount, MPI_Datatype rdt, int root, MPI_Comm comm);
int coll_gatherv(const void *sbuf, int scount, MPI_Datatype sdt,
                 void *rbuf, const int rcounts[], const int displs[],
                 MPI_Datatype rdt, int root, MPI_Comm comm);
int coll_scatter(const void *sbuf, int scount, MPI_Datatype sdt,
                 void *rbuf, int rcount, MPI_Datatype rdt, int root, MPI_Comm comm);
int coll_scatterv(const void *sbuf, const int scounts[], const int displs[],
                  MPI_Datatype sdt, void *rbuf, int rcount, MPI_Datatype rdt,
                  int root, MPI_Comm comm);
int coll_allgather(const void *sbuf, int scount, MPI_Datatype sdt,
                   void *rbuf, int rcount, MPI_Datatype rdt, MPI_Comm comm);
int coll_allgatherv(const void *sbuf, int scount, MPI_Datatype sdt,
                    void *rbuf, const int rcounts[], const int displs[],
                    MPI_Datatype rdt, MPI_Comm comm);
int coll_alltoall(const void *sbuf, int scount, MPI_Datatype sdt,
                  void *rbuf, int rcount, MPI_Datatype rdt, MPI_Comm comm);
int coll_alltoallv(const void *sbuf, const int scounts[], const int sdispls[],
                   MPI_Datatype sdt, void *rbuf, const int rcounts[],
                   const int rdispls[], MPI_Datatype rdt, MPI_Comm comm);
int coll_reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[],
                        MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
int coll_reduce_scatter_block(const void *sbuf, void *rbuf, int rcount,
                              MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
int coll_scan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
              MPI_Op op, MPI_Comm comm);
int coll_exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
                MPI_Op op, MPI_Comm comm);

/* Names of the algorithms of one collective ("bcast", "alltoallv", ...;
 * case-insensitive), NULL-terminated, first is "auto"; NULL if the
 * collective is unknown.  For tests and tools that try every algorithm. */
const char *const *coll_algorithm_names(const char *coll);

/* Counters of the collective layer (all communicators, this process). */
struct coll_stats {
    unsigned long bcast_calls, alltoall_calls, alltoallv_calls;
    unsigned long bcast_by_alg[16];        /* index: position in the name list */
    unsigned long alltoall_by_alg[8], alltoallv_by_alg[8];
    unsigned long doublespread_fallbacks;  /* Doublespread not applicable: pairwise */
    size_t last_seg;                       /* segment size of the last Bcast (0: none) */
};
const struct coll_stats *coll_stats(void);

#endif
