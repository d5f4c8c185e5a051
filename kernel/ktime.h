/* ktime.h - time keeping internals (time.c). */
#ifndef KTIME_H
#define KTIME_H
#include <stdint.h>
void time_init(void);                 /* calibrates the TSC against the PIT */
uint64_t tsc_to_ns(uint64_t tsc);     /* TSC value -> ns since TSC 0 (VM start) */
uint64_t time_realtime_ns(void);      /* wall clock: CMOS RTC at boot + time_ns() */
#endif
