# kernel/sched.mk - threads, the scheduler, SMP start-up and the
# host unit tests of their portable cores (run queues, futex queues).
KERNEL_SRCS += kernel/runq.c kernel/futexq.c kernel/spinlock.c kernel/percpu.c kernel/sched.c \
	kernel/switch.S kernel/thread.c kernel/futex.c kernel/sys_thread.c kernel/smp.c kernel/smp_boot.c kernel/trampoline.S

SCHED_HOST_TESTS := test_runq test_futexq
HOST_TESTS += $(patsubst %,$(BUILD)/host/%,$(SCHED_HOST_TESTS))
$(BUILD)/host/test_runq: tests/host/test_runq.c kernel/runq.c kernel/runq.h
$(BUILD)/host/test_futexq: tests/host/test_futexq.c kernel/futexq.c kernel/futexq.h
$(patsubst %,$(BUILD)/host/%,$(SCHED_HOST_TESTS)):
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -Ikernel -o $@ $(filter %.c,$^) -lcmocka
