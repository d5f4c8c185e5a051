# e1000.mk - the network part: e1000 driver, kernel raw-frame facility (kernel/net_*),
# user wrappers (userland/libraw), bench/test programs, host unit tests, bench-raw.

NET_PORTABLE := kernel/net_frame.c kernel/net_rawq.c

# ---- host unit tests (cmocka) ----
NET_HOST_CFLAGS := $(HOST_CFLAGS) -Ikernel -Idrivers/e1000
HOST_TESTS += $(BUILD)/host/test_net_frame $(BUILD)/host/test_net_rawq $(BUILD)/host/test_net_ring

$(BUILD)/host/test_net_frame: tests/host/test_net_frame.c kernel/net_frame.c kernel/net_frame.h kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(NET_HOST_CFLAGS) -o $@ tests/host/test_net_frame.c kernel/net_frame.c -lcmocka

$(BUILD)/host/test_net_rawq: tests/host/test_net_rawq.c kernel/net_rawq.c kernel/net_rawq.h kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(NET_HOST_CFLAGS) -o $@ tests/host/test_net_rawq.c kernel/net_rawq.c -lcmocka

$(BUILD)/host/test_net_ring: tests/host/test_net_ring.c drivers/e1000/e1000_ring.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(NET_HOST_CFLAGS) -o $@ tests/host/test_net_ring.c -lcmocka

# ---- kernel side (linked into BOOTX64.EFI; compiled by the kernel's rules) ----
KERNEL_SRCS += drivers/e1000/e1000.c kernel/net_core.c kernel/net_wait.c kernel/net_syscall.c \
               $(NET_PORTABLE)

# ---- user programs: raw-frame library, tests, benchmark ----
LIBRAW_SRCS := userland/libraw/raw.c userland/libraw/raw_pingpong.c userland/libraw/raw_stream.c
LIBRAW_HDRS := userland/libraw/raw.h kernel/uapi/cluster_abi.h
NET_USER_CFLAGS := $(USER_CFLAGS) -Iuserland/libraw
NETTEST_SRCS := $(wildcard userland/nettest/*.c)
USER_PROGS += $(BUILD)/user/nettest $(BUILD)/user/rawbench

$(BUILD)/user/nettest: $(NETTEST_SRCS) $(wildcard userland/nettest/*.h) $(LIBRAW_SRCS) $(LIBRAW_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(NET_USER_CFLAGS) -o $@ $(NETTEST_SRCS) $(LIBRAW_SRCS) $(USER_LDFLAGS)

$(BUILD)/user/rawbench: userland/rawbench/rawbench.c $(LIBRAW_SRCS) $(LIBRAW_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(NET_USER_CFLAGS) -o $@ userland/rawbench/rawbench.c $(LIBRAW_SRCS) $(USER_LDFLAGS)

# ---- benchmark: raw ping-pong and stream, both wait modes -> runs/<timestamp>/ ----
.PHONY: bench-raw
bench-raw: $(BUILD)/user/rawbench
	scripts/qemu/bench_raw
