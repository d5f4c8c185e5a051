/* io_file.h - MPI-IO file objects (MPI-3.1 chapter 13) of libmpi_mbcf. A
 * file opened on a communicator lives on the node of its rank 0, the home
 * (docs/mpiio.md): the home holds the descriptor and the shared file
 * pointer and serves the other ranks' requests, sent on a private duplicate
 * of the communicator, from the progress round (io_home.c). Files:
 *   io_view.c    portable core: views flattened, request messages
 *   io_file.c    the handle table, open/close/delete, errors
 *   io_home.c    the home's side: requests executed on the descriptor
 *   io_call.c    a rank's side: a request to the home and its answer
 *   io_rw.c      reads and writes (explicit offset, individual, shared,
 *                collective, split, ordered, non-blocking)
 *   io_misc.c    views, sizes, pointers, info, errhandlers, conversions */
#ifndef LIBMPI_MBCF_IO_FILE_H
#define LIBMPI_MBCF_IO_FILE_H
#include <stdint.h>
#include "mpi_export.h"
#include "io_view.h"

#define IO_TAG_REQ 1
#define IO_TAG_REPLY 2

struct file {
    int used;
    MPI_Comm comm;        /* private duplicate; its rank 0 is the home */
    int rank, size, home; /* home: this rank is rank 0 */
    int fd;               /* on the home only */
    int amode, atomic;
    char *path; /* as given (the home's node, its cwd) */
    MPI_Errhandler eh;
    MPI_Info info;
    /* the view (sec 13.3) */
    MPI_Offset disp;
    MPI_Datatype etype, ftype; /* held (dt_retain) while the view lasts */
    int ft_contig;             /* the filetype tiles the file without holes */
    struct io_view view;       /* view.ft: io_view_of (the type table moves) */
    int64_t fp;                /* individual file pointer, in etypes */
    int64_t sp;                /* shared file pointer, in etypes (home) */
    MPI_Status split;          /* result of a split collective's begin */
    int split_active;
};

struct file *io_file_get(MPI_File fh); /* NULL if invalid or closed */
/* Report code through the file's error handler (fh MPI_FILE_NULL: the
 * default one, MPI_ERRORS_RETURN unless set, sec 13.7); returns code. */
int io_err(MPI_File fh, int code, const char *fn);
int io_errno_class(int e); /* errno -> MPI error class */
MPI_Errhandler io_null_eh(void);
void io_set_null_eh(MPI_Errhandler eh);

/* A request executed where the file lives (this rank if home, else sent to
 * the home): MPI_SUCCESS or a class; *val the reply's value; a read's bytes
 * land in rdata (at most the segments' total). */
int io_call(struct file *f, const struct io_req *h, const struct io_seg *s, const void *wdata,
            void *rdata, int64_t *val);
/* The home executes one request on its descriptor (io_home.c); a read's
 * bytes go to rdata. */
int io_home_exec(struct file *f, const struct io_req *h, const struct io_seg *s,
                 const char *wdata, char *rdata, int64_t *val);
void io_home_progress(void);
int io_max(void);
struct file *io_at(int i);
/* The view with the filetype's current layout. */
struct io_view *io_view_of(struct file *f);
/* The status of an access of nbytes (count in bytes, sec 13.4.1). */
void io_status_set(MPI_Status *st, int64_t nbytes);

#endif
