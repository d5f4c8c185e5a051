# userland/ktest/ktest.mk - guest programs for the kernel's QEMU tests
# (tests/cluster/kernel_*.sh).
KTEST_PROGS := ktest_libc ktest_exit ktest_fault ktest_sys ktest_layout ktest_mem ktest_fuzz ktest_fs ktest_fsio
USER_PROGS += $(patsubst %,$(BUILD)/user/%,$(KTEST_PROGS))
$(patsubst %,$(BUILD)/user/%,$(KTEST_PROGS)): $(BUILD)/user/%: userland/ktest/%.c kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -o $@ $< $(USER_LDFLAGS) -lm
