# Top-level build. Each component adds itself through a fragment (<folder>/*.mk)
# that appends to the lists below; this file only holds the shared rules.
#   make        build everything      make run    main job (2-node demo)
#   make check  host tier: unit tests, host scripts, layering, format,
#               static analysis (no QEMU; minutes)
#   make test   check + the QEMU cluster tier
#   make bench  benchmark tables
BUILD      := build
HOSTCC     ?= gcc
MUSLCC     ?= musl-gcc
HOST_CFLAGS  := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Ikernel/uapi
USER_CFLAGS  := -std=gnu11 -O2 -g -static -Wall -Wextra -Werror -Ikernel/uapi -Iuserland/lib/include \
                -Iuserland/lib/libmbcf
USER_LDFLAGS := -static
# Every function with external linkage is declared in a header: the kernel,
# drivers, MBCF, libmbcf, libraw, their test programs and host tests add this.
WPROTO       := -Wmissing-prototypes

# Libraries: one rule each, in the fragment of their folder; their paths are
# named here so every fragment can use them whatever the include order.
LIBRAW        := $(BUILD)/lib/guest/libraw.a     # userland/lib/libraw/libraw.mk
LIBMBCF_GUEST := $(BUILD)/lib/guest/libmbcf.a    # userland/lib/libmbcf/libmbcf.mk
LIBMBCF_HOST  := $(BUILD)/lib/host/libmbcf.a     # userland/lib/libmbcf/libmbcf.mk
LIBFASTCOPY   := $(BUILD)/lib/guest/libfastcopy.a # userland/lib/libfastcopy/libfastcopy.mk

# Lists the fragments append to.
KERNEL_SRCS :=      # C and .S files linked into BOOTX64.EFI
USER_PROGS  :=      # static musl executables, $(BUILD)/user/<name>
HOST_TESTS  :=      # host test binaries (cmocka), $(BUILD)/host/<name>
HOST_TOOLS  :=      # other host-side binaries

.PHONY: all deps run check test bench bench-npb bench-npb-quick bench-npb-cores stress-tofu clean
all:

# Fragments: one per folder, each building only its own folder (a folder with
# sub-folders of its own may include their fragments itself, as libmpi_mbcf/
# does with coll/). Libraries first: the programs' rules name their archives.
include $(sort $(wildcard kernel/*.mk kernel/*/*.mk drivers/*/*.mk mbcf/*.mk \
                          libmpi_mbcf/*.mk libmpi_mbcf/rsched/*.mk userland/lib/*/*.mk scripts/*.mk))
include $(sort $(wildcard userland/apps/*/*.mk userland/bench/*/*.mk tests/guest/*/*.mk))

all: $(USER_PROGS) $(HOST_TESTS) $(HOST_TOOLS)

deps:
	@scripts/deps

# Main job: the 2-node demo (rank and node count from each node), then a real
# MPI program on the same cluster size: NPB CG class S with its verification.
run: deps
	@$(MAKE) --no-print-directory all
	scripts/qemu/cluster -n 2 demo
	scripts/qemu/cluster -n 2 --timeout 600 build/npb/guest/npb_cg S

check: deps
	@$(MAKE) --no-print-directory all
	tests/run --host

test: deps
	@$(MAKE) --no-print-directory all
	tests/run

# Tables: raw frames in both wait modes, then raw beside MBCF beside MPI in
# one run (adaptive mode, the faster one here), then the emulated Tofu
# (modeled beside wall time, both modes), then thread create+join and futex
# wake-up latency on --cpus 1 and 2 (bench_smp); MPI_Put beside MPI_Send
# (bench_rma); 1 MiB MPI beside MBCF, raw and paced (lossless) raw frames,
# clean and under 5% loss with selective retransmission and go-back-N
# (bench_fastpath, docs/fastpath.md); two nodes across two (namespace) hosts
# on vxvde and the other distributed switches (bench_hosts, docs/multihost.md);
# MPI-IO collective bandwidth per node count beside MPI_Gather (bench_mpiio);
# seed 001's comparison, OSU latency/bw/bibw of ours beside Linux + MPICH and
# Linux + Open MPI (bench_osu3), and collective latency on 4 nodes of the same
# three (bench_coll4), docs/notes/osu3/; the virtual wires side by side, raw
# frames on each, raw beside MBCF beside MPI on vde and tap (bench_wire,
# docs/wire.md). Results under runs/.
bench: deps
	@$(MAKE) --no-print-directory all
	scripts/qemu/bench_raw
	scripts/qemu/bench_mpi
	scripts/qemu/bench_vs_linux
	scripts/qemu/bench_osubw
	scripts/qemu/bench_midsize
	scripts/qemu/bench_rma
	scripts/qemu/bench_tofu
	scripts/qemu/bench_ppn
	scripts/qemu/bench_smp
	scripts/qemu/bench_fastpath
	scripts/qemu/bench_hosts
	scripts/qemu/bench_mpiio
	scripts/qemu/bench_osu3
	scripts/qemu/bench_coll4
	scripts/qemu/bench_wire --boots 3 --layers raw
	scripts/qemu/bench_wire --boots 3 --layers mpi --wires vde,vde+wf,tap,tap+nft

# Seed 003 Tables 3-10: the NPB programs on our cluster beside Linux + MPICH
# on the same QEMU machine, NIC and switch (class W; 1, 2, 4, 8 nodes, BT and
# SP on 1, 4, 9 as in the seed; runs alternate, REPEATS runs each (default 3),
# medians and paired ratios; also in the seed's layout: runs/*/seed_tables_W.md,
# and Mop/s medians with ratios: runs/*/mops_W.{md,csv,png}). Hours on a
# loaded 2-core host. bench-npb-quick: class S, one run each.
# bench-npb-cores: the same kernels with the nodes pinned to host cores (one
# node per core, then two and four), docs/npb.md.
REPEATS ?= 3
bench-npb: deps
	@$(MAKE) --no-print-directory all
	scripts/qemu/npb --vs-linux --classes W --nodes "1 2 4 8 9" --repeat $(REPEATS)
bench-npb-quick: deps
	@$(MAKE) --no-print-directory all
	scripts/qemu/npb --vs-linux --classes S --nodes "1 2 4"
bench-npb-cores: deps
	@$(MAKE) --no-print-directory all
	scripts/qemu/npb_cores --kernels "ep cg" --class S --repeat 3

# tofu_ops (3 boots: tofud, tofu1, tofud with --loss 5 --dup 2) TOFU_STRESS_RUNS
# times in a row; fails when any run had a "not ok" line.
TOFU_STRESS_RUNS ?= 5
stress-tofu: deps
	@$(MAKE) --no-print-directory all
	@fails=0; for i in $$(seq 1 $(TOFU_STRESS_RUNS)); do \
	    out=$$(tests/cluster/tofu_ops.sh); \
	    n=$$(printf '%s\n' "$$out" | grep -c '^not ok'); \
	    echo "stress-tofu run $$i: $$(printf '%s\n' "$$out" | grep -c '^ok') ok, $$n not ok"; \
	    [ "$$n" = 0 ] || { printf '%s\n' "$$out" | grep '^not ok'; fails=$$((fails + 1)); }; \
	done; echo "stress-tofu: $$fails of $(TOFU_STRESS_RUNS) runs failed"; [ $$fails = 0 ]

clean:
	rm -rf $(BUILD)
