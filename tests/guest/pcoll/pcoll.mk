# tests/guest/pcoll/pcoll.mk - pcolltest: libmpi_mbcf's pseudo-collective mode
# of persistent requests (libmpi_mbcf/pcoll/pml_pcoll.c) checked from a plain MPI
# program (tests/cluster/pcoll.sh), guest build; also a host build
# (build/host/pcolltest, mode off there) for a quick run with mbcf-hostrun.
HOST_TOOLS += $(BUILD)/host/pcolltest
$(BUILD)/host/pcolltest: tests/guest/pcoll/pcolltest.c $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -Wmissing-prototypes -I$(MPI_DIR)/include -o $@ $< $(MPI_HOST_LIBS) -lm
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/pcolltest
$(BUILD)/user/pcolltest: tests/guest/pcoll/pcolltest.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -Wmissing-prototypes -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
endif
