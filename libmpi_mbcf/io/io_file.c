/* io_file.c - MPI-IO file handles (io_file.h): the table, MPI_File_open,
 * close and delete (MPI-3.1 sec 13.2), and errors (sec 13.7: files report
 * through their own handler, MPI_ERRORS_RETURN unless changed; the handler
 * of MPI_FILE_NULL serves open and delete). */
#include "io_file.h"
#include "mpi_comm.h"
#include "mpi_datatype.h"
#include "mpi_errhandler.h"
#include "pml.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct file **files; /* handle h is files[h - 1] */
static int nfiles;
static MPI_Errhandler null_eh = MPI_ERRORS_RETURN;

int io_max(void)
{
    return nfiles;
}
struct file *io_at(int i)
{
    return i >= 0 && i < nfiles && files[i] && files[i]->used ? files[i] : NULL;
}
MPI_Errhandler io_null_eh(void)
{
    return null_eh;
}
void io_set_null_eh(MPI_Errhandler eh)
{
    null_eh = eh;
}

struct file *io_file_get(MPI_File fh)
{
    return io_at(fh - 1);
}

int io_err(MPI_File fh, int code, const char *fn)
{
    struct file *f = io_file_get(fh);
    MPI_File h = fh;
    return mpi_err_eh(f ? f->eh : null_eh, f ? f->comm : MPI_COMM_WORLD, &h, code, fn);
}

int io_errno_class(int e)
{
    switch (e) {
    case ENOENT: return MPI_ERR_NO_SUCH_FILE;
    case EEXIST: return MPI_ERR_FILE_EXISTS;
    case EACCES:
    case EPERM: return MPI_ERR_ACCESS;
    case EROFS: return MPI_ERR_READ_ONLY;
    case ENOSPC:
    case EFBIG: return MPI_ERR_NO_SPACE;
    case EDQUOT: return MPI_ERR_QUOTA;
    case EISDIR:
    case ENOTDIR:
    case ENAMETOOLONG:
    case ELOOP:
    case EBADF:
    case EINVAL:
        return MPI_ERR_BAD_FILE;
    case EBUSY:
    case ETXTBSY: return MPI_ERR_FILE_IN_USE;
    case ENOMEM: return MPI_ERR_NO_MEM;
    }
    return MPI_ERR_IO;
}

void io_status_set(MPI_Status *st, int64_t nbytes)
{
    if (!st || st == MPI_STATUS_IGNORE)
        return;
    st->MPI_SOURCE = MPI_ANY_SOURCE; /* not a message (sec 13.4.1) */
    st->MPI_TAG = MPI_ANY_TAG;
    st->MPI_ERROR = MPI_SUCCESS;
    st->mbcf_cancelled = 0;
    st->mbcf_count = nbytes;
}

/* Access modes (sec 13.2.1): exactly one of RDONLY, RDWR, WRONLY; no
 * CREATE or EXCL with RDONLY; no SEQUENTIAL with RDWR; no unknown bits. */
static int amode_ok(int a)
{
    int known = MPI_MODE_RDONLY | MPI_MODE_RDWR | MPI_MODE_WRONLY | MPI_MODE_CREATE |
                MPI_MODE_EXCL | MPI_MODE_DELETE_ON_CLOSE | MPI_MODE_UNIQUE_OPEN |
                MPI_MODE_SEQUENTIAL | MPI_MODE_APPEND;
    int rw = !!(a & MPI_MODE_RDONLY) + !!(a & MPI_MODE_RDWR) + !!(a & MPI_MODE_WRONLY);
    if ((a & ~known) || rw != 1)
        return 0;
    if ((a & MPI_MODE_RDONLY) && (a & (MPI_MODE_CREATE | MPI_MODE_EXCL)))
        return 0;
    return !((a & MPI_MODE_RDWR) && (a & MPI_MODE_SEQUENTIAL));
}

static int open_flags(int a)
{
    int fl = (a & MPI_MODE_RDONLY) ? O_RDONLY : (a & MPI_MODE_WRONLY) ? O_WRONLY
                                                                      : O_RDWR;
    if (a & MPI_MODE_CREATE)
        fl |= O_CREAT;
    if (a & MPI_MODE_EXCL)
        fl |= O_EXCL;
    return fl; /* not O_APPEND: MPI_MODE_APPEND only places the pointers */
}

static int slot(void)
{
    for (int i = 0; i < nfiles; i++)
        if (!files[i]) {
            files[i] = calloc(1, sizeof **files);
            return files[i] ? i : -1;
        }
    struct file **t = realloc(files, (size_t)(nfiles + 1) * sizeof *t);
    if (!t)
        return -1;
    files = t;
    files[nfiles] = calloc(1, sizeof **files);
    return files[nfiles] ? nfiles++ : -1;
}

static void release(int i)
{
    struct file *f = files[i];
    free(f->path);
    free(f);
    files[i] = NULL;
}

