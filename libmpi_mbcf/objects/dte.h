/* dte.h - datatype engine of libmpi_mbcf: type maps flattened into byte
 * segments, element runs for MPI_Get_elements, extents (MPI-3.1 sec 4.1),
 * pack/unpack of non-contiguous data. Portable C, unit-tested on the host
 * (tests/host/test_mpi_dte.c); the MPI_Type_* entry points are mpi_datatype.c. */
#ifndef LIBMPI_MBCF_DTE_H
#define LIBMPI_MBCF_DTE_H
#include <stdint.h>
#include <stddef.h>

struct dte_seg { int64_t off, len; };          /* bytes at buf+off */
struct dte_run { int32_t esize, basic; int64_t n; };  /* n basic elements */

struct dte {
    int64_t size;            /* data bytes of one instance */
    int64_t lb, ub;          /* extent = ub - lb */
    int64_t true_lb, true_ub;
    int64_t align;           /* strictest basic alignment inside */
    int nsegs, cap_segs;
    struct dte_seg *segs;    /* type map in order, adjacent pieces merged */
    int nruns, cap_runs;
    struct dte_run *runs;    /* basic elements in type-map order */
    int64_t nelems;          /* basic elements per instance */
    int32_t red_basic;       /* the one predefined type it is made of, or -1 */
    int64_t red_n;           /* how many of red_basic per instance */
};

static inline int64_t dte_extent(const struct dte *d) { return d->ub - d->lb; }

/* Constructors: return 0, or -1 when out of memory / bad arguments. */
int dte_init_basic(struct dte *d, int64_t size, int64_t align, int32_t id);
/* Pair type {a; b} for MAXLOC/MINLOC: first at 0, second at off2. */
int dte_init_pair(struct dte *d, int32_t id, int64_t s1, int32_t b1, int64_t s2,
                  int32_t b2, int64_t off2, int64_t extent, int64_t align);
/* General constructor: block i holds blocklens[i] copies of olds[i] starting
 * at byte displacement displs[i]. pad_struct: round the extent up to the
 * alignment (MPI_Type_create_struct). All of contiguous, (h)vector,
 * (h)indexed(_block) and struct map onto it. */
int dte_init_blocks(struct dte *d, int n, const int64_t *blocklens, const int64_t *displs,
                    const struct dte *const *olds, int pad_struct);
int dte_init_resized(struct dte *d, const struct dte *old, int64_t lb, int64_t extent);
void dte_destroy(struct dte *d);

/* Contiguous layout of count instances: returns 1 and the offset of the
 * first byte when they form one block, else 0. */
static inline int dte_is_contig(const struct dte *d, int64_t count, int64_t *off)
{
    if (d->size == 0 || count == 0) {
        *off = 0;
        return 1;
    }
    if (d->nsegs != 1 || d->segs[0].len != d->size)
        return 0;
    if (count > 1 && dte_extent(d) != d->size)
        return 0;
    *off = d->segs[0].off;
    return 1;
}

/* Copy between the typed buffer (count instances at buf) and a packed
 * stream, starting `skip` bytes into the stream, for at most nbytes.
 * Returns bytes copied. */
int64_t dte_pack(const struct dte *d, const void *buf, int64_t count, void *out,
                 int64_t skip, int64_t nbytes);
int64_t dte_unpack(const struct dte *d, void *buf, int64_t count, const void *in,
                   int64_t skip, int64_t nbytes);

/* Basic elements contained in the first nbytes of a packed stream of this
 * type; -1 when nbytes does not end on an element boundary. */
int64_t dte_elements(const struct dte *d, int64_t nbytes);

#endif
