# userland/mbcfbench/mbcfbench.mk - mbcfbench (MBCF latency and bandwidth,
# paired against raw frames) and `make bench-mbcf`.
USER_PROGS += $(BUILD)/user/mbcfbench
$(BUILD)/user/mbcfbench: $(wildcard userland/mbcfbench/*.c) $(LIBMBCF_GUEST) $(LIBRAW) $(LIBMBCF_HDRS) userland/libraw/raw.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -Iuserland/libraw -o $@ $(wildcard userland/mbcfbench/*.c) $(LIBRAW) $(LIBMBCF_GUEST) $(USER_LDFLAGS)

.PHONY: bench-mbcf
bench-mbcf: $(BUILD)/user/mbcfbench $(BUILD)/user/rawbench
	scripts/qemu/bench_mbcf
