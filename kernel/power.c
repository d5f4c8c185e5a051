/* power.c - power-off through QEMU's isa-debug-exit device (iobase 0xf4):
 * QEMU exits with ((value << 1) | 1). The console line carries the full
 * status; the exit code carries its low 7 bits. */
#include <stdarg.h>
#include "kapi.h"
#include "io.h"
#include "kfmt.h"

#define DEBUG_EXIT_PORT 0xf4

static void (*hooks[POWER_OFF_HOOKS_MAX])(void);
static int nhooks;

int power_off_register(void (*fn)(void))
{
    if (nhooks == POWER_OFF_HOOKS_MAX)
        return -ENOSPC;
    hooks[nhooks++] = fn;
    return 0;
}

void power_off(int status)
{
    static int in_power_off;
    cli();
    if (!in_power_off) {
        in_power_off = 1;
        for (int i = 0; i < nhooks; i++)
            hooks[i]();
    }
    kprintf("cluster: power off, status %d\n", status);
    outl(DEBUG_EXIT_PORT, (uint32_t)status & 0x7f);
    for (;;)    /* no debug-exit device: stop here */
        __asm__ volatile("cli; hlt");
}

void panic(const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    kvsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    kprintf("\ncluster: KERNEL PANIC: %s\n", buf);
    power_off(STATUS_PANIC);
}
