# tests/guest/ppntest/ppntest.mk - ppntest, the intra-node MBCF test program of
# tests/cluster/ppn_mbcf.sh (several processes per node, docs/ppn.md); it
# shares tests/guest/mbcfcheck with mbcftest.
PPNTEST_SRCS := $(wildcard tests/guest/ppntest/*.c) tests/guest/mbcfcheck/mbcf_check.c
USER_PROGS += $(BUILD)/user/ppntest
$(BUILD)/user/ppntest: $(PPNTEST_SRCS) tests/guest/ppntest/ppn_shm.h tests/guest/mbcfcheck/mbcf_check.h $(LIBMBCF_GUEST) $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -Itests/guest/mbcfcheck -o $@ $(PPNTEST_SRCS) $(LIBMBCF_GUEST) $(USER_LDFLAGS)
