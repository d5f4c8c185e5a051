# userland/lib/libmyth/libmyth.mk - libmyth, user-level threads (seed
# 002; docs/ult.md), built twice:
#   build/lib/host/libmyth.a   (gcc, glibc pthreads: host tests and figures)
#   build/lib/guest/libmyth.a  (musl-gcc, static: our kernel's threads)
# plus its cmocka tests (build/host/test_myth) and the micro-benchmark
# build/host/mythbench (scripts/bench_myth, make bench-myth).
MYTH_DIR  := userland/lib/libmyth
MYTH_SRCS := $(addprefix $(MYTH_DIR)/,myth_deque.c myth_sched.c myth_thread.c myth_ctx.S)
MYTH_HDRS := $(wildcard $(MYTH_DIR)/*.h)
MYTH_CFLAGS := $(WPROTO) -pthread
MYTH_HOST_LIB  := $(BUILD)/lib/host/libmyth.a
MYTH_GUEST_LIB := $(BUILD)/lib/guest/libmyth.a

MYTH_HOST_OBJS := $(patsubst %,$(BUILD)/lib/host/myth/%.o,$(notdir $(MYTH_SRCS)))
MYTH_GUEST_OBJS := $(patsubst %,$(BUILD)/lib/guest/myth/%.o,$(notdir $(MYTH_SRCS)))
$(BUILD)/lib/host/myth/%.o: $(MYTH_DIR)/% $(MYTH_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(MYTH_CFLAGS) -c -o $@ $<
$(BUILD)/lib/guest/myth/%.o: $(MYTH_DIR)/% $(MYTH_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(filter-out -static,$(USER_CFLAGS)) $(MYTH_CFLAGS) -c -o $@ $<
$(MYTH_HOST_LIB): $(MYTH_HOST_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(MYTH_GUEST_LIB): $(MYTH_GUEST_OBJS)
	@rm -f $@
	ar rcs $@ $^
HOST_TOOLS += $(MYTH_HOST_LIB) $(MYTH_GUEST_LIB)

HOST_TESTS += $(BUILD)/host/test_myth
$(BUILD)/host/test_myth: tests/host/test_myth.c tests/host/test_myth_regs.S $(MYTH_HDRS) $(MYTH_HOST_LIB)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -I$(MYTH_DIR) -pthread -o $@ tests/host/test_myth.c \
	    tests/host/test_myth_regs.S $(MYTH_HOST_LIB) -lcmocka -lm

HOST_TOOLS += $(BUILD)/host/mythbench
$(BUILD)/host/mythbench: $(MYTH_DIR)/mythbench.c $(MYTH_HOST_LIB)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -I$(MYTH_DIR) -pthread -o $@ $< $(MYTH_HOST_LIB)

.PHONY: bench-myth
bench-myth: $(BUILD)/host/mythbench $(BUILD)/user/mythbench
	scripts/bench_myth --qemu

# the same micro-figures in the guest (needs the kernel's threads: SMP issue)
USER_PROGS += $(BUILD)/user/mythbench
$(BUILD)/user/mythbench: $(MYTH_DIR)/mythbench.c $(MYTH_GUEST_LIB)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) $(WPROTO) -I$(MYTH_DIR) -o $@ $< $(MYTH_GUEST_LIB)
