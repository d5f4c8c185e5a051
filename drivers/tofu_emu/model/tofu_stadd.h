/* tofu_stadd.h - steering addresses (STADDs): the table of memory regions a
 * task registered for remote access (uTofu utofu_reg_mem), and the check every
 * remote put/get/atomic passes at the target before memory is touched.
 * Portable C (host-tested in tests/host/test_tofu_stadd.c); the kernel glue
 * adds the page-table check (present, user, writable) on top.
 *
 * A STADD is opaque to users; ours is  slot << 56 | tag << 40 | offset  with a
 * 16-bit tag that changes at every registration of the slot, so a STADD kept
 * after utofu_dereg_mem is refused even when the slot is reused. */
#ifndef TOFU_STADD_H
#define TOFU_STADD_H

#include <stdint.h>

#define TOFU_STADD_REGS     255          /* regions per task (slot 0 unused) */
#define TOFU_STADD_OFF_BITS 40
#define TOFU_STADD_MAX_LEN  (1ull << TOFU_STADD_OFF_BITS)

#define TOFU_REG_READ_ONLY  1            /* == UTOFU_REG_MEM_FLAG_READ_ONLY */

/* Outcome of a check; the kernel maps them onto wire and uTofu codes. */
enum tofu_stadd_status {
    TOFU_STADD_OK = 0,
    TOFU_STADD_UNREG,     /* no region with that slot and tag (never, or deregistered) */
    TOFU_STADD_RANGE,     /* [stadd, stadd+len) leaves the region */
    TOFU_STADD_RDONLY,    /* write into a read-only region */
};

struct tofu_stadd_reg {
    uint64_t va, len;
    uint16_t tag;         /* 0 = free */
    uint8_t flags;
};

struct tofu_stadd_table {
    struct tofu_stadd_reg reg[TOFU_STADD_REGS + 1];
    uint16_t next_tag;
    uint16_t tag_first, tag_count; /* tags handed out: tag_first .. +tag_count-1, cyclic */
};

void tofu_stadd_init(struct tofu_stadd_table *t);
/* Same, with the tags of this table limited to [first, first + count) (first
 * >= 1, first + count <= 65536): tables of different tasks of one node given
 * disjoint ranges never hand out the same STADD, so a STADD of one task is
 * never valid in another's table. */
void tofu_stadd_init_tags(struct tofu_stadd_table *t, uint16_t first, uint16_t count);
/* Drops every region (the task is gone); the tag sequence goes on, so no
 * STADD handed out before is handed out again soon. */
void tofu_stadd_dereg_all(struct tofu_stadd_table *t);
/* Registers [va, va+len): 0 and *stadd, or -1 (table full), -2 (len 0, too long, or wraps). */
int tofu_stadd_reg(struct tofu_stadd_table *t, uint64_t va, uint64_t len, unsigned flags,
                   uint64_t *stadd);
/* Drops the region `stadd` points into (its offset must be 0): 0 or -1. */
int tofu_stadd_dereg(struct tofu_stadd_table *t, uint64_t stadd);
/* May [stadd, stadd+len) be accessed (write: for writing)? *va receives the
 * address of stadd when TOFU_STADD_OK. len 0 checks only that stadd is inside. */
int tofu_stadd_check(const struct tofu_stadd_table *t, uint64_t stadd, uint64_t len, int write,
                     uint64_t *va);
const char *tofu_stadd_status_name(int status);

#endif
