# tofu_emu.mk - the emulated Tofu interconnect: portable topology + timing model
# (host-tested), its host unit tests.

TOFU_PORTABLE := drivers/tofu_emu/tofu_topo.c drivers/tofu_emu/tofu_model.c
TOFU_HDRS     := drivers/tofu_emu/tofu_topo.h drivers/tofu_emu/tofu_model.h
TOFU_HOST_CFLAGS := $(HOST_CFLAGS) -Wmissing-prototypes -Idrivers/tofu_emu

# ---- host unit tests (cmocka) ----
HOST_TESTS += $(BUILD)/host/test_tofu_model

$(BUILD)/host/test_tofu_model: tests/host/test_tofu_model.c $(TOFU_PORTABLE) $(TOFU_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(TOFU_HOST_CFLAGS) -o $@ tests/host/test_tofu_model.c $(TOFU_PORTABLE) -lcmocka
