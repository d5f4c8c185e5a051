/* console.h - serial console internals (console.c). */
#ifndef CONSOLE_H
#define CONSOLE_H
#include <stddef.h>
void serial_init(void);
void console_write(const char *s, size_t n);
/* A user process's write(1|2): lines tagged "[L] " when ppn > 1 (console_tag.c). */
void console_write_user(const char *s, size_t n);
#endif
