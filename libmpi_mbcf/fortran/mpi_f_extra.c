/* mpi_f_extra.c - two more Fortran forms that differ from C: the
 * external32 pack calls, whose DATAREP is a Fortran string (MPI-3.1 sec
 * 4.3), and generalized requests, whose query/free/cancel callbacks take
 * every argument by reference, EXTRA_STATE as INTEGER(MPI_ADDRESS_KIND) and
 * the status as an INTEGER array (sec 12.2). */
#include "mpi_f.h"
#include <stdlib.h>
#include <string.h>

/* DATAREP without trailing blanks; "external32" is the only one (sec 13.5.2). */
static int datarep(const char *f, size_t len, char *out, size_t cap)
{
    while (len > 0 && f[len - 1] == ' ')
        len--;
    if (len >= cap)
        return MPI_ERR_ARG;
    memcpy(out, f, len);
    out[len] = 0;
    return MPI_SUCCESS;
}

void mpi_pack_external_(const char *rep, void *inbuf, MPI_Fint *incount, MPI_Fint *dt, void *outbuf,
                        MPI_Aint *outsize, MPI_Aint *position, MPI_Fint *ierr, size_t len);
void mpi_pack_external_(const char *rep, void *inbuf, MPI_Fint *incount, MPI_Fint *dt, void *outbuf,
                        MPI_Aint *outsize, MPI_Aint *position, MPI_Fint *ierr, size_t len)
{
    char r[MPI_MAX_DATAREP_STRING + 1];
    *ierr = datarep(rep, len, r, sizeof r);
    if (*ierr == MPI_SUCCESS)
        *ierr = MPI_Pack_external(r, mpi_f_buf(inbuf), *incount, *dt, outbuf, *outsize, position);
}

void mpi_unpack_external_(const char *rep, void *inbuf, MPI_Aint *insize, MPI_Aint *position,
                          void *outbuf, MPI_Fint *outcount, MPI_Fint *dt, MPI_Fint *ierr, size_t len);
void mpi_unpack_external_(const char *rep, void *inbuf, MPI_Aint *insize, MPI_Aint *position,
                          void *outbuf, MPI_Fint *outcount, MPI_Fint *dt, MPI_Fint *ierr, size_t len)
{
    char r[MPI_MAX_DATAREP_STRING + 1];
    *ierr = datarep(rep, len, r, sizeof r);
    if (*ierr == MPI_SUCCESS)
        *ierr = MPI_Unpack_external(r, inbuf, *insize, position, mpi_f_buf(outbuf), *outcount, *dt);
}

void mpi_pack_external_size_(const char *rep, MPI_Fint *incount, MPI_Fint *dt, MPI_Aint *size,
                             MPI_Fint *ierr, size_t len);
void mpi_pack_external_size_(const char *rep, MPI_Fint *incount, MPI_Fint *dt, MPI_Aint *size,
                             MPI_Fint *ierr, size_t len)
{
    char r[MPI_MAX_DATAREP_STRING + 1];
    *ierr = datarep(rep, len, r, sizeof r);
    if (*ierr == MPI_SUCCESS)
        *ierr = MPI_Pack_external_size(r, *incount, *dt, size);
}

/* ---- generalized requests ---- */

typedef void f_query_fn(MPI_Aint *extra, MPI_Fint *status, MPI_Fint *ierr);
typedef void f_free_fn(MPI_Aint *extra, MPI_Fint *ierr);
typedef void f_cancel_fn(MPI_Aint *extra, MPI_Fint *complete, MPI_Fint *ierr);

struct fgreq {
    f_query_fn *query;
    f_free_fn *free;
    f_cancel_fn *cancel;
    MPI_Aint extra;
};

static int greq_query(void *extra, MPI_Status *status)
{
    struct fgreq *g = extra;
    MPI_Fint ierr = MPI_SUCCESS;
    g->query(&g->extra, (MPI_Fint *)(void *)status, &ierr);
    return ierr;
}

static int greq_free(void *extra) /* the last call for this request (sec 12.2) */
{
    struct fgreq *g = extra;
    MPI_Fint ierr = MPI_SUCCESS;
    g->free(&g->extra, &ierr);
    free(g);
    return ierr;
}

static int greq_cancel(void *extra, int complete)
{
    struct fgreq *g = extra;
    MPI_Fint ierr = MPI_SUCCESS, c = mpi_f_logical(complete);
    g->cancel(&g->extra, &c, &ierr);
    return ierr;
}

void mpi_grequest_start_(f_query_fn *q, f_free_fn *f, f_cancel_fn *c, MPI_Aint *extra,
                         MPI_Fint *req, MPI_Fint *ierr);
void mpi_grequest_start_(f_query_fn *q, f_free_fn *f, f_cancel_fn *c, MPI_Aint *extra,
                         MPI_Fint *req, MPI_Fint *ierr)
{
    struct fgreq *g = malloc(sizeof *g);
    if (!g) {
        *ierr = MPI_ERR_NO_MEM;
        return;
    }
    *g = (struct fgreq){ q, f, c, *extra };
    *ierr = MPI_Grequest_start(greq_query, greq_free, greq_cancel, g, req);
    if (*ierr != MPI_SUCCESS)
        free(g);
}
