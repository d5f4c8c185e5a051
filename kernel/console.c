/* console.c - the serial console on COM1 (16550 UART at 0x3F8) and kprintf. */
#include "kapi.h"
#include "io.h"
#include "kfmt.h"
#include "console.h"
#include "spinlock.h"

#define COM1 0x3F8

void serial_init(void)
{
    outb(COM1 + 1, 0x00);   /* no UART interrupts */
    outb(COM1 + 3, 0x80);   /* DLAB on */
    outb(COM1 + 0, 0x01);   /* divisor 1: 115200 baud */
    outb(COM1 + 1, 0x00);
    outb(COM1 + 3, 0x03);   /* 8N1, DLAB off */
    outb(COM1 + 2, 0xC7);   /* FIFO on, cleared */
    outb(COM1 + 4, 0x03);   /* DTR, RTS */
}

static void serial_putc(char c)
{
    for (int i = 0; i < 100000 && !(inb(COM1 + 5) & 0x20); i++)
        cpu_pause();
    outb(COM1, (uint8_t)c);
}

/* One piece of text at a time from several CPUs (kprintf lines, program
 * output); a CPU that faulted while holding the lock (panic) or a stuck holder
 * does not silence the console. */
static struct spinlock console_lock = SPINLOCK_INIT("console");

void console_write(const char *s, size_t n)
{
    uint64_t f = irq_save();
    int took = 0;
    if (!spin_held(&console_lock))
        for (int i = 0; i < 10000000 && !(took = spin_trylock(&console_lock)); i++)
            cpu_pause();
    for (size_t i = 0; i < n; i++)   /* plain \n: the logs are read by scripts */
        serial_putc(s[i]);
    if (took)
        spin_unlock(&console_lock);
    irq_restore(f);
}

void kprintf(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = kvsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > (int)sizeof buf - 1)
        n = sizeof buf - 1;
    console_write(buf, (size_t)n);
}

int ksnprintf(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = kvsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}
