/* kfmt.c - printf-style formatting for the kernel console (portable C, no
 * floating point). Formats: %d %i %u %x %X %p %s %c %%, length modifiers
 * h hh l ll z, a width with the flags 0 and -. Output is always terminated. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "kfmt.h"

struct out { char *buf; size_t cap, len; };

static void put(struct out *o, char c)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len] = c;
    o->len++;
}

static void put_padded(struct out *o, const char *s, size_t n, int width, int left, char pad)
{
    int fill = width > (int)n ? width - (int)n : 0;
    if (!left)
        while (fill-- > 0)
            put(o, pad);
    for (size_t i = 0; i < n; i++)
        put(o, s[i]);
    if (left)
        while (fill-- > 0)
            put(o, ' ');
}

static void put_number(struct out *o, uint64_t v, int neg, unsigned base, int upper,
                       int width, int left, char pad)
{
    char tmp[24];
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    int n = 0;
    do {
        tmp[n++] = digits[v % base];
        v /= base;
    } while (v);
    if (neg) {
        if (pad == '0' && !left) {   /* sign goes before the zeros */
            put(o, '-');
            width--;
        } else {
            tmp[n++] = '-';
        }
    }
    char rev[24];
    for (int i = 0; i < n; i++)
        rev[i] = tmp[n - 1 - i];
    put_padded(o, rev, (size_t)n, width, left, pad);
}

int kvsnprintf(char *buf, size_t cap, const char *fmt, va_list ap)
{
    struct out o = { buf, cap, 0 };
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            put(&o, *p);
            continue;
        }
        p++;
        int left = 0, width = 0, lng = 0;
        char pad = ' ';
        for (; *p == '-' || *p == '0'; p++) {
            if (*p == '-')
                left = 1;
            else
                pad = '0';
        }
        for (; *p >= '0' && *p <= '9'; p++)
            width = width * 10 + (*p - '0');
        for (; *p == 'l' || *p == 'z' || *p == 'h'; p++)
            if (*p != 'h')
                lng = 1;
        switch (*p) {
        case 'd': case 'i': {
            int64_t v = lng ? va_arg(ap, int64_t) : va_arg(ap, int);
            uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
            put_number(&o, mag, v < 0, 10, 0, width, left, pad);
            break;
        }
        case 'u': case 'x': case 'X': {
            uint64_t v = lng ? va_arg(ap, uint64_t) : va_arg(ap, unsigned);
            put_number(&o, v, 0, *p == 'u' ? 10 : 16, *p == 'X', width, left, pad);
            break;
        }
        case 'p': {
            uint64_t v = (uint64_t)(uintptr_t)va_arg(ap, void *);
            put(&o, '0');
            put(&o, 'x');
            put_number(&o, v, 0, 16, 0, width, left, pad);
            break;
        }
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (!s)
                s = "(null)";
            size_t n = 0;
            while (s[n])
                n++;
            put_padded(&o, s, n, width, left, ' ');
            break;
        }
        case 'c': {
            char c = (char)va_arg(ap, int);
            put_padded(&o, &c, 1, width, left, ' ');
            break;
        }
        case '%':
            put(&o, '%');
            break;
        case '\0':
            p--;
            break;
        default:
            put(&o, '%');
            put(&o, *p);
            break;
        }
    }
    if (cap)
        buf[o.len < cap ? o.len : cap - 1] = '\0';
    return (int)o.len;
}
