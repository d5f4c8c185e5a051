/* entry.S - interrupt/exception stubs, the SYSCALL entry, the first entry to
 * ring 3 and the stack switch at boot (Intel SDM vol. 3A 6.14, AMD64 APM vol. 2
 * 6.1 SYSCALL/SYSRET). Position independent (the image is relocated by UEFI). */
    .hidden trap_dispatch
    .hidden syscall_dispatch

    .text
/* 256 stubs of 16 bytes: push a dummy error code where the CPU pushes none. */
    .balign 16
    .globl isr_table
    .hidden isr_table
isr_table:
    .set vec, 0
    .rept 256
    .balign 16
    .if (vec == 8) || (vec >= 10 && vec <= 14) || (vec == 17) || (vec == 21) || (vec == 29) || (vec == 30)
    .else
    pushq $0
    .endif
    pushq $vec
    jmp isr_common
    .set vec, vec + 1
    .endr

isr_common:
    testb $3, 24(%rsp)     /* CS of the interrupted code: from ring 3? */
    jz 1f
    swapgs                 /* GS base: this CPU's struct cpu (percpu.h) */
1:
    pushq %rax
    pushq %rbx
    pushq %rcx
    pushq %rdx
    pushq %rsi
    pushq %rdi
    pushq %rbp
    pushq %r8
    pushq %r9
    pushq %r10
    pushq %r11
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    cld
    movq %rsp, %rdi
    call trap_dispatch
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %r11
    popq %r10
    popq %r9
    popq %r8
    popq %rbp
    popq %rdi
    popq %rsi
    popq %rdx
    popq %rcx
    popq %rbx
    popq %rax
    addq $16, %rsp
    testb $3, 8(%rsp)
    jz 2f
    swapgs
2:
    iretq

/* SYSCALL: RCX = user RIP, R11 = user RFLAGS, IF cleared by SFMASK. SWAPGS
 * makes GS this CPU's struct cpu: %gs:8 the running thread's kernel stack,
 * %gs:16 a scratch slot for the user stack pointer (percpu.h). The frame
 * starts at the top of the thread's kernel stack (clone copies it from there). */
    .globl syscall_entry
    .hidden syscall_entry
syscall_entry:
    swapgs
    movq %rsp, %gs:16
    movq %gs:8, %rsp
    pushq %gs:16
    pushq %r11
    pushq %rcx
    pushq %rax
    pushq %rdi
    pushq %rsi
    pushq %rdx
    pushq %r10
    pushq %r8
    pushq %r9
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    cld
    movq %rsp, %rdi
    call syscall_dispatch
    .globl syscall_exit_to_user
    .hidden syscall_exit_to_user
syscall_exit_to_user:
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    popq %r9
    popq %r8
    popq %r10
    popq %rdx
    popq %rsi
    popq %rdi
    addq $8, %rsp          /* saved rax: the result is in rax */
    popq %rcx
    popq %r11
    popq %rsp
    swapgs
    sysretq

/* enter_user(rip, rsp): first entry to ring 3 through IRETQ, registers cleared. */
    .globl enter_user
    .hidden enter_user
enter_user:
    pushq $0x1b            /* SS: user data */
    pushq %rsi             /* RSP */
    pushq $0x202           /* RFLAGS: IF */
    pushq $0x23            /* CS: user code */
    pushq %rdi             /* RIP */
    xorl %eax, %eax
    movl %eax, %ds
    movl %eax, %es
    xorl %ebx, %ebx
    xorl %ecx, %ecx
    xorl %edx, %edx
    xorl %esi, %esi
    xorl %edi, %edi
    xorl %ebp, %ebp
    xorl %r8d, %r8d
    xorl %r9d, %r9d
    xorl %r10d, %r10d
    xorl %r11d, %r11d
    xorl %r12d, %r12d
    xorl %r13d, %r13d
    xorl %r14d, %r14d
    xorl %r15d, %r15d
    swapgs
    iretq

/* switch_stack_cr3(cr3, rsp, fn): new page tables and stack, then fn(). */
    .globl switch_stack_cr3
    .hidden switch_stack_cr3
switch_stack_cr3:
    movq %rdi, %cr3
    movq %rsi, %rsp
    xorl %ebp, %ebp
    call *%rdx
    ud2

    .section .note.GNU-stack,"",@progbits
