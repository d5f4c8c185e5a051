# libmpi_mbcf/rsched/rsched.mk - RSched, the RDMA command scheduler of seed 000
# (portable C, no kernel or MPI headers): host unit tests here. The halo
# simulation and `make bench-rsched` are added below once the timing model
# (drivers/tofu_emu/tofu_model.[ch]) is on this branch.
RSCHED_DIR  := libmpi_mbcf/rsched
RSCHED_SRCS := $(addprefix $(RSCHED_DIR)/,rsched_plan.c rsched_rr.c rsched_bl.c rsched_check.c \
	rsched_halo.c)
RSCHED_HDRS := $(wildcard $(RSCHED_DIR)/*.h)
RSCHED_CFLAGS := $(HOST_CFLAGS) -Wmissing-prototypes -I$(RSCHED_DIR)

HOST_TESTS += $(BUILD)/host/test_rsched
$(BUILD)/host/test_rsched: tests/host/test_rsched.c $(RSCHED_SRCS) $(RSCHED_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(RSCHED_CFLAGS) -o $@ tests/host/test_rsched.c $(RSCHED_SRCS) -lcmocka
