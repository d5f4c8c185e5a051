/* timespec.h - sleep durations and deadlines without overflow (timespec.c).
 * Portable C, unit-tested on the host (tests/host/test_timespec.c). */
#ifndef TIMESPEC_H
#define TIMESPEC_H
#include <stdint.h>

#define NS_FOREVER UINT64_MAX   /* a deadline that never comes */

/* Nanoseconds in {sec, nsec}, saturating at NS_FOREVER (a tv_sec of 2^62 is
 * a sleep "forever", not a short one after the product wraps). 0 on success,
 * -1 when sec < 0 or nsec is outside 0..999999999 (EINVAL for the caller). */
int timespec_to_ns(int64_t sec, int64_t nsec, uint64_t *ns);
/* now + delta, saturating at NS_FOREVER. */
uint64_t deadline_after(uint64_t now, uint64_t delta);
#endif
