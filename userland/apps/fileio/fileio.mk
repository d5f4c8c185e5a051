# userland/apps/fileio/fileio.mk - fileio, the end-to-end file demo (--in,
# --out, per-rank files and MPI-IO shared files; tests/cluster/mpiio.sh):
# guest build build/user/fileio, host build build/host/fileio (mbcf-hostrun).
HOST_TOOLS += $(BUILD)/host/fileio
$(BUILD)/host/fileio: userland/apps/fileio/fileio.c $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -Wmissing-prototypes -I$(MPI_DIR)/include -o $@ $< $(MPI_HOST_LIBS) -lm
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/fileio
$(BUILD)/user/fileio: userland/apps/fileio/fileio.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -Wmissing-prototypes -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
endif
