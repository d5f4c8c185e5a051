# userland/lib/libmbcf/libmbcf.mk - the MBCF user library in its two backends, one
# rule each (paths in the top Makefile: LIBMBCF_GUEST, LIBMBCF_HOST):
#   guest: musl, over our kernel's SYS_mbcf_* calls (mbcf_guest.c)
#   host:  N Linux processes over shared memory (mbcf_host.c), launched by
#          build/host/mbcf-hostrun (mbcf_hostrun.c)
# Both link the shared user-side pieces and the FIFO ring layout (mbcf/).
LIBMBCF_SHARED := userland/lib/libmbcf/mbcf_common.c userland/lib/libmbcf/mbcf_cq_owner.c userland/lib/libmbcf/mbcf_ep.c mbcf/mbcf_fifo_ring.c
LIBMBCF_HDRS   := userland/lib/libmbcf/mbcf.h userland/lib/libmbcf/mbcf_common.h kernel/uapi/mbcf_abi.h userland/lib/libmbcf/mbcf_guest.h userland/lib/libmbcf/mbcf_host.h userland/lib/libmbcf/mbcf_ep.h \
                  mbcf/mbcf_fifo_ring.h kernel/uapi/cluster_abi.h
LIBMBCF_INC    := -Iuserland/lib/libmbcf -Imbcf $(WPROTO)

LIBMBCF_GUEST_OBJS := $(patsubst %.c,$(BUILD)/lib/guest/libmbcf-obj/%.o,userland/lib/libmbcf/mbcf_guest.c userland/lib/libmbcf/mbcf_shm_guest.c $(LIBMBCF_SHARED))
LIBMBCF_HOST_OBJS  := $(patsubst %.c,$(BUILD)/lib/host/libmbcf-obj/%.o,userland/lib/libmbcf/mbcf_host.c userland/lib/libmbcf/mbcf_shm_host.c $(LIBMBCF_SHARED))

$(BUILD)/lib/guest/libmbcf-obj/%.o: %.c $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(MUSLCC) $(filter-out -static,$(USER_CFLAGS)) $(LIBMBCF_INC) -c $< -o $@

$(BUILD)/lib/host/libmbcf-obj/%.o: %.c $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(LIBMBCF_INC) -c $< -o $@

$(LIBMBCF_GUEST): $(LIBMBCF_GUEST_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(LIBMBCF_HOST): $(LIBMBCF_HOST_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/host/mbcf-hostrun: userland/lib/libmbcf/mbcf_hostrun.c $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(LIBMBCF_INC) -o $@ $<

USER_PROGS += $(LIBMBCF_GUEST)
HOST_TOOLS += $(LIBMBCF_HOST) $(BUILD)/host/mbcf-hostrun

# ---- host unit test of the endpoint mapping (cmocka) ----
HOST_TESTS += $(BUILD)/host/test_mbcf_ep
$(BUILD)/host/test_mbcf_ep: tests/host/test_mbcf_ep.c userland/lib/libmbcf/mbcf_ep.c userland/lib/libmbcf/mbcf_ep.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -Iuserland/lib/libmbcf -o $@ tests/host/test_mbcf_ep.c userland/lib/libmbcf/mbcf_ep.c -lcmocka

# ---- host unit test of the completion queue's two owners (cmocka) ----
HOST_TESTS += $(BUILD)/host/test_mbcf_cq_owner
$(BUILD)/host/test_mbcf_cq_owner: tests/host/test_mbcf_cq_owner.c userland/lib/libmbcf/mbcf_cq_owner.c $(LIBMBCF_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(LIBMBCF_INC) -o $@ tests/host/test_mbcf_cq_owner.c userland/lib/libmbcf/mbcf_cq_owner.c -lcmocka
