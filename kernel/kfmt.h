/* kfmt.h - printf-style formatting into a buffer (kfmt.c). */
#ifndef KFMT_H
#define KFMT_H
#include <stdarg.h>
#include <stddef.h>
int kvsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
#endif
