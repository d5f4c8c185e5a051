# tests/guest/tofutest/tofutest.mk - tofutest, the uTofu test program of
# tests/cluster/tofu_ops.sh (libutofu.a: userland/lib/libutofu/libutofu.mk).
USER_PROGS += $(BUILD)/user/tofutest
$(BUILD)/user/tofutest: tests/guest/tofutest/tofutest.c $(LIBUTOFU_A) $(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(LIBUTOFU_CFLAGS) -o $@ tests/guest/tofutest/tofutest.c $(LIBUTOFU_A) $(USER_LDFLAGS)
