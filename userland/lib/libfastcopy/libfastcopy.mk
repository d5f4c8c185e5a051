# userland/lib/libfastcopy/libfastcopy.mk - build/lib/guest/libfastcopy.a:
# memcpy, memmove and memset that are fast under QEMU's TCG (fastcopy.c),
# linked after the MPI libraries and before musl's libc.a by mpicc/mpif90 and
# MPI_GUEST_LIBS, so they replace musl's `rep movsq` ones; and their cmocka
# test on the host (build/host/test_fastcopy).
FASTCOPY_DIR   := userland/lib/libfastcopy
# no loop may become a call of the function it implements
FASTCOPY_CFLAGS := $(WPROTO) -fno-tree-loop-distribute-patterns -fno-builtin -I$(FASTCOPY_DIR)

$(BUILD)/lib/guest/fastcopy-obj/fastcopy.o: $(FASTCOPY_DIR)/fastcopy.c $(FASTCOPY_DIR)/fastcopy.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(filter-out -static,$(USER_CFLAGS)) $(FASTCOPY_CFLAGS) -c -o $@ $<

$(LIBFASTCOPY): $(BUILD)/lib/guest/fastcopy-obj/fastcopy.o
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

USER_PROGS += $(LIBFASTCOPY)

HOST_TESTS += $(BUILD)/host/test_fastcopy
$(BUILD)/host/test_fastcopy: tests/host/test_fastcopy.c $(FASTCOPY_DIR)/fastcopy.c $(FASTCOPY_DIR)/fastcopy.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(FASTCOPY_CFLAGS) -DFASTCOPY_PREFIX -o $@ tests/host/test_fastcopy.c $(FASTCOPY_DIR)/fastcopy.c -lcmocka
