/* timespec.c - saturating timespec arithmetic for nanosleep (see timespec.h). */
#include "timespec.h"

int timespec_to_ns(int64_t sec, int64_t nsec, uint64_t *ns)
{
    if (sec < 0 || nsec < 0 || nsec >= 1000000000)
        return -1;
    if ((uint64_t)sec > (NS_FOREVER - (uint64_t)nsec) / 1000000000ull)
        *ns = NS_FOREVER;
    else
        *ns = (uint64_t)sec * 1000000000ull + (uint64_t)nsec;
    return 0;
}

uint64_t deadline_after(uint64_t now, uint64_t delta)
{
    return delta > NS_FOREVER - now ? NS_FOREVER : now + delta;
}
