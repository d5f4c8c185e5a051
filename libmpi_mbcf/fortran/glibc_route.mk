# libmpi_mbcf/fortran/glibc_route.mk - the other Fortran runtime route,
# kept for measurement (scripts/npb_official/route_compare): the guest
# libraries (libmpi_mbcf, libmbcf over our kernel's calls, libutofu and the
# Fortran glue) compiled by the host's gcc against glibc, linked by
# `MPICC_RUNTIME=glibc mpif90` with gfortran -static and glibc's libgfortran.
GL_DIR := $(BUILD)/lib/guest-glibc
GL_MPI_OBJS  := $(patsubst %.c,$(GL_DIR)/obj/%.o,$(MPI_GUEST_SRCS))
# libmbcf's and libutofu's fragments come later (recursive variables, and
# the second expansion kernel.mk enables, read them when the rules run)
GL_MBCF_OBJS = $(patsubst %.c,$(GL_DIR)/mbcf-obj/%.o,userland/lib/libmbcf/mbcf_guest.c $(LIBMBCF_SHARED))
GL_TOFU_OBJS = $(patsubst %.c,$(GL_DIR)/utofu-obj/%.o,$(LIBUTOFU_SRCS))
GL_FORT_OBJS := $(patsubst %.c,$(GL_DIR)/fobj/%.o,$(notdir $(FORT_CSRC)))
$(GL_MPI_OBJS): $(GL_DIR)/obj/%.o: %.c $(MPI_HDRS) $(MPI_TOFU_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MPI_GUEST_CFLAGS) $(MPI_LIB_CFLAGS) $(MPI_INC) $(MPI_TOFU_INC) -c -o $@ $<
$(GL_DIR)/mbcf-obj/%.o: %.c $$(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(filter-out -static,$(USER_CFLAGS)) $(LIBMBCF_INC) -c $< -o $@
$(GL_DIR)/utofu-obj/%.o: %.c $$(LIBUTOFU_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(filter-out -static,$(USER_CFLAGS)) -Wmissing-prototypes -Iuserland/lib/libutofu -Idrivers/tofu_emu/model -c $< -o $@
$(GL_DIR)/fobj/%.o: $(FORT_GEN)/%.c $(FORT_DIR)/mpi_f.h $(MPI_DIR)/include/mpi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MPI_GUEST_CFLAGS) $(FORT_CFLAGS) -c -o $@ $<
$(GL_DIR)/fobj/%.o: $(FORT_DIR)/%.c $(FORT_DIR)/mpi_f.h $(MPI_DIR)/include/mpi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MPI_GUEST_CFLAGS) $(FORT_CFLAGS) -c -o $@ $<
$(GL_FORT_OBJS): $(FORT_GEN)/stamp
$(GL_DIR)/libmpi_mbcf.a: $(GL_MPI_OBJS)
	$(call mpi_archive,$^,$@)
$(GL_DIR)/libmbcf.a: $$(GL_MBCF_OBJS)
	rm -f $@ && ar rcs $@ $^
$(GL_DIR)/libutofu.a: $$(GL_TOFU_OBJS)
	rm -f $@ && ar rcs $@ $^
$(GL_DIR)/libmpifort_mbcf.a: $(GL_FORT_OBJS)
	rm -f $@ && ar rcs $@ $^
.PHONY: mpi-guest-glibc
mpi-guest-glibc: $(addprefix $(GL_DIR)/,libmpi_mbcf.a libmbcf.a libutofu.a libmpifort_mbcf.a) \
	$(FORT_INC)/mpi.mod
