# userland/ppntest/ppntest.mk - ppntest, the intra-node MBCF test program of
# tests/cluster/ppn_mbcf.sh (several processes per node, docs/ppn.md).
USER_PROGS += $(BUILD)/user/ppntest
$(BUILD)/user/ppntest: $(wildcard userland/ppntest/*.c) $(LIBMBCF_GUEST) $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -o $@ $(wildcard userland/ppntest/*.c) $(LIBMBCF_GUEST) $(USER_LDFLAGS)
