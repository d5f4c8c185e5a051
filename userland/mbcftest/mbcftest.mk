# userland/mbcftest/mbcftest.mk - mbcftest, the MBCF test program of the
# tests/cluster/mbcf_*.sh tests.
USER_PROGS += $(BUILD)/user/mbcftest
$(BUILD)/user/mbcftest: $(wildcard userland/mbcftest/*.c) $(wildcard userland/mbcftest/*.h) $(LIBMBCF_GUEST) $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -o $@ $(wildcard userland/mbcftest/*.c) $(LIBMBCF_GUEST) $(USER_LDFLAGS)
