# userland/bench/iobench/iobench.mk - MPI-IO collective bandwidth beside
# MPI_Gather of the same bytes (scripts/qemu/bench_mpiio); guest build and a
# host build for mbcf-hostrun.
HOST_TOOLS += $(BUILD)/host/iobench
$(BUILD)/host/iobench: userland/bench/iobench/iobench.c $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_HOST_LIBS) -lm
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/iobench
$(BUILD)/user/iobench: userland/bench/iobench/iobench.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
endif
