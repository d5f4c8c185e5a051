/* rsched_plan.c - what every RSched algorithm shares: direction names and
 * offsets, the planning cost of a put, scheduler names (rr<m>, bl<m>,
 * bl<m>o), the entry point that validates a request set and dispatches, the
 * per-engine queues of a finished plan, and printing. */
#include "rsched.h"
#include "rsched_internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const dir_names[RSCHED_NDIR] = { "E", "W", "N", "S", "NE", "NW", "SE", "SW" };
static const signed char dir_dx[RSCHED_NDIR] = { 1, -1, 0, 0, 1, -1, 1, -1 };
static const signed char dir_dy[RSCHED_NDIR] = { 0, 0, 1, -1, 1, 1, -1, -1 };

const char *rsched_dir_name(int dir)
{
    return dir >= 0 && dir < RSCHED_NDIR ? dir_names[dir] : "?";
}

int rsched_dir_is_diagonal(int dir)
{
    return dir >= RSCHED_NE && dir < RSCHED_NDIR;
}

void rsched_dir_offset(int dir, int *dx, int *dy)
{
    int ok = dir >= 0 && dir < RSCHED_NDIR;
    *dx = ok ? dir_dx[dir] : 0;
    *dy = ok ? dir_dy[dir] : 0;
}

int rsched_dir_from_offset(int dx, int dy)
{
    for (int d = 0; d < RSCHED_NDIR; d++)
        if (dir_dx[d] == dx && dir_dy[d] == dy)
            return d;
    return -1;
}

int rsched_dir_opposite(int dir)
{
    if (dir < 0 || dir >= RSCHED_NDIR)
        return -1;
    return rsched_dir_from_offset(-dir_dx[dir], -dir_dy[dir]);
}

uint64_t rsched_put_ns(const struct rsched_cost *c, uint32_t len)
{
    return c->put_ns + ((uint64_t)len * 1000 + c->mbps - 1) / c->mbps;
}

const char *rsched_strerror(int err)
{
    switch (err) {
    case RSCHED_OK: return "ok";
    case RSCHED_EINVAL: return "RSCHED_EINVAL (bad request set, cost table or scheduler name)";
    case RSCHED_ENGINES: return "RSCHED_ENGINES (scheduler needs more engines than the node has)";
    }
    return "unknown rsched error";
}

int rsched_parse(const char *name, struct rsched_algo *out)
{
    if (!name)
        return RSCHED_EINVAL;
    struct rsched_algo a = { 0 };
    if (!strncmp(name, "rr", 2))
        a.kind = RSCHED_RR;
    else if (!strncmp(name, "bl", 2))
        a.kind = RSCHED_BL;
    else
        return RSCHED_EINVAL;
    const char *p = name + 2;
    if (*p < '1' || *p > '9')
        return RSCHED_EINVAL;
    a.m = *p++ - '0';
    if (a.m > RSCHED_MAX_ENGINES)
        return RSCHED_EINVAL;
    if (*p == 'o' && a.kind == RSCHED_BL) {
        a.overhead_aware = 1;
        p++;
    }
    if (*p)
        return RSCHED_EINVAL;
    *out = a;
    return RSCHED_OK;
}

const char *rsched_name(const struct rsched_algo *a, char *buf, int n)
{
    snprintf(buf, (size_t)n, "%s%d%s", a->kind == RSCHED_RR ? "rr" : "bl", a->m,
             a->overhead_aware ? "o" : "");
    return buf;
}

/* Queues in start order (ties: input order) and the makespan. */
void rsched_plan_finish(struct rsched_plan *p)
{
    p->makespan = 0;
    for (int e = 0; e < p->nengines; e++)
        p->nq[e] = 0;
    for (int i = 0; i < p->ncmds; i++) {
        const struct rsched_cmd *c = &p->cmd[i];
        int e = c->engine, k = p->nq[e]++;
        while (k > 0 && p->cmd[p->q[e][k - 1]].start > c->start) {
            p->q[e][k] = p->q[e][k - 1];
            k--;
        }
        p->q[e][k] = i;
        if (c->end > p->makespan)
            p->makespan = c->end;
    }
}

int rsched_schedule(const struct rsched_algo *a, const struct rsched_cost *c,
                    const struct rsched_put *puts, int n, struct rsched_plan *out)
{
    if (!a || !c || !out || (n > 0 && !puts) || n < 0 || n > RSCHED_MAX_PUTS)
        return RSCHED_EINVAL;
    if (c->nengines < 1 || c->nengines > RSCHED_MAX_ENGINES || c->mbps == 0 || a->m < 1)
        return RSCHED_EINVAL;
    if (a->m > c->nengines)
        return RSCHED_ENGINES;
    for (int i = 0; i < n; i++)
        if (puts[i].dir < 0 || puts[i].dir >= RSCHED_NDIR)
            return RSCHED_EINVAL;
    memset(out, 0, sizeof *out);
    out->nengines = c->nengines;
    out->ncmds = n;
    if (a->kind == RSCHED_RR)
        rsched_rr(a->m, c, puts, n, out);
    else
        rsched_bl(a->m, a->overhead_aware, c, puts, n, out);
    rsched_plan_finish(out);
    return RSCHED_OK;
}

int rsched_schedule_named(const char *name, const struct rsched_cost *c,
                          const struct rsched_put *puts, int n, struct rsched_plan *out)
{
    struct rsched_algo a;
    int rc = rsched_parse(name, &a);
    return rc ? rc : rsched_schedule(&a, c, puts, n, out);
}

void rsched_print(FILE *f, const struct rsched_plan *p, const struct rsched_put *puts)
{
    fprintf(f, "# makespan %llu ns, %d puts on %d engines\n",
            (unsigned long long)p->makespan, p->ncmds, p->nengines);
    for (int e = 0; e < p->nengines; e++) {
        fprintf(f, "engine %d: %d puts\n", e, p->nq[e]);
        for (int k = 0; k < p->nq[e]; k++) {
            const struct rsched_cmd *c = &p->cmd[p->q[e][k]];
            const struct rsched_put *u = &puts[c->put];
            fprintf(f, "  start %8llu end %8llu  %-2s len %7u dest %d rx %d\n",
                    (unsigned long long)c->start, (unsigned long long)c->end,
                    rsched_dir_name(u->dir), (unsigned)u->len, u->dest, c->rx_engine);
        }
    }
}
