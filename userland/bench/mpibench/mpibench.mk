# userland/bench/mpibench/mpibench.mk - MPI round trip / bandwidth benchmark
# (seed 003 Tables 1-2): guest build (build/user/mpibench, needs the guest
# MBCF library) and host build (build/host/mpibench, host MBCF backend).
HOST_TOOLS += $(BUILD)/host/mpibench
$(BUILD)/host/mpibench: userland/bench/mpibench/mpibench.c $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_HOST_LIBS) -lm
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/mpibench
$(BUILD)/user/mpibench: userland/bench/mpibench/mpibench.c $(MPI_GUEST_LIBS) $(LIBRAW) userland/lib/libraw/raw.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -DMPIBENCH_GUEST -I$(MPI_DIR)/include -Iuserland/lib/libmbcf -Iuserland/lib/libraw -Ikernel/uapi \
	    -o $@ $< $(LIBRAW) $(MPI_GUEST_LIBS) -lm
# the same with musl's own memcpy/memmove/memset instead of libfastcopy's, for
# before/after figures (scripts/qemu/bench_vs_linux --ours; docs/fortran.md)
$(BUILD)/user/mpibench-libcmem: userland/bench/mpibench/mpibench.c $(MPI_GUEST_LIBS) $(LIBRAW) userland/lib/libraw/raw.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -DMPIBENCH_GUEST -I$(MPI_DIR)/include -Iuserland/lib/libmbcf -Iuserland/lib/libraw -Ikernel/uapi \
	    -o $@ $< $(LIBRAW) $(filter-out $(LIBFASTCOPY),$(MPI_GUEST_LIBS)) -lm
endif
# Debian MPICH build (dynamic), for the Linux + MPICH baseline nodes
# (scripts/qemu/linux_cluster, scripts/qemu/bench_vs_linux): rtt and bw only.
ifneq ($(shell command -v mpicc.mpich 2>/dev/null),)
HOST_TOOLS += $(BUILD)/mpich/mpibench
$(BUILD)/mpich/mpibench: userland/bench/mpibench/mpibench.c
	@mkdir -p $(dir $@)
	mpicc.mpich -std=gnu11 -O2 -g -Wall -Wextra -Werror -o $@ $< -lm
endif
