/* console.h - serial console internals (console.c). */
#ifndef CONSOLE_H
#define CONSOLE_H
#include <stddef.h>
void serial_init(void);
void console_write(const char *s, size_t n);
#endif
