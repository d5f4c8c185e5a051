# tests/guest/smp/smp.mk - the pthread test and benchmark program for threads and
# SMP nodes (tests/cluster/smp_threads.sh, scripts/qemu/bench_smp).
USER_PROGS += $(BUILD)/user/smpthreads
$(BUILD)/user/smpthreads: tests/guest/smp/smpthreads.c kernel/uapi/cluster_abi.h
	@mkdir -p $(dir $@)
	$(MUSLCC) $(USER_CFLAGS) -o $@ $< $(USER_LDFLAGS) -lpthread
