/* io_misc.c - MPI-IO file manipulation and views (MPI-3.1 sec 13.2.4-13.2.8,
 * 13.3, 13.4.3-13.4.4, 13.5, 13.6.1, 13.7): size, preallocate, amode,
 * group, info, set/get view (data representation "native", and
 * "internal" as the same), byte offsets, pointers, sync, atomicity,
 * error handlers and handle conversions. */
#include "io_file.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include <stdlib.h>
#include <string.h>

struct io_view *io_view_of(struct file *f)
{
    f->view.ft = f->ft_contig ? NULL : dt_layout(f->ftype);
    return &f->view;
}

#define GET_FILE(fn)                  \
    struct file *f = io_file_get(fh); \
    if (!f)                           \
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, fn);

/* A request without data at the home: its value. */
static int home_value(struct file *f, int op, int64_t arg, int64_t *val)
{
    struct io_req h = { op, 0, arg, 0 };
    return io_call(f, &h, NULL, NULL, NULL, val);
}

/* A collective change at the home (sec 13.2.5: set_size, preallocate, sync
 * are collective): after a barrier, so every rank's earlier accesses are
 * served first, the home does it and everyone learns its result. */
static int home_collective(struct file *f, int op, int64_t arg)
{
    int64_t v;
    int e = PMPI_Barrier(f->comm);
    if (e)
        return e;
    if (f->home)
        e = io_home_exec(f, &(struct io_req){ op, 0, arg, 0 }, NULL, NULL, NULL, &v);
    int c = PMPI_Bcast(&e, 1, MPI_INT, 0, f->comm);
    return c ? c : e;
}

int PMPI_File_get_size(MPI_File fh, MPI_Offset *size)
{
    GET_FILE("MPI_File_get_size");
    if (!size)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_size");
    int64_t v = 0;
    int e = home_value(f, IO_OP_SIZE, 0, &v);
    *size = v;
    return e ? io_err(fh, e, "MPI_File_get_size") : MPI_SUCCESS;
}
MPI_ALIAS(File_get_size);

int PMPI_File_set_size(MPI_File fh, MPI_Offset size)
{
    GET_FILE("MPI_File_set_size");
    if (size < 0)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_set_size");
    if (f->amode & MPI_MODE_RDONLY)
        return io_err(fh, MPI_ERR_READ_ONLY, "MPI_File_set_size");
    int e = home_collective(f, IO_OP_SETSIZE, size);
    return e ? io_err(fh, e, "MPI_File_set_size") : MPI_SUCCESS;
}
MPI_ALIAS(File_set_size);

int PMPI_File_preallocate(MPI_File fh, MPI_Offset size)
{
    GET_FILE("MPI_File_preallocate");
    if (size < 0)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_preallocate");
    if (f->amode & (MPI_MODE_RDONLY | MPI_MODE_SEQUENTIAL))
        return io_err(fh, f->amode & MPI_MODE_RDONLY ? MPI_ERR_READ_ONLY : MPI_ERR_UNSUPPORTED_OPERATION,
                      "MPI_File_preallocate");
    int e = home_collective(f, IO_OP_PREALLOC, size);
    return e ? io_err(fh, e, "MPI_File_preallocate") : MPI_SUCCESS;
}
MPI_ALIAS(File_preallocate);

/* Every access is at the home's file system when answered, so sync is
 * the home's fsync plus the collective's synchronization (sec 13.6.1). */
int PMPI_File_sync(MPI_File fh)
{
    GET_FILE("MPI_File_sync");
    int e = f->amode & MPI_MODE_RDONLY ? MPI_SUCCESS : home_collective(f, IO_OP_SYNC, 0);
    int b = PMPI_Barrier(f->comm);
    e = e ? e : b;
    return e ? io_err(fh, e, "MPI_File_sync") : MPI_SUCCESS;
}
MPI_ALIAS(File_sync);

int PMPI_File_get_amode(MPI_File fh, int *amode)
{
    GET_FILE("MPI_File_get_amode");
    if (!amode)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_amode");
    *amode = f->amode;
    return MPI_SUCCESS;
}
MPI_ALIAS(File_get_amode);

int PMPI_File_get_group(MPI_File fh, MPI_Group *group)
{
    GET_FILE("MPI_File_get_group");
    if (!group)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_group");
    return PMPI_Comm_group(f->comm, group);
}
MPI_ALIAS(File_get_group);

int PMPI_File_set_info(MPI_File fh, MPI_Info info)
{
    GET_FILE("MPI_File_set_info");
    MPI_Info d;
    if (info == MPI_INFO_NULL)
        return MPI_SUCCESS;
    int e = PMPI_Info_dup(info, &d);
    if (e)
        return io_err(fh, e, "MPI_File_set_info");
    PMPI_Info_free(&f->info);
    f->info = d;
    return MPI_SUCCESS;
}
MPI_ALIAS(File_set_info);

