# tests/guest/tofutest/tofutest.mk - tofutest, the uTofu test program of
# tests/cluster/tofu_ops.sh and tofu_ppn.sh (processes of a node apart).
USER_PROGS += $(BUILD)/user/tofutest
TOFUTEST_SRCS := tests/guest/tofutest/tofutest.c tests/guest/tofutest/tofutest_ppn.c
$(BUILD)/user/tofutest: $(TOFUTEST_SRCS) tests/guest/tofutest/tofutest.h $(LIBUTOFU_A) $(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBUTOFU_CFLAGS) -o $@ $(TOFUTEST_SRCS) $(LIBUTOFU_A) $(USER_LDFLAGS)
