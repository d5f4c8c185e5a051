/* dte.c - datatype engine: flattening type constructors into segments and
 * element runs, extents per MPI-3.1 sec 4.1.6-4.1.7, pack/unpack. Portable C. */
#include "dte.h"
#include <stdlib.h>
#include <string.h>

static int push_seg(struct dte *d, int64_t off, int64_t len)
{
    if (len <= 0)
        return 0;
    if (d->nsegs && d->segs[d->nsegs - 1].off + d->segs[d->nsegs - 1].len == off) {
        d->segs[d->nsegs - 1].len += len;
        return 0;
    }
    if (d->nsegs == d->cap_segs) {
        int nc = d->cap_segs ? d->cap_segs * 2 : 4;
        void *p = realloc(d->segs, (size_t)nc * sizeof *d->segs);
        if (!p)
            return -1;
        d->segs = p;
        d->cap_segs = nc;
    }
    d->segs[d->nsegs++] = (struct dte_seg){ off, len };
    return 0;
}

static int push_run(struct dte *d, int32_t esize, int32_t basic, int64_t n)
{
    if (n <= 0)
        return 0;
    if (d->nruns && d->runs[d->nruns - 1].basic == basic &&
        d->runs[d->nruns - 1].esize == esize) {
        d->runs[d->nruns - 1].n += n;
        d->nelems += n;
        return 0;
    }
    if (d->nruns == d->cap_runs) {
        int nc = d->cap_runs ? d->cap_runs * 2 : 4;
        void *p = realloc(d->runs, (size_t)nc * sizeof *d->runs);
        if (!p)
            return -1;
        d->runs = p;
        d->cap_runs = nc;
    }
    d->runs[d->nruns++] = (struct dte_run){ esize, basic, n };
    d->nelems += n;
    return 0;
}

static void zero(struct dte *d)
{
    memset(d, 0, sizeof *d);
    d->red_basic = -1;
    d->align = 1;
}

int dte_init_basic(struct dte *d, int64_t size, int64_t align, int32_t id)
{
    zero(d);
    d->size = size;
    d->ub = d->true_ub = size;
    d->align = align;
    d->red_basic = id;
    d->red_n = 1;
    if (push_seg(d, 0, size) || push_run(d, (int32_t)size, id, 1)) {
        dte_destroy(d);
        return -1;
    }
    return 0;
}

int dte_init_pair(struct dte *d, int32_t id, int64_t s1, int32_t b1, int64_t s2,
                  int32_t b2, int64_t off2, int64_t extent, int64_t align)
{
    zero(d);
    d->size = s1 + s2;
    d->ub = extent;
    d->true_ub = off2 + s2;
    d->align = align;
    d->red_basic = id;
    d->red_n = 1;
    if (push_seg(d, 0, s1) || push_seg(d, off2, s2) || push_run(d, (int32_t)s1, b1, 1) ||
        push_run(d, (int32_t)s2, b2, 1)) {
        dte_destroy(d);
        return -1;
    }
    return 0;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

int dte_init_blocks(struct dte *d, int n, const int64_t *blocklens, const int64_t *displs,
                    const struct dte *const *olds, int pad_struct)
{
    zero(d);
    int any = 0, red_ok = 1;
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        const struct dte *o = olds[i];
        int64_t bl = blocklens[i];
        if (bl < 0)
            goto fail;
        if (bl == 0)
            continue;
        int64_t ext = dte_extent(o);
        int64_t first = displs[i], last = displs[i] + (bl - 1) * ext;
        int64_t lo = min64(first, last), hi = max64(first, last);
        int64_t lb = lo + o->lb, ub = hi + o->ub;
        int64_t tlb = lo + o->true_lb, tub = hi + o->true_ub;
        if (!any) {
            d->lb = lb; d->ub = ub; d->true_lb = tlb; d->true_ub = tub;
        } else {
            d->lb = min64(d->lb, lb); d->ub = max64(d->ub, ub);
            d->true_lb = min64(d->true_lb, tlb); d->true_ub = max64(d->true_ub, tub);
        }
        if (o->size && !any)
            d->red_basic = o->red_basic;
        any = 1;
        d->align = max64(d->align, o->align);
        d->size += bl * o->size;
        if (o->size && (o->red_basic < 0 || (d->red_basic != o->red_basic)))
            red_ok = 0;
        d->red_n += bl * o->red_n;
        if (o->nruns <= 1 && (o->nsegs == 0 || (o->nsegs == 1 && o->segs[0].len == ext))) {
            /* dense (or empty): the copies' segments abut and their runs are
             * one basic type, so the loop below would merge them into one
             * segment and one run; done at once, a block of 2^30 elements
             * (large counts, MPI-4.0 sec 2.5.8) costs no more than one */
            if (o->nsegs && push_seg(d, displs[i] + o->segs[0].off, bl * ext))
                goto fail;
            if (o->nruns && push_run(d, o->runs[0].esize, o->runs[0].basic, bl * o->runs[0].n))
                goto fail;
            continue;
        }
        for (int64_t j = 0; j < bl; j++) {
            int64_t base = displs[i] + j * ext;
            for (int s = 0; s < o->nsegs; s++)
                if (push_seg(d, base + o->segs[s].off, o->segs[s].len))
                    goto fail;
            for (int r = 0; r < o->nruns; r++)
                if (push_run(d, o->runs[r].esize, o->runs[r].basic, o->runs[r].n))
                    goto fail;
        }
    }
    if (!red_ok || d->size == 0) {
        d->red_basic = -1;
        d->red_n = 0;
    }
    if (pad_struct && any && d->align > 1) {
        int64_t ext = d->ub - d->lb, r = ext % d->align;
        if (r)
            d->ub += d->align - r;
    }
    return 0;
fail:
    dte_destroy(d);
    return -1;
}

