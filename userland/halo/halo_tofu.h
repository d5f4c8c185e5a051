/* halo_tofu.h - the halo benchmark's RSched mode on the emulated Tofu: the
 * pseudo-collective core (libmpi_mbcf/rsched/rsched_pcoll.h) over libutofu
 * (puts, completion queues, steering addresses) and MPI (descriptor
 * exchange, agreement, barriers). Guest only (needs the Tofu controller). */
#ifndef HALO_TOFU_H
#define HALO_TOFU_H

#include <stdint.h>
#include "rsched_pcoll.h"

/* Opens one VCQ per TNI and learns every rank's VCQ ids. 0, or -1 with a
 * message when the node has no Tofu controller or the grid px x py is not
 * the Tofu logical shape (ranks must sit as rank = y * px + x). */
int halo_tofu_open(int px, int py);
const struct rsched_pc_ops *halo_tofu_ops(void);
/* The planning cost of this node's Tofu mode (tofu1 or tofud). */
struct rsched_cost halo_tofu_cost(void);
const char *halo_tofu_mode(void);
/* Deregisters what the last request set registered. */
void halo_tofu_release(void);
/* Modeled and wall clock, ns. */
uint64_t halo_tofu_model_ns(void);
uint64_t halo_tofu_wall_ns(void);

#endif
