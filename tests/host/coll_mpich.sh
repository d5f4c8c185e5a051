#!/bin/sh
# coll_mpich.sh - host tests of libmpi_mbcf/coll against Debian's MPICH.
# Builds (make coll-host) and runs, printing TAP lines:
#  1. tests/mpi/coll_{basic,reduce} on plain MPICH: validates the tests'
#     serial reference against a known-good MPI;
#  2. with COLL_FULL=1 only (slow): the same programs, full case list, with
#     MPI_<collective> routed to our coll_* through tests/host/coll_shim.c;
#  3. tests/host/coll_algos: every algorithm of every collective, selected
#     with MPI_MBCF_COLL_<NAME>, on -n 1 2 3 4 7 (the non-powers of two 3 and 7 carry the
#     remainder steps; COLL_NPS="1 2 3 4 5 7" adds 5);
#  3b. tests/host/coll_steps on 4: the messages a latency-bound step sends;
#  4. the conformance programs on our libmpi_mbcf (host backend,
#     build/host/mbcf-hostrun) on 1 2 3 4 5 7 processes.
# Each run has a timeout; a run that fails without a "not ok" line counts
# as one "not ok". Exit status: 0 when everything passed.
# COLL_NPS="2 3" limits the process counts of step 3; COLL_TIMEOUT per run.
cd "$(dirname "$0")/../.." || exit 1
B=build/host/coll
MPIRUN=${MPIRUN:-mpirun.mpich}
T=${COLL_TIMEOUT:-120}
export COLL_TEST_QUICK=1
# MPICH/UCX busy-polls; yield often, the host is oversubscribed.
export MPIR_CVAR_POLLS_BEFORE_YIELD=${MPIR_CVAR_POLLS_BEFORE_YIELD:-1}
fail=0

if ! command -v "$MPIRUN" >/dev/null 2>&1; then
    echo "not ok - coll: $MPIRUN not found (apt-get install mpich)"
    exit 1
fi
if ! make -s --no-print-directory coll-host >$B.build.log 2>&1; then
    echo "not ok - coll: build of host test programs failed (see $B.build.log)"
    cat $B.build.log >&2
    exit 1
fi
echo "ok - coll: host test programs build with mpicc.mpich -Wall -Wextra -Werror"

# run <label> <np> <program>: pass TAP result lines through, tagged
run() {
    label=$1; np=$2; prog=$3
    out=$(timeout "$T" $MPIRUN -n "$np" "$prog" 2>$B.$label.np$np.err)
    rc=$?
    printf '%s\n' "$out" | sed -n "s/^\(ok\|not ok\) [0-9]* - /\1 - $label: /p"
    if [ $rc -ne 0 ]; then
        fail=1
        if ! printf '%s\n' "$out" | grep -q '^not ok'; then
            echo "not ok - $label np=$np exited with status $rc (timeout $T s; see $B.$label.np$np.err)"
        fi
    fi
}

run mpich-reference 3 $B/coll_basic_mpich
run mpich-reference 3 $B/coll_reduce_mpich
# The default choice is also "auto" in coll_algos; COLL_FULL=1 adds the
# conformance programs through the shim with the full case list.
if [ "${COLL_FULL:-0}" = 1 ]; then
    unset COLL_TEST_QUICK
    for np in 4 5 7; do
        run shim-default "$np" $B/coll_basic_shim
        run shim-default "$np" $B/coll_reduce_shim
    done
    export COLL_TEST_QUICK=1
fi
for np in ${COLL_NPS:-1 2 3 4 7}; do
    run algorithms "$np" $B/coll_algos
done
run steps 4 $B/coll_steps

# 4. The conformance programs (full case list) on our whole library,
#    host backend: core point-to-point + these collectives.
if make -s --no-print-directory coll-ours >$B.ours.log 2>&1; then
    unset COLL_TEST_QUICK
    for np in 1 2 3 4 5 7; do
        MPIRUN="build/host/mbcf-hostrun -t $T" run libmpi_mbcf-basic "$np" $B/ours/coll_basic
        MPIRUN="build/host/mbcf-hostrun -t $T" run libmpi_mbcf-reduce "$np" $B/ours/coll_reduce
    done
else
    echo "not ok - coll: build of the conformance programs on libmpi_mbcf failed (see $B.ours.log)"
    fail=1
fi
exit $fail
