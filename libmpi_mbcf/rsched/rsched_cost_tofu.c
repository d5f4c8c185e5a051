/* rsched_cost_tofu.c - planning cost from a Tofu parameter table (see .h). */
#include "rsched_cost_tofu.h"

struct rsched_cost rsched_cost_tofu(const struct tofu_params *p)
{
    struct rsched_cost c = { 0 };
    if (!p)
        return c;
    c.nengines = (int)p->n_tni;
    c.put_ns = p->cmd_ns;
    c.mbps = p->tni_mbps < p->link_mbps ? p->tni_mbps : p->link_mbps;
    c.access_ns = p->cmd_ns;
    return c;
}
