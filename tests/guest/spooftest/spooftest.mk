# tests/guest/spooftest/spooftest.mk - spooftest, the program of
# tests/cluster/net_spoof.sh (a task forging another node's frames).
USER_PROGS += $(BUILD)/user/spooftest
$(BUILD)/user/spooftest: tests/guest/spooftest/spooftest.c $(LIBMBCF_GUEST) $(LIBRAW) $(LIBMBCF_HDRS) \
		userland/lib/libraw/raw.h mbcf/mbcf_wire.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -Imbcf -Iuserland/lib/libraw -o $@ $< $(LIBRAW) $(LIBMBCF_GUEST) $(USER_LDFLAGS)
