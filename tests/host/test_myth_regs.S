/* test_myth_regs.S - probes for test_myth.c: myth_probe_regs loads a fixed
 * pattern into every callee-saved register (the list of myth_regs.h: rbx,
 * rbp, r12-r15, System V AMD64 ABI sec 3.2.1), calls fn() (which switches
 * ULTs) and returns a bit mask of the registers that changed (bit i for the
 * i-th of the list); myth_clobber_regs fills them with other values around
 * fn() (and restores the caller's, as the ABI requires). */
#include "myth_regs.h"

/* the pattern of register i: its index + 1 in every nibble (0x1111..., 0x2222...) */
.macro LOAD_PATTERN reg, i
    movabsq $(0x1111111111111111 * (\i + 1)), %\reg
.endm

/* eax |= 1 << i when reg no longer holds its pattern */
.macro EXPECT_PATTERN reg, i
    movabsq $(0x1111111111111111 * (\i + 1)), %rcx
    cmpq %rcx, %\reg
    je .Lsame\@
    orl $(1 << \i), %eax
.Lsame\@:
.endm

.macro LOAD_CLOBBER reg, i
    movabsq $0xdeadbeefdeadbeef, %\reg
.endm

    .text
    .globl myth_probe_regs
    .type myth_probe_regs, @function
myth_probe_regs:
    PUSH_CALLEE_SAVED
    subq $8, %rsp
    FOR_CALLEE_SAVED LOAD_PATTERN
    call *%rdi
    xorl %eax, %eax
    FOR_CALLEE_SAVED EXPECT_PATTERN
    addq $8, %rsp
    POP_CALLEE_SAVED
    ret
    .size myth_probe_regs, .-myth_probe_regs

    .globl myth_clobber_regs
    .type myth_clobber_regs, @function
myth_clobber_regs:
    PUSH_CALLEE_SAVED
    subq $8, %rsp
    FOR_CALLEE_SAVED LOAD_CLOBBER
    call *%rdi
    addq $8, %rsp
    POP_CALLEE_SAVED
    ret
    .size myth_clobber_regs, .-myth_clobber_regs
    .section .note.GNU-stack,"",@progbits
