# tofu_emu.mk - the emulated Tofu interconnect: model/ is portable C (topology,
# timing model, STADD table, wire format; host-tested, also linked into
# libutofu and the simulators), ctl/ the kernel controller built on it.

TOFU_MODEL_DIR := drivers/tofu_emu/model
TOFU_PORTABLE := $(TOFU_MODEL_DIR)/tofu_topo.c $(TOFU_MODEL_DIR)/tofu_model.c
TOFU_HDRS     := $(TOFU_MODEL_DIR)/tofu_topo.h $(TOFU_MODEL_DIR)/tofu_model.h
TOFU_HOST_CFLAGS := $(HOST_CFLAGS) -Wmissing-prototypes -I$(TOFU_MODEL_DIR)

# ---- host unit tests (cmocka) ----
HOST_TESTS += $(BUILD)/host/test_tofu_model

$(BUILD)/host/test_tofu_model: tests/host/test_tofu_model.c $(TOFU_PORTABLE) $(TOFU_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(TOFU_HOST_CFLAGS) -o $@ tests/host/test_tofu_model.c $(TOFU_PORTABLE) -lcmocka

HOST_TESTS += $(BUILD)/host/test_tofu_stadd
$(BUILD)/host/test_tofu_stadd: tests/host/test_tofu_stadd.c $(TOFU_MODEL_DIR)/tofu_stadd.c $(TOFU_MODEL_DIR)/tofu_stadd.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(TOFU_HOST_CFLAGS) -o $@ tests/host/test_tofu_stadd.c $(TOFU_MODEL_DIR)/tofu_stadd.c -lcmocka

# ---- kernel side (linked into BOOTX64.EFI by kernel/kernel.mk's rules) ----
# The transport is an MBCF engine hosted through mbcf/mbcf_khost.c (both
# already in KERNEL_SRCS through mbcf.mk).
TOFU_KERNEL := $(TOFU_MODEL_DIR)/tofu_stadd.c drivers/tofu_emu/ctl/tofu_k_net.c \
               drivers/tofu_emu/ctl/tofu_k_target.c drivers/tofu_emu/ctl/tofu_k_vcq.c \
               drivers/tofu_emu/ctl/tofu_k_plug.c
KERNEL_SRCS += $(TOFU_MODEL_DIR)/tofu_topo.c $(TOFU_KERNEL)
$(BUILD)/kobj/drivers/tofu_emu/%.c.o: KERNEL_CFLAGS += -Idrivers/tofu_emu/ctl -I$(TOFU_MODEL_DIR) \
	-Imbcf -Wmissing-prototypes -fbuiltin
