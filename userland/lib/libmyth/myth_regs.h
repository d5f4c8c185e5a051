/* myth_regs.h - the callee-saved general-purpose registers of x86-64, in one
 * list for the assembler files that save them (myth_ctx.S, and the probes of
 * tests/host/test_myth_regs.S): rbx, rbp and r12-r15 "belong to the calling
 * function and the called function is required to preserve their values"
 * (System V AMD64 ABI, sec 3.2.1, Figure 3.4; rsp is restored by the
 * call/return itself). Assembler macros only: #include it from a .S file.
 *   PUSH_CALLEE_SAVED   pushes rbp rbx r12 r13 r14 r15 (r15 ends lowest:
 *                       the frame myth_ctx_make in myth_ctx.h builds)
 *   POP_CALLEE_SAVED    pops them again, in reverse
 *   FOR_CALLEE_SAVED m  expands "m reg, index" for each, index 0..5 in the
 *                       order rbx rbp r12 r13 r14 r15 */
#ifndef MYTH_REGS_H
#define MYTH_REGS_H
#ifndef __ASSEMBLER__
#error "myth_regs.h holds assembler macros: include it from .S files only"
#endif

.macro PUSH_CALLEE_SAVED
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
.endm

.macro POP_CALLEE_SAVED
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
.endm

.macro FOR_CALLEE_SAVED m
    \m rbx, 0
    \m rbp, 1
    \m r12, 2
    \m r13, 3
    \m r14, 4
    \m r15, 5
.endm

#endif
