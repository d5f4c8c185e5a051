# libutofu.mk - the user library of the emulated Tofu controller: libutofu.a
# (utofu.h, jtofu.h, utofu_emu.h), linked with the portable model
# (drivers/tofu_emu/model/tofu_model.c, tofu_topo.c); test and benchmark programs.
LIBUTOFU_SRCS   := $(wildcard userland/libutofu/*.c) $(TOFU_PORTABLE)
LIBUTOFU_HDRS   := $(wildcard userland/libutofu/*.h) $(TOFU_HDRS) kernel/uapi/tofu_abi.h
LIBUTOFU_CFLAGS := $(USER_CFLAGS) -Wmissing-prototypes -Iuserland/libutofu -Idrivers/tofu_emu/model
LIBUTOFU_A      := $(BUILD)/user/libutofu.a
LIBUTOFU_OBJS   := $(patsubst %.c,$(BUILD)/user/libutofu-obj/%.o,$(LIBUTOFU_SRCS))

$(BUILD)/user/libutofu-obj/%.o: %.c $(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBUTOFU_CFLAGS) -c $< -o $@

$(LIBUTOFU_A): $(LIBUTOFU_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

USER_PROGS += $(LIBUTOFU_A)

# ---- test program (tests/cluster/tofu_ops.sh, tofu_ppn.sh) ----
USER_PROGS += $(BUILD)/user/tofutest
TOFUTEST_SRCS := userland/tofutest/tofutest.c userland/tofutest/tofutest_ppn.c
$(BUILD)/user/tofutest: $(TOFUTEST_SRCS) userland/tofutest/tofutest.h $(LIBUTOFU_A) $(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBUTOFU_CFLAGS) -o $@ $(TOFUTEST_SRCS) $(LIBUTOFU_A) $(USER_LDFLAGS)

# ---- benchmark: put latency / bandwidth, modeled and wall, per mode ----
USER_PROGS += $(BUILD)/user/tofubench
$(BUILD)/user/tofubench: userland/tofubench/tofubench.c $(LIBUTOFU_A) $(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBUTOFU_CFLAGS) -o $@ userland/tofubench/tofubench.c $(LIBUTOFU_A) $(USER_LDFLAGS)

.PHONY: bench-tofu
bench-tofu: $(BUILD)/user/tofubench $(BUILD)/kernel/BOOTX64.EFI
	scripts/qemu/bench_tofu
