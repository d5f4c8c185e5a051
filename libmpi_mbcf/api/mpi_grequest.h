/* mpi_grequest.h - generalized requests (mpi_grequest.c, MPI-3.1 sec 12.2)
 * as the completion calls (mpi_request.c) see them: a request of kind
 * RK_GREQ whose status, freeing and cancelling are the user's functions. */
#ifndef LIBMPI_MBCF_MPI_GREQUEST_H
#define LIBMPI_MBCF_MPI_GREQUEST_H
#include "pml_request.h"

/* query_fn into r->st; its return value becomes r->err */
void greq_query(struct req *r);
/* free_fn (once); returns its error, or r->err when that is set */
int greq_free(struct req *r);
/* cancel_fn(extra, complete) */
int greq_cancel(struct req *r, int complete);

#endif
