# tests/guest/ktest/ktest.mk - guest programs for the kernel's QEMU tests
# (tests/cluster/kernel_*.sh).
KTEST_PROGS := ktest_libc ktest_exit ktest_fault ktest_sys ktest_layout ktest_mem ktest_fuzz ktest_fs ktest_fsio
USER_PROGS += $(patsubst %,$(BUILD)/user/%,$(KTEST_PROGS))
$(patsubst %,$(BUILD)/user/%,$(KTEST_PROGS)): $(BUILD)/user/%: tests/guest/ktest/%.c kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -o $@ $< $(USER_LDFLAGS) -lm

# A static glibc program (the host's gcc): the kernel answers what glibc's start-up asks.
USER_PROGS += $(BUILD)/user/ktest_glibc
$(BUILD)/user/ktest_glibc: tests/guest/ktest/ktest_glibc.c
	@mkdir -p $(dir $@)
	$(CC) -static -O2 -o $@ $<