int PMPI_File_get_info(MPI_File fh, MPI_Info *info_used)
{
    GET_FILE("MPI_File_get_info");
    if (!info_used)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_info");
    int e = PMPI_Info_dup(f->info, info_used);
    return e ? io_err(fh, e, "MPI_File_get_info") : MPI_SUCCESS;
}
MPI_ALIAS(File_get_info);

static int datarep_ok(const char *r)
{
    if (!r)
        return MPI_ERR_ARG;
    if (!strcmp(r, "native") || !strcmp(r, "internal"))
        return MPI_SUCCESS;
    return MPI_ERR_UNSUPPORTED_DATAREP; /* external32 and registered ones */
}

int PMPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
                       MPI_Datatype filetype, const char *datarep, MPI_Info info)
{
    const char *fn = "MPI_File_set_view";
    GET_FILE(fn);
    (void)info;
    const struct dte *de = dt_usable(etype), *dfi = dt_usable(filetype);
    int e = datarep_ok(datarep);
    int64_t off;
    if (!e && (!de || !dfi || de->size <= 0 || dfi->size % de->size))
        e = MPI_ERR_TYPE; /* filetype of whole etypes (sec 13.3) */
    if (!e && dfi->size > 0 && dte_extent(dfi) <= 0)
        e = MPI_ERR_TYPE;
    if (!e && disp == MPI_DISPLACEMENT_CURRENT) {
        if (!(f->amode & MPI_MODE_SEQUENTIAL))
            e = MPI_ERR_ARG; /* sec 13.3: sequential files only */
        else {
            int64_t sp = 0;
            e = home_value(f, IO_OP_SP_GET, 0, &sp);
            disp = io_view_byte_offset(io_view_of(f), sp * f->view.esize);
            if (disp < 0)
                disp = f->view.disp;
        }
    } else if (!e && disp < 0)
        e = MPI_ERR_ARG;
    if (e) {
        PMPI_Barrier(f->comm);
        return io_err(fh, e, fn);
    }
    dt_retain(etype);
    dt_retain(filetype);
    dt_release(f->etype);
    dt_release(f->ftype);
    f->etype = etype;
    f->ftype = filetype;
    f->disp = disp;
    f->ft_contig = dte_is_contig(dfi, 2, &off) && off == 0;
    f->view.disp = disp;
    f->view.esize = de->size;
    f->fp = 0; /* both pointers to zero (sec 13.3) */
    if (f->home)
        f->sp = 0;
    e = PMPI_Barrier(f->comm); /* no shared access before the reset */
    return e ? io_err(fh, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(File_set_view);

/* A derived type given back is a new handle the caller frees (sec 13.3). */
static int give_type(MPI_Datatype t, MPI_Datatype *out)
{
    if (t < MPI_FIRST_DERIVED_TYPE_MBCF) {
        *out = t;
        return MPI_SUCCESS;
    }
    return dt_clone(t, out) ? MPI_ERR_NO_MEM : MPI_SUCCESS;
}

int PMPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype,
                       MPI_Datatype *filetype, char *datarep)
{
    GET_FILE("MPI_File_get_view");
    if (!disp || !etype || !filetype || !datarep)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_view");
    *disp = f->disp;
    strcpy(datarep, "native");
    int e = give_type(f->etype, etype);
    if (!e)
        e = give_type(f->ftype, filetype);
    return e ? io_err(fh, e, "MPI_File_get_view") : MPI_SUCCESS;
}
MPI_ALIAS(File_get_view);

int PMPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    GET_FILE("MPI_File_get_type_extent");
    const struct dte *d = dt_usable(datatype);
    if (!d || !extent)
        return io_err(fh, d ? MPI_ERR_ARG : MPI_ERR_TYPE, "MPI_File_get_type_extent");
    *extent = (MPI_Aint)dte_extent(d); /* native: as in memory */
    return MPI_SUCCESS;
}
MPI_ALIAS(File_get_type_extent);

int PMPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
    GET_FILE("MPI_File_get_byte_offset");
    if (!disp || offset < 0)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_byte_offset");
    int64_t b = io_view_byte_offset(io_view_of(f), offset * f->view.esize);
    if (b < 0)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_byte_offset");
    *disp = b;
    return MPI_SUCCESS;
}
MPI_ALIAS(File_get_byte_offset);

/* The end of the file as a view position in etypes. */
static int eof_etypes(struct file *f, int64_t *eof)
{
    int64_t size = 0;
    int e = home_value(f, IO_OP_SIZE, 0, &size);
    *eof = io_view_bytes_before(io_view_of(f), size) / f->view.esize;
    return e;
}

static int whence_code(int w)
{
    return w == MPI_SEEK_SET ? 0 : w == MPI_SEEK_CUR ? 1
                               : w == MPI_SEEK_END   ? 2
                                                     : -1;
}

