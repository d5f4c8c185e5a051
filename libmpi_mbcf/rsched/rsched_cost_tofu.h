/* rsched_cost_tofu.h - RSched's planning cost from a Tofu mode's parameter
 * table (drivers/tofu_emu/model/tofu_model.h), shared by the host simulation and
 * the programs that schedule on the emulated Tofu. */
#ifndef LIBMPI_MBCF_RSCHED_COST_TOFU_H
#define LIBMPI_MBCF_RSCHED_COST_TOFU_H

#include "rsched.h"
#include "tofu_model.h"

/* engines = n_tni, per put cmd_ns + bytes at min(TNI, link) rate; the CPU's
 * access to one engine queue taken as cmd_ns (seed 000 sec 5: about 1 us on
 * Tofu1, which is Tofu1's cmd_ns; no figure of its own for TofuD). */
struct rsched_cost rsched_cost_tofu(const struct tofu_params *p);

#endif
