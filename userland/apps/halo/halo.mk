# userland/apps/halo/halo.mk - the halo-exchange benchmark of seed 000 sec 4.1
# (persistent requests, Startall/Waitall, every halo cell checked), built
# three ways: build/host/halo (libmpi_mbcf, host backend: mbcf-hostrun),
# build/host/halo_mpich (Debian's MPICH, cross-check), build/user/halo (guest:
# with MPI_MBCF_RSCHED, libmpi_mbcf's pseudo-collective mode on the emulated Tofu).
# (-Wno-stringop-overflow: gcc 12 false positive on MPI_STATUSES_IGNORE with MPICH, as libmpi.mk)
# The halo plan comes from librsched.a (libmpi_mbcf/rsched/rsched.mk) through
# its public headers rsched.h and rsched_halo.h.
HALO_SRCS := userland/apps/halo/halo.c
HALO_DEPS := $(HALO_SRCS) libmpi_mbcf/rsched/rsched.h libmpi_mbcf/rsched/rsched_halo.h
HALO_INC  := -Ilibmpi_mbcf/rsched

HOST_TOOLS += $(BUILD)/host/halo
$(BUILD)/host/halo: $(HALO_DEPS) $(RSCHED_HOST_LIB) $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -Wmissing-prototypes $(HALO_INC) -I$(MPI_DIR)/include -o $@ $(HALO_SRCS) $(RSCHED_HOST_LIB) $(MPI_HOST_LIBS) -lm

.PHONY: halo-mpich
halo-mpich: $(BUILD)/host/halo_mpich
$(BUILD)/host/halo_mpich: $(HALO_DEPS) $(RSCHED_HOST_LIB)
	@mkdir -p $(dir $@)
	mpicc.mpich -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-stringop-overflow $(HALO_INC) -o $@ $(HALO_SRCS) $(RSCHED_HOST_LIB) -lm

ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/halo
# guest build: libmpi_mbcf's pseudo-collective mode runs the exchange when
# MPI_MBCF_RSCHED (-s) names a scheduler; libutofu (in MPI_GUEST_LIBS) also
# gives the modeled Tofu time
HALO_GUEST_FLAGS := -DHALO_TOFU -Iuserland/lib/libutofu -Idrivers/tofu_emu/model
$(BUILD)/user/halo: $(HALO_DEPS) $(RSCHED_GUEST_LIB) $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -Wmissing-prototypes $(HALO_INC) $(HALO_GUEST_FLAGS) -I$(MPI_DIR)/include -o $@ \
	    $(HALO_SRCS) $(RSCHED_GUEST_LIB) $(MPI_GUEST_LIBS) -lm
endif
