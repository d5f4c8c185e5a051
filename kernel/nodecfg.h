/* nodecfg.h - parsing of the node configuration strings the launcher passes
 * through fw_cfg (opt/cluster/...). Portable C, unit-tested on the host. */
#ifndef NODECFG_H
#define NODECFG_H
#include <stdint.h>
#include <stddef.h>

/* Decimal number in s[0..len) (trailing spaces/newlines allowed), 0..max.
 * 0 on success, -1 on anything else. */
int nodecfg_parse_uint(const char *s, size_t len, int64_t max, int64_t *out);
/* "X", "XxY" or "XxYxZ", each 1..4096; missing dimensions become 1. 0 or -1. */
int nodecfg_parse_torus(const char *s, size_t len, int32_t out[3]);
/* "adaptive" -> 0, "poll" -> 1, else -1. */
int nodecfg_parse_wait_mode(const char *s, size_t len);
/* Splits a list of NUL-terminated strings in buf[0..len) into vec (at most max
 * entries). buf must have room for one more byte (a missing final NUL is
 * added). Returns the count, or -1 when there are more than max strings. */
int nodecfg_split(char *buf, size_t len, char **vec, int max);
#endif