int PMPI_File_seek(MPI_File fh, MPI_Offset offset, int whence)
{
    GET_FILE("MPI_File_seek");
    int w = whence_code(whence), e = MPI_SUCCESS;
    int64_t eof = 0;
    if (f->amode & MPI_MODE_SEQUENTIAL)
        return io_err(fh, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_File_seek");
    if (w < 0)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_seek");
    if (w == 2 && (e = eof_etypes(f, &eof)))
        return io_err(fh, e, "MPI_File_seek");
    int64_t n = io_sp_seek(f->fp, offset, w, eof);
    if (n < 0)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_seek");
    f->fp = n;
    return MPI_SUCCESS;
}
MPI_ALIAS(File_seek);

int PMPI_File_get_position(MPI_File fh, MPI_Offset *offset)
{
    GET_FILE("MPI_File_get_position");
    if (!offset)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_position");
    if (f->amode & MPI_MODE_SEQUENTIAL)
        return io_err(fh, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_File_get_position");
    *offset = f->fp;
    return MPI_SUCCESS;
}
MPI_ALIAS(File_get_position);

/* Collective (sec 13.4.4): the home moves the pointer once, between two
 * synchronizations so no rank's shared access falls on either side. */
int PMPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence)
{
    const char *fn = "MPI_File_seek_shared";
    GET_FILE(fn);
    int w = whence_code(whence), e = w < 0 ? MPI_ERR_ARG : MPI_SUCCESS;
    int b = PMPI_Barrier(f->comm);
    if (!e && !b && f->home) {
        int64_t eof = 0, n;
        if (w == 2)
            e = eof_etypes(f, &eof);
        if (!e && (n = io_sp_seek(f->sp, offset, w, eof)) < 0)
            e = MPI_ERR_ARG;
        else if (!e)
            f->sp = n;
    }
    if (!b)
        b = PMPI_Bcast(&e, 1, MPI_INT, 0, f->comm);
    e = e ? e : b;
    return e ? io_err(fh, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(File_seek_shared);

int PMPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset)
{
    GET_FILE("MPI_File_get_position_shared");
    if (!offset)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_position_shared");
    int64_t v = 0;
    int e = home_value(f, IO_OP_SP_GET, 0, &v);
    *offset = v;
    return e ? io_err(fh, e, "MPI_File_get_position_shared") : MPI_SUCCESS;
}
MPI_ALIAS(File_get_position_shared);

/* The home applies each access whole in arrival order: every access is
 * atomic already (sec 13.6.1), so the flag is only remembered. */
int PMPI_File_set_atomicity(MPI_File fh, int flag)
{
    GET_FILE("MPI_File_set_atomicity");
    f->atomic = !!flag;
    int e = PMPI_Barrier(f->comm);
    return e ? io_err(fh, e, "MPI_File_set_atomicity") : MPI_SUCCESS;
}
MPI_ALIAS(File_set_atomicity);

int PMPI_File_get_atomicity(MPI_File fh, int *flag)
{
    GET_FILE("MPI_File_get_atomicity");
    if (!flag)
        return io_err(fh, MPI_ERR_ARG, "MPI_File_get_atomicity");
    *flag = f->atomic;
    return MPI_SUCCESS;
}
MPI_ALIAS(File_get_atomicity);

/* Error handlers (sec 13.7): a file's own, MPI_FILE_NULL's the default. */
int PMPI_File_create_errhandler(MPI_File_errhandler_function *fn, MPI_Errhandler *eh)
{
    return PMPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)(void (*)(void))fn, eh);
}
MPI_ALIAS(File_create_errhandler);

int PMPI_File_set_errhandler(MPI_File fh, MPI_Errhandler eh)
{
    struct file *f = io_file_get(fh);
    if (!f && fh != MPI_FILE_NULL)
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, "MPI_File_set_errhandler");
    if (!eh_valid(eh))
        return io_err(fh, MPI_ERR_ARG, "MPI_File_set_errhandler");
    if (f)
        f->eh = eh;
    else
        io_set_null_eh(eh);
    return MPI_SUCCESS;
}
MPI_ALIAS(File_set_errhandler);

int PMPI_File_get_errhandler(MPI_File fh, MPI_Errhandler *eh)
{
    struct file *f = io_file_get(fh);
    if ((!f && fh != MPI_FILE_NULL) || !eh)
        return io_err(MPI_FILE_NULL, eh ? MPI_ERR_FILE : MPI_ERR_ARG, "MPI_File_get_errhandler");
    *eh = f ? f->eh : io_null_eh();
    return MPI_SUCCESS;
}
MPI_ALIAS(File_get_errhandler);

int PMPI_File_call_errhandler(MPI_File fh, int errorcode)
{
    struct file *f = io_file_get(fh);
    if (!f && fh != MPI_FILE_NULL)
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, "MPI_File_call_errhandler");
    io_err(fh, errorcode, "MPI_File_call_errhandler");
    return MPI_SUCCESS;
}
MPI_ALIAS(File_call_errhandler);

/* Fortran handles are the C ones (integers). */
MPI_Fint PMPI_File_c2f(MPI_File file)
{
    return (MPI_Fint)file;
}
MPI_ALIAS(File_c2f);
MPI_File PMPI_File_f2c(MPI_Fint file)
{
    return (MPI_File)file;
}
MPI_ALIAS(File_f2c);
