# NAS Parallel Benchmarks kernels.
#   make npb-host   host builds with Debian MPICH  -> build/npb/host/npb_{ep,is,cg,mg,ft,all}
#   guest builds with libmpi_mbcf/wrappers/mpicc            -> build/npb/guest/... (only when that
#   wrapper exists; the guest programs are then appended to USER_PROGS).
NPB_DIR      := userland/apps/npb
NPB_KERNELS  := ep is cg mg ft lu bt sp
NPB_COMMON   := $(addprefix $(NPB_DIR)/,npb_rand.c npb_util.c npb_print.c nse.c adi_cells.c adi_rhs.c adi_run.c)
NPB_HDRS     := $(NPB_DIR)/npb.h $(NPB_DIR)/cg_int.h $(NPB_DIR)/mg_int.h $(NPB_DIR)/ft_fft.h $(NPB_DIR)/lu_int.h $(NPB_DIR)/nse.h $(NPB_DIR)/adi_int.h
NPB_KSRC_ep  := $(NPB_DIR)/ep.c
NPB_KSRC_is  := $(NPB_DIR)/is.c
NPB_KSRC_cg  := $(NPB_DIR)/cg.c $(NPB_DIR)/cg_matrix.c
NPB_KSRC_mg  := $(NPB_DIR)/mg.c $(NPB_DIR)/mg_ops.c $(NPB_DIR)/mg_comm.c
NPB_KSRC_ft  := $(NPB_DIR)/ft.c $(NPB_DIR)/ft_fft.c
NPB_KSRC_lu  := $(NPB_DIR)/lu.c $(NPB_DIR)/lu_rhs.c $(NPB_DIR)/lu_ssor.c $(NPB_DIR)/lu_exact.c
NPB_KSRC_bt  := $(NPB_DIR)/bt.c
NPB_KSRC_sp  := $(NPB_DIR)/sp.c
NPB_KSRC_all := $(foreach k,$(NPB_KERNELS),$(NPB_KSRC_$(k)))
# -pthread: EP's optional threads per process (NPB_EP_THREADS; musl has them in libc.a)
NPB_CFLAGS   := -std=gnu11 -O2 -g -Wall -Wextra -Werror -pthread
NPB_HOST_MPICC ?= mpicc.mpich
NPB_HOST_BINS  := $(addprefix $(BUILD)/npb/host/npb_,$(NPB_KERNELS) all)

.PHONY: npb-host npb-guest npb
npb-host: $(NPB_HOST_BINS)
# `make` builds the host versions too when Debian MPICH is installed
ifneq ($(shell command -v $(NPB_HOST_MPICC) 2>/dev/null),)
HOST_TOOLS += $(NPB_HOST_BINS)
endif

$(BUILD)/npb/host/npb_%: $(NPB_DIR)/npb_main.c $(NPB_COMMON) $(NPB_HDRS) $(NPB_KSRC_all)
	@mkdir -p $(dir $@)
	$(NPB_HOST_MPICC) $(NPB_CFLAGS) -DNPB_KERNEL=npb_$* -o $@ $(NPB_DIR)/npb_main.c $(NPB_KSRC_$*) $(NPB_COMMON) -lm

$(BUILD)/npb/host/npb_all: $(NPB_DIR)/npb_all.c $(NPB_COMMON) $(NPB_HDRS) $(NPB_KSRC_all)
	@mkdir -p $(dir $@)
	$(NPB_HOST_MPICC) $(NPB_CFLAGS) -o $@ $(NPB_DIR)/npb_all.c $(NPB_KSRC_all) $(NPB_COMMON) -lm

