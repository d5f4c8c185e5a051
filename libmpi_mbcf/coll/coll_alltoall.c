/* coll_alltoall.c - MPI_Alltoall: basic linear (all non-blocking at once),
 * pairwise (round R: send to P+R, receive from P-R; seed 004 3.2.1) and
 * Bruck (ceil(lg p) rounds on packed bytes, for short blocks); and
 * MPI_Alltoallv: basic linear and pairwise; both also Doublespread
 * (coll_alltoall_ds.c). The default comes from the tuner (coll_decide.c). MPI_IN_PLACE: the data to send
 * sits in rbuf, laid out like the result (MPI-3.1 sec 5.8); we send from a
 * copy of it. */
#include <stdlib.h>
#include <string.h>
#include "coll_internal.h"
#include "coll_shape.h"
#include "coll_a2a_sched.h"

/* Linear / pairwise over typed blocks described by counts and displs
 * (element offsets), shared by Alltoall and Alltoallv. */
static int a2a_linear(const void *sbuf, const int *sc, const int *sd, MPI_Datatype sdt,
                      void *rbuf, const int *rcn, const int *rd, MPI_Datatype rdt,
                      int rank, int size, const struct coll_type *s,
                      const struct coll_type *r, int tag, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, k = 0;
    struct coll_xfer *x = malloc(sizeof *x * 2 * (size_t)size);
    if (!x)
        return MPI_ERR_NO_MEM;
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++, k++) {
        int src = (rank - i + size) % size;
        rc = coll_xfer_post(&x[k], 1, coll_elem(rbuf, rd[src], r), rcn[src], rdt, src, tag,
                            comm);
    }
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++, k++) {
        int dst = (rank + i) % size;
        rc = coll_xfer_post(&x[k], 0, coll_elem(sbuf, sd[dst], s), sc[dst], sdt, dst, tag, comm);
    }
    if (rc == MPI_SUCCESS)
        rc = coll_copy(coll_elem(sbuf, sd[rank], s), sc[rank], sdt,
                       coll_elem(rbuf, rd[rank], r), rcn[rank], rdt);
    while (k > 0) /* sends first (posted last), then the receives */
        rc = coll_xfer_wait(&x[--k], rc);
    free(x);
    return rc;
}

/* Doublespread's applicability (seed 004 sec 3.2.1): gap-free datatypes,
 * not MPI_PACKED, on both sides. */
static int ds_applicable(MPI_Datatype sdt, const struct coll_type *s,
                         MPI_Datatype rdt, const struct coll_type *r)
{
    return s->contig && r->contig && sdt != MPI_PACKED && rdt != MPI_PACKED;
}

static int a2a_pairwise(const void *sbuf, const int *sc, const int *sd, MPI_Datatype sdt,
                        void *rbuf, const int *rcn, const int *rd, MPI_Datatype rdt,
                        int rank, int size, const struct coll_type *s,
                        const struct coll_type *r, int tag, MPI_Comm comm)
{
    int rc = coll_copy(coll_elem(sbuf, sd[rank], s), sc[rank], sdt,
                       coll_elem(rbuf, rd[rank], r), rcn[rank], rdt);
    for (int R = 1; R < size && rc == MPI_SUCCESS; R++) {
        int src, dst = coll_pairwise_peer(rank, size, R, &src);
        rc = coll_sendrecv(coll_elem(sbuf, sd[dst], s), sc[dst], sdt, dst,
                           coll_elem(rbuf, rd[src], r), rcn[src], rdt, src, tag, comm);
    }
    return rc;
}

/* Bruck: rotate so tmp[j] is the block for rank+j; in round k send every
 * block whose index has bit k to rank+k (it travels j in total); at the
 * end tmp[j] came from rank-j. */
static int a2a_bruck(const void *sbuf, int scount, MPI_Datatype sdt, void *rbuf, int rcount,
                     MPI_Datatype rdt, int rank, int size, const struct coll_type *s,
                     const struct coll_type *r, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    size_t blk = (size_t)scount * s->size;
    char *tmp = malloc(blk * (size_t)size * 3 + 1);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    char *pk = tmp + blk * (size_t)size, *pr = pk + blk * (size_t)size;
    for (int j = 0; j < size; j++)
        TRY(coll_pack(coll_elem(sbuf, (MPI_Aint)((rank + j) % size) * scount, s), scount, sdt,
                      tmp + blk * (size_t)j));
    for (int k = 1; k < size; k <<= 1) {
        size_t n = 0;
        for (int j = 1; j < size; j++)
            if (j & k)
                memcpy(pk + blk * n++, tmp + blk * (size_t)j, blk);
        TRY(MPI_Sendrecv(pk, (int)(blk * n), MPI_BYTE, (rank + k) % size, TAG_ALLTOALL,
                         pr, (int)(blk * n), MPI_BYTE, (rank - k + size) % size, TAG_ALLTOALL,
                         comm, MPI_STATUS_IGNORE));
        n = 0;
        for (int j = 1; j < size; j++)
            if (j & k)
                memcpy(tmp + blk * (size_t)j, pr + blk * n++, blk);
    }
    for (int j = 0; j < size; j++)
        TRY(coll_unpack(tmp + blk * (size_t)j,
                        coll_elem(rbuf, (MPI_Aint)((rank - j + size) % size) * rcount, r),
                        rcount, rdt));
out:
    free(tmp);
    return rc;
}

