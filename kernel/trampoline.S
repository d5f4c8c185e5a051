/* trampoline.S - where an application processor starts after the start-up
 * IPI: real mode at TRAMP_BASE (the SIPI vector page, below 1 MiB: Intel SDM
 * vol. 3A 8.4.4.1), a temporary GDT, protected mode, PAE + long mode with the
 * kernel's page tables (which map this page 1:1), then a 64-bit call of
 * t_entry(t_arg) on t_stack. smp_boot.c copies tramp_start..tramp_end to
 * TRAMP_BASE and fills the four words at the end for each AP in turn.
 * Addresses are absolute (TRAMP_BASE + offset): this code never runs where
 * it was linked. */
    .set TB, 0x8000            /* TRAMP_BASE in smp_boot.c */
    .text
    .code16
    .globl tramp_start
    .hidden tramp_start
tramp_start:
    cli
    cld
    xorw %ax, %ax
    movw %ax, %ds
    lgdtl (tgdt_desc - tramp_start + TB)
    movl %cr0, %eax
    orl $1, %eax               /* PE */
    movl %eax, %cr0
    ljmpl $0x08, $((pm32 - tramp_start + TB))

    .code32
pm32:
    movw $0x10, %ax
    movw %ax, %ds
    movw %ax, %es
    movw %ax, %ss
    movl %cr4, %eax
    orl $((1 << 5) | (1 << 9) | (1 << 10)), %eax   /* PAE, OSFXSR, OSXMMEXCPT */
    movl %eax, %cr4
    movl (t_cr3 - tramp_start + TB), %eax
    movl %eax, %cr3
    movl $0xC0000080, %ecx     /* EFER: LME, NXE, SCE (AMD64 APM vol. 2 14.6) */
    rdmsr
    orl $((1 << 8) | (1 << 11) | 1), %eax
    wrmsr
    movl %cr0, %eax
    andl $~(1 << 2), %eax      /* no EM */
    orl $0x80000002, %eax      /* PG, MP */
    movl %eax, %cr0
    ljmpl $0x18, $((pm64 - tramp_start + TB))

    .code64
pm64:
    movq (t_stack - tramp_start + TB), %rsp
    movq (t_arg - tramp_start + TB), %rdi
    movq (t_entry - tramp_start + TB), %rax
    xorl %ebp, %ebp
    call *%rax
    ud2

    .balign 8
tgdt:
    .quad 0
    .quad 0x00CF9A000000FFFF   /* 0x08 code, 32-bit */
    .quad 0x00CF92000000FFFF   /* 0x10 data */
    .quad 0x00AF9A000000FFFF   /* 0x18 code, 64-bit */
tgdt_desc:
    .word 31
    .long (tgdt - tramp_start + TB)
    .balign 8
    .globl tramp_params
    .hidden tramp_params
tramp_params:                  /* struct tramp_params in smp_boot.c */
t_cr3:   .quad 0
t_stack: .quad 0
t_entry: .quad 0
t_arg:   .quad 0
    .globl tramp_end
    .hidden tramp_end
tramp_end:
    .section .note.GNU-stack,"",@progbits