/* The home opens; every rank learns the result and the size (APPEND). */
static int home_open(MPI_Comm dup, int home, const char *name, int amode, int *fd, int64_t *size)
{
    int64_t r[2] = { 0, 0 };
    if (home) {
        *fd = open(name, open_flags(amode), 0666);
        if (*fd < 0)
            r[0] = io_errno_class(errno);
        else {
            struct stat st;
            if (fstat(*fd, &st) == 0 && S_ISDIR(st.st_mode)) {
                close(*fd);
                *fd = -1;
                r[0] = MPI_ERR_BAD_FILE;
            } else if (fstat(*fd, &st) == 0)
                r[1] = (int64_t)st.st_size;
        }
    }
    int e = PMPI_Bcast(r, 2, MPI_INT64_T, 0, dup);
    *size = r[1];
    return e ? e : (int)r[0];
}

int PMPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
    const char *fn = "MPI_File_open";
    CHECK_INIT(fn);
    struct comm *uc = comm_get(comm);
    if (!uc || uc->inter)
        return io_err(MPI_FILE_NULL, MPI_ERR_COMM, fn);
    if (!filename || !fh)
        return io_err(MPI_FILE_NULL, MPI_ERR_ARG, fn);
    MPI_Comm dup;
    int e = PMPI_Comm_dup(comm, &dup);
    if (e)
        return io_err(MPI_FILE_NULL, e, fn);
    /* the same amode everywhere (sec 13.2.1), and a valid one */
    int a0 = amode, bad = 0;
    e = PMPI_Bcast(&a0, 1, MPI_INT, 0, dup);
    if (!e) {
        int mine = a0 != amode ? MPI_ERR_NOT_SAME : amode_ok(amode) ? 0
                                                                    : MPI_ERR_AMODE;
        e = PMPI_Allreduce(&mine, &bad, 1, MPI_INT, MPI_MAX, dup);
    }
    struct comm *dc = comm_get(dup);
    int fd = -1;
    int64_t size = 0;
    if (!e && !bad)
        e = home_open(dup, dc->rank == 0, filename, amode, &fd, &size);
    int i = -1;
    if (!e && !bad && ((i = slot()) < 0 || !(files[i]->path = strdup(filename)))) {
        e = MPI_ERR_NO_MEM; /* this rank only: the others keep theirs */
        if (i >= 0)
            release(i);
        if (fd >= 0)
            close(fd);
    }
    if (e || bad) {
        PMPI_Comm_free(&dup);
        return io_err(MPI_FILE_NULL, e ? e : bad, fn);
    }
    struct file *f = files[i];
    f->used = 1;
    f->comm = dup;
    f->rank = dc->rank;
    f->size = dc->size;
    f->home = dc->rank == 0;
    f->fd = fd;
    f->amode = amode;
    f->eh = null_eh;
    f->etype = f->ftype = MPI_BYTE;
    f->view = (struct io_view){ 0, 1, NULL };
    f->ft_contig = 1;
    if (amode & MPI_MODE_APPEND) /* both pointers at the end (sec 13.2.1) */
        f->fp = f->sp = size;
    PMPI_Info_create(&f->info);
    if (info != MPI_INFO_NULL) {
        MPI_Info d;
        if (PMPI_Info_dup(info, &d) == MPI_SUCCESS) {
            PMPI_Info_free(&f->info);
            f->info = d;
        }
    }
    if (f->home) {
        pml_add_progress_hook(io_home_progress);
        pml_hooks_hold();
    }
    *fh = i + 1;
    return MPI_SUCCESS;
}
MPI_ALIAS(File_open);

int PMPI_File_close(MPI_File *fh)
{
    const char *fn = "MPI_File_close";
    CHECK_INIT(fn);
    struct file *f = fh ? io_file_get(*fh) : NULL;
    if (!f)
        return io_err(MPI_FILE_NULL, MPI_ERR_FILE, fn);
    /* collective: every rank's accesses (answered before it returns) are done */
    int e = PMPI_Barrier(f->comm);
    if (f->home) {
        if (close(f->fd) < 0 && !e)
            e = io_errno_class(errno);
        if ((f->amode & MPI_MODE_DELETE_ON_CLOSE) && unlink(f->path) < 0 && !e)
            e = io_errno_class(errno);
        pml_hooks_drop();
    }
    MPI_File h = *fh;
    dt_release(f->etype);
    dt_release(f->ftype);
    PMPI_Info_free(&f->info);
    PMPI_Comm_free(&f->comm);
    f->used = 0;
    release(h - 1);
    *fh = MPI_FILE_NULL;
    return e ? io_err(MPI_FILE_NULL, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(File_close);

int PMPI_File_delete(const char *filename, MPI_Info info)
{
    const char *fn = "MPI_File_delete";
    (void)info;
    CHECK_INIT(fn);
    if (!filename)
        return io_err(MPI_FILE_NULL, MPI_ERR_ARG, fn);
    if (unlink(filename) < 0)
        return io_err(MPI_FILE_NULL, io_errno_class(errno), fn);
    return MPI_SUCCESS;
}
MPI_ALIAS(File_delete);
