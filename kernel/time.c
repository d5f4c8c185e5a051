/* time.c - TSC calibration against the ACPI PM timer (or, without one, PIT
 * channel 2: Intel 8254 datasheet, mode 0, OUT2 at port 0x61 bit 5), monotonic time from the TSC, and the wall
 * clock from the CMOS RTC (MC146818: registers 0-9, status B at 0x0B). */
#include "kapi.h"
#include "io.h"
#include "ktime.h"
#include "acpi.h"

#define PIT_HZ 1193182ull
static uint64_t hz = 1000000000ull;  /* until calibrated: pretend 1 GHz */
static uint64_t mult;                /* ns = (tsc * mult) >> 32 */
static uint64_t tsc_boot;
static uint64_t rtc_epoch_ns;

uint64_t tsc_hz(void) { return hz; }

uint64_t tsc_to_ns(uint64_t tsc)
{
    return (uint64_t)(((unsigned __int128)tsc * mult) >> 32);
}

uint64_t time_ns(void)
{
    return tsc_to_ns(rdtsc() - tsc_boot);
}

/* TSC ticks during `ms` milliseconds of PIT channel 2 in mode 0. */
static uint64_t pit_measure(unsigned ms)
{
    uint32_t count = (uint32_t)(PIT_HZ * ms / 1000);
    outb(0x61, (uint8_t)((inb(0x61) & ~0x03) | 0x00));  /* gate off, speaker off */
    outb(0x43, 0xB0);                                   /* ch2, lo/hi byte, mode 0 */
    outb(0x42, (uint8_t)count);
    outb(0x42, (uint8_t)(count >> 8));
    outb(0x61, (uint8_t)((inb(0x61) & ~0x02) | 0x01));  /* gate on: count starts */
    uint64_t t0 = rdtsc();
    while (!(inb(0x61) & 0x20))
        ;
    return rdtsc() - t0;
}

static unsigned cmos(unsigned reg)
{
    outb(0x70, (uint8_t)reg);
    return inb(0x71);
}

static unsigned bcd(unsigned v, int is_bcd) { return is_bcd ? (v & 15) + (v >> 4) * 10 : v; }

/* Days from 1970-01-01 to y-m-d (civil calendar). */
static uint64_t days_from_civil(unsigned y, unsigned m, unsigned d)
{
    static const unsigned cum[12] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
    uint64_t days = (uint64_t)(y - 1970) * 365 + cum[(m - 1) % 12] + d - 1;
    for (unsigned yy = 1970; yy < y; yy++)
        days += (yy % 4 == 0 && (yy % 100 != 0 || yy % 400 == 0));
    if (m > 2 && y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))
        days++;
    return days;
}

static uint64_t rtc_read_epoch(void)
{
    for (int i = 0; i < 100000 && (cmos(0x0A) & 0x80); i++)   /* update in progress */
        ;
    int is_bcd = !(cmos(0x0B) & 0x04);
    unsigned s = bcd(cmos(0), is_bcd), mi = bcd(cmos(2), is_bcd), hr = cmos(4);
    int pm = hr & 0x80;
    hr = bcd(hr & 0x7f, is_bcd);
    if (!(cmos(0x0B) & 0x02) && pm)      /* 12-hour mode */
        hr = (hr % 12) + 12;
    unsigned d = bcd(cmos(7), is_bcd), mo = bcd(cmos(8), is_bcd), y = bcd(cmos(9), is_bcd) + 2000;
    if (mo < 1 || mo > 12 || d < 1 || d > 31)
        return 0;
    return days_from_civil(y, mo, d) * 86400 + hr * 3600 + mi * 60 + s;
}

/* One (TSC, PM timer) pair; the tightest of a few bracketed reads, so a
 * preempted vCPU (busy host) does not skew the pair. */
static void pm_sample(uint16_t port, uint64_t *tsc, uint32_t *pm)
{
    uint64_t best = UINT64_MAX;
    *tsc = 0;
    *pm = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t a = rdtsc();
        uint32_t v = inl(port) & 0xffffff;
        uint64_t b = rdtsc();
        if (b - a < best) {
            best = b - a;
            *tsc = a + (b - a) / 2;
            *pm = v;
        }
    }
}

/* ACPI PM timer: 3.579545 MHz, 24 bits at least (ACPI 6.4, 4.8.3.3). Both
 * clocks keep running while the vCPU is descheduled, so only the endpoints count. */
#define PM_HZ 3579545ull
static uint64_t pm_calibrate(uint16_t port)
{
    uint64_t t0 = 0, t1 = 0;
    uint32_t p0 = 0, p1 = 0, elapsed;
    pm_sample(port, &t0, &p0);
    do {
        pm_sample(port, &t1, &p1);
        elapsed = (p1 - p0) & 0xffffff;
    } while (elapsed < PM_HZ / 100);     /* 10 ms: the bracketed end points are good to ~1 us */
    return (t1 - t0) * PM_HZ / elapsed;
}

void time_init(void)
{
    if (acpi.pm_timer_port) {
        hz = pm_calibrate(acpi.pm_timer_port);
    } else {
        pit_measure(1);                  /* warm up */
        hz = pit_measure(20) * 50;
    }
    mult = (1000000000ull << 32) / hz;
    tsc_boot = 0;                        /* time_ns counts from VM start (TSC 0) */
    rtc_epoch_ns = rtc_read_epoch() * 1000000000ull - time_ns();
}

uint64_t time_realtime_ns(void)
{
    return rtc_epoch_ns + time_ns();
}
