/* myth_ctx.h - the context switch of libmyth (myth_ctx.S) and how a new
 * context is laid out on its stack. */
#ifndef MYTH_CTX_H
#define MYTH_CTX_H
#include <stddef.h>
#include <stdint.h>

/* Save the current context into *save_sp, continue the one saved at
 * load_sp; returns the pass value of whichever switch comes back here. */
void *myth_ctx_switch(void **save_sp, void *load_sp, void *pass);
void myth_ctx_start(void);

#define MYTH_MXCSR_DEFAULT 0x1f80u   /* all exceptions masked, round to nearest */
#define MYTH_FCW_DEFAULT 0x037fu     /* x87: same, 64-bit precision (Linux default) */

/* A context that starts entry(pass, arg) on the stack whose top (highest
 * address) is top; returns its saved rsp for myth_ctx_switch. */
static inline void *myth_ctx_make(void *top, void (*entry)(void *pass, void *arg), void *arg)
{
    uintptr_t t = (uintptr_t)top & ~(uintptr_t)15;
    uint64_t *sp = (uint64_t *)(t - 8);          /* return address slot: sp+8 aligned */
    *sp-- = (uint64_t)(uintptr_t)myth_ctx_start;
    *sp-- = 0;                                   /* rbp */
    *sp-- = 0;                                   /* rbx */
    *sp-- = (uint64_t)(uintptr_t)entry;          /* r12 */
    *sp-- = (uint64_t)(uintptr_t)arg;            /* r13 */
    *sp-- = 0;                                   /* r14 */
    *sp = 0;                                     /* r15 */
    sp--;
    *sp = (uint64_t)MYTH_MXCSR_DEFAULT | (uint64_t)MYTH_FCW_DEFAULT << 32;
    return sp;
}

#endif
