# libmpi_mbcf/rsched/rsched.mk - RSched, the RDMA command scheduler of seed 000
# (portable C, no kernel or MPI headers), its host tests, and the host
# simulation of the seed's evaluation:
#   make bench-rsched   tables (Markdown + CSV) and PNGs into runs/<UTC time>-rsched/
# The simulation times plans with the shared Tofu timing model
# (drivers/tofu_emu/model/tofu_model.[ch]); without it only the
# scheduler and its test are built.
RSCHED_DIR  := libmpi_mbcf/rsched
RSCHED_SRCS := $(addprefix $(RSCHED_DIR)/,rsched_plan.c rsched_rr.c rsched_bl.c rsched_check.c \
	rsched_halo.c)
RSCHED_HDRS := $(wildcard $(RSCHED_DIR)/*.h)
RSCHED_CFLAGS := $(HOST_CFLAGS) -Wmissing-prototypes -I$(RSCHED_DIR)

# librsched.a: the scheduler and the halo planner of seed 000 as a library
# with public headers rsched.h and rsched_halo.h, for applications (the
# halo benchmark, also built with MPICH); host (gcc) and guest (musl) builds.
RSCHED_LIB_SRCS := $(addprefix $(RSCHED_DIR)/,rsched_plan.c rsched_rr.c rsched_bl.c rsched_halo.c)
RSCHED_HOST_LIB  := $(BUILD)/lib/host/librsched.a
RSCHED_GUEST_LIB := $(BUILD)/lib/guest/librsched.a
$(BUILD)/lib/host/rsched-obj/%.o: $(RSCHED_DIR)/%.c $(RSCHED_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_CFLAGS) -c -o $@ $<
$(BUILD)/lib/guest/rsched-obj/%.o: $(RSCHED_DIR)/%.c $(RSCHED_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(filter-out -static,$(USER_CFLAGS)) -Wmissing-prototypes -I$(RSCHED_DIR) -c -o $@ $<
$(RSCHED_HOST_LIB): $(patsubst $(RSCHED_DIR)/%.c,$(BUILD)/lib/host/rsched-obj/%.o,$(RSCHED_LIB_SRCS))
	rm -f $@ && ar rcs $@ $^
$(RSCHED_GUEST_LIB): $(patsubst $(RSCHED_DIR)/%.c,$(BUILD)/lib/guest/rsched-obj/%.o,$(RSCHED_LIB_SRCS))
	rm -f $@ && ar rcs $@ $^
HOST_TOOLS += $(RSCHED_HOST_LIB) $(RSCHED_GUEST_LIB)

HOST_TESTS += $(BUILD)/host/test_rsched
$(BUILD)/host/test_rsched: tests/host/test_rsched.c $(RSCHED_SRCS) $(RSCHED_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_CFLAGS) -o $@ tests/host/test_rsched.c $(RSCHED_SRCS) -lcmocka

.PHONY: bench-rsched
ifneq ($(wildcard drivers/tofu_emu/model/tofu_model.c),)
RSCHED_MODEL := drivers/tofu_emu/model/tofu_model.c drivers/tofu_emu/model/tofu_topo.c
RSCHED_SIM_SRCS := $(RSCHED_SRCS) $(addprefix $(RSCHED_DIR)/,rsched_sim.c rsched_table.c rsched_cost_tofu.c) \
	$(RSCHED_MODEL)
RSCHED_SIM_DEPS := $(RSCHED_SIM_SRCS) $(RSCHED_HDRS) drivers/tofu_emu/model/tofu_model.h \
	drivers/tofu_emu/model/tofu_topo.h
RSCHED_SIM_CFLAGS := $(RSCHED_CFLAGS) -Idrivers/tofu_emu/model

HOST_TESTS += $(BUILD)/host/test_rsched_sim
$(BUILD)/host/test_rsched_sim: tests/host/test_rsched_sim.c $(RSCHED_SIM_DEPS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_SIM_CFLAGS) -o $@ tests/host/test_rsched_sim.c $(RSCHED_SIM_SRCS) -lcmocka

HOST_TOOLS += $(BUILD)/host/rsched_bench
$(BUILD)/host/rsched_bench: $(RSCHED_DIR)/rsched_bench.c $(RSCHED_SIM_DEPS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_SIM_CFLAGS) -o $@ $(RSCHED_DIR)/rsched_bench.c $(RSCHED_SIM_SRCS)

# the same simulation for one grid as CSV (scripts/qemu/bench_rsched's orig column)
HOST_TOOLS += $(BUILD)/host/rsched_grid
$(BUILD)/host/rsched_grid: $(RSCHED_DIR)/rsched_grid.c $(RSCHED_SIM_DEPS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_SIM_CFLAGS) -o $@ $(RSCHED_DIR)/rsched_grid.c $(RSCHED_SIM_SRCS)

bench-rsched: $(BUILD)/host/rsched_bench
	@d=runs/$$(date -u +%Y%m%d-%H%M%S)-rsched; mkdir -p $$d && \
	$(BUILD)/host/rsched_bench $$d && scripts/sim/rsched_plot $$d && \
	echo "bench-rsched: tables and plots in $$d (rsched.md, rsched.csv, *.png)"
else
bench-rsched:
	@echo "bench-rsched: drivers/tofu_emu/model/tofu_model.c missing; nothing to simulate with" >&2; exit 1
endif

# Directions on a communicator's Cartesian or graph topology (rsched_topo.h).
HOST_TESTS += $(BUILD)/host/test_rsched_topo
$(BUILD)/host/test_rsched_topo: tests/host/test_rsched_topo.c $(RSCHED_DIR)/rsched_topo.c $(RSCHED_SRCS) $(RSCHED_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_CFLAGS) -o $@ tests/host/test_rsched_topo.c $(RSCHED_DIR)/rsched_topo.c $(RSCHED_SRCS) -lcmocka

# The pseudo-collective core (seed 000 sec 4.1) on an in-memory transport.
HOST_TESTS += $(BUILD)/host/test_rsched_pcoll
$(BUILD)/host/test_rsched_pcoll: tests/host/test_rsched_pcoll.c $(RSCHED_DIR)/rsched_pcoll.c $(RSCHED_SRCS) $(RSCHED_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_CFLAGS) -pthread -o $@ tests/host/test_rsched_pcoll.c $(RSCHED_DIR)/rsched_pcoll.c $(RSCHED_SRCS) -lcmocka

# The same benchmark on a QEMU cluster with the emulated Tofu (8 nodes as 4x2
# by default; scripts/qemu/bench_rsched -h for options): orig vs the
# pseudo-collective mode per scheduler, 4 and 8 directions, modeled and wall.
.PHONY: bench-rsched-qemu
bench-rsched-qemu: $(BUILD)/user/halo $(BUILD)/kernel/BOOTX64.EFI $(BUILD)/host/rsched_grid
	scripts/qemu/bench_rsched $(BENCH_RSCHED_ARGS)
