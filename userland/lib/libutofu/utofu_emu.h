/* utofu_emu.h - what the emulated Tofu controller adds to uTofu's API.
 *
 * Modeled time: libutofu runs the Tofu timing model (drivers/tofu_emu/
 * tofu_model.c, mode tofud or tofu1 from the launcher) over this node's
 * commands. Commands posted since the last flush form one batch: the batch is
 * modeled when it leaves (issue time = utofu_emu_time()), together with the
 * commands of earlier batches still in flight in modeled time, and run to
 * completion; each completion entry and notice carries its modeled time
 * (remote notices carry the sender's modeled arrival time). utofu_emu_time()
 * is the latest modeled time this program has seen in an entry or notice it
 * polled, or the modeled end of this node's last command if that is later
 * (the time a new command is issued at). Deterministic for a given program:
 * host load never enters it.
 *
 * When commands leave: posting writes the descriptor into the VCQ's TOQ in
 * task memory; the batch leaves with ONE system call (doorbell) at the next
 * poll_tcq / poll_mrq / query_num_unread_* on any VCQ, at utofu_emu_flush(),
 * or when a TOQ is full. A poll that finds nothing may sleep up to 2 ms in the
 * kernel until something arrives (no busy spinning on a 2-core host). */
#ifndef UTOFU_EMU_H
#define UTOFU_EMU_H
#include <stdint.h>
#include "utofu.h"
#include "tofu_abi.h"

uint64_t utofu_emu_time(void);          /* modeled ns */
uint64_t utofu_emu_wall(void);          /* wall-clock ns (CLOCK_MONOTONIC) */
int utofu_emu_flush(void);              /* UTOFU_SUCCESS or an error code */
/* Modeled and wall time of the last TCQ entry polled on vcq_hdl. */
int utofu_emu_last_tcq_times(utofu_vcq_hdl_t vcq_hdl, uint64_t *model_ns, uint64_t *wall_ns);
const char *utofu_emu_mode(void);       /* "tofud" / "tofu1" (NULL without Tofu) */
int utofu_emu_info(struct tofu_info *out);
int utofu_emu_stats(struct tofu_stats *out);
/* Diagnostics: the kernel prints its VCQ and transport state on the console,
 * tagged with `tag` (for a test that waited too long). */
void utofu_emu_dump(long tag);
const char *utofu_strerror(int rc);     /* "UTOFU_ERR_TCQ_STADD", ... */

#endif
