#!/bin/bash
# Cluster test of the Linux + MPICH baseline (scripts/qemu/linux_cluster): two
# Debian Linux guests on the same QEMU machine, NIC and switch as our nodes run
# MPICH-built programs: the p2p_basic conformance program (every rank's TAP
# lines reach the user, none fails), NPB EP class S verifies, a rank's non-zero
# exit reaches the launcher's status, and bad input is refused. The same nodes
# with Debian's Open MPI (--mpi openmpi, TCP BTL and ob1 only) run the OSU-method
# ping-pong and window bandwidth of userland/bench/osubench. Prints TAP.
cd "$(dirname "$0")/../.." || exit 1
L=$(mktemp -d "${TMPDIR:-/tmp}"/linux_baseline.XXXXXX)
trap 'rm -rf "$L"' EXIT
if ! command -v mpicc.mpich >/dev/null; then
    echo "not ok - Debian's MPICH is not installed (make deps)"; exit 1
fi
make -s mpi-mpich npb-host build/mpich/osubench build/openmpi/osubench >"$L/build.out" 2>&1 || { echo "not ok - build of the MPICH programs"; tail -5 "$L/build.out" | sed 's/^/# /'; exit 1; }
run() {   # name, linux_cluster args...
    local name=$1; shift
    mkdir -p "$L/$name"
    scripts/qemu/linux_cluster --timeout 400 --log-dir "$L/$name" "$@" >"$L/$name/out" 2>&1
    RC=$?
}
check() { local what=$1; shift; if "$@"; then echo "ok - $what"; else echo "not ok - $what"; return 1; fi; }

run p2p -n 2 build/mpi-tests/mpich/p2p_basic
if [ $RC = 77 ]; then
    # the packages could not be had: say so plainly, it is not a pass
    echo "not ok - linux baseline skipped: $(grep 'skipped' "$L/p2p/out")"; exit 1
fi
check "p2p_basic on 2 Linux + MPICH nodes exits 0" test $RC = 0 || tail -8 "$L/p2p/out" | sed 's/^/# /'
check "rank 1's TAP lines reach the user" grep -q '^ok .* rank 1: ' "$L/p2p/out"
check "no check of p2p_basic fails" bash -c "! grep -q '^not ok' '$L/p2p/out' && grep -q '^ok ' '$L/p2p/out'"
check "every rank's exit status is reported" bash -c "grep -q '^lc_rank 0 exit 0' '$L/p2p/out' && grep -q '^lc_rank 1 exit 0' '$L/p2p/out'"

run ep -n 2 build/npb/host/npb_ep S
check "NPB EP class S verifies on 2 Linux + MPICH nodes" grep -q 'Verification    = *SUCCESSFUL' "$L/ep/out" ||
    tail -8 "$L/ep/out" | sed 's/^/# /'
check "its status is 0" test $RC = 0

# a wrong class is refused by the program with exit 2 on every rank
run badclass -n 2 build/npb/host/npb_ep Q
check "a rank's non-zero exit is the launcher's status (got $RC)" test $RC = 2

run zero -n 0 build/npb/host/npb_ep S
check "-n 0 is refused (status 2)" bash -c "test $RC = 2 && grep -q -- '-n wants' '$L/zero/out'"
run static -n 1 build/user/demo
check "a static (non-MPICH) program is refused" bash -c "test $RC = 2 && grep -q 'not a dynamically linked' '$L/static/out'"

# Open MPI (seed 001's baseline): TCP BTL only, so every byte between the
# nodes crossed Open MPI's TCP transport; all sizes 0..64 B timed
if [ -x build/openmpi/osubench ] && command -v mpicc.openmpi >/dev/null; then
    run ompi -n 2 --mpi openmpi build/openmpi/osubench p2p 64
    check "osubench on 2 Linux + Open MPI (TCP BTL) nodes exits 0 (got $RC)" test $RC = 0 ||
        tail -8 "$L/ompi/out" | sed 's/^/# /'
    check "Open MPI ping-pong: one-way latency of 0..64 B, all positive" bash -c \
        "test \$(grep -Ec '^osubench latency size=(0|1|2|4|8|16|32|64) us=[0-9.]*[1-9]' '$L/ompi/out') = 8"
    check "Open MPI window bandwidth both ways at 64 B" bash -c \
        "grep -Eq '^osubench bw size=64 MBps=[0-9.]+ window=64' '$L/ompi/out' && grep -Eq '^osubench bibw size=64 MBps=[0-9.]+' '$L/ompi/out'"
    check "both Open MPI ranks report exit 0" bash -c "grep -q '^lc_rank 0 exit 0' '$L/ompi/out' && grep -q '^lc_rank 1 exit 0' '$L/ompi/out'"
    check "no Open MPI warning reaches the user" bash -c "! grep -Eqi 'WARNING|oversubscri|allow-run-as-root' '$L/ompi/out'"
else
    echo "not ok - Debian's Open MPI (mpicc.openmpi) is not installed (make deps)"
fi
run mixed1 -n 1 --mpi openmpi build/mpich/osubench p2p
check "an MPICH program under --mpi openmpi is refused (status 2)" bash -c "test $RC = 2 && grep -q 'not built with Open MPI' '$L/mixed1/out'"
run mixed2 -n 1 build/openmpi/osubench p2p
check "an Open MPI program under MPICH is refused (status 2)" bash -c "test $RC = 2 && grep -q 'use --mpi openmpi' '$L/mixed2/out'"
