/* io_view.c - MPI-IO's portable core (io_view.h): view flattening (MPI-3.1
 * sec 13.3), request messages to the file's home, shared-pointer
 * arithmetic (sec 13.4.4). */
#include "io_view.h"
#include <stdlib.h>
#include <string.h>

static const struct dte_seg one_seg = { 0, 1 };

/* The filetype's segments, its data size and extent (contiguous bytes when
 * the view has no filetype). */
static const struct dte_seg *ft_segs(const struct io_view *v, int *n, int64_t *size, int64_t *ext)
{
    if (!v->ft) {
        *n = 1;
        *size = *ext = 1;
        return &one_seg;
    }
    *n = v->ft->nsegs;
    *size = v->ft->size;
    *ext = dte_extent(v->ft);
    return v->ft->segs;
}

static int add_seg(struct io_seg **s, int *n, int *cap, int64_t off, int64_t len)
{
    if (*n && (*s)[*n - 1].off + (*s)[*n - 1].len == off) {
        (*s)[*n - 1].len += len;
        return 0;
    }
    if (*n == *cap) {
        int nc = *cap ? 2 * *cap : 8;
        struct io_seg *t = realloc(*s, (size_t)nc * sizeof *t);
        if (!t)
            return -1;
        *s = t;
        *cap = nc;
    }
    (*s)[(*n)++] = (struct io_seg){ off, len };
    return 0;
}

int io_view_flatten(const struct io_view *v, int64_t pos, int64_t nbytes, struct io_seg **segs)
{
    int ns, n = 0, cap = 0;
    int64_t size, ext;
    const struct dte_seg *fs = ft_segs(v, &ns, &size, &ext);
    *segs = NULL;
    if (pos < 0 || nbytes < 0 || size <= 0 || v->disp < 0)
        return -1;
    if (nbytes == 0)
        return 0;
    if (!v->ft) /* contiguous: one segment */
        return add_seg(segs, &n, &cap, v->disp + pos, nbytes) ? -1 : 1;
    int64_t tile = pos / size, r = pos % size;
    int i = 0;
    while (r >= fs[i].len) { /* the segment holding byte r */
        r -= fs[i].len;
        i++;
    }
    while (nbytes > 0) {
        int64_t take = fs[i].len - r;
        if (take > nbytes)
            take = nbytes;
        int64_t off = v->disp + tile * ext + fs[i].off + r;
        if (off < 0 || add_seg(segs, &n, &cap, off, take)) {
            free(*segs);
            *segs = NULL;
            return -1;
        }
        nbytes -= take;
        r = 0;
        if (++i == ns) {
            i = 0;
            tile++;
        }
    }
    return n;
}

int64_t io_view_byte_offset(const struct io_view *v, int64_t pos)
{
    struct io_seg *s;
    if (io_view_flatten(v, pos, 1, &s) != 1)
        return -1;
    int64_t off = s[0].off;
    free(s);
    return off;
}

int64_t io_view_bytes_before(const struct io_view *v, int64_t fileoff)
{
    int ns;
    int64_t size, ext;
    const struct dte_seg *fs = ft_segs(v, &ns, &size, &ext);
    int64_t rel = fileoff - v->disp;
    if (rel <= 0 || size <= 0)
        return 0;
    if (!v->ft)
        return rel;
    if (ext <= 0)
        return 0;
    /* whole tiles before rel (a tile's data lies within its true extent,
     * which may pass the extent: count the last few tiles piecewise) */
    int64_t tiles = rel / ext, count = 0;
    int64_t first = tiles > 2 ? tiles - 2 : 0;
    count = first * size;
    for (int64_t t = first; t <= tiles + 1; t++)
        for (int i = 0; i < ns; i++) {
            int64_t a = t * ext + fs[i].off, b = a + fs[i].len;
            if (b <= rel)
                count += fs[i].len;
            else if (a < rel)
                count += rel - a;
        }
    return count;
}

int64_t io_req_len(int n, int64_t ndata)
{
    if (n < 0 || ndata < 0)
        return -1;
    int64_t len = (int64_t)sizeof(struct io_req) + (int64_t)n * (int64_t)sizeof(struct io_seg) + ndata;
    return len > 0x7fffffff ? -1 : len;
}

void io_req_pack(void *msg, const struct io_req *h, const struct io_seg *s, const void *data)
{
    char *p = msg;
    memcpy(p, h, sizeof *h);
    p += sizeof *h;
    if (h->nseg > 0) {
        memcpy(p, s, (size_t)h->nseg * sizeof *s);
        p += (size_t)h->nseg * sizeof *s;
    }
    if (h->ndata > 0)
        memcpy(p, data, (size_t)h->ndata);
}

int io_req_parse(const void *msg, int64_t len, struct io_req *h, const struct io_seg **s,
                 const char **data)
{
    if (len < (int64_t)sizeof *h)
        return -1;
    memcpy(h, msg, sizeof *h);
    if (io_req_len(h->nseg, h->ndata) != len)
        return -1;
    *s = (const struct io_seg *)((const char *)msg + sizeof *h);
    *data = (const char *)msg + sizeof *h + (size_t)h->nseg * sizeof **s;
    return 0;
}

int64_t io_segs_total(const struct io_seg *s, int n)
{
    int64_t t = 0;
    for (int i = 0; i < n; i++) {
        if (s[i].off < 0 || s[i].len < 0 || s[i].len > INT64_MAX - t)
            return -1;
        t += s[i].len;
    }
    return t;
}

int64_t io_sp_fetch_add(int64_t *sp, int64_t n)
{
    int64_t old = *sp;
    if (old + n < 0)
        return -1;
    *sp = old + n;
    return old;
}

int64_t io_sp_seek(int64_t sp, int64_t off, int whence, int64_t eof)
{
    int64_t base = whence == 0 ? 0 : whence == 1 ? sp
                                                 : eof;
    return base + off < 0 ? -1 : base + off;
}
