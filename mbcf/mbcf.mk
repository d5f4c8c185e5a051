# mbcf.mk - MBCF: portable protocol engine + FIFO ring (host-tested), kernel glue,
# host unit tests and libFuzzer targets.

MBCF_PORTABLE := mbcf/mbcf_wire.c mbcf/mbcf_fifo_ring.c mbcf/mbcf_engine.c
MBCF_HDRS     := mbcf/mbcf_wire.h mbcf/mbcf_fifo_ring.h mbcf/mbcf_engine.h \
                 kernel/uapi/mbcf_abi.h kernel/uapi/cluster_abi.h
MBCF_HOST_CFLAGS := $(HOST_CFLAGS) $(WPROTO) -Imbcf

# ---- host unit tests (cmocka) ----
HOST_TESTS += $(BUILD)/host/test_mbcf_wire $(BUILD)/host/test_mbcf_fifo \
              $(BUILD)/host/test_mbcf_engine $(BUILD)/host/test_mbcf_dead \
              $(BUILD)/host/test_mbcf_recovery

$(BUILD)/host/test_mbcf_wire: tests/host/test_mbcf_wire.c $(MBCF_PORTABLE) $(MBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MBCF_HOST_CFLAGS) -o $@ tests/host/test_mbcf_wire.c $(MBCF_PORTABLE) -lcmocka

$(BUILD)/host/test_mbcf_fifo: tests/host/test_mbcf_fifo.c $(MBCF_PORTABLE) $(MBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MBCF_HOST_CFLAGS) -o $@ tests/host/test_mbcf_fifo.c $(MBCF_PORTABLE) -lcmocka

$(BUILD)/host/test_mbcf_engine: tests/host/test_mbcf_engine.c tests/host/test_mbcf_sim.c \
		tests/host/test_mbcf_sim.h $(MBCF_PORTABLE) $(MBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MBCF_HOST_CFLAGS) -Itests/host -o $@ tests/host/test_mbcf_engine.c \
		tests/host/test_mbcf_sim.c $(MBCF_PORTABLE) -lcmocka

$(BUILD)/host/test_mbcf_dead: tests/host/test_mbcf_dead.c tests/host/test_mbcf_sim.c \
		tests/host/test_mbcf_sim.h $(MBCF_PORTABLE) $(MBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MBCF_HOST_CFLAGS) -Itests/host -o $@ tests/host/test_mbcf_dead.c \
		tests/host/test_mbcf_sim.c $(MBCF_PORTABLE) -lcmocka

$(BUILD)/host/test_mbcf_recovery: tests/host/test_mbcf_recovery.c tests/host/test_mbcf_sim.c \
		tests/host/test_mbcf_sim.h $(MBCF_PORTABLE) $(MBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(MBCF_HOST_CFLAGS) -Itests/host -o $@ tests/host/test_mbcf_recovery.c \
		tests/host/test_mbcf_sim.c $(MBCF_PORTABLE) -lcmocka

# ---- libFuzzer targets (clang), run by tests/host/fuzz_mbcf.sh ----
MBCF_FUZZ_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror $(WPROTO) -fsanitize=fuzzer,address,undefined \
                    -Ikernel/uapi -Imbcf -Itests/host
HOST_TOOLS += $(BUILD)/host/fuzz_mbcf_wire $(BUILD)/host/fuzz_mbcf_engine

$(BUILD)/host/fuzz_mbcf_wire: tests/host/fuzz_mbcf_wire.c $(MBCF_PORTABLE) $(MBCF_HDRS)
	@mkdir -p $(dir $@)
	clang $(MBCF_FUZZ_CFLAGS) -o $@ tests/host/fuzz_mbcf_wire.c $(MBCF_PORTABLE)

$(BUILD)/host/fuzz_mbcf_engine: tests/host/fuzz_mbcf_engine.c tests/host/test_mbcf_sim.c \
		tests/host/test_mbcf_sim.h $(MBCF_PORTABLE) $(MBCF_HDRS)
	@mkdir -p $(dir $@)
	clang $(MBCF_FUZZ_CFLAGS) -o $@ tests/host/fuzz_mbcf_engine.c tests/host/test_mbcf_sim.c \
		$(MBCF_PORTABLE)

# ---- kernel side (linked into BOOTX64.EFI by kernel/kernel.mk's rules) ----
KERNEL_SRCS += $(MBCF_PORTABLE) mbcf/mbcf_kernel.c mbcf/mbcf_kernel_mem.c mbcf/mbcf_kernel_local.c \
               mbcf/mbcf_khost.c \
               mbcf/mbcf_kernel_trace.c
# -fbuiltin: the kernel builds with -fno-builtin, so every fixed-size struct copy
# became a call to a byte-wise `rep movsb` memcpy, which TCG runs one byte per
# iteration; on the MBCF path (40-byte headers, ring entries) that was measurable.
# Large copies still call klib's memcpy.
$(BUILD)/kobj/mbcf/%.c.o: KERNEL_CFLAGS += -Imbcf -fbuiltin

# ---- kernel/klib.c memcpy/memset/memmove on the host (names klib_*) ----
# (here because the MBCF latency work replaced their `rep movsb`; see klib.c)
HOST_TESTS += $(BUILD)/host/test_klib
KLIB_RENAME := -Dmemcpy=klib_memcpy -Dmemset=klib_memset -Dmemmove=klib_memmove \
               -Dmemcmp=klib_memcmp -Dstrlen=klib_strlen -Dstrcmp=klib_strcmp -Dstrncmp=klib_strncmp
$(BUILD)/host/test_klib: tests/host/test_klib.c kernel/klib.c kernel/kapi.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -fno-builtin -ffreestanding $(KLIB_RENAME) -Ikernel -c kernel/klib.c -o $@.klib.o
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -o $@ tests/host/test_klib.c $@.klib.o -lcmocka
