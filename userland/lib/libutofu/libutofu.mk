# libutofu.mk - the user library of the emulated Tofu controller: libutofu.a
# (utofu.h, jtofu.h, utofu_emu.h), linked with the portable model
# (drivers/tofu_emu/model/tofu_model.c, tofu_topo.c); test and benchmark programs.
LIBUTOFU_SRCS   := $(wildcard userland/lib/libutofu/*.c) $(TOFU_PORTABLE)
LIBUTOFU_HDRS   := $(wildcard userland/lib/libutofu/*.h) $(TOFU_HDRS) kernel/uapi/tofu_abi.h
LIBUTOFU_CFLAGS := $(USER_CFLAGS) -Wmissing-prototypes -Iuserland/lib/libutofu -Idrivers/tofu_emu/model
LIBUTOFU_A      := $(BUILD)/user/libutofu.a
LIBUTOFU_OBJS   := $(patsubst %.c,$(BUILD)/user/libutofu-obj/%.o,$(LIBUTOFU_SRCS))

$(BUILD)/user/libutofu-obj/%.o: %.c $(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBUTOFU_CFLAGS) -c $< -o $@

$(LIBUTOFU_A): $(LIBUTOFU_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

USER_PROGS += $(LIBUTOFU_A)
