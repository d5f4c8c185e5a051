/* match.c - matching engine and send-request bookkeeping of MPI/MBCF
 * (seed 003 sec 2.2, footnotes 2-3; rules in match.h). Portable C. */
#include "match.h"
#include <stdlib.h>
#include <string.h>

void mq_list_init(struct mq_list *l)
{
    l->head.prev = l->head.next = &l->head;
}



int mq_env_overlap(const struct mq_env *a, const struct mq_env *b)
{
    if (a->ctx != b->ctx)
        return 0;
    if (a->src != MQ_ANY_SOURCE && b->src != MQ_ANY_SOURCE && a->src != b->src)
        return 0;
    return a->tag == MQ_ANY_TAG || b->tag == MQ_ANY_TAG || a->tag == b->tag;
}

struct mq_recv *mq_find_recv(struct mq_list *posted, const struct mq_env *msg)
{
    for (struct mq_node *n = posted->head.next; n != &posted->head; n = n->next) {
        struct mq_recv *r = MQ_CONTAINER(n, struct mq_recv, node);
        if (mq_env_match(&r->pat, msg))
            return r;
    }
    return NULL;
}

struct mq_msg *mq_find_msg(struct mq_list *unexpected, const struct mq_env *pat)
{
    for (struct mq_node *n = unexpected->head.next; n != &unexpected->head; n = n->next) {
        struct mq_msg *m = MQ_CONTAINER(n, struct mq_msg, node);
        if (mq_env_match(pat, &m->env))
            return m;
    }
    return NULL;
}

#define MAX_BLOCKERS 64

int mq_issue_requests(struct mq_list *posted, struct mq_seen seen, int self,
                      int max_walk, int (*issue)(struct mq_recv *r, void *arg), void *arg)
{
    const struct mq_env *blockers[MAX_BLOCKERS];
    unsigned char live[MQ_MAX_SRC] = { 0 };   /* live requests per source */
    int nb = 0, issued = 0, walked = 0;
    for (struct mq_node *n = posted->head.next; n != &posted->head; n = n->next) {
        if (walked++ >= max_walk)
            break;
        struct mq_recv *r = MQ_CONTAINER(n, struct mq_recv, node);
        int src = r->pat.src;
        int capped = src >= 0 && src < MQ_MAX_SRC;
        if (mq_request_live(r, seen)) {
            if (capped && live[src] < 255)
                live[src]++;
            continue;
        }
        int ok = src >= 0 && src != self && !(capped && live[src] >= MQ_MAX_LIVE);
        for (int b = 0; ok && b < nb; b++)
            if (mq_env_overlap(blockers[b], &r->pat))
                ok = 0;
        if (ok && issue(r, arg) == 0) {
            r->requested = 1;
            r->req_epoch = mq_seen_of(seen, src);
            issued++;
            if (capped)
                live[src]++;
            continue;
        }
        r->requested = 0;
        if (nb == MAX_BLOCKERS)
            break;            /* too many blockers to reason about: stop */
        blockers[nb++] = &r->pat;
    }
    return issued;
}

void mq_sreq_peer_init(struct mq_sreq_peer *p)
{
    memset(p, 0, sizeof *p);
}

void mq_sreq_peer_destroy(struct mq_sreq_peer *p)
{
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
}

int mq_sreq_arrive(struct mq_sreq_peer *p, const struct mq_sreq *r)
{
    if (r->epoch != p->sent) {
        p->rejected++;
        return 0;
    }
    if (p->n == p->cap) {
        int nc = p->cap ? p->cap * 2 : 16;
        void *v = realloc(p->v, (size_t)nc * sizeof *p->v);
        if (!v)
            return -1;
        p->v = v;
        p->cap = nc;
    }
    p->v[p->n++] = *r;
    return 1;
}

int mq_sreq_take(struct mq_sreq_peer *p, int32_t tag, uint32_t ctx, struct mq_sreq *out)
{
    struct mq_env msg = { 0, tag, ctx };
    for (int i = 0; i < p->n; i++) {
        struct mq_env pat = { 0, p->v[i].tag, p->v[i].ctx };
        if (p->v[i].epoch == p->sent && mq_env_match(&pat, &msg)) {
            *out = p->v[i];
            if (i + 1 < p->n)          /* the usual case, the last one: no move */
                memmove(&p->v[i], &p->v[i + 1], (size_t)(p->n - i - 1) * sizeof *p->v);
            p->n--;
            return 1;
        }
    }
    return 0;
}

int mq_sreq_cancel(struct mq_sreq_peer *p, uint64_t rid)
{
    for (int i = 0; i < p->n; i++)
        if (p->v[i].rid == rid) {
            memmove(&p->v[i], &p->v[i + 1], (size_t)(p->n - i - 1) * sizeof *p->v);
            p->n--;
            return 1;
        }
    return 0;
}
