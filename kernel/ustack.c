/* ustack.c - builds the initial user stack (see ustack.h). Portable C. */
#include <string.h>
#include "ustack.h"

struct sb { uint8_t *buf; uint64_t cap, top, sp; int bad; };

/* Pushes bytes below the current position; returns their user address. */
static uint64_t push_bytes(struct sb *s, const void *p, uint64_t n)
{
    if (s->bad || n > s->sp - (s->top - s->cap)) {
        s->bad = 1;
        return 0;
    }
    s->sp -= n;
    memcpy(s->buf + (s->sp - (s->top - s->cap)), p, n);
    return s->sp;
}

static uint64_t push_str(struct sb *s, const char *str)
{
    return push_bytes(s, str, strlen(str) + 1);
}

uint64_t ustack_build(uint8_t *buf, uint64_t cap, uint64_t top, const struct ustack_args *a)
{
    struct sb s = { buf, cap, top, top, 0 };
    if (a->argc < 0 || a->envc < 0 || a->nauxv < 0 || cap > top)
        return 0;
    uint64_t zero = 0;
    push_bytes(&s, &zero, 8);   /* end marker */
    uint64_t execfn = push_str(&s, a->argc > 0 ? a->argv[0] : "");
    uint64_t platform = push_str(&s, "x86_64");
    uint64_t argp[a->argc > 0 ? a->argc : 1], envp[a->envc > 0 ? a->envc : 1];
    for (int i = a->envc - 1; i >= 0; i--)
        envp[i] = push_str(&s, a->envp[i]);
    for (int i = a->argc - 1; i >= 0; i--)
        argp[i] = push_str(&s, a->argv[i]);
    s.sp &= ~15ull;
    uint64_t rnd = push_bytes(&s, a->random, 16);
    if (s.bad)
        return 0;
    /* Vector part: count words so that RSP ends 16-byte aligned. */
    uint64_t words = 1 + (uint64_t)a->argc + 1 + (uint64_t)a->envc + 1 + 2 * ((uint64_t)a->nauxv + 4);
    uint64_t rsp = (s.sp - words * 8) & ~15ull;
    if (rsp < top - cap || rsp > s.sp)
        return 0;
    uint64_t *v = (uint64_t *)(buf + (rsp - (top - cap)));
    uint64_t k = 0;
    v[k++] = (uint64_t)a->argc;
    for (int i = 0; i < a->argc; i++)
        v[k++] = argp[i];
    v[k++] = 0;
    for (int i = 0; i < a->envc; i++)
        v[k++] = envp[i];
    v[k++] = 0;
    for (int i = 0; i < a->nauxv; i++) {
        v[k++] = a->auxv[i][0];
        v[k++] = a->auxv[i][1];
    }
    v[k++] = AT_RANDOM;   v[k++] = rnd;
    v[k++] = AT_EXECFN;   v[k++] = execfn;
    v[k++] = AT_PLATFORM; v[k++] = platform;
    v[k++] = AT_NULL;     v[k++] = 0;
    /* Clear any padding between the vector and the strings. */
    uint8_t *end = (uint8_t *)&v[k];
    memset(end, 0, (size_t)(buf + (s.sp - (top - cap)) - end));
    return rsp;
}
