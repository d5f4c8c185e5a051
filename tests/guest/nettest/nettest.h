/* nettest.h - shared helpers of the raw-frame test program (tests/guest/nettest):
 * TAP output, timing, payload patterns. */
#ifndef NETTEST_H
#define NETTEST_H
#include <stdint.h>
#include <stddef.h>
#include "raw.h"

extern struct node_info nt_node;
extern int nt_failures;

/* Prints "ok - rank R: <msg>" or "not ok - rank R: <msg>"; returns cond. */
int  nt_check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint64_t nt_now_ns(void);
/* Deterministic payload content for (tag, size, index). */
static inline uint8_t nt_pattern(uint32_t tag, uint32_t size, uint32_t i)
{
    return (uint8_t)(tag * 131u + size * 31u + i * 7u + (i >> 8));
}
void nt_fill(uint8_t *p, uint32_t tag, uint32_t size);
int  nt_verify(const uint8_t *p, uint32_t tag, uint32_t size);
/* Is this payload the short command `cmd` (compared over its length)? */
int  nt_is_cmd(const void *buf, long len, const char *cmd);

/* The tests; each returns after printing its TAP lines. */
void nt_badinput(void);
void nt_echo_client(int peer);
void nt_malformed_client(int peer);
void nt_server(int peer);
void nt_allpairs(void);
void nt_loss(void);

#endif
