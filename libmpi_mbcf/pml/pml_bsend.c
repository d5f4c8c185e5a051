/* pml_bsend.c - point-to-point messaging layer: buffered-mode sends
 * (MPI-3.1 sec 3.6): a first-fit allocator inside the buffer attached with
 * MPI_Buffer_attach (mpi_bsend.c). Each message takes its packed size plus a
 * header no larger than MPI_BSEND_OVERHEAD. A block is freed when its send
 * completes; detach waits for all of them. */
#include "pml_bsend.h"
#include "pml.h"
#include <stddef.h>

struct blk {
    size_t size;          /* bytes of the block including this header */
    int used;
    int pad;
};
#define HDR ((sizeof(struct blk) + 15) & ~(size_t)15)
_Static_assert(HDR <= MPI_BSEND_OVERHEAD, "bsend header larger than MPI_BSEND_OVERHEAD");

static char *base;
static size_t total;
static int live;

static struct blk *next_blk(struct blk *b)
{
    char *n = (char *)b + b->size;
    return n < base + total ? (struct blk *)n : NULL;
}

static void coalesce(void)
{
    for (struct blk *b = (struct blk *)base; b; b = next_blk(b))
        while (!b->used) {
            struct blk *n = next_blk(b);
            if (!n || n->used)
                break;
            b->size += n->size;
        }
}

int bsend_attach(void *buf, int size)
{
    if (base)
        return MPI_ERR_BUFFER;
    if (!buf || size < (int)HDR)
        return MPI_ERR_ARG;
    /* align the start to 16 bytes */
    size_t skip = (16 - ((uintptr_t)buf & 15)) & 15;
    if ((size_t)size < skip + HDR)
        return MPI_ERR_ARG;
    base = (char *)buf + skip;
    total = ((size_t)size - skip) & ~(size_t)15;
    struct blk *b = (struct blk *)base;
    b->size = total;
    b->used = 0;
    return MPI_SUCCESS;
}

int bsend_detach_wait(void)
{
    while (live > 0)
        pml_progress_wait();
    return MPI_SUCCESS;
}

int bsend_detach(void **buf, int *size)
{
    if (!base)
        return MPI_ERR_BUFFER;
    bsend_detach_wait();
    *buf = base;
    *size = (int)total;
    base = NULL;
    total = 0;
    return MPI_SUCCESS;
}

static void *try_alloc(size_t need)
{
    for (struct blk *b = (struct blk *)base; b; b = next_blk(b)) {
        if (b->used || b->size < need)
            continue;
        if (b->size - need >= HDR + 16) {
            struct blk *rest = (struct blk *)((char *)b + need);
            rest->size = b->size - need;
            rest->used = 0;
            b->size = need;
        }
        b->used = 1;
        live++;
        return (char *)b + HDR;
    }
    return NULL;
}

void *bsend_alloc(int64_t bytes)
{
    if (!base)
        return NULL;
    size_t need = HDR + (((size_t)bytes + 15) & ~(size_t)15);
    void *p = try_alloc(need);
    if (!p && live) {
        /* pending buffered sends may finish and make room */
        for (int i = 0; i < 1000 && !p && live; i++) {
            pml_progress_wait();
            coalesce();
            p = try_alloc(need);
        }
    }
    return p;
}

void bsend_free(void *block)
{
    struct blk *b = (struct blk *)((char *)block - HDR);
    b->used = 0;
    live--;
    coalesce();
}
