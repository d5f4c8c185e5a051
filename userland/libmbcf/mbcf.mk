# mbcf.mk (userland/libmbcf) - the guest MBCF library libmbcf.a (musl), the MBCF
# test and benchmark programs, and `make bench-mbcf`.
LIBMBCF_SRCS   := userland/libmbcf/mbcf_guest.c mbcf/mbcf_fifo_ring.c
LIBMBCF_HDRS   := userland/libmbcf/mbcf.h userland/libmbcf/mbcf_guest.h mbcf/mbcf_fifo_ring.h \
                  kernel/uapi/cluster_abi.h
LIBMBCF_CFLAGS := $(USER_CFLAGS) -Iuserland/libmbcf -Imbcf
LIBMBCF_A      := $(BUILD)/user/libmbcf.a
LIBMBCF_OBJS   := $(patsubst %.c,$(BUILD)/user/libmbcf-obj/%.o,$(LIBMBCF_SRCS))

$(BUILD)/user/libmbcf-obj/%.o: %.c $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBMBCF_CFLAGS) -c $< -o $@

$(LIBMBCF_A): $(LIBMBCF_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

USER_PROGS += $(LIBMBCF_A) $(BUILD)/user/mbcftest $(BUILD)/user/mbcfbench

$(BUILD)/user/mbcftest: $(wildcard userland/mbcftest/*.c) $(wildcard userland/mbcftest/*.h) $(LIBMBCF_A)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBMBCF_CFLAGS) -o $@ $(wildcard userland/mbcftest/*.c) $(LIBMBCF_A) $(USER_LDFLAGS)

$(BUILD)/user/mbcfbench: $(wildcard userland/mbcfbench/*.c) $(LIBMBCF_A) $(LIBRAW_SRCS) $(LIBRAW_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBMBCF_CFLAGS) -Iuserland/libraw -o $@ $(wildcard userland/mbcfbench/*.c) $(LIBRAW_SRCS) $(LIBMBCF_A) $(USER_LDFLAGS)

.PHONY: bench-mbcf
bench-mbcf: $(BUILD)/user/mbcfbench $(BUILD)/user/rawbench
	scripts/qemu/bench_mbcf
