/* rsched_check.c - checks a plan against its request set (see rsched.h):
 * the invariants every scheduler keeps, and with RSCHED_CHECK_BL the
 * constraints of BLbased (seed 000 sec 3.2.2). Used by the host tests on
 * hand-made and random request sets, and by the halo simulation. */
#include "rsched.h"

#include <stdarg.h>

static int fail(char *why, int whylen, const char *fmt, ...)
{
    if (why && whylen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, (size_t)whylen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int overlaps(const struct rsched_cmd *a, const struct rsched_cmd *b)
{
    return a->start < b->end && b->start < a->end;
}

/* Most diagonal commands in flight at once (peak at some start time). */
static int diag_peak(const struct rsched_plan *p, const struct rsched_put *puts)
{
    int peak = 0;
    for (int i = 0; i < p->ncmds; i++) {
        if (!rsched_dir_is_diagonal(puts[p->cmd[i].put].dir))
            continue;
        uint64_t x = p->cmd[i].start;
        int cnt = 0;
        for (int j = 0; j < p->ncmds; j++)
            if (rsched_dir_is_diagonal(puts[p->cmd[j].put].dir) && p->cmd[j].start <= x &&
                x < p->cmd[j].end)
                cnt++;
        if (cnt > peak)
            peak = cnt;
    }
    return peak;
}

static int check_queues(const struct rsched_plan *p, char *why, int whylen)
{
    int seen = 0;
    for (int e = 0; e < p->nengines; e++) {
        for (int k = 0; k < p->nq[e]; k++) {
            int i = p->q[e][k];
            if (i < 0 || i >= p->ncmds || p->cmd[i].engine != e)
                return fail(why, whylen, "engine %d queue slot %d holds put %d of another engine", e, k, i);
            if (k > 0 && p->cmd[p->q[e][k - 1]].end > p->cmd[i].start)
                return fail(why, whylen, "engine %d: put %d starts before the one queued before it ends", e, i);
            seen++;
        }
    }
    if (seen != p->ncmds)
        return fail(why, whylen, "queues hold %d commands, plan has %d", seen, p->ncmds);
    return 0;
}

int rsched_check(const struct rsched_plan *p, const struct rsched_cost *c,
                 const struct rsched_put *puts, int n, int flags, int diag_limit,
                 char *why, int whylen)
{
    if (p->ncmds != n)
        return fail(why, whylen, "plan has %d commands for %d puts", p->ncmds, n);
    if (p->nengines != c->nengines)
        return fail(why, whylen, "plan has %d engines, cost table %d", p->nengines, c->nengines);
    uint64_t last = 0;
    for (int i = 0; i < n; i++) {
        const struct rsched_cmd *a = &p->cmd[i];
        if (a->put != i)
            return fail(why, whylen, "command %d schedules put %d (each put exactly once)", i, a->put);
        if (a->engine < 0 || a->engine >= p->nengines || a->rx_engine < 0 ||
            a->rx_engine >= p->nengines)
            return fail(why, whylen, "put %d on engine %d / rx %d of %d", i, a->engine,
                        a->rx_engine, p->nengines);
        if (a->end != a->start + rsched_put_ns(c, puts[i].len))
            return fail(why, whylen, "put %d lasts %llu ns, its cost is %llu", i,
                        (unsigned long long)(a->end - a->start),
                        (unsigned long long)rsched_put_ns(c, puts[i].len));
        if (a->end > last)
            last = a->end;
        for (int j = 0; j < i; j++) {
            const struct rsched_cmd *b = &p->cmd[j];
            if (!overlaps(a, b))
                continue;
            if (a->engine == b->engine)
                return fail(why, whylen, "puts %d and %d overlap on engine %d", j, i, a->engine);
            if (!(flags & RSCHED_CHECK_BL))
                continue;
            if (puts[i].dir == puts[j].dir)
                return fail(why, whylen, "puts %d and %d overlap on link %s", j, i,
                            rsched_dir_name(puts[i].dir));
            if (puts[i].dest == puts[j].dest && a->rx_engine == b->rx_engine)
                return fail(why, whylen, "puts %d and %d meet on receive engine %d of %d", j, i,
                            a->rx_engine, puts[i].dest);
        }
    }
    if (last != p->makespan)
        return fail(why, whylen, "makespan %llu, last end %llu", (unsigned long long)p->makespan,
                    (unsigned long long)last);
    if ((flags & RSCHED_CHECK_BL) && diag_peak(p, puts) > diag_limit)
        return fail(why, whylen, "%d diagonal puts at once, limit %d", diag_peak(p, puts), diag_limit);
    return check_queues(p, why, whylen);
}
