/* mpi_req_link.h - a request made of other requests (kind RK_LINK,
 * mpi_req_link.c): MPI_Isendrecv(_replace) (MPI-4.0 sec 3.10), persistent
 * collectives (sec 6.13) and partitioned communication (sec 4). The
 * completion calls (mpi_request.c) see it complete when every child has;
 * a persistent one is restarted by MPI_Start through its start function. */
#ifndef LIBMPI_MBCF_MPI_REQ_LINK_H
#define LIBMPI_MBCF_MPI_REQ_LINK_H
#include "pml_request.h"

#define LINK_OWN_MAX 8
struct link {
    int n;           /* children */
    int todo;        /* children not yet retired in this round */
    int status_from; /* the child whose status is the request's, or -1 */
    int err;
    /* persistent: start the children of one round (MPI_SUCCESS or an error) */
    int (*start)(struct req *r, struct link *l);
    void *arg;                    /* the start function's arguments (freed with the link) */
    void (*fini)(struct link *l); /* called before arg is freed, or NULL */
    void *own[LINK_OWN_MAX];      /* freed with the link */
    int nown;
    MPI_Request in[]; /* child handles; MPI_REQUEST_NULL once retired */
};

/* A new link request of n children on comm (NULL: no memory); children
 * start as MPI_REQUEST_NULL, todo = n. */
struct req *link_new(int n, MPI_Comm comm, int persistent);
static inline struct link *link_of(struct req *r)
{
    return (struct link *)r->tmp;
}
/* p is freed with the link (0, or MPI_ERR_NO_MEM when full: p is freed). */
int link_own(struct link *l, void *p);
/* Child i: a message on context ctx with any tag (the library's own
 * negative tags included) to or from world rank peer. */
int link_msg(struct link *l, int i, int send, const void *buf, int count, MPI_Datatype dt,
             int peer, int tag, uint32_t ctx, MPI_Comm comm);
/* Retire the children that completed; 1 when all have (r is then RS_DONE
 * with its status and error set). */
int link_done(struct req *r);
/* MPI_Start of a persistent link. */
int link_start(struct req *r);
/* MPI_Request_free: an inactive or complete link goes now, an active one
 * once its children complete. */
void link_free(struct req *r);

#endif
