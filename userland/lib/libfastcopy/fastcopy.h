/* fastcopy.h - names of the TCG-friendly memcpy, memmove and memset
 * (fastcopy.c): the standard ones in guest programs, fastcopy_* when built
 * with -DFASTCOPY_PREFIX beside the host libc's (tests/host/test_fastcopy.c). */
#ifndef FASTCOPY_H
#define FASTCOPY_H
#include <stddef.h>
#ifdef FASTCOPY_PREFIX
#define FASTCOPY(f) fastcopy_##f
void *fastcopy_memcpy(void *restrict dst, const void *restrict src, size_t n);
void *fastcopy_memmove(void *dst, const void *src, size_t n);
void *fastcopy_memset(void *dst, int c, size_t n);
#else
#include <string.h>
#define FASTCOPY(f) f
#endif
#endif
