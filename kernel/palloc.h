/* palloc.h - physical page allocator: a bitmap over page frames, first fit
 * from the lowest address (deterministic). Portable C, unit-tested on the host. */
#ifndef PALLOC_H
#define PALLOC_H
#include <stdint.h>
#include <stddef.h>

struct palloc {
    uint64_t *bits;    /* bit set = page free */
    uint64_t npages;   /* frames covered: 0 .. npages-1 */
    uint64_t nfree;
    uint64_t hint;     /* no free page below this frame */
};

size_t  palloc_bitmap_words(uint64_t npages);
/* All frames start out used; then hand the usable ranges to palloc_mark_free. */
void    palloc_init(struct palloc *pa, uint64_t *bits, uint64_t npages);
void    palloc_mark_free(struct palloc *pa, uint64_t first, uint64_t n); /* clipped to npages */
void    palloc_mark_used(struct palloc *pa, uint64_t first, uint64_t n); /* clipped to npages */
/* n contiguous frames, lowest fit; returns the first frame or -1. */
int64_t palloc_alloc(struct palloc *pa, uint64_t n);
/* Returns 0, or -1 (and changes nothing) when the range is out of bounds or
 * any frame in it is already free (double free). */
int     palloc_free(struct palloc *pa, uint64_t first, uint64_t n);
int     palloc_is_free(const struct palloc *pa, uint64_t frame);
#endif
