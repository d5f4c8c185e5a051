/* pml_rqorder.c - request-channel items back in their numbered order
 * (pml_rqorder.h). Items are kept by number in a ring of slots that doubles
 * when an item lies beyond it. Unit test: tests/host/test_mpi_rqorder.c. */
#include "pml_rqorder.h"
#include <stdlib.h>
#include <string.h>

void rq_order_init(struct rq_order *o)
{
    memset(o, 0, sizeof *o);
}

void rq_order_destroy(struct rq_order *o)
{
    free(o->slot);
    free(o->used);
    rq_order_init(o);
}

/* Room for numbers done+1 .. done+want: the kept items move to their slots
 * in a ring of the new size. 0 or -1 (no memory). */
static int grow(struct rq_order *o, uint32_t want)
{
    int nc = o->cap ? o->cap : 16;
    while ((uint32_t)nc < want)
        nc *= 2;
    struct wire *s = calloc((size_t)nc, sizeof *s);
    uint8_t *u = calloc((size_t)nc, 1);
    if (!s || !u) {
        free(s);
        free(u);
        return -1;
    }
    for (int i = 0; i < o->cap; i++)
        if (o->used[i]) {
            uint32_t k = o->slot[i].pad;
            s[k & (uint32_t)(nc - 1)] = o->slot[i];
            u[k & (uint32_t)(nc - 1)] = 1;
        }
    free(o->slot);
    free(o->used);
    o->slot = s;
    o->used = u;
    o->cap = nc;
    return 0;
}

int rq_order_arrive(struct rq_order *o, const struct wire *w)
{
    uint32_t ahead = w->pad - o->done; /* 1: the next one */
    if (ahead == 1) {
        o->done = w->pad;
        return 1;
    }
    if (ahead == 0 || ahead > 0x80000000u)
        return 0; /* handled before: a duplicate */
    if (ahead > (uint32_t)o->cap && grow(o, ahead))
        return -1;
    uint32_t i = w->pad & (uint32_t)(o->cap - 1);
    if (!o->used[i]) {
        o->slot[i] = *w;
        o->used[i] = 1;
        o->n++;
    }
    return 0;
}

int rq_order_next(struct rq_order *o, struct wire *out)
{
    if (!o->n)
        return 0;
    uint32_t k = o->done + 1, i = k & (uint32_t)(o->cap - 1);
    if (!o->used[i] || o->slot[i].pad != k)
        return 0;
    *out = o->slot[i];
    o->used[i] = 0;
    o->n--;
    o->done = k;
    return 1;
}
