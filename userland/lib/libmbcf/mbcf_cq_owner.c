/* mbcf_cq_owner.c - one completion queue, two owners: a library linked into
 * the program (libmpi_mbcf) claims the completions whose cookie has a bit of
 * its mask set (mbcf_cq_claim); mbcf_poll_cq returns only the others, to the
 * program, and mbcf_poll_cq_claimed only the claimed ones. What one of them
 * reads from the queue that belongs to the other is kept in the other's
 * stash (a growing ring, in order) and returned first at its next poll. So a
 * library may leave its completions in the queue and drain them in batches
 * even when the program polls the queue itself (mpibench's MBCF column took
 * libmpi_mbcf's waiting completions: docs/fastpath.md).
 * The backend (mbcf_guest.c, mbcf_host.c) only takes entries off its queue
 * (mbcf_cq_take). Portable: unit-tested in tests/host/test_mbcf_cq_owner.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mbcf_common.h"

struct cq_stash {
    mbcf_cqe_t *e;
    uint32_t head, n, cap;      /* cap: 0 or a power of two */
};
static struct cq_stash stash[2];   /* [0] the program's, [1] the claiming library's */
static uint64_t claim_mask;

void mbcf_cq_claim(uint64_t mask)
{
    claim_mask = mask;
}

static void stash_put(struct cq_stash *s, const mbcf_cqe_t *c)
{
    if (s->n == s->cap) {
        uint32_t nc = s->cap ? s->cap * 2 : 64;
        mbcf_cqe_t *e = malloc((size_t)nc * sizeof *e);
        if (!e) {   /* a completion must not be lost: nothing sensible is left */
            fprintf(stderr, "libmbcf: no memory to keep %u completions for their owner\n",
                    s->n + 1);
            abort();
        }
        for (uint32_t i = 0; i < s->n; i++)
            e[i] = s->e[(s->head + i) & (s->cap - 1)];
        free(s->e);
        s->e = e;
        s->cap = nc;
        s->head = 0;
    }
    s->e[(s->head + s->n) & (s->cap - 1)] = *c;
    s->n++;
}

/* Up to max completions of owner cls (0 program, 1 claimed): its stash
 * first, then the queue; the other owner's entries met on the way go to its
 * stash. */
static int poll_owner(int cls, mbcf_cqe_t *out, int max)
{
    struct cq_stash *own = &stash[cls], *other = &stash[!cls];
    int n = 0;
    while (n < max && own->n) {
        out[n++] = own->e[own->head];
        own->head = (own->head + 1) & (own->cap - 1);
        own->n--;
    }
    while (n < max) {
        int k = mbcf_cq_take(out + n, max - n);
        if (k <= 0)
            break;
        int m = n;
        for (int i = n; i < n + k; i++) {
            if (((out[i].cookie & claim_mask) != 0) == cls) {
                if (m != i)
                    out[m] = out[i];
                m++;
            }
            else
                stash_put(other, &out[i]);
        }
        n = m;
    }
    return n;
}

int mbcf_poll_cq(mbcf_cqe_t *out, int max)
{
    if (!claim_mask && !stash[0].n)    /* nothing claimed: the queue as it is */
        return max > 0 ? mbcf_cq_take(out, max) : 0;
    return max > 0 ? poll_owner(0, out, max) : 0;
}

int mbcf_poll_cq_claimed(mbcf_cqe_t *out, int max)
{
    return max > 0 ? poll_owner(1, out, max) : 0;
}

/* Only straight from the queue: entries kept in the claimed owner's stash
 * come first, and mbcf_poll_cq_claimed returns them. */
int mbcf_poll_cq_run(uint64_t *first, int max)
{
    if (stash[1].n || !claim_mask || max <= 0)
        return 0;
    return mbcf_cq_take_run(claim_mask, first, max);
}

void mbcf_cq_owner_reset(void)
{
    for (int i = 0; i < 2; i++) {
        free(stash[i].e);
        memset(&stash[i], 0, sizeof stash[i]);
    }
    claim_mask = 0;
}
