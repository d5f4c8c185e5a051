/* pml_pcoll_notofu.c - the pseudo-collective mode's transport (pml_pcoll.h)
 * where there is no emulated Tofu: the host backend. The mode stays off. */
#include <stdio.h>

#include "pml_pcoll.h"

int pcoll_tr_open(struct rsched_pc_ops *ops, struct rsched_cost *cost, char *why, size_t cap)
{
    (void)ops;
    (void)cost;
    snprintf(why, cap, "no emulated Tofu in the host backend");
    return -1;
}

void pcoll_tr_dereg(uint64_t stadd)
{
    (void)stadd;
}
