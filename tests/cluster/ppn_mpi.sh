#!/bin/bash
# ppn_mpi.sh - MPI with several ranks per node (--ppn, docs/ppn.md): the MPI
# conformance suite (tests/mpi, build/mpi-tests/guest/mpi_suite, as
# tests/cluster/mpi_conformance.sh runs it) on 2 nodes x 2 ranks and on 1 node
# x 4 ranks, and NPB class S of EP, IS, CG, MG, FT on 2 nodes x 2 ranks
# (intra-node messages go memory to memory, inter-node ones over the wire).
# Rank 0 is process 0 of node 0: its console lines carry the kernel's "[0] "
# tag. Every rank must print its mpi_mbcf_stats line. Three boots.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mpi_suite_lib.sh      # SUITE, suite_tap
make -s mpi-guest >/dev/null 2>&1
NPB=build/npb/guest/npb_all
for b in "$SUITE" "$NPB"; do
    [ -x "$b" ] || { echo "not ok - $b missing (make mpi-guest, make)"; exit 1; }
done
# rank0 DIR: rank 0's lines without the tag
rank0() { sed 's/\x1b\[[0-9;=]*[A-Za-z]//g; s/\r$//' "$1/node0.log" | sed -n 's/^\[0\] //p'; }
stats_seen() {   # DIR RANKS LABEL: every rank printed its counters
    local dir=$1 n=$2 label=$3 seen=0
    for ((r = 0; r < n; r++)); do
        grep -a -h -q "mpi_mbcf_stats rank=$r " "$dir"/node*.log && seen=$((seen + 1))
    done
    [ "$seen" = "$n" ] && echo "ok - $label: mpi_mbcf_stats printed by all $n ranks" ||
        { echo "not ok - $label: mpi_mbcf_stats printed by all $n ranks (found $seen)"; fail=1; }
}
conformance() {   # LABEL NODES PPN
    local label=$1 n=$2 p=$3
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/ppn_mpi.XXXXXX)
    scripts/qemu/cluster -n "$n" --ppn "$p" --timeout 400 --quiet --log-dir "$dir" \
        --env MPI_MBCF_STATS=1 "$SUITE" >"$dir/out" 2>&1
    local rc=$?
    rank0 "$dir" | suite_tap "$label"
    rank0 "$dir" | grep -q '^not ok' && fail=1
    for prog in p2p_basic coll_basic coll_reduce comm_split; do
        rank0 "$dir" | grep -q "^# $prog\$" || { echo "not ok - $label: program $prog did not run"; fail=1; }
    done
    if [ "$rc" -eq 0 ] && rank0 "$dir" | grep -q '^1\.\.[0-9]'; then
        echo "ok - $label: all $((n * p)) ranks exited 0"
    else
        echo "not ok - $label: cluster exit $rc (logs in $dir)"
        tail -n 3 "$dir/out" | sed 's/^/# /'
        fail=1
    fi
    stats_seen "$dir" $((n * p)) "$label"
}
conformance "MPI suite 2 nodes x 2 ranks" 2 2
conformance "MPI suite 1 node x 4 ranks" 1 4
# NPB class S, 2 nodes x 2 ranks
kernels="ep is cg mg ft"
dir=$(mktemp -d "${TMPDIR:-/tmp}"/ppn_mpi.XXXXXX)
# shellcheck disable=SC2086
scripts/qemu/cluster -n 2 --ppn 2 --quiet --timeout 900 --log-dir "$dir" \
    --env MPI_MBCF_STATS=1 --env NPB_MEM_MB=512 "$NPB" S $kernels >"$dir/out" 2>&1
rc=$?
con=$(rank0 "$dir")
for k in $kernels; do
    if grep -q "^npb_all: $k S verified" <<<"$con"; then
        K=$(tr a-z A-Z <<<"$k")
        t=$(grep -A4 " $K Benchmark Completed" <<<"$con" | sed -n 's/.*Time in seconds = *//p')
        echo "ok - NPB $k class S verifies on 2 nodes x 2 ranks (${t}s)"
    else
        echo "not ok - NPB $k class S verifies on 2 nodes x 2 ranks"
        grep -E "npb_all: $k|^ *$(tr a-z A-Z <<<"$k"):" <<<"$con" | head -3 | sed 's/^/# /'
        fail=1
    fi
done
[ "$rc" -eq 0 ] && echo "ok - npb_all S exits 0 on all 4 ranks" ||
    { echo "not ok - npb_all S exits 0 on all 4 ranks (launcher status $rc, logs in $dir)"; fail=1; }
stats_seen "$dir" 4 "NPB S 2x2"
exit $fail
