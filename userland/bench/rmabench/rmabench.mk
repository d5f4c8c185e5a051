# userland/bench/rmabench/rmabench.mk - MPI_Put beside MPI_Send (rmabench.c):
# guest build build/user/rmabench (QEMU: scripts/qemu/cluster -n 2
# build/user/rmabench) and host build build/host/rmabench (mbcf-hostrun -n 2).
HOST_TOOLS += $(BUILD)/host/rmabench
$(BUILD)/host/rmabench: userland/bench/rmabench/rmabench.c $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_HOST_LIBS) -lm
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/rmabench
$(BUILD)/user/rmabench: userland/bench/rmabench/rmabench.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
endif
