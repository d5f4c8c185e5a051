# userland/mpibench/mpibench.mk - MPI round trip / bandwidth benchmark
# (seed 003 Tables 1-2): guest build (build/user/mpibench, needs the guest
# MBCF library) and host build (build/host/mpibench, host MBCF backend).
HOST_TOOLS += $(BUILD)/host/mpibench
$(BUILD)/host/mpibench: userland/mpibench/mpibench.c $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_HOST_LIBS) -lm
ifneq ($(wildcard userland/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/mpibench
$(BUILD)/user/mpibench: userland/mpibench/mpibench.c $(MPI_GUEST_LIBS) $(LIBRAW_SRCS) $(LIBRAW_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -DMPIBENCH_GUEST -I$(MPI_DIR)/include -Iuserland/libmbcf -Iuserland/libraw -Ikernel/uapi \
	    -o $@ $< $(LIBRAW_SRCS) $(MPI_GUEST_LIBS) -lm
endif
