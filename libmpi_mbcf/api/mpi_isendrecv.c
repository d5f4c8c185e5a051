/* mpi_isendrecv.c - MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.0 sec
 * 3.10): a link request (mpi_req_link.h) of a receive and a send, both
 * started at once; its status is the receive's. The replace form sends a
 * packed copy of the buffer, so the receive may land in it at any time. */
#include "mpi_req_link.h"
#include "mpi_errhandler.h"
#include <stdlib.h>

int PMPI_Isendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
                   void *rbuf, int rcount, MPI_Datatype rdt, int source, int rtag,
                   MPI_Comm comm, MPI_Request *req)
{
    CHECK_INIT("MPI_Isendrecv");
    if (!req)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Isendrecv");
    struct req *r = link_new(2, comm, 0);
    if (!r)
        return mpi_err(comm, MPI_ERR_NO_MEM, "MPI_Isendrecv");
    struct link *l = link_of(r);
    l->status_from = 0;
    int e = PMPI_Irecv(rbuf, rcount, rdt, source, rtag, comm, &l->in[0]);
    if (!e)
        e = PMPI_Isend(sbuf, scount, sdt, dest, stag, comm, &l->in[1]);
    if (e) {
        link_free(r); /* a started receive goes on alone */
        return e;
    }
    *req = r->handle;
    return MPI_SUCCESS;
}
MPI_ALIAS(Isendrecv);

int PMPI_Isendrecv_replace(void *buf, int count, MPI_Datatype dt, int dest, int stag,
                           int source, int rtag, MPI_Comm comm, MPI_Request *req)
{
    CHECK_INIT("MPI_Isendrecv_replace");
    if (!req || count < 0)
        return mpi_err(comm, !req ? MPI_ERR_ARG : MPI_ERR_COUNT, "MPI_Isendrecv_replace");
    int size = 0, pos = 0;
    int e = PMPI_Pack_size(count, dt, comm, &size);
    if (e)
        return e;
    void *tmp = malloc(size ? (size_t)size : 1);
    struct req *r = tmp ? link_new(2, comm, 0) : NULL;
    if (!r) {
        free(tmp);
        return mpi_err(comm, MPI_ERR_NO_MEM, "MPI_Isendrecv_replace");
    }
    struct link *l = link_of(r);
    link_own(l, tmp);
    l->status_from = 0;
    e = PMPI_Pack(buf, count, dt, tmp, size, &pos, comm);
    if (!e)
        e = PMPI_Irecv(buf, count, dt, source, rtag, comm, &l->in[0]);
    if (!e)
        e = PMPI_Isend(tmp, pos, MPI_PACKED, dest, stag, comm, &l->in[1]);
    if (e) {
        link_free(r);
        return e;
    }
    *req = r->handle;
    return MPI_SUCCESS;
}
MPI_ALIAS(Isendrecv_replace);
