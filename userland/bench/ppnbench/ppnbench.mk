# userland/bench/ppnbench/ppnbench.mk - intra- vs inter-node MPI round trip and
# bandwidth in one boot (scripts/qemu/bench_ppn, docs/ppn.md).
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/ppnbench
$(BUILD)/user/ppnbench: userland/bench/ppnbench/ppnbench.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
endif
