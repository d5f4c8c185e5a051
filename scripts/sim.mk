# scripts/sim.mk - the seed 004 study on SimGrid SMPI (scripts/sim/): the
# collective source of libmpi_mbcf/coll built with smpicc (Debian
# libsimgrid-dev) into the measurement driver and the SMPI conformance test;
# `make bench-coll` runs the study (scripts/sim/study.sh) into
# runs/<ts>-coll-sim/. Nothing here is built by `all` when smpicc is absent.
SMPICC     ?= smpicc
SIM_BUILD  := $(BUILD)/sim
SIM_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -I$(COLL_DIR)

$(SIM_BUILD)/coll_bench: scripts/sim/coll_bench.c $(COLL_SRCS) $(COLL_HDRS)
	@mkdir -p $(dir $@)
	$(SMPICC) $(SIM_CFLAGS) -o $@ scripts/sim/coll_bench.c $(COLL_SRCS)
# the Tofu conformance program of tests/host/coll_tofu.c on SMPI
$(SIM_BUILD)/coll_tofu: tests/host/coll_tofu.c $(COLL_TESTSRC) $(COLL_TESTHDR) tests/host/coll_shim.c $(COLL_SRCS) $(COLL_HDRS)
	@mkdir -p $(dir $@)
	$(SMPICC) $(SIM_CFLAGS) -Itests/mpi -o $@ tests/host/coll_tofu.c $(COLL_TESTSRC) tests/host/coll_shim.c $(COLL_SRCS)
# host tool: fits L and B per algorithm and shape (libmpi_mbcf/coll/coll_tune.c)
$(SIM_BUILD)/coll_fit: scripts/sim/coll_fit.c $(COLL_DIR)/coll_tune.c $(COLL_DIR)/coll_shape.c $(COLL_DIR)/coll_model.c $(COLL_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(COLL_DIR) -o $@ scripts/sim/coll_fit.c $(COLL_DIR)/coll_tune.c $(COLL_DIR)/coll_shape.c $(COLL_DIR)/coll_model.c

# the probe of the SMPI platform's resources behind the link-load model
$(SIM_BUILD)/smpi_pairs: scripts/sim/smpi_pairs.c
	@mkdir -p $(dir $@)
	$(SMPICC) $(SIM_CFLAGS) -o $@ scripts/sim/smpi_pairs.c
# host tool: the Alltoall link-load model (scripts/sim/a2a_link.[ch]) over
# the library's own schedule (coll_a2a_sched.c); plain C, built by `all`
A2AL_SRCS := scripts/sim/a2a_link.c $(COLL_DIR)/coll_a2a_sched.c $(COLL_DIR)/coll_shape.c
A2AL_HDRS := scripts/sim/a2a_link.h $(COLL_DIR)/coll_a2a_sched.h $(COLL_DIR)/coll_shape.h
HOST_TOOLS += $(SIM_BUILD)/a2a_link
$(SIM_BUILD)/a2a_link: scripts/sim/a2a_link_main.c $(A2AL_SRCS) $(A2AL_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -Iscripts/sim -I$(COLL_DIR) -o $@ scripts/sim/a2a_link_main.c $(A2AL_SRCS)
# its unit test (cmocka), runs in `make test`
HOST_TESTS += $(BUILD)/host/test_a2a_link
$(BUILD)/host/test_a2a_link: tests/host/test_a2a_link.c $(A2AL_SRCS) $(A2AL_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -Iscripts/sim -I$(COLL_DIR) -o $@ tests/host/test_a2a_link.c $(A2AL_SRCS) -lcmocka

.PHONY: sim-tools bench-coll sim
sim-tools: $(SIM_BUILD)/coll_bench $(SIM_BUILD)/coll_tofu $(SIM_BUILD)/coll_fit $(SIM_BUILD)/a2a_link \
	$(SIM_BUILD)/smpi_pairs
bench-coll sim: deps sim-tools
	scripts/sim/study.sh
# the same driver for the QEMU guests: coll source compiled into the program
# over libmpi_mbcf's point-to-point (as with MPICH in tests/host), wall time
# beside the TofuD modeled time (scripts/sim/qemu_coll.sh, make bench-coll-qemu)
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
$(BUILD)/user/coll_bench: scripts/sim/coll_bench.c $(COLL_SRCS) $(COLL_HDRS) $(MPI_GUEST_LIBS) \
		drivers/tofu_emu/model/tofu_model.c drivers/tofu_emu/model/tofu_topo.c
	@mkdir -p $(dir $@)
	$(MUSLCC) $(MPI_TEST_CFLAGS) -static -DCOLL_BENCH_TOFU_MODEL -I$(MPI_DIR)/include -I$(COLL_DIR) \
	    -Idrivers/tofu_emu/model -o $@ scripts/sim/coll_bench.c $(COLL_SRCS) drivers/tofu_emu/model/tofu_model.c \
	    drivers/tofu_emu/model/tofu_topo.c $(MPI_GUEST_LIBS) -lm
endif
.PHONY: bench-coll-qemu
bench-coll-qemu: $(BUILD)/user/coll_bench
	scripts/sim/qemu_coll.sh
