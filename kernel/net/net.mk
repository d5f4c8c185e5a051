# kernel/net/net.mk - the kernel's network layer (kernel/net/): the frame layer,
# its device and protocol seams (netdev.h, net_proto.h), its system calls, and
# the host unit tests of its portable pieces (net_frame.c, net_rawq.c).

NET_PORTABLE := kernel/net/net_frame.c kernel/net/net_rawq.c

# ---- kernel side (linked into BOOTX64.EFI; compiled by kernel/kernel.mk's rules) ----
KERNEL_SRCS += kernel/net/net_core.c kernel/net/net_ctrl.c kernel/net/net_wait.c \
               kernel/net/net_syscall.c kernel/net/netdev.c $(NET_PORTABLE)

# ---- host unit tests (cmocka) ----
NET_HOST_CFLAGS := $(HOST_CFLAGS) $(WPROTO) -Ikernel -Ikernel/net
HOST_TESTS += $(BUILD)/host/test_net_frame $(BUILD)/host/test_net_rawq

$(BUILD)/host/test_net_frame: tests/host/test_net_frame.c kernel/net/net_frame.c kernel/net/net_frame.h kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(NET_HOST_CFLAGS) -o $@ tests/host/test_net_frame.c kernel/net/net_frame.c -lcmocka

$(BUILD)/host/test_net_rawq: tests/host/test_net_rawq.c kernel/net/net_rawq.c kernel/net/net_rawq.h kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(NET_HOST_CFLAGS) -o $@ tests/host/test_net_rawq.c kernel/net/net_rawq.c -lcmocka
