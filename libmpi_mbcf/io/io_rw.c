/* io_rw.c - MPI-IO data access (MPI-3.1 sec 13.4): explicit offsets,
 * individual and shared file pointers, each blocking, non-blocking,
 * collective and split collective. The data are packed with the datatype
 * engine, their place in the file flattened from the view (io_view.c), and
 * one request per access goes to the home. Collective calls are each
 * rank's access followed by a barrier on the file's communicator, so the
 * home serves every rank before any leaves; ordered ones take their
 * offsets from a prefix sum (sec 13.4.4). Non-blocking calls complete
 * before they return (a completed generalized request): the standard allows
 * it (sec 13.4.1: a request may complete at any time after it starts). */
#include "io_file.h"
#include "mpi_datatype.h"
#include <stdlib.h>
#include <string.h>

/* Where an access starts: an explicit offset, the individual or the shared
 * file pointer; ORDERED only names the ordered split collectives. */
enum { AT,
       INDIV,
       SHARED,
       ORDERED };

/* nbytes of packed data at view byte pos; *done: bytes moved. */
static int access_view(struct file *f, int wr, int64_t pos, char *packed, int64_t nbytes,
                       int64_t *done)
{
    struct io_seg *s;
    *done = 0;
    if (nbytes == 0)
        return MPI_SUCCESS;
    int n = io_view_flatten(io_view_of(f), pos, nbytes, &s);
    if (n < 0)
        return pos < 0 ? MPI_ERR_ARG : MPI_ERR_NO_MEM;
    struct io_req h = { wr ? IO_OP_WRITE : IO_OP_READ, n, 0, wr ? nbytes : 0 };
    int e = io_call(f, &h, s, wr ? packed : NULL, wr ? NULL : packed, done);
    free(s);
    return e;
}

/* count elements of dt at buf to/from view position pos (etypes). */
static int rw_typed(struct file *f, int wr, int64_t pos, void *buf, int count,
                    const struct dte *d, int64_t *done)
{
    int64_t off, nbytes = d->size * count;
    char *packed;
    int contig = dte_is_contig(d, count, &off);
    if (contig)
        packed = (char *)buf + off;
    else if (!(packed = malloc(nbytes > 0 ? (size_t)nbytes : 1)))
        return MPI_ERR_NO_MEM;
    if (!contig && wr)
        dte_pack(d, buf, count, packed, 0, nbytes);
    int e = access_view(f, wr, pos * f->view.esize, packed, nbytes, done);
    if (!contig) {
        if (!wr && *done > 0)
            dte_unpack(d, buf, count, packed, 0, *done);
        free(packed);
    }
    return e;
}

static int check(struct file *f, int wr, int kind, MPI_Offset off, const void *buf, int count,
                 MPI_Datatype dt, const struct dte **d)
{
    if (!f)
        return MPI_ERR_FILE;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (!(*d = dt_usable(dt)))
        return MPI_ERR_TYPE;
    if (count > 0 && !buf && (*d)->size > 0)
        return MPI_ERR_BUFFER;
    if (wr && (f->amode & MPI_MODE_RDONLY))
        return MPI_ERR_READ_ONLY;
    if (!wr && (f->amode & MPI_MODE_WRONLY))
        return MPI_ERR_ACCESS;
    if (kind != SHARED && (f->amode & MPI_MODE_SEQUENTIAL))
        return MPI_ERR_UNSUPPORTED_OPERATION; /* sec 13.2.1: shared pointers only */
    if (kind == AT && off < 0)
        return MPI_ERR_ARG;
    if ((*d)->size * (int64_t)count % f->view.esize)
        return MPI_ERR_TYPE; /* whole etypes (sec 13.3) */
    return MPI_SUCCESS;
}

/* One independent access of any kind; the status gets the bytes moved. */
static int rw(MPI_File fh, int wr, int kind, MPI_Offset off, void *buf, int count,
              MPI_Datatype dt, MPI_Status *st, const char *fn)
{
    struct file *f = io_file_get(fh);
    const struct dte *d = NULL;
    int64_t done = 0, pos = off;
    int e = check(f, wr, kind, off, buf, count, dt, &d);
    if (!e && kind == INDIV)
        pos = f->fp;
    if (!e && kind == SHARED) {
        struct io_req h = { IO_OP_SP_ADD, 0, d->size * count / f->view.esize, 0 };
        e = io_call(f, &h, NULL, NULL, NULL, &pos);
    }
    if (e) {
        io_status_set(st, 0);
        return io_err(fh, e, fn);
    }
    e = rw_typed(f, wr, pos, buf, count, d, &done);
    if (kind == INDIV)
        f->fp = pos + done / f->view.esize;
    io_status_set(st, done);
    return e ? io_err(fh, e, fn) : MPI_SUCCESS;
}

/* A collective access: each rank's own, then a barrier (the home serves
 * the others while in it). */
