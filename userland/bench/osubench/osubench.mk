# userland/bench/osubench/osubench.mk - OSU-method latency, bandwidth,
# bidirectional bandwidth and collective latency, one source for three
# systems: our guests (build/user/osubench), Linux + Debian MPICH
# (build/mpich/osubench) and Linux + Debian Open MPI (build/openmpi/osubench),
# the latter two run by scripts/qemu/linux_cluster.
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/user/osubench
$(BUILD)/user/osubench: userland/bench/osubench/osubench.c $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -I$(MPI_DIR)/include -o $@ $< $(MPI_GUEST_LIBS) -lm
endif
ifneq ($(shell command -v mpicc.mpich 2>/dev/null),)
HOST_TOOLS += $(BUILD)/mpich/osubench
$(BUILD)/mpich/osubench: userland/bench/osubench/osubench.c
	@mkdir -p $(dir $@)
	mpicc.mpich -std=gnu11 -O2 -g -Wall -Wextra -Werror -o $@ $<
endif
ifneq ($(shell command -v mpicc.openmpi 2>/dev/null),)
HOST_TOOLS += $(BUILD)/openmpi/osubench
$(BUILD)/openmpi/osubench: userland/bench/osubench/osubench.c
	@mkdir -p $(dir $@)
	mpicc.openmpi -std=gnu11 -O2 -g -Wall -Wextra -Werror -o $@ $<
endif
