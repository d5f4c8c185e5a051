# userland/bench/rawbench/rawbench.mk - rawbench (raw ping-pong and stream, both
# wait modes) and `make bench-raw` -> runs/<timestamp>/.
USER_PROGS += $(BUILD)/user/rawbench
$(BUILD)/user/rawbench: userland/bench/rawbench/rawbench.c $(LIBRAW) userland/lib/libraw/raw.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Iuserland/lib/libraw -o $@ userland/bench/rawbench/rawbench.c $(LIBRAW) $(USER_LDFLAGS)

.PHONY: bench-raw
bench-raw: $(BUILD)/user/rawbench
	scripts/qemu/bench_raw
