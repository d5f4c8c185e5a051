# libmpi_mbcf/libmpi.mk - MPI on MBCF (seed 003): the library in two builds,
#   build/lib/host/libmpi_mbcf.a  + build/lib/host/libmbcf.a   (host backend, N Linux processes)
#   build/lib/guest/libmpi_mbcf.a + build/lib/guest/libmbcf.a  (musl, our kernel's MBCF)
# the host launcher build/host/mbcf-hostrun, host unit tests, and the MPI
# conformance programs tests/mpi/*.c (not coll_*) built three ways:
#   build/mpi-tests/host/<p>   our library, host backend (run with mbcf-hostrun)
#   build/mpi-tests/mpich/<p>  Debian's MPICH (mpicc.mpich), cross-check of the tests
#   build/mpi-tests/guest/<p>  our library, guest backend (QEMU cluster)
# The guest build needs userland/lib/libmbcf/mbcf_guest.c (guest MBCF backend); until it
# exists `make mpi-guest` says so and `all` leaves it out.

include libmpi_mbcf/coll/coll.mk

MPI_DIR      := libmpi_mbcf
# Layers, one folder each (README.md in this folder), lowest first: params
# (run-time parameters, job state), btl (transport over MBCF), objects
# (communicator, group, datatype, op, errhandler, attribute tables), pml
# (protocol, matching), pcoll (pseudo-collective persistent requests), coll,
# nbc, osc, io (MPI-IO), ult (offload), api (the MPI_/PMPI_ entry points).
MPI_LAYERS   := params btl objects pml pcoll nbc osc io ult api
MPI_SRCS     := $(addprefix $(MPI_DIR)/,params/params.c params/world.c \
	btl/btl_chan.c btl/btl_put.c btl/btl_export.c \
	objects/dte.c objects/comm_table.c objects/dtype_table.c objects/mpi_attr_obj.c api/mpi_attr.c \
	$(addprefix pml/,match.c pml_request.c pml_init.c pml_send.c pml_recv.c pml_mprobe.c pml_incoming.c \
	    pml_sreq.c pml_rqorder.c pml_progress.c pml_blocking.c pml_abort.c pml_stats.c pml_bsend.c pml_peer_fail.c pml_multi.c) \
	pcoll/pml_pcoll.c \
	$(addprefix nbc/,mpi_nbc_sched.c mpi_nbc.c mpi_nbc_tree.c mpi_neighbor.c) \
	$(addprefix io/,io_view.c io_file.c io_home.c io_call.c io_rw.c io_misc.c) \
	$(addprefix osc/,mpi_win.c mpi_win_ops.c mpi_win_am.c mpi_win_sync.c mpi_win_dynamic.c mpi_win_shared.c) \
	$(addprefix ult/,ult_cmdq.c ult_offload.c ult_offload_p2p.c ult_offload_coll.c ult_entry_p2p.c ult_entry_coll.c) \
	$(addprefix api/,mpi_init.c mpi_abort.c mpi_errhandler.c mpi_error_user.c mpi_inquiry.c mpi_pt2pt.c \
	    mpi_mprobe.c mpi_request.c mpi_bsend.c mpi_datatype.c mpi_type_contents.c mpi_type_darray.c \
	    mpi_pack_external.c mpi_op.c mpi_comm.c mpi_comm_group.c mpi_grequest.c mpi_group.c mpi_topo.c \
	    mpi_coll.c mpi_intercomm.c mpi_topo_graph.c mpi_t.c mpi_info.c mpi_status_f90.c \
	    mpi_unsupported_gen.c mpi_unsupported.c mpi_pcoll_coll.c)) \
	$(addprefix $(MPI_DIR)/rsched/,rsched_pcoll.c rsched_plan.c rsched_rr.c rsched_bl.c rsched_topo.c)