# Our MPI library's host backend (N Linux processes over shared memory, launched by
# build/host/mbcf-hostrun): same sources linked with build/lib/host/libmpi_mbcf.a, so the
# kernels and MPI_MBCF_STATS can be checked before guests boot.  -> build/npb/hostmbcf/
ifneq ($(wildcard userland/lib/libmbcf/mbcf_host.c),)
NPB_HM_LIBS := $(BUILD)/lib/host/libmpi_mbcf.a $(BUILD)/lib/host/libmbcf.a
NPB_HM_BINS := $(addprefix $(BUILD)/npb/hostmbcf/npb_,$(NPB_KERNELS) all)
.PHONY: npb-hostmbcf
npb-hostmbcf: $(NPB_HM_BINS) $(BUILD)/host/mbcf-hostrun
HOST_TOOLS += $(NPB_HM_BINS)
$(BUILD)/npb/hostmbcf/npb_%: $(NPB_DIR)/npb_main.c $(NPB_COMMON) $(NPB_HDRS) $(NPB_KSRC_all) $(NPB_HM_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(NPB_CFLAGS) -Ilibmpi_mbcf/include -DNPB_KERNEL=npb_$* -o $@ $(NPB_DIR)/npb_main.c $(NPB_KSRC_$*) $(NPB_COMMON) $(NPB_HM_LIBS) -lm
$(BUILD)/npb/hostmbcf/npb_all: $(NPB_DIR)/npb_all.c $(NPB_COMMON) $(NPB_HDRS) $(NPB_KSRC_all) $(NPB_HM_LIBS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(NPB_CFLAGS) -Ilibmpi_mbcf/include -o $@ $(NPB_DIR)/npb_all.c $(NPB_KSRC_all) $(NPB_COMMON) $(NPB_HM_LIBS) -lm
endif

# Guest builds (static, for our kernel): with the wrapper libmpi_mbcf/wrappers/mpicc
# when it exists, else directly with musl-gcc and $(MPI_GUEST_LIBS) (libmpi_mbcf/libmpi.mk)
# once the guest MBCF backend is in the tree.  Appended to USER_PROGS only then.
ifneq ($(wildcard libmpi_mbcf/wrappers/mpicc),)
NPB_GUEST_CC   := libmpi_mbcf/wrappers/mpicc
NPB_GUEST_LIBS :=
else ifneq ($(wildcard userland/lib/libmbcf/mbcf_guest.c),)
NPB_GUEST_CC   := $(MUSLCC) -static -Ilibmpi_mbcf/include
NPB_GUEST_LIBS := $(MPI_GUEST_LIBS)
endif
ifdef NPB_GUEST_CC
NPB_GUEST_BINS := $(addprefix $(BUILD)/npb/guest/npb_,$(NPB_KERNELS) all)
USER_PROGS += $(NPB_GUEST_BINS)
npb-guest: $(NPB_GUEST_BINS)

$(BUILD)/npb/guest/npb_%: $(NPB_DIR)/npb_main.c $(NPB_COMMON) $(NPB_HDRS) $(NPB_KSRC_all) $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(NPB_GUEST_CC) $(NPB_CFLAGS) -DNPB_KERNEL=npb_$* -o $@ $(NPB_DIR)/npb_main.c $(NPB_KSRC_$*) $(NPB_COMMON) $(NPB_GUEST_LIBS) -lm

$(BUILD)/npb/guest/npb_all: $(NPB_DIR)/npb_all.c $(NPB_COMMON) $(NPB_HDRS) $(NPB_KSRC_all) $(MPI_GUEST_LIBS)
	@mkdir -p $(dir $@)
	$(NPB_GUEST_CC) $(NPB_CFLAGS) -o $@ $(NPB_DIR)/npb_all.c $(NPB_KSRC_all) $(NPB_COMMON) $(NPB_GUEST_LIBS) -lm
else
npb-guest:
	@echo "npb-guest: guest MPI library not available yet (libmpi_mbcf/wrappers/mpicc or userland/lib/libmbcf/mbcf_guest.c)"; exit 1
endif

# Tables (seed 003 Tables 3-7): see scripts/qemu/npb --help
npb: npb-guest
	scripts/qemu/npb
