#!/bin/bash
# coll_tofu.sh - the Tofu-aware collectives of libmpi_mbcf/coll in QEMU:
# the conformance program coll_basic (tests/mpi, in build/mpi-tests/guest/
# mpi_suite) on 4 nodes with --torus 2x2 (which the launcher passes on as
# MPI_MBCF_SHAPE), once with Bcast trinaryx6 + Alltoall(v) doublespread
# forced, once with Bcast bintree6d; each boot checks that the forced
# algorithm was the one that ran (MPI_MBCF_COLL_VERBOSE decision lines).
cd "$(dirname "$0")/../.." || exit 1
make -s mpi-guest >/dev/null 2>&1
SUITE=build/mpi-tests/guest/mpi_suite
if [ ! -x "$SUITE" ]; then
    echo "not ok - coll_tofu: $SUITE did not build"
    exit 1
fi
fail=0
run() {   # label, env...
    local label=$1; shift
    local dir envs=() e
    dir=$(mktemp -d "${TMPDIR:-/tmp}"/coll_tofu.XXXXXX)
    for e in "$@" MPI_MBCF_COLL_VERBOSE=1; do envs+=(--env "$e"); done
    local t0=$SECONDS
    scripts/qemu/cluster -n 4 --torus 2x2 --timeout 600 --quiet --log-dir "$dir" "${envs[@]}" \
        "$SUITE" coll_basic >/dev/null 2>&1
    local rc=$? log=$dir/node0.log
    local okc bad
    okc=$(grep -c '^ok [0-9]* - ' "$log")
    bad=$(grep -c '^not ok [0-9]* - ' "$log")
    if [ "$rc" -eq 0 ] && [ "$okc" -gt 0 ] && [ "$bad" -eq 0 ]; then
        echo "ok - coll_tofu: QEMU 4 nodes torus 2x2, $label: coll_basic $okc checks ($((SECONDS - t0)) s wall)"
    else
        echo "not ok - coll_tofu: QEMU 4 nodes torus 2x2, $label: exit $rc, $okc ok, $bad not ok (logs in $dir)"
        grep '^not ok' "$log" | head -5 | sed 's/^/# /'
        fail=1
    fi
    for e in "$@"; do
        local want=${e#*=} coll=${e%%=*}
        coll=${coll#MPI_MBCF_COLL_}; coll=$(echo "$coll" | tr A-Z a-z)
        if grep -q "libmpi_mbcf: $coll .*shape 2x2x1 ppn 1 -> $want " "$log"; then
            echo "ok - coll_tofu: $label: $coll ran $want on shape 2x2x1"
        else
            echo "not ok - coll_tofu: $label: no '$coll ... shape 2x2x1 -> $want' decision in $log"
            fail=1
        fi
    done
}
run "trinaryx6 + doublespread" MPI_MBCF_COLL_BCAST=trinaryx6 MPI_MBCF_COLL_ALLTOALL=doublespread \
    MPI_MBCF_COLL_ALLTOALLV=doublespread
run "bintree6d" MPI_MBCF_COLL_BCAST=bintree6d
exit $fail
