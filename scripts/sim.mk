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

.PHONY: sim-tools bench-coll sim
sim-tools: $(SIM_BUILD)/coll_bench $(SIM_BUILD)/coll_tofu $(SIM_BUILD)/coll_fit
bench-coll sim: deps sim-tools
	scripts/sim/study.sh
