/* fwcfg.h - QEMU firmware configuration device, I/O port interface (fwcfg.c). */
#ifndef FWCFG_H
#define FWCFG_H
#include <stdint.h>
int  fwcfg_present(void);
/* Reads the named file (e.g. "opt/cluster/rank") into buf, at most cap bytes.
 * Returns the file's full size, or -1 when there is no such file. */
long fwcfg_read_file(const char *name, void *buf, uint64_t cap);
#endif
