/* io_call.c - MPI-IO, a rank's side of a request (io_file.h): executed at
 * once on the home, else sent to the home on the file's private
 * communicator and answered there (io_home.c); the answer carries the
 * error class, a value and a read's bytes. */
#include "io_file.h"
#include "mpi_comm.h"
#include "pml.h"
#include <stdlib.h>
#include <string.h>

int io_call(struct file *f, const struct io_req *h, const struct io_seg *s, const void *wdata,
            void *rdata, int64_t *val)
{
    int64_t v = 0;
    if (!val)
        val = &v;
    if (f->home)
        return io_home_exec(f, h, s, wdata, rdata, val);
    struct comm *c = comm_get(f->comm);
    int64_t len = io_req_len(h->nseg, h->ndata);
    int64_t want = h->op == IO_OP_READ ? io_segs_total(s, h->nseg) : 0;
    if (!c || len < 0 || want < 0 || want > 0x7fffffff - (int64_t)sizeof(struct io_reply))
        return c ? MPI_ERR_COUNT : MPI_ERR_FILE;
    char *m = malloc((size_t)len);
    char *r = malloc(sizeof(struct io_reply) + (size_t)want);
    if (!m || !r) {
        free(m);
        free(r);
        return MPI_ERR_NO_MEM;
    }
    io_req_pack(m, h, s, wdata);
    int e = pml_send(m, (int)len, MPI_BYTE, c->world[0], IO_TAG_REQ, c->ctx, f->comm);
    free(m);
    MPI_Status st;
    if (!e)
        e = pml_recv(r, (int)(sizeof(struct io_reply) + want), MPI_BYTE, c->world[0],
                     IO_TAG_REPLY, c->ctx, f->comm, &st);
    if (!e) {
        struct io_reply rep;
        memcpy(&rep, r, sizeof rep);
        e = rep.err;
        *val = rep.val;
        int64_t got = st.mbcf_count - (int64_t)sizeof rep;
        if (!e && h->op == IO_OP_READ && got > 0)
            memcpy(rdata, r + sizeof rep, (size_t)got);
    }
    free(r);
    return e;
}
