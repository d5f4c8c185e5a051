# userland/apps/demo/demo.mk - the demo program of `make run`.
USER_PROGS += $(BUILD)/user/demo
$(BUILD)/user/demo: userland/apps/demo/demo.c kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -o $@ $< $(USER_LDFLAGS)
