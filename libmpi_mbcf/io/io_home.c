/* io_home.c - MPI-IO at the file's home (io_file.h): the requests of every
 * rank, its own included, executed on the descriptor whole and in arrival
 * order, so each access is atomic (MPI-3.1 sec 13.6.1); the other ranks'
 * requests are received and answered from the progress round
 * (pml_add_progress_hook), so any MPI call on the home serves them. */
#include "io_file.h"
#include "mpi_comm.h"
#include "pml.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int file_size(int fd, int64_t *size)
{
    struct stat st;
    if (fstat(fd, &st) < 0)
        return io_errno_class(errno);
    *size = (int64_t)st.st_size;
    return MPI_SUCCESS;
}

/* pread/pwrite a whole segment; a read stops at the end of the file. */
static int seg_io(int fd, int wr, const struct io_seg *s, char *buf, int64_t *done, int *eof)
{
    int64_t k = 0;
    while (k < s->len) {
        ssize_t r = wr ? pwrite(fd, buf + k, (size_t)(s->len - k), (off_t)(s->off + k))
                       : pread(fd, buf + k, (size_t)(s->len - k), (off_t)(s->off + k));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return io_errno_class(errno);
        if (r == 0) {
            *eof = 1;
            break;
        }
        k += r;
    }
    *done += k;
    return MPI_SUCCESS;
}

static int rw(struct file *f, const struct io_req *h, const struct io_seg *s, char *buf,
              int64_t *val)
{
    int wr = h->op == IO_OP_WRITE, eof = 0;
    int64_t done = 0;
    for (int i = 0; i < h->nseg && !eof; buf += s[i].len, i++) {
        int e = seg_io(f->fd, wr, &s[i], buf, &done, &eof);
        if (e) {
            *val = done;
            return e;
        }
    }
    *val = done;
    return MPI_SUCCESS;
}

int io_home_exec(struct file *f, const struct io_req *h, const struct io_seg *s,
                 const char *wdata, char *rdata, int64_t *val)
{
    int64_t size = 0;
    int e;
    *val = 0;
    switch (h->op) {
    case IO_OP_READ:
        return rw(f, h, s, rdata, val);
    case IO_OP_WRITE:
        return rw(f, h, s, (char *)wdata, val);
    case IO_OP_SIZE:
        return file_size(f->fd, val);
    case IO_OP_PREALLOC: /* grows only (sec 13.2.5) */
        e = file_size(f->fd, &size);
        if (e || size >= h->arg)
            return e;
        /* fall through */
    case IO_OP_SETSIZE:
        return ftruncate(f->fd, (off_t)h->arg) < 0 ? io_errno_class(errno) : MPI_SUCCESS;
    case IO_OP_SYNC:
        return fsync(f->fd) < 0 ? io_errno_class(errno) : MPI_SUCCESS;
    case IO_OP_SP_ADD:
        *val = io_sp_fetch_add(&f->sp, h->arg);
        return *val < 0 ? MPI_ERR_ARG : MPI_SUCCESS;
    case IO_OP_SP_SET:
        if (h->arg < 0)
            return MPI_ERR_ARG;
        *val = f->sp;
        f->sp = h->arg;
        return MPI_SUCCESS;
    case IO_OP_SP_GET:
        *val = f->sp;
        return MPI_SUCCESS;
    }
    return MPI_ERR_INTERN;
}

/* Receive, execute and answer one request from src (comm rank). */
static void serve(struct file *f, struct comm *c, int src, int64_t n)
{
    char *m = malloc((size_t)n + 1);
    struct io_reply rep = { MPI_ERR_NO_MEM, 0, 0 };
    char *out = NULL;
    int64_t rlen = 0;
    if (m) {
        pml_recv(m, (int)n, MPI_BYTE, c->world[src], IO_TAG_REQ, c->ctx, f->comm,
                 MPI_STATUS_IGNORE);
    } else { /* take the message off the queue all the same */
        char dummy;
        MPI_Status st;
        pml_recv(&dummy, 0, MPI_BYTE, c->world[src], IO_TAG_REQ, c->ctx, f->comm, &st);
    }
    struct io_req h;
    const struct io_seg *s;
    const char *data;
    if (m && io_req_parse(m, n, &h, &s, &data) < 0)
        rep.err = MPI_ERR_INTERN;
    else if (m) {
        int64_t want = h.op == IO_OP_READ ? io_segs_total(s, h.nseg) : 0;
        if (want < 0 || (h.op == IO_OP_WRITE && io_segs_total(s, h.nseg) != h.ndata)) {
            rep.err = MPI_ERR_ARG;
        } else if ((out = malloc(sizeof rep + (size_t)want)) == NULL) {
            rep.err = MPI_ERR_NO_MEM;
        } else {
            rep.err = io_home_exec(f, &h, s, data, out + sizeof rep, &rep.val);
            if (h.op == IO_OP_READ && !rep.err)
                rlen = rep.val;
        }
    }
    char small[sizeof rep];
    char *r = out ? out : small;
    memcpy(r, &rep, sizeof rep);
    pml_send(r, (int)(sizeof rep + rlen), MPI_BYTE, c->world[src], IO_TAG_REPLY, c->ctx, f->comm);
    free(out);
    free(m);
}

static void drain(struct file *f)
{
    struct comm *c = comm_get(f->comm);
    MPI_Status st;
    while (c && pml_probe(MQ_ANY_SOURCE, IO_TAG_REQ, c->ctx, &st, f->comm))
        serve(f, c, st.MPI_SOURCE, st.mbcf_count);
}

void io_home_progress(void)
{
    static int busy; /* receiving and answering run progress rounds */
    if (busy)
        return;
    busy = 1;
    for (int i = 0; i < io_max(); i++) {
        struct file *f = io_at(i);
        if (f && f->home && f->comm)
            drain(f);
    }
    busy = 0;
}