int coll_alltoall(const void *sbuf, int scount, MPI_Datatype sdt,
                  void *rbuf, int rcount, MPI_Datatype rdt, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    int *cnt = NULL, *rcnt = NULL, *dsp = NULL, *rdsp = NULL;
    void *copy = NULL;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    struct coll_type s, r;
    TRY(coll_type_info(rdt, &r));
    if (sbuf == MPI_IN_PLACE) {
        char *c = coll_tmp_alloc(size * rcount, &r, &copy);
        if (!c) { rc = MPI_ERR_NO_MEM; goto out; }
        TRY(coll_copy(rbuf, size * rcount, rdt, c, size * rcount, rdt));
        sbuf = c;
        scount = rcount;
        sdt = rdt;
    }
    TRY(coll_type_info(sdt, &s));
    struct coll_shape sh;
    coll_comm_shape(comm, &sh);
    int alg = coll_decide_a2a(comm, &sh, (size_t)scount * s.size, 0, coll_choice(COLL_ALLTOALL),
                              ds_applicable(sdt, &s, rdt, &r));
    if (alg == ALLTOALL_BRUCK) {
        rc = a2a_bruck(sbuf, scount, sdt, rbuf, rcount, rdt, rank, size, &s, &r, comm);
        goto out;
    }
    cnt = malloc(sizeof(int) * (size_t)size);
    rcnt = malloc(sizeof(int) * (size_t)size);
    dsp = malloc(sizeof(int) * (size_t)size);
    rdsp = malloc(sizeof(int) * (size_t)size);
    if (!cnt || !rcnt || !dsp || !rdsp) { rc = MPI_ERR_NO_MEM; goto out; }
    for (int i = 0; i < size; i++) {
        cnt[i] = scount;
        dsp[i] = i * scount;
        rcnt[i] = rcount;
        rdsp[i] = i * rcount;
    }
    if (alg == ALLTOALL_DOUBLESPREAD)
        rc = coll_a2a_doublespread(sbuf, cnt, dsp, sdt, rbuf, rcnt, rdsp, rdt, rank, &sh, &s, &r,
                                   TAG_ALLTOALL, comm);
    else if (alg == ALLTOALL_LINEAR)
        rc = a2a_linear(sbuf, cnt, dsp, sdt, rbuf, rcnt, rdsp, rdt, rank, size, &s, &r,
                        TAG_ALLTOALL, comm);
    else
        rc = a2a_pairwise(sbuf, cnt, dsp, sdt, rbuf, rcnt, rdsp, rdt, rank, size, &s, &r,
                          TAG_ALLTOALL, comm);
out:
    free(copy);
    free(cnt);
    free(rcnt);
    free(dsp);
    free(rdsp);
    return rc;
}

int coll_alltoallv(const void *sbuf, const int scounts[], const int sdispls[],
                   MPI_Datatype sdt, void *rbuf, const int rcounts[],
                   const int rdispls[], MPI_Datatype rdt, MPI_Comm comm)
{
    int rank, size, rc = MPI_SUCCESS;
    void *copy = NULL;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    struct coll_type s, r;
    TRY(coll_type_info(rdt, &r));
    if (sbuf == MPI_IN_PLACE) {
        int span = 0;                    /* elements up to the last block's end */
        for (int i = 0; i < size; i++)
            if (rcounts[i] > 0 && rdispls[i] + rcounts[i] > span)
                span = rdispls[i] + rcounts[i];
        char *c = coll_tmp_alloc(span, &r, &copy);
        if (!c) { rc = MPI_ERR_NO_MEM; goto out; }
        for (int i = 0; i < size; i++)
            TRY(coll_copy(coll_elem(rbuf, rdispls[i], &r), rcounts[i], rdt,
                          coll_elem(c, rdispls[i], &r), rcounts[i], rdt));
        sbuf = c;
        scounts = rcounts;
        sdispls = rdispls;
        sdt = rdt;
    }
    TRY(coll_type_info(sdt, &s));
    struct coll_shape sh;
    coll_comm_shape(comm, &sh);
    long long tot = 0;                   /* mean bytes per pair for the model */
    for (int i = 0; i < size; i++)
        tot += scounts[i];
    int alg = coll_decide_a2a(comm, &sh, (size_t)(tot * s.size / size), 1,
                              coll_choice(COLL_ALLTOALLV), ds_applicable(sdt, &s, rdt, &r));
    if (alg == ALLTOALLV_DOUBLESPREAD)
        rc = coll_a2a_doublespread(sbuf, scounts, sdispls, sdt, rbuf, rcounts, rdispls, rdt, rank,
                                   &sh, &s, &r, TAG_ALLTOALLV, comm);
    else if (alg == ALLTOALLV_LINEAR)
        rc = a2a_linear(sbuf, scounts, sdispls, sdt, rbuf, rcounts, rdispls, rdt, rank, size,
                        &s, &r, TAG_ALLTOALLV, comm);
    else
        rc = a2a_pairwise(sbuf, scounts, sdispls, sdt, rbuf, rcounts, rdispls, rdt, rank, size,
                          &s, &r, TAG_ALLTOALLV, comm);
out:
    free(copy);
    return rc;
}
