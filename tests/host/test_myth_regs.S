/* test_myth_regs.S - probes for test_myth.c: myth_probe_regs loads fixed
 * patterns into every callee-saved register (rbx, rbp, r12-r15), calls
 * fn() (which switches ULTs) and returns a bit mask of the registers that
 * changed; myth_clobber_regs fills them with other values around fn() (and
 * restores the caller's, as the ABI requires). */
    .text
    .globl myth_probe_regs
    .type myth_probe_regs, @function
myth_probe_regs:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    movabsq $0x1111111111111111, %rbx
    movabsq $0x2222222222222222, %rbp
    movabsq $0x3333333333333333, %r12
    movabsq $0x4444444444444444, %r13
    movabsq $0x5555555555555555, %r14
    movabsq $0x6666666666666666, %r15
    call *%rdi
    xorl %eax, %eax
    movabsq $0x1111111111111111, %rcx
    cmpq %rcx, %rbx
    je 1f
    orl $1, %eax
1:  movabsq $0x2222222222222222, %rcx
    cmpq %rcx, %rbp
    je 2f
    orl $2, %eax
2:  movabsq $0x3333333333333333, %rcx
    cmpq %rcx, %r12
    je 3f
    orl $4, %eax
3:  movabsq $0x4444444444444444, %rcx
    cmpq %rcx, %r13
    je 4f
    orl $8, %eax
4:  movabsq $0x5555555555555555, %rcx
    cmpq %rcx, %r14
    je 5f
    orl $16, %eax
5:  movabsq $0x6666666666666666, %rcx
    cmpq %rcx, %r15
    je 6f
    orl $32, %eax
6:  addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size myth_probe_regs, .-myth_probe_regs

    .globl myth_clobber_regs
    .type myth_clobber_regs, @function
myth_clobber_regs:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    movabsq $0xdeadbeefdeadbeef, %rbx
    movq %rbx, %rbp
    movq %rbx, %r12
    movq %rbx, %r13
    movq %rbx, %r14
    movq %rbx, %r15
    call *%rdi
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size myth_clobber_regs, .-myth_clobber_regs
    .section .note.GNU-stack,"",@progbits
