/* palloc.c - physical page allocator (see palloc.h). Portable C. */
#include "palloc.h"

size_t palloc_bitmap_words(uint64_t npages)
{
    return (size_t)((npages + 63) / 64);
}

int palloc_is_free(const struct palloc *pa, uint64_t f)
{
    return f < pa->npages && ((pa->bits[f / 64] >> (f % 64)) & 1);
}

static void set_free(struct palloc *pa, uint64_t f)
{
    pa->bits[f / 64] |= 1ull << (f % 64);
}

static void set_used(struct palloc *pa, uint64_t f)
{
    pa->bits[f / 64] &= ~(1ull << (f % 64));
}

void palloc_init(struct palloc *pa, uint64_t *bits, uint64_t npages)
{
    pa->bits = bits;
    pa->npages = npages;
    pa->nfree = 0;
    pa->hint = npages;
    for (size_t i = 0; i < palloc_bitmap_words(npages); i++)
        bits[i] = 0;
}

void palloc_mark_free(struct palloc *pa, uint64_t first, uint64_t n)
{
    for (uint64_t f = first; f < first + n && f < pa->npages; f++) {
        if (!palloc_is_free(pa, f)) {
            set_free(pa, f);
            pa->nfree++;
        }
    }
    if (first < pa->hint && n > 0 && first < pa->npages)
        pa->hint = first;
}

void palloc_mark_used(struct palloc *pa, uint64_t first, uint64_t n)
{
    for (uint64_t f = first; f < first + n && f < pa->npages; f++) {
        if (palloc_is_free(pa, f)) {
            set_used(pa, f);
            pa->nfree--;
        }
    }
}

/* First free frame at or after f, or npages. */
static uint64_t next_free(const struct palloc *pa, uint64_t f)
{
    while (f < pa->npages) {
        uint64_t w = pa->bits[f / 64] >> (f % 64);
        if (w)
            return f + (uint64_t)__builtin_ctzll(w) < pa->npages ? f + (uint64_t)__builtin_ctzll(w) : pa->npages;
        f = (f / 64 + 1) * 64;
    }
    return pa->npages;
}

int64_t palloc_alloc(struct palloc *pa, uint64_t n)
{
    if (n == 0 || n > pa->nfree)
        return -1;
    uint64_t f = next_free(pa, pa->hint);
    pa->hint = f;
    while (f < pa->npages) {
        uint64_t run = 0;
        while (run < n && f + run < pa->npages && palloc_is_free(pa, f + run))
            run++;
        if (run == n) {
            for (uint64_t i = 0; i < n; i++)
                set_used(pa, f + i);
            pa->nfree -= n;
            if (f == pa->hint)
                pa->hint = f + n;
            return (int64_t)f;
        }
        f = next_free(pa, f + run);
    }
    return -1;
}

int palloc_free(struct palloc *pa, uint64_t first, uint64_t n)
{
    if (n == 0 || first >= pa->npages || n > pa->npages - first)
        return -1;
    for (uint64_t f = first; f < first + n; f++)
        if (palloc_is_free(pa, f))
            return -1;
    for (uint64_t f = first; f < first + n; f++)
        set_free(pa, f);
    pa->nfree += n;
    if (first < pa->hint)
        pa->hint = first;
    return 0;
}
