# drivers/e1000/e1000.mk - the Intel 82540EM driver (registers itself with the
# network layer's device table, kernel/net/netdev.h) and the host unit test of
# its ring arithmetic (e1000_ring.h).

# ---- kernel side (linked into BOOTX64.EFI; compiled by kernel/kernel.mk's rules) ----
KERNEL_SRCS += drivers/e1000/e1000.c

# ---- host unit test (cmocka) ----
HOST_TESTS += $(BUILD)/host/test_net_ring
$(BUILD)/host/test_net_ring: tests/host/test_net_ring.c drivers/e1000/e1000_ring.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -Idrivers/e1000 -o $@ tests/host/test_net_ring.c -lcmocka
