/* myth_ctx.S - the ULT context switch (x86-64 System V): only what a callee
 * must preserve is saved: rbx, rbp, r12-r15 (the System V AMD64 ABI, sec
 * 3.2.1, "callee-saved"), the MXCSR control bits and the x87 control word
 * (sec 3.2.3: "the control bits of the MXCSR register are callee-saved ...
 * the x87 control word is callee-saved"). The caller-saved registers are
 * already dead at a call, so a switch is a call. Frame on the stack of the
 * context being left, from its saved rsp upwards:
 *   [mxcsr:4 fcw:2 pad:2] r15 r14 r13 r12 rbx rbp <return address>
 * myth_ctx_make (myth_ctx.h) builds the same frame for a new ULT with
 * myth_ctx_start as the return address. The register list: myth_regs.h. */
#include "myth_regs.h"
    .text
    .globl myth_ctx_switch
    .type myth_ctx_switch, @function
/* void *myth_ctx_switch(void **save_sp, void *load_sp, void *pass):
 * save here, continue the context saved at load_sp; that context's own
 * myth_ctx_switch call returns pass (a fresh one gets it in its entry). */
myth_ctx_switch:
    PUSH_CALLEE_SAVED
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    POP_CALLEE_SAVED
    movq %rdx, %rax
    ret
    .size myth_ctx_switch, .-myth_ctx_switch

/* First code of a new context: r12 = entry(void *pass, void *arg), r13 =
 * arg, rax = the pass value of the switch that started it. rsp is 16-byte
 * aligned here, so entry is called with the ABI's alignment. entry never
 * returns. */
    .globl myth_ctx_start
    .type myth_ctx_start, @function
myth_ctx_start:
    movq %rax, %rdi
    movq %r13, %rsi
    xorl %ebp, %ebp
    call *%r12
    ud2
    .size myth_ctx_start, .-myth_ctx_start
    .section .note.GNU-stack,"",@progbits
