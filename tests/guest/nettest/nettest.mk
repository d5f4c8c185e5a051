# tests/guest/nettest/nettest.mk - nettest, the raw-frame test program of the
# tests/cluster/net_*.sh tests.
NETTEST_SRCS := $(wildcard tests/guest/nettest/*.c)
USER_PROGS += $(BUILD)/user/nettest
$(BUILD)/user/nettest: $(NETTEST_SRCS) $(wildcard tests/guest/nettest/*.h) $(LIBRAW) userland/lib/libraw/raw.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Iuserland/lib/libraw -o $@ $(NETTEST_SRCS) $(LIBRAW) $(USER_LDFLAGS)
