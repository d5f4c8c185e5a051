# userland/bench/mbcfbench/mbcfbench.mk - mbcfbench (MBCF latency and bandwidth,
# paired against raw frames) and `make bench-mbcf`.
USER_PROGS += $(BUILD)/user/mbcfbench
$(BUILD)/user/mbcfbench: $(wildcard userland/bench/mbcfbench/*.c) $(LIBMBCF_GUEST) $(LIBRAW) $(LIBMBCF_HDRS) userland/lib/libraw/raw.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -Iuserland/lib/libraw -o $@ $(wildcard userland/bench/mbcfbench/*.c) $(LIBRAW) $(LIBMBCF_GUEST) $(USER_LDFLAGS)

.PHONY: bench-mbcf
bench-mbcf: $(BUILD)/user/mbcfbench $(BUILD)/user/rawbench
	scripts/qemu/bench_mbcf
