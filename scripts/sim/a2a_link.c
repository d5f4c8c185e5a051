/* a2a_link.c - link-load model of Alltoall on a torus (a2a_link.h): the
 * flows of each window of the library's schedule (coll_a2a_sched.c) are
 * routed as SimGrid routes them on a TORUS cluster and counted per link
 * direction with difference arrays along each ring line, so a window costs
 * O(flows + links): pairwise on 27,648 nodes x 4 ranks is 110,591 windows. */
#include <stdlib.h>
#include <string.h>
#include "a2a_link.h"
#include "coll_a2a_sched.h"

/* Counters of one window: per dimension and direction a difference array
 * over every ring line (n+1 entries per line), per node out/in counts. */
struct acc {
    const struct a2al_plat *plat;
    int nn;                         /* physical nodes */
    int *diff[3][2];
    long *tot[3][2];                /* flows over the whole call per link (weighted) */
    long *ntot;                     /* flows from and to each node over the call */
    int weight;                     /* windows the current one stands for */
    int *out, *in;
    int (*xyz)[3];                  /* coordinates of each node */
    struct a2al_win w;
};

static void node_coords(const struct a2al_plat *p, int id, int c[3])
{
    c[0] = id % p->pd[0];
    c[1] = id / p->pd[0] % p->pd[1];
    c[2] = id / (p->pd[0] * p->pd[1]);
}

/* The ring line of dimension d through coordinates c (c[d] ignored). */
static int line_of(const struct a2al_plat *p, int d, const int c[3])
{
    if (d == 0)
        return c[1] + p->pd[1] * c[2];
    if (d == 1)
        return c[0] + p->pd[0] * c[2];
    return c[0] + p->pd[0] * c[1];
}

/* SimGrid TorusZone::get_local_route, per dimension: "right" (up) when the
 * target is right of the source within half the ring, or the source is past
 * the middle and the target within half a ring after it (wrapping). The
 * rule uses the source's coordinate, so a route never changes direction in
 * a dimension; even rings break the n/2 tie as this rule does. */
static int goes_up(int s, int t, int n)
{
    return (t > s && t <= s + n / 2) || (s > n / 2 && (s + n / 2) % n >= t);
}

/* The route between nodes at coordinates ca and cb (see a2al_route). */
static int route_c(const struct a2al_plat *plat, const int ca[3], const int cb[3], int len[3],
                   int dir[3])
{
    int hops = 0;
    for (int d = 0; d < 3; d++) {
        int n = plat->pd[d], s = ca[d], t = cb[d];
        len[d] = dir[d] = 0;
        if (s == t)
            continue;
        dir[d] = !goes_up(s, t, n);
        len[d] = dir[d] ? (s - t + n) % n : (t - s + n) % n;
        hops += len[d];
    }
    return hops;
}

int a2al_route(const struct a2al_plat *plat, int a, int b, int len[3], int dir[3])
{
    int ca[3], cb[3];
    node_coords(plat, a, ca);
    node_coords(plat, b, cb);
    return route_c(plat, ca, cb, len, dir);
}

/* Add k flows from physical node a to b. */
static void add_flows(struct acc *ac, int a, int b, int k)
{
    const struct a2al_plat *p = ac->plat;
    if (a == b) {
        ac->w.intra = 1;
        return;
    }
    int len[3], dir[3], cur[3];
    const int *ca = ac->xyz[a], *cb = ac->xyz[b];
    int hops = route_c(p, ca, cb, len, dir);
    memcpy(cur, ca, sizeof cur);
    for (int d = 0; d < 3; d++) {
        if (!len[d])
            continue;
        int n = p->pd[d];
        /* up: links i -> i+1 for i = s .. s+len-1; down: links i+1 -> i,
         * named by i, for i = t .. t+len-1 (mod n) */
        int start = dir[d] ? cb[d] : ca[d], end = start + len[d];
        int *df = ac->diff[d][dir[d]] + (size_t)line_of(p, d, cur) * (size_t)(n + 1);
        df[start] += k;
        if (end <= n) {
            df[end] -= k;
        } else {
            df[n] -= k;
            df[0] += k;
            df[end - n] -= k;
        }
        cur[d] = cb[d];
    }
    ac->out[a] += k;
    ac->in[b] += k;
    ac->w.inter = 1;
    if (hops > ac->w.hops)
        ac->w.hops = hops;
}

