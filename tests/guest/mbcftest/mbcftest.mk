# tests/guest/mbcftest/mbcftest.mk - mbcftest, the MBCF test program of the
# tests/cluster/mbcf_*.sh tests; it shares tests/guest/mbcfcheck with ppntest.
MBCFTEST_SRCS := $(wildcard tests/guest/mbcftest/*.c) tests/guest/mbcfcheck/mbcf_check.c
USER_PROGS += $(BUILD)/user/mbcftest
$(BUILD)/user/mbcftest: $(MBCFTEST_SRCS) tests/guest/mbcfcheck/mbcf_check.h $(LIBMBCF_GUEST) $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -Itests/guest/mbcfcheck -o $@ $(MBCFTEST_SRCS) $(LIBMBCF_GUEST) $(USER_LDFLAGS)
