#!/bin/sh
# The NPB kernels on our own MPI library's host backend (libmpi_mbcf linked
# with libmbcf's shared-memory backend, launched by build/host/mbcf-hostrun):
# class S of EP, IS, CG, MG, FT and LU must verify on 1, 2 and 4 ranks, BT
# and SP (square rank counts) on 1 and 4, and with
# MPI_MBCF_STATS=1 every rank must print its mpi_mbcf_stats line with traffic
# on more than one rank.  Prints TAP lines.  Skips while the backend is absent.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -f userland/lib/libmbcf/mbcf_host.c ]; then
    echo "ok - npb on libmpi_mbcf host backend # SKIP backend not in the tree"
    exit 0
fi
make --no-print-directory -s npb-hostmbcf >/dev/null 2>&1 || { echo "not ok - npb hostmbcf build"; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for n in 1 2 4; do
    kernels="ep is cg mg ft lu"
    [ "$n" -ne 2 ] && kernels="$kernels bt sp"
    # shellcheck disable=SC2086
    MPI_MBCF_STATS=1 build/host/mbcf-hostrun -n "$n" -t 300 build/npb/hostmbcf/npb_all S $kernels >"$out" 2>&1
    rc=$?
    for k in $kernels; do
        if grep -q "^npb_all: $k S verified" "$out"; then
            echo "ok - $k class S verifies on $n libmpi_mbcf host ranks"
        else
            echo "not ok - $k class S verifies on $n libmpi_mbcf host ranks"
            grep -E "npb_all: $k|error|fail" "$out" | head -3 | sed 's/^/# /'
        fi
    done
    [ "$rc" -eq 0 ] && echo "ok - npb_all S exits 0 on $n host ranks" ||
        echo "not ok - npb_all S exits 0 on $n host ranks (rc=$rc)"
    lines=$(grep -c "^mpi_mbcf_stats rank=" "$out")
    sent=$(awk '/^mpi_mbcf_stats/ { for (i = 2; i <= NF; i++) if ($i ~ /^bytes_sent=/) { split($i, a, "="); if (a[2] > 0) s++ } } END { print s + 0 }' "$out")
    if [ "$lines" -eq "$n" ] && { [ "$n" -eq 1 ] || [ "$sent" -eq "$n" ]; }; then
        echo "ok - $n stats lines, traffic counted on every rank"
    else
        echo "not ok - $n stats lines with traffic (lines=$lines, ranks with bytes_sent>0: $sent)"
    fi
done
