/* mpi_part.c - partitioned point-to-point communication (MPI-4.0 sec 4):
 * MPI_Psend_init/Precv_init make a persistent link request
 * (mpi_req_link.h) with one child per partition. MPI_Start on the receive
 * posts one receive per partition; MPI_Pready(_range, _list) sends that
 * partition as its own message, so each partition is matched and moved by
 * the MPI/MBCF protocol (seed 003 sec 2.2): once the partition's receive
 * has issued its send-request, the partition goes by one MBCF remote write
 * straight into its slice of the receive buffer (eager through the FIFO
 * below the send-request size). MPI_Parrived tests one partition.
 *
 * Matching (sec 4.1): the k-th MPI_Psend_init from A to B with tag t on a
 * communicator pairs with the k-th MPI_Precv_init on B from A with tag t.
 * Partition messages travel on the communicator's point-to-point context
 * with internal tags -2^28 - (key << 20 | partition), key = (8 t + k) mod
 * 256 (MPI_ANY_TAG never matches negative tags, match.h), so at most 2^20
 * partitions, and two operations of one pair in flight at once must differ
 * in that key. */
#include "mpi_req_link.h"
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "pml.h"
#include <limits.h>
#include <stdlib.h>

#define PART_MAX (1 << 20)

struct part {
    int send;
    char *buf;
    int count, parts;
    MPI_Aint stride; /* bytes from one partition to the next */
    MPI_Datatype dt;
    int peer; /* world rank, or MPI_PROC_NULL */
    int tagbase;
    uint32_t ctx;
    MPI_Comm comm;
    unsigned char *ready; /* send: partition already sent in this round */
};

/* init order of partitioned operations per (context, peer, tag, direction) */
static struct pseq {
    uint32_t ctx;
    int peer, tag, send, n;
} * seqs;
static int nseqs;

static int next_seq(uint32_t ctx, int peer, int tag, int send)
{
    for (int i = 0; i < nseqs; i++)
        if (seqs[i].ctx == ctx && seqs[i].peer == peer && seqs[i].tag == tag &&
            seqs[i].send == send)
            return seqs[i].n++;
    void *p = realloc(seqs, (size_t)(nseqs + 1) * sizeof *seqs);
    if (!p)
        return -1;
    seqs = p;
    seqs[nseqs] = (struct pseq){ ctx, peer, tag, send, 1 };
    nseqs++;
    return 0;
}

static int part_msg(struct link *l, struct part *p, int i)
{
    return link_msg(l, i, p->send, p->buf + (MPI_Aint)i * p->stride, p->count, p->dt, p->peer,
                    p->tagbase - i, p->ctx, p->comm);
}

static int part_start(struct req *r, struct link *l)
{
    (void)r;
    struct part *p = l->arg;
    if (p->send) {
        for (int i = 0; i < p->parts; i++)
            p->ready[i] = 0;
        return MPI_SUCCESS;
    }
    for (int i = 0; i < l->n; i++) {
        int e = part_msg(l, p, i);
        if (e)
            return e;
    }
    return MPI_SUCCESS;
}

static void part_fini(struct link *l)
{
    struct part *p = l->arg;
    dt_release(p->dt);
    free(p->ready);
}

static int part_init(int send, void *buf, int partitions, MPI_Count count, MPI_Datatype dt,
                     int peer, int tag, MPI_Comm comm, MPI_Request *req, const char *fn)
{
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (!req)
        return mpi_err(comm, MPI_ERR_ARG, fn);
    if (partitions < 1 || partitions > PART_MAX || count < 0 || count > INT_MAX)
        return mpi_err(comm, MPI_ERR_COUNT, fn);
    if (tag < 0 || tag > (1 << 30) - 1)
        return mpi_err(comm, MPI_ERR_TAG, fn);
    if (peer != MPI_PROC_NULL && (peer < 0 || peer >= c->size))
        return mpi_err(comm, MPI_ERR_RANK, fn);
    MPI_Aint lb, ext;
    if (!dt_get(dt) || PMPI_Type_get_extent(dt, &lb, &ext))
        return mpi_err(comm, MPI_ERR_TYPE, fn);
    int wpeer = peer == MPI_PROC_NULL ? MPI_PROC_NULL : comm_world_rank(c, peer);
    int k = 0;
    if (wpeer != MPI_PROC_NULL && (k = next_seq(c->ctx, wpeer, tag, send)) < 0)
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    struct part *p = calloc(1, sizeof *p);
    unsigned char *ready = calloc((size_t)partitions, 1);
    struct req *r = p && ready ? link_new(wpeer == MPI_PROC_NULL ? 0 : partitions, comm, 1) : NULL;
    if (!r) {
        free(p);
        free(ready);
        return mpi_err(comm, MPI_ERR_NO_MEM, fn);
    }
    *p = (struct part){ send, buf, (int)count, partitions, (MPI_Aint)count * ext, dt, wpeer,
                        -(1 << 28) - (int)(((unsigned)(8 * tag + k) & 0xff) << 20), c->ctx, comm,
                        ready };
    dt_retain(dt);
    struct link *l = link_of(r);
    l->arg = p;
    l->start = part_start;
    l->fini = part_fini;
    *req = r->handle;
    return MPI_SUCCESS;
}

int PMPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
                    int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return part_init(1, (void *)buf, partitions, count, datatype, dest, tag, comm, request,
                     "MPI_Psend_init");
}
MPI_ALIAS(Psend_init);

int PMPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
                    int source, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return part_init(0, buf, partitions, count, datatype, source, tag, comm, request,
                     "MPI_Precv_init");
}
MPI_ALIAS(Precv_init);

/* the partitioned request behind h (send or receive), or NULL */
static struct req *part_req(MPI_Request h, int send)
{
    struct req *r = req_get(h);
    if (!r || r->kind != RK_LINK || link_of(r)->start != part_start)
        return NULL;
    struct part *p = link_of(r)->arg;
    return p->send == send ? r : NULL;
}

static int ready_one(struct req *r, int i, const char *fn)
{
    struct link *l = link_of(r);
    struct part *p = l->arg;
    if (!r->active || i < 0 || i >= p->parts || p->ready[i])
        return mpi_err(r->comm, !r->active ? MPI_ERR_REQUEST : MPI_ERR_ARG, fn);
    p->ready[i] = 1;
    if (p->peer == MPI_PROC_NULL)
        return MPI_SUCCESS;
    int e = part_msg(l, p, i);
    return e ? mpi_err(r->comm, e, fn) : MPI_SUCCESS;
}

int PMPI_Pready(int partition, MPI_Request request)
{
    CHECK_INIT("MPI_Pready");
    struct req *r = part_req(request, 1);
    if (!r)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Pready");
    return ready_one(r, partition, "MPI_Pready");
}
MPI_ALIAS(Pready);

int PMPI_Pready_range(int lo, int hi, MPI_Request request)
{
    CHECK_INIT("MPI_Pready_range");
    struct req *r = part_req(request, 1);
    if (!r)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Pready_range");
    if (lo > hi)
        return mpi_err(r->comm, MPI_ERR_ARG, "MPI_Pready_range");
    for (int i = lo; i <= hi; i++) {
        int e = ready_one(r, i, "MPI_Pready_range");
        if (e)
            return e;
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Pready_range);

int PMPI_Pready_list(int length, const int list[], MPI_Request request)
{
    CHECK_INIT("MPI_Pready_list");
    struct req *r = part_req(request, 1);
    if (!r)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Pready_list");
    if (length < 0 || (length && !list))
        return mpi_err(r->comm, MPI_ERR_ARG, "MPI_Pready_list");
    for (int i = 0; i < length; i++) {
        int e = ready_one(r, list[i], "MPI_Pready_list");
        if (e)
            return e;
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Pready_list);

int PMPI_Parrived(MPI_Request request, int partition, int *flag)
{
    CHECK_INIT("MPI_Parrived");
    struct req *r = part_req(request, 0);
    if (!r)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Parrived");
    struct link *l = link_of(r);
    struct part *p = l->arg;
    if (!flag || partition < 0 || partition >= p->parts)
        return mpi_err(r->comm, MPI_ERR_ARG, "MPI_Parrived");
    if (!r->active || p->peer == MPI_PROC_NULL) {
        *flag = 1;
        return MPI_SUCCESS;
    }
    if (l->in[partition] != MPI_REQUEST_NULL) {
        pml_progress();
        link_done(r);
    }
    *flag = l->in[partition] == MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Parrived);
