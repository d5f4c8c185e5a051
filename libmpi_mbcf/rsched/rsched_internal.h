/* rsched_internal.h - the algorithm entry points behind rsched_schedule()
 * (arguments already validated there) and the plan finisher they share. */
#ifndef LIBMPI_MBCF_RSCHED_INTERNAL_H
#define LIBMPI_MBCF_RSCHED_INTERNAL_H

#include "rsched.h"

/* Fill out->cmd[0..n-1] (put, engine, rx_engine, start, end). */
void rsched_rr(int m, const struct rsched_cost *c, const struct rsched_put *puts, int n,
               struct rsched_plan *out);
void rsched_bl(int diag_limit, int overhead_aware, const struct rsched_cost *c,
               const struct rsched_put *puts, int n, struct rsched_plan *out);
/* Per-engine queues in start order and the makespan, from out->cmd. */
void rsched_plan_finish(struct rsched_plan *p);

#endif
