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

HOST_TESTS += $(BUILD)/host/test_tofu_stadd
$(BUILD)/host/test_tofu_stadd: tests/host/test_tofu_stadd.c drivers/tofu_emu/tofu_stadd.c drivers/tofu_emu/tofu_stadd.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(TOFU_HOST_CFLAGS) -o $@ tests/host/test_tofu_stadd.c drivers/tofu_emu/tofu_stadd.c -lcmocka

# ---- kernel side (linked into BOOTX64.EFI by kernel/kernel.mk's rules) ----
# The transport is a second instance of MBCF's engine (mbcf/mbcf_engine.c,
# already in KERNEL_SRCS through mbcf.mk).
TOFU_KERNEL := drivers/tofu_emu/tofu_stadd.c drivers/tofu_emu/tofu_k_net.c \
               drivers/tofu_emu/tofu_k_target.c drivers/tofu_emu/tofu_k_vcq.c \
               drivers/tofu_emu/tofu_k_plug.c
KERNEL_SRCS += drivers/tofu_emu/tofu_topo.c $(TOFU_KERNEL)
$(BUILD)/kobj/drivers/tofu_emu/%.c.o: KERNEL_CFLAGS += -Idrivers/tofu_emu -Imbcf \
	-Wmissing-prototypes -fbuiltin