/* Close the window: maxima of the counters, which are cleared. */
static struct a2al_win close_window(struct acc *ac)
{
    const struct a2al_plat *p = ac->plat;
    struct a2al_win w = ac->w;
    for (int d = 0; d < 3; d++) {
        int n = p->pd[d];
        if (n < 2)
            continue;
        int lines = ac->nn / n;
        for (int dr = 0; dr < 2; dr++) {
            int *df = ac->diff[d][dr];
            for (int l = 0; l < lines; l++, df += n + 1) {
                int run = 0;
                long *tt = ac->tot[d][dr] + (df - ac->diff[d][dr]);
                for (int i = 0; i < n; i++) {
                    run += df[i];
                    if (run > w.link)
                        w.link = run;
                    tt[i] += (long)run * ac->weight;
                }
                memset(df, 0, sizeof *df * (size_t)(n + 1));
            }
        }
    }
    for (int i = 0; i < ac->nn; i++) {
        if (ac->out[i] + ac->in[i] > w.node)
            w.node = ac->out[i] + ac->in[i];
        ac->ntot[i] += (long)(ac->out[i] + ac->in[i]) * ac->weight;
    }
    memset(ac->out, 0, sizeof *ac->out * (size_t)ac->nn);
    memset(ac->in, 0, sizeof *ac->in * (size_t)ac->nn);
    memset(&ac->w, 0, sizeof ac->w);
    return w;
}

/* The destinations of every rank in step k of the schedule, direction j
 * (Doublespread: j 0 sends to +o, j 1 to -o when -o != o; pairwise: j 0
 * only) into dst[]; returns 0 when the step has no direction j. The
 * peers are stepped incrementally over the ranks (coll_ds_shift per rank
 * costs ~10 divisions, coll_pairwise_peer two: the bulk of a 27,648-node
 * profile) and checked against those functions at the first and last rank. */
static int step_dsts(enum a2al_alg alg, const struct coll_shape *sh, int size, const int *steps,
                     int k, int j, int *dst)
{
    if (alg == A2AL_PAIRWISE) {
        if (j)
            return 0;
        int src, d = coll_pairwise_peer(0, size, k + 1, &src);
        for (int r = 0; r < size; r++, d = d + 1 == size ? 0 : d + 1)
            dst[r] = d;
        if (dst[size - 1] != coll_pairwise_peer(size - 1, size, k + 1, &src))
            abort();                        /* the peer is coll_pairwise_peer's */
        return 1;
    }
    int o = steps[k], sign = j ? -1 : 1, oc[3], c[3] = { 0, 0, 0 };
    if (j && coll_ds_neg(sh, o) == o)
        return 0;
    coll_shape_coords(sh, o, oc);
    for (int d = 0; d < 3; d++)
        if (sign < 0)
            oc[d] = (sh->n[d] - oc[d]) % sh->n[d];
    for (int r = 0; r < size; r++) {
        int t[3];
        for (int d = 0; d < 3; d++) {
            t[d] = c[d] + oc[d];
            if (t[d] >= sh->n[d])
                t[d] -= sh->n[d];
        }
        dst[r] = t[0] + sh->n[0] * (t[1] + sh->n[1] * t[2]);
        for (int d = 0; d < 3 && ++c[d] == sh->n[d]; d++)
            c[d] = 0;
    }
    if (dst[0] != coll_ds_shift(sh, 0, o, sign) || dst[size - 1] != coll_ds_shift(sh, size - 1, o, sign))
        abort();                            /* the shift is coll_ds_shift's */
    return 1;
}

static void acc_free(struct acc *ac)
{
    for (int d = 0; d < 3; d++)
        for (int dr = 0; dr < 2; dr++) {
            free(ac->diff[d][dr]);
            free(ac->tot[d][dr]);
        }
    free(ac->ntot);
    free(ac->out);
    free(ac->in);
    free(ac->xyz);
}

int a2al_profile(const struct a2al_plat *plat, const struct coll_shape *sh,
                 const int *node_of, enum a2al_alg alg, struct a2al_prof *out)
{
    return a2al_profile_sampled(plat, sh, node_of, alg, 1, out);
}

