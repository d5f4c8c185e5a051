# scripts/npb_official.mk - NASA's official NPB 3.4 MPI suite (third-party,
# built from a copy under build/npb-official by scripts/npb_official/build).
# npb-official: class S with our wrappers (guest) and for the host backend.
# bench-npb-official: class W on 1/2/4/8 nodes (BT and SP on 1/4/9), ours vs
# Linux + Debian MPICH on the same QEMU nodes, alternating, with seed 003's
# ratios and our C rewrites beside (scripts/npb_official/bench). Hours.
# bench-npb-official-quick: class S on 1 and 2 nodes, one run each.
.PHONY: npb-official bench-npb-official bench-npb-official-quick
npb-official: mpi-guest mpi-host
	scripts/npb_official/build guest S
	scripts/npb_official/build hostmbcf S
bench-npb-official: deps
	@$(MAKE) --no-print-directory all
	scripts/npb_official/bench --classes W --nodes "1 2 4 8 9" --repeat $(REPEATS)
bench-npb-official-quick: deps
	@$(MAKE) --no-print-directory all
	scripts/npb_official/bench --classes S --nodes "1 2" --kernels "ep is cg" --repeat 1
