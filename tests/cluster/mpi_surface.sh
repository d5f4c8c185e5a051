#!/bin/bash
# mpi_surface.sh - the MPI-3.1 surface beyond point-to-point and blocking
# collectives on real QEMU nodes (libmpi_mbcf over our kernel's MBCF): the
# conformance programs nbc (non-blocking collectives), rma (one-sided: Put as
# MBCF remote write, Get, accumulates, fence, locks, PSCW), intercomm,
# neighbor (graph topologies, neighbourhood collectives), mpit (MPI_T),
# info (info objects) and f90types, in
# one executable (build/mpi-tests/guest/mpi_suite "<names>") on 2 nodes with
# 3% frame loss and on 4 nodes: two boots. One TAP line per program and
# configuration; failing checks are echoed as comments.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -f userland/libmbcf/mbcf_guest.c ]; then
    echo "not ok - guest MBCF library not available"
    exit 1
fi
make -s mpi-guest >/dev/null 2>&1
SUITE=build/mpi-tests/guest/mpi_suite
PROGS="nbc rma rma_dynamic intercomm neighbor mpit info f90types mprobe comm_group grequest dtype_contents"
if [ ! -x "$SUITE" ]; then
    echo "not ok - build of $SUITE failed"
    exit 1
fi
fail=0
run() {   # label, nodes, cluster options...
    local label=$1 n=$2; shift 2
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/mpi_surface.XXXXXX)
    scripts/qemu/cluster -n "$n" --timeout 240 --quiet --log-dir "$dir" "$@" \
        "$SUITE" "$PROGS" >/dev/null 2>&1
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
    for p in $PROGS; do
        grep -q "^# $p\$" "$log" || { echo "not ok - $label: program $p did not run"; fail=1; }
    done
    if [ "$rc" -eq 0 ] && grep -q '^1\.\.[0-9]' "$log"; then
        echo "ok - $label: all $n nodes exited 0"
        rm -rf "$dir"
    else
        echo "not ok - $label: cluster exit $rc (logs in $dir)"
        fail=1
    fi
}
run "QEMU np=2 loss 3%" 2 --loss 3
run "QEMU np=4" 4
exit $fail
