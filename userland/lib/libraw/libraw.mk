# userland/lib/libraw/libraw.mk - libraw.a (musl): user wrappers of the raw-frame
# system calls and the raw ping-pong / stream blocks the benchmarks pair
# against (path in the top Makefile: LIBRAW).
LIBRAW_SRCS := userland/lib/libraw/raw.c userland/lib/libraw/raw_pingpong.c userland/lib/libraw/raw_stream.c
LIBRAW_HDRS := userland/lib/libraw/raw.h kernel/uapi/cluster_abi.h
LIBRAW_OBJS := $(patsubst %.c,$(BUILD)/lib/guest/libraw-obj/%.o,$(LIBRAW_SRCS))

$(BUILD)/lib/guest/libraw-obj/%.o: %.c $(LIBRAW_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(filter-out -static,$(USER_CFLAGS)) -Iuserland/lib/libraw $(WPROTO) -c $< -o $@

$(LIBRAW): $(LIBRAW_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

USER_PROGS += $(LIBRAW)
