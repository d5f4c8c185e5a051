#!/bin/bash
# mpi_conformance.sh - the MPI conformance suite (tests/mpi, all programs in
# one executable, build/mpi-tests/guest/mpi_suite: point-to-point, datatypes,
# communicators, topologies, ops, errors, and the collectives coll_basic and
# coll_reduce) on real QEMU nodes running libmpi_mbcf over our kernel's MBCF:
# 3 nodes (not a power of two: the collectives' odd paths), 4 nodes, and 3
# nodes with 3% frame loss (--loss 3, i.e. a 0.03 loss rate). Three boots.
# One TAP line per program and configuration; failing checks are echoed as
# comments; a program missing from a log is a failure.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -f userland/libmbcf/mbcf_guest.c ]; then
    echo "not ok - guest MBCF library not available"
    exit 1
fi
make -s mpi-guest >/dev/null 2>&1
SUITE=build/mpi-tests/guest/mpi_suite
if [ ! -x "$SUITE" ]; then
    echo "not ok - guest MBCF library not available (build of $SUITE failed)"
    exit 1
fi
fail=0
run() {   # label, nodes, cluster options...
    local label=$1 n=$2; shift 2
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/mpi_conf.XXXXXX)
    scripts/qemu/cluster -n "$n" --timeout 400 --quiet --log-dir "$dir" "$@" \
        --env MPI_MBCF_STATS=1 "$SUITE" >/dev/null 2>&1
    local rc=$?
    local log=$dir/node0.log
    awk -v label="$label" '
        /^# [a-z_0-9]+$/ { if (prog != "") report(); prog = $2; okc = 0; bad = 0; lines = ""; next }
        /^ok [0-9]+ - /     { okc++; next }
        /^not ok [0-9]+ - / { bad++; lines = lines "# " $0 "\n"; next }
        function report() {
            if (bad == 0 && okc > 0) printf "ok - %s %s (%d checks)\n", label, prog, okc
            else { printf "not ok - %s %s (%d ok, %d not ok)\n", label, prog, okc, bad; printf "%s", lines }
        }
        END { if (prog != "") report() }' "$log"
    grep -q '^not ok' "$log" && fail=1
    for p in p2p_basic coll_basic coll_reduce; do
        grep -q "^# $p\$" "$log" || { echo "not ok - $label: program $p did not run"; fail=1; }
    done
    if [ "$rc" -eq 0 ] && grep -q '^1\.\.[0-9]' "$log"; then
        echo "ok - $label: all $n nodes exited 0"
    else
        echo "not ok - $label: cluster exit $rc (logs in $dir)"
        fail=1
    fi
    grep -h '^mpi_mbcf_stats' "$dir"/node*.log | sed 's/^/# /'
}
run "QEMU np=3" 3
run "QEMU np=4" 4
run "QEMU np=3 loss 3%" 3 --loss 3
exit $fail
