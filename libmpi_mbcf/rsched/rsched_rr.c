/* rsched_rr.c - RoundRobin(m), seed 000 sec 3.2.1 and fig. 1: the puts, in
 * the order they were given, are queued on engines 0, 1, .., m-1, 0, ... in
 * turn. Nothing stops two engines from sending on one link at once; the
 * seed uses that on purpose (sec 4.3). The receive engine mirrors the send
 * engine, as in BLbased (see rsched_bl.c). */
#include "rsched_internal.h"

void rsched_rr(int m, const struct rsched_cost *c, const struct rsched_put *puts, int n,
               struct rsched_plan *out)
{
    uint64_t free_at[RSCHED_MAX_ENGINES] = { 0 };
    for (int i = 0; i < n; i++) {
        int e = i % m;
        struct rsched_cmd *cmd = &out->cmd[i];
        cmd->put = i;
        cmd->engine = e;
        cmd->rx_engine = e;
        cmd->start = free_at[e];
        cmd->end = cmd->start + rsched_put_ns(c, puts[i].len);
        free_at[e] = cmd->end;
    }
}
