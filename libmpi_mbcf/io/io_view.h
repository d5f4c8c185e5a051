/* io_view.h - the portable core of MPI-IO (MPI-3.1 chapter 13): a file view
 * (displacement, etype size, filetype layout, sec 13.3) turned into lists of
 * (file offset, length) segments, the inverse (view bytes before a file
 * offset, for MPI_SEEK_END), the request messages a rank sends to the
 * file's home, and the shared file pointer's arithmetic. Plain C on the
 * datatype engine (dte.h), unit-tested on the host (tests/host/test_mpi_io.c). */
#ifndef LIBMPI_MBCF_IO_VIEW_H
#define LIBMPI_MBCF_IO_VIEW_H
#include <stdint.h>
#include "dte.h"

struct io_seg {
    int64_t off, len;
};

/* The view: filetype copies tile the file from disp, one every extent
 * bytes (sec 13.3); the data bytes of the view are the filetype's data
 * bytes in type-map order (displacements are nondecreasing, sec 13.3). */
struct io_view {
    int64_t disp;
    int64_t esize;        /* etype size in bytes (>= 1) */
    const struct dte *ft; /* filetype layout; NULL: contiguous bytes */
};

/* Segments of the file holding nbytes of view data starting pos bytes
 * into the view; adjacent pieces merged. *segs is malloc'ed (free it).
 * Returns the number of segments, or -1 (bad arguments, no memory). */
int io_view_flatten(const struct io_view *v, int64_t pos, int64_t nbytes, struct io_seg **segs);
/* The file offset of view byte pos (MPI_File_get_byte_offset). */
int64_t io_view_byte_offset(const struct io_view *v, int64_t pos);
/* How many view bytes lie before file offset fileoff. */
int64_t io_view_bytes_before(const struct io_view *v, int64_t fileoff);

/* Request to the home: a fixed header, nseg segments, then data bytes. */
enum io_op {
    IO_OP_READ = 1,
    IO_OP_WRITE,
    IO_OP_SIZE,
    IO_OP_SETSIZE,
    IO_OP_PREALLOC,
    IO_OP_SYNC,
    IO_OP_SP_ADD,
    IO_OP_SP_SET,
    IO_OP_SP_GET
};
struct io_req {
    int32_t op, nseg;
    int64_t arg;   /* size, shared-pointer increment or value */
    int64_t ndata; /* data bytes that follow the segments */
};
struct io_reply {
    int32_t err; /* MPI error class, 0 */
    int32_t pad;
    int64_t val; /* bytes transferred, size, old pointer */
};
/* Message length of a request with n segments and ndata bytes; -1 if it
 * would not fit in an int (one message). */
int64_t io_req_len(int n, int64_t ndata);
/* Write the request into msg (io_req_len bytes). */
void io_req_pack(void *msg, const struct io_req *h, const struct io_seg *s, const void *data);
/* Check a received request of len bytes: 0 and its parts, or -1. */
int io_req_parse(const void *msg, int64_t len, struct io_req *h, const struct io_seg **s,
                 const char **data);
/* Sum of the segment lengths, or -1 if one is negative or starts below 0. */
int64_t io_segs_total(const struct io_seg *s, int n);

/* The shared file pointer (sec 13.4.4), in etypes: fetch-and-add, and the
 * new value for MPI_File_seek_shared (whence: 0 set, 1 cur, 2 end; eof in
 * etypes); -1 for a negative result. */
int64_t io_sp_fetch_add(int64_t *sp, int64_t n);
int64_t io_sp_seek(int64_t sp, int64_t off, int whence, int64_t eof);

#endif