# MPI-4.0 entry points (api/; mpi_large_count_gen.c and mpi_unsupported40_gen.c
# come from scripts/mpi40_gen.py)
MPI_SRCS     += $(addprefix $(MPI_DIR)/api/,mpi_req_link.c mpi_isendrecv.c mpi_coll_init.c \
	mpi_part.c mpi_session.c mpi40_misc.c mpi_t_events.c mpi_large_count.c \
	mpi_large_count_gen.c mpi_unsupported40_gen.c)
MPI_HDRS     := $(wildcard $(MPI_DIR)/*/*.h) $(COLL_HDRS) \
	userland/lib/libmbcf/mbcf.h
MPI_INC      := -I$(MPI_DIR)/include $(addprefix -I$(MPI_DIR)/,$(MPI_LAYERS)) -I$(MPI_DIR)/coll -I$(MPI_DIR)/rsched \
	-Iuserland/lib/libmbcf -Imbcf
MPI_LIBSRCS  := $(MPI_SRCS) $(COLL_SRCS)
# The pseudo-collective mode's transport (pml_pcoll.h): libutofu on the
# emulated Tofu in the guest build, none on the host. Every guest MPI
# program links libutofu.a after libmpi_mbcf.a (MPI_GUEST_LIBS, mpicc),
# copied next to it from userland/lib/libutofu's build ($(BUILD)/user/libutofu.a).
MPI_HOST_SRCS  := $(MPI_LIBSRCS) $(MPI_DIR)/pcoll/pml_pcoll_notofu.c
MPI_GUEST_SRCS := $(MPI_LIBSRCS) $(MPI_DIR)/pcoll/pml_pcoll_tofu.c $(MPI_DIR)/rsched/rsched_cost_tofu.c
MPI_TOFU_INC   := -Iuserland/lib/libutofu -Idrivers/tofu_emu/model
MPI_TOFU_HDRS  := $(wildcard userland/lib/libutofu/*.h drivers/tofu_emu/model/*.h)
# Only what mpi.h declares is exported (mpi_export.h): objects are compiled
# with hidden visibility, linked into one relocatable object and the hidden
# symbols made local, so programs see MPI_* and PMPI_* only.
MPI_LIB_CFLAGS := -fvisibility=hidden -Wmissing-prototypes -DLIBMPI_MBCF_BUILD
RING_SRC     := mbcf/mbcf_fifo_ring.c
# $(call mpi_archive,objects,archive)
MPI_ROBJ = $(dir $(2))obj/libmpi_mbcf.o
define mpi_archive
	@rm -f $(2) $(MPI_ROBJ)
	$(LD) -r -o $(MPI_ROBJ) $(1)
	objcopy --localize-hidden $(MPI_ROBJ)
	ar rcs $(2) $(MPI_ROBJ)
endef

# ---- host build ----
MPI_HOBJ := $(BUILD)/lib/host/obj
MPI_HOST_OBJS := $(patsubst %.c,$(MPI_HOBJ)/%.o,$(MPI_HOST_SRCS))
$(MPI_HOST_OBJS): $(MPI_HOBJ)/%.o: %.c $(MPI_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(MPI_LIB_CFLAGS) $(MPI_INC) -c -o $@ $<
$(MPI_HOBJ)/%.o: %.c $(MPI_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(MPI_INC) -c -o $@ $<
$(BUILD)/lib/host/libmpi_mbcf.a: $(MPI_HOST_OBJS)
	$(call mpi_archive,$^,$@)
# libmbcf.a (both backends) and mbcf-hostrun: userland/lib/libmbcf/libmbcf.mk
MPI_HOST_LIBS := $(BUILD)/lib/host/libmpi_mbcf.a $(LIBMBCF_HOST)
HOST_TOOLS += $(MPI_HOST_LIBS)

# ---- guest build ----
MPI_GOBJ := $(BUILD)/lib/guest/obj
MPI_GUEST_OBJS := $(patsubst %.c,$(MPI_GOBJ)/%.o,$(MPI_GUEST_SRCS))
MPI_GUEST_CFLAGS := $(filter-out -static,$(USER_CFLAGS))
$(MPI_GUEST_OBJS): $(MPI_GOBJ)/%.o: %.c $(MPI_HDRS) $(MPI_TOFU_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(MPI_GUEST_CFLAGS) $(MPI_LIB_CFLAGS) $(MPI_INC) $(MPI_TOFU_INC) -c -o $@ $<
$(MPI_GOBJ)/%.o: %.c $(MPI_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(MPI_GUEST_CFLAGS) $(MPI_INC) -c -o $@ $<
$(BUILD)/lib/guest/libmpi_mbcf.a: $(MPI_GUEST_OBJS)
	$(call mpi_archive,$^,$@)
$(BUILD)/lib/guest/libutofu.a: $(BUILD)/user/libutofu.a
	@mkdir -p $(dir $@)
	cp $< $@
# libfastcopy last: its memcpy/memmove/memset replace musl's (fastcopy.c)
MPI_GUEST_LIBS := $(BUILD)/lib/guest/libmpi_mbcf.a $(LIBMBCF_GUEST) $(BUILD)/lib/guest/libutofu.a $(LIBFASTCOPY)

# ---- host unit tests (cmocka) ----
HOST_TESTS += $(BUILD)/host/test_mpi_dte $(BUILD)/host/test_mpi_match $(BUILD)/host/test_mpi_rqorder \
	$(BUILD)/host/test_mpi_io
$(BUILD)/host/test_mpi_io: tests/host/test_mpi_io.c $(MPI_DIR)/io/io_view.c $(MPI_DIR)/io/io_view.h $(MPI_DIR)/objects/dte.c $(MPI_DIR)/objects/dte.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/io -I$(MPI_DIR)/objects -o $@ tests/host/test_mpi_io.c $(MPI_DIR)/io/io_view.c $(MPI_DIR)/objects/dte.c -lcmocka
$(BUILD)/host/test_mpi_rqorder: tests/host/test_mpi_rqorder.c $(MPI_DIR)/pml/pml_rqorder.c $(MPI_DIR)/pml/pml_rqorder.h $(MPI_DIR)/btl/wire.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/pml -I$(MPI_DIR)/btl -I$(MPI_DIR)/params -Iuserland/lib/libmbcf -o $@ tests/host/test_mpi_rqorder.c $(MPI_DIR)/pml/pml_rqorder.c -lcmocka
$(BUILD)/host/test_mpi_dte: tests/host/test_mpi_dte.c $(MPI_DIR)/objects/dte.c $(MPI_DIR)/objects/dte.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/objects -o $@ tests/host/test_mpi_dte.c $(MPI_DIR)/objects/dte.c -lcmocka
$(BUILD)/host/test_mpi_match: tests/host/test_mpi_match.c $(MPI_DIR)/pml/match.c $(MPI_DIR)/pml/match.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -I$(MPI_DIR)/pml -o $@ tests/host/test_mpi_match.c $(MPI_DIR)/pml/match.c -lcmocka

# ---- conformance programs ----
MPI_TEST_SRCS := $(filter-out tests/mpi/coll_%,$(wildcard tests/mpi/*.c))
MPI_TEST_MAINS := $(filter-out tests/mpi/tap.c tests/mpi/suite.c,$(MPI_TEST_SRCS))
MPI_TEST_NAMES := $(notdir $(MPI_TEST_MAINS:.c=))
# the programs' shared headers (tap.h, mpiio_util.h, ...)
MPI_TEST_HDRS := $(wildcard tests/mpi/*.h)
MPI_TEST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Itests/mpi
# gcc 12 false positive on MPI_STATUSES_IGNORE with MPICH's array prototypes
MPI_MPICH_CFLAGS := $(MPI_TEST_CFLAGS) -Wno-stringop-overflow
MPI_TESTS_HOST  := $(addprefix $(BUILD)/mpi-tests/host/,$(MPI_TEST_NAMES))
MPI_TESTS_MPICH := $(addprefix $(BUILD)/mpi-tests/mpich/,$(MPI_TEST_NAMES))
MPI_TESTS_GUEST := $(addprefix $(BUILD)/mpi-tests/guest/,$(MPI_TEST_NAMES))
$(BUILD)/mpi-tests/host/%: tests/mpi/%.c tests/mpi/tap.c $(MPI_TEST_HDRS) $(MPI_HOST_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MPI_TEST_CFLAGS) -I$(MPI_DIR)/include -o $@ $< tests/mpi/tap.c $(MPI_HOST_LIBS) -lm
$(BUILD)/mpi-tests/mpich/%: tests/mpi/%.c tests/mpi/tap.c $(MPI_TEST_HDRS)
	@mkdir -p $(dir $@)
	mpicc.mpich $(MPI_MPICH_CFLAGS) -o $@ $< tests/mpi/tap.c -lm
$(BUILD)/mpi-tests/guest/%: tests/mpi/%.c tests/mpi/tap.c $(MPI_TEST_HDRS) $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(MPI_TEST_CFLAGS) -static -I$(MPI_DIR)/include -o $@ $< tests/mpi/tap.c $(MPI_GUEST_LIBS) -lm

# all programs in one executable (tests/mpi/suite.c), for QEMU runs; the
# collective conformance programs (tests/mpi/coll_*.c, shared
# checks in coll_cases.c) come last
MPI_SUITE_NAMES := $(MPI_TEST_NAMES) coll_basic coll_reduce
MPI_SUITE_LIST := $(foreach t,$(MPI_SUITE_NAMES),X($(t)))
MPI_SUITE_OBJN := $(MPI_SUITE_NAMES) coll_cases
define mpi_suite_rule
$(BUILD)/mpi-tests/$(1)/suite-obj/%.o: tests/mpi/%.c $(MPI_TEST_HDRS) $(MPI_DIR)/include/mpi.h
	@mkdir -p $$(dir $$@)
	$(2) $(MPI_TEST_CFLAGS) -I$(MPI_DIR)/include -DTAP_SUITE -Wno-unused-parameter -Wno-unused-value -Dmain=suite_$$* -c -o $$@ $$<
$(addprefix $(BUILD)/mpi-tests/$(1)/suite-obj/,coll_basic.o coll_reduce.o coll_cases.o): tests/mpi/coll_cases.h
$(BUILD)/mpi-tests/$(1)/mpi_suite: tests/mpi/suite.c tests/mpi/tap.c $(MPI_TEST_HDRS) $(addprefix $(BUILD)/mpi-tests/$(1)/suite-obj/,$(addsuffix .o,$(MPI_SUITE_OBJN))) $(3)
	$(2) $(MPI_TEST_CFLAGS) $(4) -I$(MPI_DIR)/include -DTAP_SUITE '-DSUITE_LIST=$(MPI_SUITE_LIST)' -o $$@ tests/mpi/suite.c tests/mpi/tap.c $(addprefix $(BUILD)/mpi-tests/$(1)/suite-obj/,$(addsuffix .o,$(MPI_SUITE_OBJN))) $(3) -lm
endef
$(eval $(call mpi_suite_rule,host,$(HOSTCC),$(MPI_HOST_LIBS),))
$(eval $(call mpi_suite_rule,guest,$(MUSLCC),$(MPI_GUEST_LIBS),-static))

.PHONY: mpi-host mpi-mpich mpi-guest
mpi-host: $(MPI_HOST_LIBS) $(BUILD)/host/mbcf-hostrun $(MPI_TESTS_HOST) $(BUILD)/mpi-tests/host/mpi_suite
mpi-mpich: $(MPI_TESTS_MPICH)
ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
mpi-guest: $(MPI_GUEST_LIBS) $(MPI_TESTS_GUEST) $(BUILD)/mpi-tests/guest/mpi_suite
all: mpi-guest
else
mpi-guest:
	@echo "mpi-guest: userland/lib/libmbcf/mbcf_guest.c missing; guest MPI library skipped"
endif
all: mpi-host

# the Fortran binding (after MPI_DIR, MPI_GUEST_CFLAGS)
include libmpi_mbcf/fortran/fortran.mk
include libmpi_mbcf/fortran/glibc_route.mk
