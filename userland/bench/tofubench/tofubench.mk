# userland/bench/tofubench/tofubench.mk - tofubench: uTofu put latency and
# bandwidth, modeled and wall, per mode (scripts/qemu/bench_tofu).
USER_PROGS += $(BUILD)/user/tofubench
$(BUILD)/user/tofubench: userland/bench/tofubench/tofubench.c $(LIBUTOFU_A) $(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBUTOFU_CFLAGS) -o $@ userland/bench/tofubench/tofubench.c $(LIBUTOFU_A) $(USER_LDFLAGS)

.PHONY: bench-tofu
bench-tofu: $(BUILD)/user/tofubench $(BUILD)/kernel/BOOTX64.EFI
	scripts/qemu/bench_tofu