int dte_init_resized(struct dte *d, const struct dte *old, int64_t lb, int64_t extent)
{
    const struct dte *olds[1] = { old };
    int64_t one = 1, zero_disp = 0;
    if (dte_init_blocks(d, 1, &one, &zero_disp, olds, 0))
        return -1;
    d->lb = lb;
    d->ub = lb + extent;
    return 0;
}

void dte_destroy(struct dte *d)
{
    free(d->segs);
    free(d->runs);
    d->segs = NULL;
    d->runs = NULL;
    d->nsegs = d->cap_segs = d->nruns = d->cap_runs = 0;
}

/* Walk the stream range [skip, skip+nbytes) and copy piecewise. */
static int64_t walk(const struct dte *d, char *buf, int64_t count, char *stream,
                    int64_t skip, int64_t nbytes, int to_stream)
{
    if (d->size == 0 || nbytes <= 0 || count <= 0)
        return 0;
    int64_t total = d->size * count;
    if (skip >= total)
        return 0;
    if (nbytes > total - skip)
        nbytes = total - skip;
    int64_t ext = dte_extent(d), done = 0;
    int64_t k = skip / d->size, in = skip % d->size;
    int64_t off;
    if (dte_is_contig(d, count, &off)) {
        char *p = buf + off + skip;
        if (to_stream)
            memcpy(stream, p, (size_t)nbytes);
        else
            memcpy(p, stream, (size_t)nbytes);
        return nbytes;
    }
    for (; k < count && done < nbytes; k++) {
        char *base = buf + k * ext;
        int64_t pos = 0;
        for (int s = 0; s < d->nsegs && done < nbytes; s++) {
            int64_t len = d->segs[s].len;
            if (pos + len <= in) {
                pos += len;
                continue;
            }
            int64_t from = in > pos ? in - pos : 0;
            int64_t n = len - from;
            if (n > nbytes - done)
                n = nbytes - done;
            char *p = base + d->segs[s].off + from;
            if (to_stream)
                memcpy(stream + done, p, (size_t)n);
            else
                memcpy(p, stream + done, (size_t)n);
            done += n;
            pos += len;
        }
        in = 0;
    }
    return done;
}

int64_t dte_pack(const struct dte *d, const void *buf, int64_t count, void *out,
                 int64_t skip, int64_t nbytes)
{
    return walk(d, (char *)buf, count, out, skip, nbytes, 1);
}

int64_t dte_unpack(const struct dte *d, void *buf, int64_t count, const void *in,
                   int64_t skip, int64_t nbytes)
{
    return walk(d, buf, count, (char *)in, skip, nbytes, 0);
}

int64_t dte_elements(const struct dte *d, int64_t nbytes)
{
    if (nbytes <= 0 || d->size == 0)
        return 0;
    int64_t full = nbytes / d->size, rem = nbytes % d->size;
    int64_t e = full * d->nelems;
    for (int r = 0; r < d->nruns && rem > 0; r++) {
        int64_t bytes = (int64_t)d->runs[r].esize * d->runs[r].n;
        if (rem >= bytes) {
            e += d->runs[r].n;
            rem -= bytes;
        } else {
            e += rem / d->runs[r].esize;
            rem %= d->runs[r].esize;
            break;
        }
    }
    return rem ? -1 : e;
}
