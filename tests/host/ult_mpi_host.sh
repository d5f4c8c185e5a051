#!/bin/sh
# ult_mpi_host.sh - MPI from ULTs on the host backend: the
# program tests/guest/ultmpitest/ult_mpi_test.c on 2 mbcf-hostrun ranks with 64
# ULTs per rank (contents, order, collectives beside them, a receive that
# never matches), under both waiting policies (MPI_MBCF_ULT_WAIT=suspend,
# poll) and 1 or 2 workers; then MPI_Finalize with that receive still
# blocked must name it on both ranks and exit 3; then the MPI conformance
# suite with each program in its own ULT over MPI_THREAD_MULTIPLE
# (mpi_suite_ult) on 2, 3 (suspend) and 4 (poll) ranks: as many passes as
# the plain suite on the same ranks; the miniFE-style halo of ult_mpi_bench
# gives the same checksum with ULTs + offload, pthreads + offload (kernel
# threads waiting on the communication thread) and plain MPI.
cd "$(dirname "$0")/../.." || exit 1
if ! make -s build/host/ult_mpi_test build/host/mbcf-hostrun build/mpi-tests/host/mpi_suite_ult \
        build/mpi-tests/host/mpi_suite build/host/ult_mpi_bench >/dev/null 2>&1; then
    echo "not ok - build of ult_mpi_test"
    exit 1
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() {   # label, env..., then -- args
    label=$1; shift
    env "$@" timeout 60 build/host/mbcf-hostrun -n 2 -t 50 build/host/ult_mpi_test -u 64 -m 8 >"$out" 2>&1
    rc=$?
    n_ok=$(grep -c '^ok ' "$out"); n_bad=$(grep -c '^not ok' "$out")
    if [ $rc -eq 0 ] && [ "$n_ok" -eq 5 ] && [ "$n_bad" -eq 0 ]; then
        echo "ok - $label: 5 checks"
    else
        echo "not ok - $label: status $rc, $n_ok ok, $n_bad not ok"
        sed 's/^/# /' "$out" | tail -15
    fi
}
run "suspend policy, 2 workers" MPI_MBCF_ULT_WAIT=suspend MYTH_NUM_WORKERS=2
run "suspend policy, 1 worker" MPI_MBCF_ULT_WAIT=suspend MYTH_NUM_WORKERS=1
run "poll policy, 2 workers" MPI_MBCF_ULT_WAIT=poll MYTH_NUM_WORKERS=2

MYTH_NUM_WORKERS=2 timeout 60 build/host/mbcf-hostrun -n 2 -t 50 build/host/ult_mpi_test -u 64 -m 8 \
    --finalize-blocked >"$out" 2>&1
rc=$?
named=$(grep -c 'MPI_Finalize: 1 thread still blocked in MPI: MPI_Recv(peer [01], tag 999999)\[ULT\]' "$out")
if [ $rc -ne 0 ] && [ "$named" -eq 2 ] && grep -q 'status 3' "$out" &&
   ! grep -q 'MPI_Finalize returned' "$out"; then
    echo "ok - MPI_Finalize with a ULT blocked names it on both ranks and exits 3"
else
    echo "not ok - MPI_Finalize with a blocked ULT: status $rc, named on $named ranks"
    sed 's/^/# /' "$out" | tail -15
fi

suite() {   # nprocs, policy
    timeout 200 build/host/mbcf-hostrun -n "$1" -t 180 build/mpi-tests/host/mpi_suite >"$out" 2>&1
    plain=$(grep -c '^ok' "$out")
    MPI_MBCF_ULT_WAIT=$2 MYTH_NUM_WORKERS=2 timeout 200 build/host/mbcf-hostrun -n "$1" -t 180 \
        build/mpi-tests/host/mpi_suite_ult >"$out" 2>&1
    rc=$?
    n_ok=$(grep -c '^ok' "$out"); n_bad=$(grep -c '^not ok' "$out")
    if [ $rc -eq 0 ] && [ "$n_bad" -eq 0 ] && [ "$n_ok" -eq "$plain" ] && [ "$plain" -gt 300 ]; then
        echo "ok - conformance suite from ULTs, $1 ranks, $2 policy: $n_ok checks (as many as without ULTs)"
    else
        echo "not ok - conformance suite from ULTs, $1 ranks, $2: status $rc, $n_ok ok (plain $plain), $n_bad not ok"
        grep '^not ok' "$out" | head -5 | sed 's/^/# /'
        tail -5 "$out" | sed 's/^/# /'
    fi
}
suite 2 suspend
suite 3 suspend
suite 4 poll

sums=""
for v in ult pthread plain; do
    MYTH_NUM_WORKERS=2 timeout 100 build/host/mbcf-hostrun -n 2 -t 90 build/host/ult_mpi_bench "halo/$v" \
        -t 8 -r 1 -i 5 >"$out" 2>&1 || sums="$sums failed($v)"
    sums="$sums $(awk -F, '$1 == "halo" { print $9 }' "$out")"
done
set -- $sums
if [ $# -eq 3 ] && [ "$1" = "$2" ] && [ "$2" = "$3" ]; then
    echo "ok - halo with ULTs, pthreads + offload and plain MPI: same checksum $1"
else
    echo "not ok - halo checksums differ or runs failed:$sums"
fi
