# userland/lib/mythmpi/mythmpi.mk - MPI + libmyth programs (seed 002): the
# glue header myth_mpi.h, the test program ult_mpi_test (tests/guest/ultmpitest)
# and the seed's evaluation ult_mpi_bench (userland/bench/ultmpibench), built for the host backend
# (build/host/<p>, run with mbcf-hostrun) and for the guest (build/user/<p>,
# static musl; needs the kernel's threads to run).
MYTHMPI_DIR := userland/lib/mythmpi
MYTHMPI_PROGS := ult_mpi_test ult_mpi_bench
MYTHMPI_INC := -I$(MYTH_DIR) -I$(MPI_DIR)/include -I$(MYTHMPI_DIR)
MYTHMPI_DEPS := $(MYTHMPI_DIR)/myth_mpi.h $(MYTH_HDRS) $(MPI_DIR)/include/mpix_ult.h
vpath ult_mpi_%.c tests/guest/ultmpitest userland/bench/ultmpibench

HOST_TOOLS += $(addprefix $(BUILD)/host/,$(MYTHMPI_PROGS))
$(BUILD)/host/ult_mpi_%: ult_mpi_%.c $(MYTHMPI_DEPS) $(MPI_HOST_LIBS) $(MYTH_HOST_LIB)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) $(MYTHMPI_INC) -pthread -o $@ $< $(MPI_HOST_LIBS) $(MYTH_HOST_LIB) -lm

ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(addprefix $(BUILD)/user/,$(MYTHMPI_PROGS))
$(BUILD)/user/ult_mpi_%: ult_mpi_%.c $(MYTHMPI_DEPS) $(MPI_GUEST_LIBS) $(MYTH_GUEST_LIB)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) $(MYTHMPI_INC) -o $@ $< $(MPI_GUEST_LIBS) $(MYTH_GUEST_LIB) -lm
endif

# libmpi_mbcf's offload command queue (ult_cmdq.c, portable core), tested with
# libmyth callers: here, where both libraries are known
HOST_TESTS += $(BUILD)/host/test_ult_cmdq
$(BUILD)/host/test_ult_cmdq: tests/host/test_ult_cmdq.c $(MPI_DIR)/ult/ult_cmdq.c $(MPI_DIR)/ult/ult_cmdq.h \
		$(MPI_DIR)/include/mpix_ult.h $(MYTH_HOST_LIB)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -Wmissing-prototypes -I$(MPI_DIR)/ult -I$(MPI_DIR)/include -I$(MYTH_DIR) -pthread \
	    -o $@ tests/host/test_ult_cmdq.c $(MPI_DIR)/ult/ult_cmdq.c $(MYTH_HOST_LIB) -lcmocka

# seed 002's evaluation: host (mbcf-hostrun) then 2 QEMU nodes x --cpus 2
.PHONY: bench-ult
bench-ult: $(BUILD)/host/ult_mpi_bench $(BUILD)/host/mbcf-hostrun
	scripts/bench_ult_mpi --host
	scripts/bench_ult_mpi --qemu --cpus 2

# the MPI conformance suite with each program in its own ULT over
# MPI_THREAD_MULTIPLE (tests/mpi/suite.c -DSUITE_ULT; its objects are
# libmpi.mk's)
MPI_SUITE_ULT_OBJS = $(addprefix $(BUILD)/mpi-tests/$(1)/suite-obj/,$(addsuffix .o,$(MPI_SUITE_OBJN)))
HOST_TOOLS += $(BUILD)/mpi-tests/host/mpi_suite_ult
$(BUILD)/mpi-tests/host/mpi_suite_ult: tests/mpi/suite.c tests/mpi/tap.c tests/mpi/tap.h $(call MPI_SUITE_ULT_OBJS,host) \
		$(MYTHMPI_DEPS) $(MPI_HOST_LIBS) $(MYTH_HOST_LIB)
	$(HOSTCC) $(MPI_TEST_CFLAGS) $(MYTHMPI_INC) -DTAP_SUITE -DSUITE_ULT '-DSUITE_LIST=$(MPI_SUITE_LIST)' -pthread -o $@ \
	    tests/mpi/suite.c tests/mpi/tap.c $(call MPI_SUITE_ULT_OBJS,host) $(MPI_HOST_LIBS) $(MYTH_HOST_LIB) -lm
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
USER_PROGS += $(BUILD)/mpi-tests/guest/mpi_suite_ult
$(BUILD)/mpi-tests/guest/mpi_suite_ult: tests/mpi/suite.c tests/mpi/tap.c tests/mpi/tap.h $(call MPI_SUITE_ULT_OBJS,guest) \
		$(MYTHMPI_DEPS) $(MPI_GUEST_LIBS) $(MYTH_GUEST_LIB)
	$(MUSLCC) $(MPI_TEST_CFLAGS) -static $(MYTHMPI_INC) -DTAP_SUITE -DSUITE_ULT '-DSUITE_LIST=$(MPI_SUITE_LIST)' -o $@ \
	    tests/mpi/suite.c tests/mpi/tap.c $(call MPI_SUITE_ULT_OBJS,guest) $(MPI_GUEST_LIBS) $(MYTH_GUEST_LIB) -lm
endif
