# libmpi_mbcf/fortran/fortran.mk - the Fortran binding (MPI-3.1 sec 17.1):
# gen_fortran.py turns mpi.h into mpif.h and the mechanical C glue under
# $(BUILD)/fortran; mpi.f90 becomes mpi.mod beside mpif.h; the glue is
# libmpifort_mbcf.a (host: gcc; guest: musl-gcc), linked by mpif90 before
# libmpi_mbcf.a. The guest also gets gfortran_musl.o (an object, so that it
# precedes the libgfortran.a gfortran appends): the glibc-only symbols
# Debian's libgfortran.a needs under musl.
FORT_DIR  := $(MPI_DIR)/fortran
FORT_GEN  := $(BUILD)/fortran/gen
FORT_INC  := $(BUILD)/fortran/include
FORT_HAND := $(FORT_DIR)/mpi_f_hand.c $(FORT_DIR)/mpi_f_attr.c $(FORT_DIR)/mpi_f_extra.c
FORT_CSRC := $(FORT_GEN)/mpi_f_gen.c $(FORT_HAND)
FORT_CFLAGS := -Wmissing-prototypes -I$(FORT_DIR) -I$(MPI_DIR)/include

$(FORT_GEN)/stamp: $(FORT_DIR)/gen_fortran.py $(MPI_DIR)/include/mpi.h $(FORT_HAND)
	@mkdir -p $(FORT_GEN) $(FORT_INC)
	python3 $< $(MPI_DIR)/include/mpi.h $(FORT_GEN) $(FORT_HAND)
	cp $(FORT_GEN)/mpif.h $(FORT_INC)/mpif.h
	@touch $@
$(FORT_GEN)/mpi_f_gen.c $(FORT_INC)/mpif.h: $(FORT_GEN)/stamp
$(FORT_INC)/mpi.mod: $(FORT_DIR)/mpi.f90 $(FORT_GEN)/stamp
	gfortran -c -I$(FORT_INC) -J$(FORT_INC) -o $(BUILD)/fortran/mpi_mod.o $<

FORT_HOST_OBJS  := $(patsubst %.c,$(BUILD)/lib/host/fobj/%.o,$(notdir $(FORT_CSRC)))
FORT_GUEST_OBJS := $(patsubst %.c,$(BUILD)/lib/guest/fobj/%.o,$(notdir $(FORT_CSRC)))
$(BUILD)/lib/host/fobj/%.o: $(FORT_GEN)/%.c $(FORT_DIR)/mpi_f.h $(MPI_DIR)/include/mpi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(FORT_CFLAGS) -c -o $@ $<
$(BUILD)/lib/host/fobj/%.o: $(FORT_DIR)/%.c $(FORT_DIR)/mpi_f.h $(MPI_DIR)/include/mpi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(FORT_CFLAGS) -c -o $@ $<
$(BUILD)/lib/guest/fobj/%.o: $(FORT_GEN)/%.c $(FORT_DIR)/mpi_f.h $(MPI_DIR)/include/mpi.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(MPI_GUEST_CFLAGS) $(FORT_CFLAGS) -c -o $@ $<
$(BUILD)/lib/guest/fobj/%.o: $(FORT_DIR)/%.c $(FORT_DIR)/mpi_f.h $(MPI_DIR)/include/mpi.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(MPI_GUEST_CFLAGS) $(FORT_CFLAGS) -c -o $@ $<
# the generated source is the stamp's product: depend on the stamp itself
$(FORT_HOST_OBJS) $(FORT_GUEST_OBJS): $(FORT_GEN)/stamp
$(BUILD)/lib/host/libmpifort_mbcf.a: $(FORT_HOST_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/lib/guest/libmpifort_mbcf.a: $(FORT_GUEST_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/lib/guest/gfortran_musl.o: $(BUILD)/lib/guest/fobj/gfortran_musl.o
	cp $< $@

FORT_HOST_LIBS  := $(BUILD)/lib/host/libmpifort_mbcf.a $(FORT_INC)/mpi.mod
FORT_GUEST_LIBS := $(BUILD)/lib/guest/libmpifort_mbcf.a $(BUILD)/lib/guest/gfortran_musl.o \
	$(FORT_INC)/mpi.mod
.PHONY: mpi-fortran
mpi-fortran: $(FORT_HOST_LIBS) $(FORT_GUEST_LIBS)
mpi-host: $(FORT_HOST_LIBS)
mpi-guest: $(FORT_GUEST_LIBS)
