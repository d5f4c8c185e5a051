# userland/ppntest/ppntest.mk - ppntest, the intra-node MBCF test program of
# tests/cluster/ppn_mbcf.sh (several processes per node, docs/ppn.md); it
# shares userland/mbcfcheck with mbcftest.
PPNTEST_SRCS := $(wildcard userland/ppntest/*.c) userland/mbcfcheck/mbcf_check.c
USER_PROGS += $(BUILD)/user/ppntest
$(BUILD)/user/ppntest: $(PPNTEST_SRCS) userland/ppntest/ppn_shm.h userland/mbcfcheck/mbcf_check.h $(LIBMBCF_GUEST) $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -Iuserland/mbcfcheck -o $@ $(PPNTEST_SRCS) $(LIBMBCF_GUEST) $(USER_LDFLAGS)