static int rw_all(MPI_File fh, int wr, int kind, MPI_Offset off, void *buf, int count,
                  MPI_Datatype dt, MPI_Status *st, const char *fn)
{
    struct file *f = io_file_get(fh);
    if (!f)
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, fn);
    int e = rw(fh, wr, kind, off, buf, count, dt, st, fn);
    int b = PMPI_Barrier(f->comm);
    return e ? e : b ? io_err(fh, b, fn)
                     : MPI_SUCCESS;
}

/* Ordered (sec 13.4.4): rank order by a prefix sum of the etypes each
 * accesses; the home moves the shared pointer past all of them. */
static int rw_ordered(MPI_File fh, int wr, void *buf, int count, MPI_Datatype dt,
                      MPI_Status *st, const char *fn)
{
    struct file *f = io_file_get(fh);
    const struct dte *d = NULL;
    if (!f)
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, fn);
    int e = check(f, wr, SHARED, 0, buf, count, dt, &d);
    int64_t mine = e ? 0 : d->size * count / f->view.esize, pre = 0, tot = 0, base = 0;
    int c = PMPI_Exscan(&mine, &pre, 1, MPI_INT64_T, MPI_SUM, f->comm);
    if (!c)
        c = PMPI_Reduce(&mine, &tot, 1, MPI_INT64_T, MPI_SUM, 0, f->comm);
    if (f->rank == 0)
        pre = 0;
    if (!c && f->home)
        base = io_sp_fetch_add(&f->sp, tot);
    if (!c)
        c = PMPI_Bcast(&base, 1, MPI_INT64_T, 0, f->comm);
    int64_t done = 0;
    if (!e && !c)
        e = rw_typed(f, wr, base + pre, buf, count, d, &done);
    io_status_set(st, done);
    int b = PMPI_Barrier(f->comm);
    e = e ? e : c ? c
                  : b;
    return e ? io_err(fh, e, fn) : MPI_SUCCESS;
}

#define RW(name, wr, kind, ...)                                                          \
    int PMPI_File_##name(MPI_File fh, __VA_ARGS__, int count, MPI_Datatype dt,           \
                         MPI_Status *status)                                             \
    {                                                                                    \
        return rw(fh, wr, kind, OFF, (void *)buf, count, dt, status, "MPI_File_" #name); \
    }                                                                                    \
    MPI_ALIAS(File_##name);
#define OFF 0
RW(read, 0, INDIV, void *buf)
RW(write, 1, INDIV, const void *buf)
RW(read_shared, 0, SHARED, void *buf)
RW(write_shared, 1, SHARED, const void *buf)
#undef OFF
#define OFF offset
RW(read_at, 0, AT, MPI_Offset offset, void *buf)
RW(write_at, 1, AT, MPI_Offset offset, const void *buf)
#undef OFF

#define RWALL(name, fnc, wr, kind, ...)                                                   \
    int PMPI_File_##name(MPI_File fh, __VA_ARGS__, int count, MPI_Datatype dt,            \
                         MPI_Status *status)                                              \
    {                                                                                     \
        return fnc(fh, wr, kind, OFF, (void *)buf, count, dt, status, "MPI_File_" #name); \
    }                                                                                     \
    MPI_ALIAS(File_##name);
#define OFF 0
RWALL(read_all, rw_all, 0, INDIV, void *buf)
RWALL(write_all, rw_all, 1, INDIV, const void *buf)
#undef OFF
#define OFF offset
RWALL(read_at_all, rw_all, 0, AT, MPI_Offset offset, void *buf)
RWALL(write_at_all, rw_all, 1, AT, MPI_Offset offset, const void *buf)
#undef OFF

int PMPI_File_read_ordered(MPI_File fh, void *buf, int count, MPI_Datatype dt, MPI_Status *st)
{
    return rw_ordered(fh, 0, buf, count, dt, st, "MPI_File_read_ordered");
}
MPI_ALIAS(File_read_ordered);

int PMPI_File_write_ordered(MPI_File fh, const void *buf, int count, MPI_Datatype dt,
                            MPI_Status *st)
{
    return rw_ordered(fh, 1, (void *)buf, count, dt, st, "MPI_File_write_ordered");
}
MPI_ALIAS(File_write_ordered);

/* Split collectives (sec 13.4.5): the begin does the access, the end
 * hands its status over; one active per file. */
static int split_begin(MPI_File fh, const char *fn)
{
    struct file *f = io_file_get(fh);
    if (!f)
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, fn);
    if (f->split_active)
        return io_err(fh, MPI_ERR_OTHER, fn);
    return MPI_SUCCESS;
}

static int split_end(MPI_File fh, MPI_Status *st, const char *fn)
{
    struct file *f = io_file_get(fh);
    if (!f)
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, fn);
    if (!f->split_active)
        return io_err(fh, MPI_ERR_OTHER, fn);
    f->split_active = 0;
    if (st && st != MPI_STATUS_IGNORE)
        *st = f->split;
    return MPI_SUCCESS;
}

/* A split collective's begin (sec 13.4.5): the access done at once, its
 * status kept for the end. */
static int split_do(MPI_File fh, int wr, int kind, MPI_Offset off, void *buf, int count,
                    MPI_Datatype dt, const char *fn)
{
    int e = split_begin(fh, fn);
    if (e)
        return e;
    struct file *f = io_file_get(fh);
    e = kind == ORDERED ? rw_ordered(fh, wr, buf, count, dt, &f->split, fn)
                        : rw_all(fh, wr, kind, off, buf, count, dt, &f->split, fn);
    f->split_active = 1;
    return e;
}

int PMPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype dt)
{
    return split_do(fh, 0, INDIV, 0, buf, count, dt, "MPI_File_read_all_begin");
}
MPI_ALIAS(File_read_all_begin);

int PMPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype dt)
{
    return split_do(fh, 1, INDIV, 0, (void *)buf, count, dt, "MPI_File_write_all_begin");
}
MPI_ALIAS(File_write_all_begin);

int PMPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count,
                                MPI_Datatype dt)
{
    return split_do(fh, 0, AT, offset, buf, count, dt, "MPI_File_read_at_all_begin");
}
MPI_ALIAS(File_read_at_all_begin);

int PMPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                 MPI_Datatype dt)
{
    return split_do(fh, 1, AT, offset, (void *)buf, count, dt, "MPI_File_write_at_all_begin");
}
MPI_ALIAS(File_write_at_all_begin);

int PMPI_File_read_ordered_begin(MPI_File fh, void *buf, int count, MPI_Datatype dt)
{
    return split_do(fh, 0, ORDERED, 0, buf, count, dt, "MPI_File_read_ordered_begin");
}
MPI_ALIAS(File_read_ordered_begin);

int PMPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count, MPI_Datatype dt)
{
    return split_do(fh, 1, ORDERED, 0, (void *)buf, count, dt, "MPI_File_write_ordered_begin");
}
MPI_ALIAS(File_write_ordered_begin);

int PMPI_File_read_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_read_all_end");
}
MPI_ALIAS(File_read_all_end);

int PMPI_File_write_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_write_all_end");
}
MPI_ALIAS(File_write_all_end);

int PMPI_File_read_at_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_read_at_all_end");
}
MPI_ALIAS(File_read_at_all_end);

int PMPI_File_write_at_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_write_at_all_end");
}
MPI_ALIAS(File_write_at_all_end);

int PMPI_File_read_ordered_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_read_ordered_end");
}
MPI_ALIAS(File_read_ordered_end);

int PMPI_File_write_ordered_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_write_ordered_end");
}
MPI_ALIAS(File_write_ordered_end);

/* Non-blocking: done at once, the request a completed generalized one
 * whose status is the access's. */
static int q_fn(void *extra, MPI_Status *st)
{
    *st = *(MPI_Status *)extra;
    return MPI_SUCCESS;
}
static int free_fn(void *extra)
{
    free(extra);
    return MPI_SUCCESS;
}
static int cancel_fn(void *extra, int done)
{
    (void)extra;
    (void)done;
    return MPI_SUCCESS;
}

static int done_req(MPI_File fh, int e, MPI_Status *st, MPI_Request *req, const char *fn)
{
    if (!req) {
        free(st);
        return io_err(fh, MPI_ERR_REQUEST, fn);
    }
    *req = MPI_REQUEST_NULL;
    if (e) {
        free(st);
        return e;
    }
    int g = PMPI_Grequest_start(q_fn, free_fn, cancel_fn, st, req);
    if (g) {
        free(st);
        return io_err(fh, g, fn);
    }
    return PMPI_Grequest_complete(*req);
}

#define IRW(name, fnc, wr, kind, ...)                                          \
    int PMPI_File_##name(MPI_File fh, __VA_ARGS__, int count, MPI_Datatype dt, \
                         MPI_Request *req)                                     \
    {                                                                          \
        const char *fn = "MPI_File_" #name;                                    \
        MPI_Status *st = calloc(1, sizeof *st);                                \
        if (!st)                                                               \
            return io_err(fh, MPI_ERR_NO_MEM, fn);                             \
        int e = fnc(fh, wr, kind, OFF, (void *)buf, count, dt, st, fn);        \
        return done_req(fh, e, st, req, fn);                                   \
    }                                                                          \
    MPI_ALIAS(File_##name);
/* the non-blocking collectives are each rank's access alone: a rank may
 * leave before the others start (sec 13.4.5 asks no synchronization) */
#define OFF 0
IRW(iread, rw, 0, INDIV, void *buf)
IRW(iwrite, rw, 1, INDIV, const void *buf)
IRW(iread_shared, rw, 0, SHARED, void *buf)
IRW(iwrite_shared, rw, 1, SHARED, const void *buf)
IRW(iread_all, rw, 0, INDIV, void *buf)
IRW(iwrite_all, rw, 1, INDIV, const void *buf)
#undef OFF
#define OFF offset
IRW(iread_at, rw, 0, AT, MPI_Offset offset, void *buf)
IRW(iwrite_at, rw, 1, AT, MPI_Offset offset, const void *buf)
IRW(iread_at_all, rw, 0, AT, MPI_Offset offset, void *buf)
IRW(iwrite_at_all, rw, 1, AT, MPI_Offset offset, const void *buf)
#undef OFF
