# libmpi_mbcf/coll/coll.mk - collective algorithms (portable C over MPI
# point-to-point). COLL_SRCS is compiled into libmpi by libmpi_mbcf's own
# fragment (with -Ilibmpi_mbcf/coll); here only host tests.
COLL_DIR  := libmpi_mbcf/coll
COLL_SRCS := $(addprefix $(COLL_DIR)/,coll_buf.c coll_select.c coll_model.c \
	coll_barrier.c coll_bcast.c coll_bcast_pipe.c coll_tree_stream.c coll_reduce.c coll_allreduce.c \
	coll_gather.c coll_scatter.c coll_allgather.c coll_alltoall.c \
	coll_reduce_scatter.c coll_scan.c \
	coll_shape.c coll_tune.c coll_decide.c coll_bcast_tofu.c coll_alltoall_ds.c coll_a2a_sched.c \
	coll_xchg.c)
COLL_HDRS := $(wildcard $(COLL_DIR)/*.h)

# Cost model (seed 004 eq. 4-7) unit test, cmocka, runs in `make test`.
HOST_TESTS += $(BUILD)/host/test_coll_model
$(BUILD)/host/test_coll_model: tests/host/test_coll_model.c $(COLL_DIR)/coll_model.c $(COLL_DIR)/coll_model.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(COLL_DIR) -o $@ tests/host/test_coll_model.c $(COLL_DIR)/coll_model.c -lcmocka

# Host builds against Debian's MPICH, used by tests/host/coll_mpich.sh:
#   coll_conf_mpich  conformance programs on plain MPICH (validates the tests)
#   coll_conf_shim   the same with MPI_<coll> routed to our coll_* (tests/host/coll_shim.c)
#   coll_algos       every algorithm of every collective, via the shim
COLL_MPICC   ?= mpicc.mpich
COLL_MPIFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I$(COLL_DIR) -Itests/mpi
COLL_HBUILD  := $(BUILD)/host/coll
COLL_TESTSRC := tests/mpi/coll_cases.c
COLL_TESTHDR := tests/mpi/coll_cases.h
COLL_HOST_BINS := $(COLL_HBUILD)/coll_basic_mpich $(COLL_HBUILD)/coll_reduce_mpich \
	$(COLL_HBUILD)/coll_basic_shim $(COLL_HBUILD)/coll_reduce_shim $(COLL_HBUILD)/coll_algos
.PHONY: coll-host
coll-host: $(COLL_HOST_BINS)
$(COLL_HBUILD)/coll_%_mpich: tests/mpi/coll_%.c $(COLL_TESTSRC) $(COLL_TESTHDR)
	@mkdir -p $(dir $@)
	$(COLL_MPICC) $(COLL_MPIFLAGS) -DCOLL_TEST_MPICH_402 -o $@ $< $(COLL_TESTSRC)
$(COLL_HBUILD)/coll_%_shim: tests/mpi/coll_%.c $(COLL_TESTSRC) $(COLL_TESTHDR) tests/host/coll_shim.c $(COLL_SRCS) $(COLL_HDRS)
	@mkdir -p $(dir $@)
	$(COLL_MPICC) $(COLL_MPIFLAGS) -o $@ $< $(COLL_TESTSRC) tests/host/coll_shim.c $(COLL_SRCS)
$(COLL_HBUILD)/coll_algos: tests/host/coll_algos.c $(COLL_TESTSRC) $(COLL_TESTHDR) tests/host/coll_shim.c $(COLL_SRCS) $(COLL_HDRS)
	@mkdir -p $(dir $@)
	$(COLL_MPICC) $(COLL_MPIFLAGS) -o $@ $< $(COLL_TESTSRC) tests/host/coll_shim.c $(COLL_SRCS)

# Messages of the step transfers (coll_xchg.c), counted through PMPI
# (a prerequisite of coll-host named here: the rule above took the list
# as it was).
COLL_HOST_BINS += $(COLL_HBUILD)/coll_steps
coll-host: $(COLL_HBUILD)/coll_steps
$(COLL_HBUILD)/coll_steps: tests/host/coll_steps.c tests/host/coll_shim.c $(COLL_SRCS) $(COLL_HDRS)
	@mkdir -p $(dir $@)
	$(COLL_MPICC) $(COLL_MPIFLAGS) -o $@ $< tests/host/coll_shim.c $(COLL_SRCS)

# The conformance programs on our own library (host backend, run with
# build/host/mbcf-hostrun): full stack = the library's point-to-point + coll.
COLL_OURS_LIBS := $(BUILD)/lib/host/libmpi_mbcf.a $(BUILD)/lib/host/libmbcf.a
COLL_OURS_BINS := $(COLL_HBUILD)/ours/coll_basic $(COLL_HBUILD)/ours/coll_reduce
.PHONY: coll-ours
coll-ours: $(COLL_OURS_BINS) $(BUILD)/host/mbcf-hostrun
$(COLL_HBUILD)/ours/coll_%: tests/mpi/coll_%.c $(COLL_TESTSRC) $(COLL_TESTHDR) $(COLL_OURS_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -Ilibmpi_mbcf/include -Itests/mpi -o $@ $< $(COLL_TESTSRC) $(COLL_OURS_LIBS) -lm

# Tofu-aware algorithms (seed 004 sec 3.2) on MPICH via the shim, run by
# tests/host/coll_tofu.sh on odd and non-power-of-two node shapes.
COLL_HOST_BINS += $(COLL_HBUILD)/coll_tofu
$(COLL_HBUILD)/coll_tofu: tests/host/coll_tofu.c $(COLL_TESTSRC) $(COLL_TESTHDR) tests/host/coll_shim.c $(COLL_SRCS) $(COLL_HDRS)
	@mkdir -p $(dir $@)
	$(COLL_MPICC) $(COLL_MPIFLAGS) -o $@ $< $(COLL_TESTSRC) tests/host/coll_shim.c $(COLL_SRCS)

# Node shape and tuner unit test (cmocka), runs in `make test`.
HOST_TESTS += $(BUILD)/host/test_coll_tune
$(BUILD)/host/test_coll_tune: tests/host/test_coll_tune.c $(COLL_DIR)/coll_tune.c $(COLL_DIR)/coll_shape.c $(COLL_DIR)/coll_model.c $(COLL_DIR)/coll_tune.h $(COLL_DIR)/coll_shape.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(COLL_DIR) -o $@ tests/host/test_coll_tune.c $(COLL_DIR)/coll_tune.c $(COLL_DIR)/coll_shape.c $(COLL_DIR)/coll_model.c -lcmocka
