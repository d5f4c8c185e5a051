#!/bin/bash
# Cluster test of the NPB kernels (userland/apps/npb) on our MPI library: class S of
# EP, IS, CG, MG, FT and LU must verify on 1, 2 and 4 QEMU nodes, BT and SP
# (square node counts) on 1 and 4.  One boot per node count runs them all in
# one MPI process (npb_all S <kernels>); the per-rank
# mpi_mbcf_stats lines (MPI_MBCF_STATS=1) must appear on every node; FT class A
# on a node with too little memory must be refused cleanly.
# Prints TAP lines.  Runs from anywhere.
cd "$(dirname "$0")/../.." || exit 1
BIN=build/npb/guest/npb_all
if [ ! -x "$BIN" ]; then
    echo "not ok - guest MPI library not available ($BIN missing)"
    exit 1
fi
for n in 1 2 4; do
    kernels="ep is cg mg ft lu"
    [ "$n" -ne 2 ] && kernels="$kernels bt sp"
    logs=$(mktemp -d "${TMPDIR:-/tmp}"/npb_s.XXXXXX)
    # shellcheck disable=SC2086
    scripts/qemu/cluster -n "$n" --quiet --timeout 900 --log-dir "$logs" \
        --env MPI_MBCF_STATS=1 --env NPB_MEM_MB=1024 "$BIN" S $kernels >"$logs/launcher.out" 2>&1
    rc=$?
    con=$(sed 's/\x1b\[[0-9;=]*[A-Za-z]//g; s/\r$//' "$logs/node0.log" 2>/dev/null)
    for k in $kernels; do
        if grep -q "^npb_all: $k S verified" <<<"$con"; then
            K=$(tr a-z A-Z <<<"$k")
            t=$(grep -A4 " $K Benchmark Completed" <<<"$con" | sed -n 's/.*Time in seconds = *//p')
            echo "ok - $k class S verifies on $n QEMU nodes (${t}s)"
        else
            echo "not ok - $k class S verifies on $n QEMU nodes"
            grep -E "npb_all: $k|^ *$(tr a-z A-Z <<<"$k"):" <<<"$con" | head -3 | sed 's/^/# /'
        fi
    done
    if [ "$rc" -eq 0 ]; then
        echo "ok - npb_all S exits 0 on every one of $n nodes"
    else
        echo "not ok - npb_all S exits 0 on every one of $n nodes (launcher status $rc)"
        tail -n 5 "$logs/launcher.out" | sed 's/^/# /'
    fi
    seen=0
    for ((r = 0; r < n; r++)); do
        grep -a -q "mpi_mbcf_stats rank=$r " "$logs/node$r.log" 2>/dev/null && seen=$((seen + 1))
    done
    [ "$seen" -eq "$n" ] && echo "ok - mpi_mbcf_stats printed by all $n ranks" ||
        echo "not ok - mpi_mbcf_stats printed by all $n ranks (found $seen)"
    if [ "$rc" -eq 0 ]; then rm -rf "$logs"; else echo "# consoles kept in $logs"; fi
done
# a node too small for FT class A: refused with the memory it needs, exit status 2
logs=$(mktemp -d "${TMPDIR:-/tmp}"/npb_s.XXXXXX)
scripts/qemu/cluster -n 1 --quiet --mem 384 --timeout 300 --log-dir "$logs" \
    build/npb/guest/npb_ft A >"$logs/launcher.out" 2>&1
rc=$?
if [ "$rc" -eq 2 ] && grep -a -q "FT: class A needs .* MB per process" "$logs/node0.log" &&
    grep -a -q "power off, status 2" "$logs/node0.log"; then
    echo "ok - FT class A on a 384 MB node is refused with its memory need (status 2)"
    rm -rf "$logs"
else
    echo "not ok - FT class A on a 384 MB node is refused (launcher status $rc, consoles in $logs)"
fi
