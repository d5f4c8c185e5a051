/* rsched_bl.c - BLbased(m), seed 000 sec 3.2.2 and fig. 2: the Bottom-Left
 * heuristic of Baker, Coffman and Rivest (seed ref. [9]) on a strip whose
 * width is the engines and whose height is time. Puts are taken sorted by
 * length (descending, first key) then direction (second key); each goes to
 * the lowest (earliest) free place, leftmost (lowest engine) among equals,
 * where it meets the seed's extra constraints:
 *   - no other put in the same direction (the same network link) overlaps it
 *     (fig. 2 (4): same colour never side by side);
 *   - no other put to the same destination overlaps it on the same receive
 *     engine;
 *   - for a diagonal put, fewer than m diagonal puts are in flight at any
 *     moment of it (BLbased(1/2/4) limit diagonals to 1/2/4 engines at once;
 *     E/W/N/S are not limited).
 * The receive engine mirrors the send engine (put from engine e lands on
 * engine e of the destination). In a halo exchange on a periodic grid every
 * process runs the same plan, so what arrives on my receive engine e at time
 * t is the mirror of what my engine e sends at t: one put at a time.
 *
 * Overhead-aware variant (sec 5, fig. 14): engine e is pre-charged with
 * e * access_ns, the extra time the CPU needs to reach its command queue
 * after the first engine's, so a small put waits on an early engine rather
 * than taking a late one (and no put starts on engine e before then). */
#include "rsched_internal.h"

struct placed {
    int n;
    const struct rsched_cmd *cmd;    /* the plan's commands, by put index */
    const struct rsched_put *puts;
    int idx[RSCHED_MAX_PUTS];        /* put indices already placed */
};

static int overlaps(uint64_t s0, uint64_t e0, uint64_t s1, uint64_t e1)
{
    return s0 < e1 && s1 < e0;
}

/* Most diagonal puts in flight at one moment of [s, e). The maximum is
 * reached at s or at the start of one of the overlapping puts. */
static int diag_peak(const struct placed *pl, uint64_t s, uint64_t e)
{
    int peak = 0;
    for (int a = -1; a < pl->n; a++) {
        uint64_t x = s;
        if (a >= 0) {
            const struct rsched_cmd *c = &pl->cmd[pl->idx[a]];
            if (!rsched_dir_is_diagonal(pl->puts[c->put].dir) || c->start < s || c->start >= e)
                continue;
            x = c->start;
        }
        int cnt = 0;
        for (int b = 0; b < pl->n; b++) {
            const struct rsched_cmd *c = &pl->cmd[pl->idx[b]];
            if (rsched_dir_is_diagonal(pl->puts[c->put].dir) && c->start <= x && x < c->end)
                cnt++;
        }
        if (cnt > peak)
            peak = cnt;
    }
    return peak;
}

static int fits(const struct placed *pl, const struct rsched_put *u, int engine,
                uint64_t s, uint64_t e, int diag_limit)
{
    for (int b = 0; b < pl->n; b++) {
        const struct rsched_cmd *c = &pl->cmd[pl->idx[b]];
        if (!overlaps(s, e, c->start, c->end))
            continue;
        const struct rsched_put *v = &pl->puts[c->put];
        if (c->engine == engine || v->dir == u->dir)
            return 0;
        if (v->dest == u->dest && c->rx_engine == engine)
            return 0;
    }
    return !rsched_dir_is_diagonal(u->dir) || diag_peak(pl, s, e) < diag_limit;
}

/* length descending, then direction, then input order (a stable sort) */
static int before(const struct rsched_put *puts, int a, int b)
{
    if (puts[a].len != puts[b].len)
        return puts[a].len > puts[b].len;
    if (puts[a].dir != puts[b].dir)
        return puts[a].dir < puts[b].dir;
    return a < b;
}

void rsched_bl(int diag_limit, int overhead_aware, const struct rsched_cost *c,
               const struct rsched_put *puts, int n, struct rsched_plan *out)
{
    int order[RSCHED_MAX_PUTS];
    for (int i = 0; i < n; i++) {
        int k = i;
        while (k > 0 && before(puts, i, order[k - 1])) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    uint64_t ready[RSCHED_MAX_ENGINES];
    for (int e = 0; e < c->nengines; e++)
        ready[e] = overhead_aware ? (uint64_t)e * c->access_ns : 0;

    struct placed pl = { .n = 0, .cmd = out->cmd, .puts = puts };
    for (int k = 0; k < n; k++) {
        int i = order[k];
        uint64_t d = rsched_put_ns(c, puts[i].len);
        /* candidate start times: engine ready times and ends of placed puts;
         * the earliest feasible start is always one of them */
        uint64_t best_t = UINT64_MAX;
        int best_e = -1;
        for (int cand = -c->nengines; cand < pl.n; cand++) {
            uint64_t t = cand < 0 ? ready[cand + c->nengines] : out->cmd[pl.idx[cand]].end;
            if (t > best_t)
                continue;
            for (int e = 0; e < c->nengines; e++) {
                if (t < ready[e] || (t == best_t && e >= best_e))
                    continue;
                if (fits(&pl, &puts[i], e, t, t + d, diag_limit)) {
                    best_t = t;
                    best_e = e;
                    break;
                }
            }
        }
        struct rsched_cmd *cmd = &out->cmd[i];
        cmd->put = i;
        cmd->engine = best_e;
        cmd->rx_engine = best_e;
        cmd->start = best_t;
        cmd->end = best_t + d;
        pl.idx[pl.n++] = i;
    }
}