int a2al_profile_sampled(const struct a2al_plat *plat, const struct coll_shape *sh,
                         const int *node_of, enum a2al_alg alg, int stride,
                         struct a2al_prof *out)
{
    int size = sh->n[0] * sh->n[1] * sh->n[2];
    struct acc ac;
    memset(&ac, 0, sizeof ac);
    memset(out, 0, sizeof *out);
    ac.plat = plat;
    ac.nn = plat->pd[0] * plat->pd[1] * plat->pd[2];
    int *steps = NULL, *dst = NULL, nsteps = size - 1, per = 1, rc = -1;
    if (alg == A2AL_DOUBLESPREAD) {
        nsteps = coll_ds_steps(sh, &steps);
        per = COLL_DS_WINDOW;
        if (nsteps < 0)
            return -1;
    }
    for (int d = 0; d < 3; d++)
        for (int dr = 0; dr < 2; dr++) {
            size_t n = (size_t)(ac.nn / plat->pd[d]) * (size_t)(plat->pd[d] + 1);
            if (!(ac.diff[d][dr] = calloc(n, sizeof(int))) ||
                !(ac.tot[d][dr] = calloc(n, sizeof(long))))
                goto out;
        }
    ac.out = calloc((size_t)ac.nn, sizeof(int));
    ac.in = calloc((size_t)ac.nn, sizeof(int));
    ac.xyz = calloc((size_t)ac.nn, sizeof *ac.xyz);
    ac.ntot = calloc((size_t)ac.nn, sizeof(long));
    for (int i = 0; ac.xyz && i < ac.nn; i++)
        node_coords(plat, i, ac.xyz[i]);
    int all = nsteps > 0 ? (nsteps + per - 1) / per : 0;   /* windows of the schedule */
    if (stride < 1)
        stride = 1;
    out->nwin = (all + stride - 1) / stride;
    out->w = calloc((size_t)(out->nwin ? out->nwin : 1), sizeof *out->w);
    dst = malloc(sizeof *dst * (size_t)(size > 0 ? size : 1));
    if (!ac.out || !ac.in || !ac.xyz || !ac.ntot || !out->w || !dst)
        goto out;
    for (int g = 0; g < out->nwin; g++) {
        /* the middle window of each group of `stride` stands for the group */
        int left = all - g * stride, weight = left < stride ? left : stride;
        int wi = g * stride + weight / 2;
        ac.weight = weight;
        for (int k = wi * per; k < (wi + 1) * per && k < nsteps; k++) {
            /* consecutive ranks of one node to one node: one route, gk flows */
            for (int j = 0; j < 2 && step_dsts(alg, sh, size, steps, k, j, dst); j++) {
                int ga = -1, gb = -1, gk = 0;
                for (int r = 0; r < size; r++) {
                    int a = node_of[r], b = node_of[dst[r]];
                    if (a == ga && b == gb) {
                        gk++;
                        continue;
                    }
                    if (gk)
                        add_flows(&ac, ga, gb, gk);
                    ga = a, gb = b, gk = 1;
                }
                if (gk)
                    add_flows(&ac, ga, gb, gk);
            }
        }
        out->w[g] = close_window(&ac);
        out->w[g].weight = weight;
    }
    for (int d = 0; d < 3; d++)
        for (int dr = 0; dr < 2; dr++) {
            size_t n = (size_t)(ac.nn / plat->pd[d]) * (size_t)(plat->pd[d] + 1);
            for (size_t i = 0; i < n; i++)
                if (ac.tot[d][dr][i] > out->link_total)
                    out->link_total = ac.tot[d][dr][i];
        }
    for (int i = 0; i < ac.nn; i++)
        if (ac.ntot[i] > out->node_total)
            out->node_total = ac.ntot[i];
    rc = 0;
out:
    acc_free(&ac);
    free(steps);
    free(dst);
    if (rc)
        a2al_prof_free(out);
    return rc;
}

void a2al_prof_free(struct a2al_prof *p)
{
    free(p->w);
    p->w = NULL;
    p->nwin = 0;
}

static double worse(double a, double b)
{
    return a > b ? a : b;
}

double a2al_win_time(const struct a2al_plat *p, const struct a2al_win *w, double m)
{
    double per_byte = 0;            /* s per byte of the slowest resource */
    if (w->inter) {
        per_byte = worse(per_byte, w->link / (p->link_mbps * 1e6));
        if (p->node_mbps > 0)
            per_byte = worse(per_byte, w->node / (p->node_mbps * 1e6));
        if (p->flow_mbps > 0)
            per_byte = worse(per_byte, 1 / (p->flow_mbps * 1e6));
    }
    if (w->intra && p->loop_mbps > 0)
        per_byte = worse(per_byte, 1 / (p->loop_mbps * 1e6));
    return p->msg_ns * 1e-9 + w->hops * p->hop_ns * 1e-9 + m * per_byte;
}

double a2al_time(const struct a2al_plat *p, const struct a2al_prof *pr, double m)
{
    double t = 0;
    for (int i = 0; i < pr->nwin; i++)
        t += pr->w[i].weight * a2al_win_time(p, &pr->w[i], m);
    return t;
}

double a2al_time_overlap(const struct a2al_plat *p, const struct a2al_prof *pr, double m)
{
    double t = 0, per_byte = pr->link_total / (p->link_mbps * 1e6);
    if (p->node_mbps > 0)
        per_byte = worse(per_byte, pr->node_total / (p->node_mbps * 1e6));
    for (int i = 0; i < pr->nwin; i++) {       /* the windows' own bounds still hold */
        struct a2al_win w = pr->w[i];
        t += w.weight * (p->msg_ns * 1e-9 + w.hops * p->hop_ns * 1e-9);
        if (w.intra && p->loop_mbps > 0)
            per_byte = worse(per_byte, 1 / (p->loop_mbps * 1e6));
    }
    return t + m * per_byte;
}
