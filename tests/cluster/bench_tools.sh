#!/bin/bash
# bench_tools.sh - the benchmark programs behind `make bench` and the README's
# MPI tables run on real QEMU nodes and print well-formed results: one boot of
# `mpibench all 1048576 1` (paired raw/MBCF/MPI round trips, paired 1 MiB
# bandwidth, round trip and bandwidth per size) and one `scripts/qemu/trace_mpi 1`
# (traced MBCF and MPI blocks, the step table). Checks shapes and that every
# figure is a positive number, never a speed: timing is for the benchmarks.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

pos() { awk -v v="$1" 'BEGIN { exit !(v + 0 > 0) }'; }
# field VALUE of key K in the first line of node0.log matching PATTERN
field() { grep -a -m1 -- "$2" "$L/$1/node0.log" | tr ' ' '\n' | sed -n "s/^$3=//p" | head -1; }

BOOT_TIMEOUT=400 boot all -n 2 --env MPI_MBCF_STATS=1 mpibench all 1048576 1
check "mpibench all: both nodes exit 0" test "$RC" -eq 0 || show_failure all
for s in 0 4; do
    v=$(field all "^mpibench paired size=$s " mpi_over_raw)
    check "paired round trip size $s: MPI/raw ratio printed ($v)" pos "${v:-0}"
done
v=$(field all "^mpibench bwpaired size=1048576" mpi_MBps)
check "paired 1 MiB bandwidth: MPI rate printed ($v MB/s)" pos "${v:-0}"
v=$(field all "^mpibench bwpaired round=0 " raw_received)
check "paired bandwidth: raw stream reports frames received ($v)" \
    grep -q -E '^[0-9]+/2800$' <<<"${v:-x}"
n=$(grep -a -c '^mpibench rtt size=' "$L/all/node0.log")
check "round trip lines for 11 sizes 0..1 MiB ($n)" test "$n" -eq 11
n=$(grep -a '^mpibench bw size=' "$L/all/node0.log" | awk '{ split($4, a, "="); if (a[2] + 0 > 0) k++ } END { print k + 0 }')
check "bandwidth lines 4 B..1 MiB with positive rates ($n)" test "$n" -eq 10
check "remote-write share line on both ranks" \
    test "$(cat "$L"/all/node*.log | grep -a -c '^mpi_mbcf_stats rank=')" -eq 2

out=$(scripts/qemu/trace_mpi 1 2>&1)
rc=$?
check "trace_mpi 1 exits 0" test "$rc" -eq 0 || sed 's/^/# /' <<<"$out" | tail -12
for node in 0 1; do
    row=$(awk -v n="node $node:" 'index($0, n) == 1 { on = 1; next } on && /^  doorbell / { print; exit }' <<<"$out")
    m=$(awk '{ print $2 }' <<<"$row"); p=$(awk '{ print $3 }' <<<"$row")
    check "trace_mpi node $node: doorbell delay for MBCF ($m us) and MPI ($p us)" \
        eval 'pos "${m:-0}" && pos "${p:-0}"'
done
