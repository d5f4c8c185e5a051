# tests/guest/faults/faults.mk - MPI programs for fault tests: deadpeer
# (a rank that returns without MPI_Finalize or hangs to be killed, while the
# others wait on it) and mpicheck (a checked ring / Allreduce / Alltoallv for
# lossy-link runs). Guest builds (build/user/<name>).
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/deadpeer $(BUILD)/user/mpicheck
$(BUILD)/user/deadpeer: tests/guest/faults/deadpeer.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
$(BUILD)/user/mpicheck: tests/guest/faults/mpicheck.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
endif
