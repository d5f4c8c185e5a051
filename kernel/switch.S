/* switch.S - the context switch between kernel threads (xv6 swtch.S for
 * x86-64): callee-saved registers on the old thread's kernel stack, its RSP
 * saved, the new RSP loaded, registers popped. Also the first code of a new
 * thread and the way a cloned thread enters ring 3. */
    .hidden sched_thread_begin
    .hidden syscall_exit_to_user
    .text

/* swtch(uint64_t *save_rsp, uint64_t new_rsp): a call, so only what a
 * callee must preserve is saved: rbx, rbp, r12-r15 (System V AMD64 ABI, sec
 * 3.2.1, Figure 3.4, "callee-saved"; the caller-saved ones are dead at the
 * call). Kernel C code uses no FPU/SSE (-mgeneral-regs-only); a user
 * thread's FPU state is saved by the scheduler around this call (sched.c). */
    .globl swtch
    .hidden swtch
swtch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret

/* A new thread's first return lands here: r12 = fn, r13 = arg. */
    .globl thread_entry
    .hidden thread_entry
thread_entry:
    call sched_thread_begin
    movq %r13, %rdi
    call *%r12
    ud2

/* thread_enter_clone(struct syscall_frame *f): returns to ring 3 through the
 * SYSCALL exit path with the frame copied from the parent, RAX = 0. */
    .globl thread_enter_clone
    .hidden thread_enter_clone
thread_enter_clone:
    movq %rdi, %rsp
    xorl %eax, %eax
    jmp syscall_exit_to_user
    .section .note.GNU-stack,"",@progbits
