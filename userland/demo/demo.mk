# userland/demo/demo.mk - the demo program of `make run`.
USER_PROGS += $(BUILD)/user/demo
$(BUILD)/user/demo: userland/demo/demo.c kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -o $@ $< $(USER_LDFLAGS)
